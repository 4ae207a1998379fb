// Amazon having a bad minute, in front of the SP-API stand-in: a loopback proxy whose `inject` may answer a request
// itself (a 429 or 503 in Amazon's shape); every other request goes on to the stand-in and its answer comes back.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A JSON error answer as Amazon shapes it, with its request id header. */
export function answerAsAmazon(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", "x-amzn-RequestId": "injected", ...headers }).end(JSON.stringify({ errors: [{ code, message }] }));
}

/** Starts the proxy to `target` (the stand-in's URL); `inject` returns true when it answered the request itself. */
export async function startSpApiProxy(target: string, inject: (req: IncomingMessage, res: ServerResponse) => boolean): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (inject(req, res)) return;
    const body: Buffer[] = [];
    req.on("data", (chunk: Buffer) => body.push(chunk));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !["host", "content-length", "connection"].includes(name))) as Record<string, string>;
      void fetch(`${target}${req.url}`, { method: req.method, headers, ...(body.length ? { body: Buffer.concat(body) } : {}) }).then(async (answer) => {
        const passed = Object.fromEntries([...answer.headers].filter(([name]) => !["content-length", "content-encoding", "transfer-encoding", "connection"].includes(name)));
        res.writeHead(answer.status, passed).end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * SMTP sink for e2e tests and local development.
 *
 * A real SMTP server (smtp-server, plain text, no TLS, any or no AUTH accepted) on
 * 127.0.0.1:$SMTP_PORT that parses every message it receives and keeps it in memory,
 * plus a small JSON API on http://127.0.0.1:$SMTP_API_PORT:
 *
 *   GET    /healthz                  -> {"status":"ok"}
 *   GET    /messages                 -> every message, oldest first
 *   GET    /messages?to=<address>    -> messages with that recipient (case-insensitive)
 *   DELETE /messages                 -> forget every message (204)
 *
 * Each message is { from, to: string[], subject, text, html, date } ("to" holds the SMTP
 * envelope recipients plus any To/Cc header addresses, lower-cased; "date" is ISO 8601).
 *
 * Run it:  SMTP_PORT=1025 SMTP_API_PORT=8025 node --disable-warning=ExperimentalWarning tests/support/smtp-sink.ts
 * and point the app at it with SMTP_URL=smtp://127.0.0.1:1025
 * Or start it in-process with startSmtpSink({ smtpPort: 0, apiPort: 0 }) (0 = any free port).
 */
import { closeOnSignal, isMainModule, portFromEnv } from "./standalone.ts";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import type { AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";

const HOST = "127.0.0.1";

export interface Message {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: string;
}

export interface SmtpSink {
  smtpPort: number;
  apiPort: number;
  messages(): Message[];
  close(): Promise<void>;
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  if (!field) return [];
  const list = Array.isArray(field) ? field : [field];
  const out: string[] = [];
  for (const group of list) {
    for (const entry of group.value) {
      if (entry.address) out.push(entry.address);
      for (const member of entry.group ?? []) if (member.address) out.push(member.address);
    }
  }
  return out;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

function listen(server: { listen(port: number, host: string, cb: () => void): unknown; once(event: "error", cb: (err: Error) => void): unknown }, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, () => resolve());
  });
}

export async function startSmtpSink({ smtpPort, apiPort }: { smtpPort: number; apiPort: number }): Promise<SmtpSink> {
  const store: Message[] = [];

  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    banner: "Sellscribe test SMTP sink",
    size: 25 * 1024 * 1024,
    closeTimeout: 1000,
    onAuth(_auth, _session, callback) {
      // Any username/password is accepted: this is a sink, not a relay.
      callback(null, { user: _auth.username ?? "anonymous" });
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const recipients = new Set<string>();
          for (const rcpt of session.envelope.rcptTo) recipients.add(rcpt.address.toLowerCase());
          for (const address of [...addressesOf(parsed.to), ...addressesOf(parsed.cc)]) recipients.add(address.toLowerCase());
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          store.push({
            from: parsed.from?.text ?? envelopeFrom,
            to: [...recipients],
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            date: (parsed.date ?? new Date()).toISOString(),
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  smtp.on("error", (error) => console.error("smtp-sink: SMTP error:", error));

  const api = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", `http://${HOST}`);
    if (url.pathname === "/healthz" && (req.method === "GET" || req.method === "HEAD")) {
      sendJson(res, 200, { status: "ok" });
      return;
    }
    if (url.pathname === "/messages") {
      if (req.method === "GET") {
        const to = url.searchParams.get("to")?.trim().toLowerCase();
        sendJson(res, 200, to ? store.filter((m) => m.to.includes(to)) : store);
        return;
      }
      if (req.method === "DELETE") {
        store.length = 0;
        res.writeHead(204).end();
        return;
      }
      res.writeHead(405, { allow: "GET, DELETE" }).end();
      return;
    }
    sendJson(res, 404, { error: "not found" });
  });

  await listen(smtp.server, smtpPort);
  try {
    await listen(api, apiPort);
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    apiPort: (api.address() as AddressInfo).port,
    messages: () => store.map((m) => ({ ...m, to: [...m.to] })),
    close() {
      closing ??= Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          api.close(() => resolve());
          api.closeAllConnections();
        }),
      ]).then(() => undefined);
      return closing;
    },
  };
}

if (isMainModule(import.meta.url)) {
  const sink = await startSmtpSink({
    smtpPort: portFromEnv("SMTP_PORT", 1025),
    apiPort: portFromEnv("SMTP_API_PORT", 8025),
  });
  console.log(`SMTP sink on ${HOST}:${sink.smtpPort}, API on http://${HOST}:${sink.apiPort}`);
  closeOnSignal("smtp-sink", () => sink.close());
}

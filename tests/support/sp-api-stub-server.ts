/**
 * The Selling Partner API stand-in (tests/support/sp-api-stub.ts) as its own process, for local development and for
 * Playwright's webServer. GET /healthz answers {status: "ok"}.
 *
 * Env: SPAPI_STUB_PORT (default 9600), LWA_CLIENT_ID, LWA_CLIENT_SECRET, SPAPI_APP_ID, SPAPI_REDIRECT_URIS (comma
 * separated), SPAPI_STUB_RATE_SCALE (default 1), SPAPI_APP_DRAFT=true (consent then needs version=beta),
 * SPAPI_STUB_CONTROL_PORT (optional: the tests' knob, on its own loopback port the app is never given):
 * POST /__stub/behaviour {sellerId, sku, behaviour, issues?} → 204, the stand-in's setBehaviour (sp-api-stub-patch.ts).
 *
 * Run it:  SPAPI_STUB_PORT=9600 node --disable-warning=ExperimentalWarning tests/support/sp-api-stub-server.ts
 * Point the app at it: SPAPI_ENDPOINT=$URL LWA_TOKEN_URL=$URL/auth/o2/token SELLER_CENTRAL_URL=$URL.
 */
import { createServer, type Server } from "node:http";
import { z } from "zod";
import { startSpApiStub, type SpApiStub } from "./sp-api-stub.ts";
import { closeOnSignal, portFromEnv } from "./standalone.ts";

const env = (name: string, fallback: string) => process.env[name] || fallback;
const rateScale = Number(env("SPAPI_STUB_RATE_SCALE", "1"));
if (!Number.isFinite(rateScale) || rateScale <= 0) throw new Error(`SPAPI_STUB_RATE_SCALE must be a positive number, got "${process.env.SPAPI_STUB_RATE_SCALE}"`);

const stub = await startSpApiStub({
  port: portFromEnv("SPAPI_STUB_PORT", 9600),
  clientId: env("LWA_CLIENT_ID", "amzn1.application-oa2-client.stub"),
  clientSecret: env("LWA_CLIENT_SECRET", "stub-lwa-secret"),
  appId: env("SPAPI_APP_ID", "amzn1.sp.solution.stub"),
  redirectUris: env("SPAPI_REDIRECT_URIS", "http://localhost:3000/settings/amazon/callback").split(",").map((uri) => uri.trim()).filter(Boolean),
  draft: process.env.SPAPI_APP_DRAFT === "true",
  rateScale,
});
const behaviourSchema = z.object({
  sellerId: z.string().min(1),
  sku: z.string().min(1),
  behaviour: z.enum(["normal", "issue-later", "no-change", "invalid", "preview-valid-submit-refused"]),
  issues: z
    .array(z.object({ code: z.string().min(1), message: z.string().min(1), severity: z.enum(["ERROR", "WARNING", "INFO"]), attributeNames: z.array(z.string()).optional(), categories: z.array(z.string()).optional() }))
    .optional(),
});

/** The knob browser tests turn (a behaviour per SKU): a separate loopback server, so the app's SP-API endpoint never reaches it. */
async function startControl(target: SpApiStub, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const answer = (status: number, body?: unknown) => void res.writeHead(status, body === undefined ? {} : { "content-type": "application/json" }).end(body === undefined ? undefined : JSON.stringify(body));
    if (req.url !== "/__stub/behaviour" || req.method !== "POST") return answer(404, { error: "not found" });
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let parsed: z.infer<typeof behaviourSchema>;
      try {
        parsed = behaviourSchema.parse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch (error) {
        return answer(400, { error: error instanceof Error ? error.message : String(error) });
      }
      if (!target.sellers.some((seller) => seller.sellerId === parsed.sellerId)) return answer(404, { error: `no seller ${parsed.sellerId}` });
      target.setBehaviour(parsed.sellerId, parsed.sku, parsed.behaviour, parsed.issues ? { issues: parsed.issues } : undefined);
      answer(204);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return server;
}

const controlPort = process.env.SPAPI_STUB_CONTROL_PORT ? portFromEnv("SPAPI_STUB_CONTROL_PORT", 0) : undefined;
const control = controlPort === undefined ? undefined : await startControl(stub, controlPort);
console.log(`SP-API stub at ${stub.url} (LWA ${stub.url}/auth/o2/token, consent ${stub.url}/apps/authorize/consent; sellers ${stub.sellers.map((seller) => seller.sellerId).join(", ")})`);
const closeAll = async () => {
  control?.closeAllConnections();
  await Promise.all([stub.close(), control && new Promise<void>((resolve) => control.close(() => resolve()))]);
};
closeOnSignal("sp-api-stub", closeAll);

// A stand-in left behind by a killed test runner would hold its port: stop when the parent process is gone.
const parent = process.ppid;
setInterval(() => {
  let alive = process.ppid === parent;
  if (alive) {
    try {
      process.kill(parent, 0);
    } catch {
      alive = false;
    }
  }
  if (!alive) {
    console.log("sp-api-stub: parent process gone, shutting down");
    void closeAll().finally(() => process.exit(0));
  }
}, 1000).unref();

/**
 * The Selling Partner API stand-in (tests/support/sp-api-stub.ts) as its own process, for local development and for
 * Playwright's webServer. GET /healthz answers {status: "ok"}.
 *
 * Env: SPAPI_STUB_PORT (default 9600), LWA_CLIENT_ID, LWA_CLIENT_SECRET, SPAPI_APP_ID, SPAPI_REDIRECT_URIS (comma
 * separated), SPAPI_STUB_RATE_SCALE (default 1), SPAPI_APP_DRAFT=true (consent then needs version=beta).
 *
 * Run it:  SPAPI_STUB_PORT=9600 node --disable-warning=ExperimentalWarning tests/support/sp-api-stub-server.ts
 * Point the app at it: SPAPI_ENDPOINT=$URL LWA_TOKEN_URL=$URL/auth/o2/token SELLER_CENTRAL_URL=$URL.
 */
import { startSpApiStub } from "./sp-api-stub.ts";
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
console.log(`SP-API stub at ${stub.url} (LWA ${stub.url}/auth/o2/token, consent ${stub.url}/apps/authorize/consent; sellers ${stub.sellers.map((seller) => seller.sellerId).join(", ")})`);
closeOnSignal("sp-api-stub", () => stub.close());

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
    void stub.close().finally(() => process.exit(0));
  }
}, 1000).unref();

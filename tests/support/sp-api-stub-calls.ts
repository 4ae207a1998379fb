// Calls to the SP-API stand-in for its own tests (the import's and publishing's operations, issue 34): a stand-in on an injected clock,
// a seller authorized through consent + LWA, and one call whose answer must match Amazon's model for its status and
// whose query (unless bad on purpose) the model's parameters.
import { expect } from "vitest";
import { queryErrors, responseValidator, type SpApiModelFile } from "./sp-api-models.ts";
import { startSpApiStub, type SpApiStub, type SpApiStubOptions } from "./sp-api-stub.ts";

export const clientId = "amzn1.application-oa2-client.test";
export const clientSecret = "test-lwa-secret";
export const appId = "amzn1.sp.solution.test";
export const redirectUri = "http://127.0.0.1:5173/app/amazon/callback";
export const US = "ATVPDKIKX0DER";
export const DE = "A1PA6795UKMFR9";
export const NA = "A2NASTUBSELLER";
export const EU = "A2EUSTUBSELLER";

/** A stand-in whose clock only moves when the test moves it. */
export async function startTestStub(options: Partial<SpApiStubOptions> = {}): Promise<{ stub: SpApiStub; clock: { now: number; advance(ms: number): void } }> {
  const clock = { now: Date.UTC(2026, 10, 28, 12), advance(ms: number) { clock.now += ms; } };
  const stub = await startSpApiStub({ clientId, clientSecret, appId, redirectUris: [redirectUri], now: () => clock.now, ...options });
  return { stub, clock };
}

export async function authorize(stub: SpApiStub, sellerId: string): Promise<string> {
  const consent = await fetch(`${stub.url}/apps/authorize/consent`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ application_id: appId, state: "s", seller_id: sellerId, decision: "approve" }),
  });
  const code = new URL(consent.headers.get("location")!).searchParams.get("spapi_oauth_code")!;
  const token = await fetch(`${stub.url}/auth/o2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: clientId, client_secret: clientSecret }),
  });
  return String(((await token.json()) as { access_token: string }).access_token);
}

/** The model file and path template of each SP-API path the stand-in serves. */
const templates: [RegExp, SpApiModelFile, string][] = [
  [/^\/sellers\/v1\/marketplaceParticipations$/, "sellers.json", "/sellers/v1/marketplaceParticipations"],
  [/^\/reports\/2021-06-30\/reports$/, "reports_2021-06-30.json", "/reports/2021-06-30/reports"],
  [/^\/reports\/2021-06-30\/reports\/[^/]+$/, "reports_2021-06-30.json", "/reports/2021-06-30/reports/{reportId}"],
  [/^\/reports\/2021-06-30\/documents\/[^/]+$/, "reports_2021-06-30.json", "/reports/2021-06-30/documents/{reportDocumentId}"],
  [/^\/listings\/2021-08-01\/items\/[^/]+$/, "listingsItems_2021-08-01.json", "/listings/2021-08-01/items/{sellerId}"],
  [/^\/listings\/2021-08-01\/items\/[^/]+\/[^/]+$/, "listingsItems_2021-08-01.json", "/listings/2021-08-01/items/{sellerId}/{sku}"],
  [/^\/definitions\/2020-09-01\/productTypes$/, "definitionsProductTypes_2020-09-01.json", "/definitions/2020-09-01/productTypes"],
  [/^\/definitions\/2020-09-01\/productTypes\/[^/]+$/, "definitionsProductTypes_2020-09-01.json", "/definitions/2020-09-01/productTypes/{productType}"],
  [/^\/feeds\/2021-06-30\/documents$/, "feeds_2021-06-30.json", "/feeds/2021-06-30/documents"],
  [/^\/feeds\/2021-06-30\/documents\/[^/]+$/, "feeds_2021-06-30.json", "/feeds/2021-06-30/documents/{feedDocumentId}"],
  [/^\/feeds\/2021-06-30\/feeds$/, "feeds_2021-06-30.json", "/feeds/2021-06-30/feeds"],
  [/^\/feeds\/2021-06-30\/feeds\/[^/]+$/, "feeds_2021-06-30.json", "/feeds/2021-06-30/feeds/{feedId}"],
];

export interface SpAnswer<Body = Record<string, unknown>> {
  status: number;
  body: Body & { errors?: { code: string; message: string; details?: string }[] };
  headers: Headers;
}

/** One SP-API call; its answer must match the model's schema for its status, and (unless bad on purpose) its query the model's parameters. */
export async function sp<Body = Record<string, unknown>>(stub: SpApiStub, token: string | undefined, method: string, pathAndQuery: string, options: { body?: unknown; badOnPurpose?: boolean } = {}): Promise<SpAnswer<Body>> {
  const target = new URL(pathAndQuery, stub.url);
  const template = templates.find(([pattern]) => pattern.test(target.pathname));
  if (!template) throw new Error(`no model for ${target.pathname}`);
  const [, file, pathTemplate] = template;
  if (!options.badOnPurpose) expect(queryErrors(file, pathTemplate, method, target.searchParams)).toEqual([]);
  const response = await fetch(target, {
    method,
    headers: { ...(token ? { "x-amz-access-token": token } : {}), ...(options.body !== undefined ? { "content-type": "application/json" } : {}) },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const body = (await response.json()) as SpAnswer<Body>["body"];
  const validate = responseValidator(file, pathTemplate, method, response.status);
  expect(validate(body), `${method} ${pathTemplate} ${response.status}: ${JSON.stringify(validate.errors)} ${JSON.stringify(body).slice(0, 500)}`).toBe(true);
  expect(response.headers.get("x-amzn-requestid")).toMatch(/^[0-9a-f-]{36}$/);
  return { status: response.status, body, headers: response.headers };
}

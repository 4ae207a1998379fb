// API keys (issue 35 item 1 and "Bad input"), on both databases: a key is stored as a hash and shown once; a bearer
// request goes through the same middleware server/app.ts mounts (authentication on every request, rate limit, scopes by
// the real route table, no CSRF check) into the real endpoints (the Express outputs router, the listings handlers as
// their routes call them), as the key's creator in the key's workspace. The built server's whole path (the settings
// card, a key over HTTP, revoke) is the browser test tests/e2e/api-keys.spec.ts.
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express, { type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { authenticateApiKey, createApiKey, listApiKeys, revokeApiKey } from "#app/features/api-keys/api-keys.server.ts";
import { apiKeyAuth, apiKeyRateLimit, hasApiKey, unlessApiKey } from "#app/features/api-keys/bearer.server.ts";
import { createApiKeySchema, expiryOf, todayUtc } from "#app/features/api-keys/schemas.ts";
import { endpointScopes } from "#app/features/api-keys/scopes.ts";
import { keyUserContext, keyUserOf, sessionMiddleware, userContext } from "#app/features/auth/session.server.ts";
import { handleListingCreate, handleListingExport, handleListingsList, type ListingsApiContext } from "#app/features/listings/listings-api.server.ts";
import { createListing } from "#app/features/listings/listings.server.ts";
import { outputsRoutes } from "#app/features/outputs/outputs-router.server.ts";
import { acceptInvitation, createInvitation } from "#app/features/workspace/members.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { readApiError } from "#app/lib/errors.ts";
import { sendFetchResponse, toFetchRequest } from "#server/api/fetch-bridge.server.ts";
import { requestContext } from "#server/context.ts";
import { redactUrl } from "#server/logger.server.ts";
import { createRoutePatternMatcher } from "#server/observability/http.server.ts";
import { createRateLimiter } from "#server/rate-limit.server.ts";
import { originCheck, readBodies } from "#server/request-guards.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

interface RouteEntry {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** app/routes.ts as a server build's route table, so scopes are found by the patterns React Router matches. */
function buildRoutes(entries: readonly RouteEntry[], parentId?: string, table: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = {}) {
  for (const entry of entries) {
    table[entry.file] = { id: entry.file, parentId, path: entry.path, index: entry.index };
    if (entry.children) buildRoutes(entry.children, entry.file, table);
  }
  return table as unknown as ServerBuild["routes"];
}
const routePattern = createRoutePatternMatcher(buildRoutes(routes as RouteEntry[]));

const facts = { brand: "Acme", productName: "Carry-on suitcase", productType: "", keyFeatures: "", targetAudience: "", wordsToAvoid: "", tone: "Professional" as const };

describe("the scope table", () => {
  it("names every /api route of app/routes.ts (and the outputs router's), and nothing else", () => {
    const apiRoutes = (routes as RouteEntry[]).flatMap((entry) => (entry.path?.startsWith("api/") ? [`/${entry.path}`] : []));
    expect(Object.keys(endpointScopes).filter((pattern) => !pattern.startsWith("/api/outputs")).sort()).toEqual(apiRoutes.sort());
    // The middleware matches routes only for paths naming "publish": every publish endpoint's pattern must.
    for (const [pattern, scope] of Object.entries(endpointScopes)) if (scope === "publish") expect(pattern).toContain("publish");
  });

  it("takes a name, at least one scope and an expiry from today on; a date means through that day (UTC)", () => {
    expect(createApiKeySchema.safeParse({ name: "Sync", read: "on", expiresOn: todayUtc() }).success).toBe(true);
    expect(createApiKeySchema.safeParse({ name: "Sync", expiresOn: "" }).error?.issues.map((issue) => issue.message)).toEqual(["apiKeys.error.scopes"]);
    expect(createApiKeySchema.safeParse({ name: "Sync", publish: "on", expiresOn: "2020-01-01" }).error?.issues.map((issue) => issue.message)).toEqual(["apiKeys.error.expiry"]);
    expect(createApiKeySchema.safeParse({ name: " ", write: "on" }).error?.issues.map((issue) => issue.message)).toEqual(["apiKeys.error.nameRequired"]);
    expect(expiryOf("2026-12-01")).toBe("2026-12-02T00:00:00.000Z");
  });

  it("redacts a credential in a logged URL, however its name is spelt, and anything shaped like a key", () => {
    expect(redactUrl("/api/listings?q=bag&API_KEY=ss_live_abc&x=1")).toBe("/api/listings?q=bag&API_KEY=[redacted]&x=1");
    expect(redactUrl("/api/listings?access%5Ftoken=secret")).toBe("/api/listings?access%5Ftoken=[redacted]");
    expect(redactUrl("/api/listings?key=secret")).toBe("/api/listings?key=[redacted]");
    expect(redactUrl("/api/x/ss_live_abcdefgh_secret")).toBe("/api/x/[redacted]");
    expect(redactUrl("/api/listings?q=keyboard")).toBe("/api/listings?q=keyboard");
  });
});

describe.each(testDatabaseKinds)("API keys on %s", (kind) => {
  const backend = useIntegrationBackend(kind);
  const db = () => backend.testDb.db;
  let server: Server;
  let base: string;
  let clock = new Date();
  let owner: Awaited<ReturnType<typeof backend.signUp>>;
  let other: Awaited<ReturnType<typeof backend.signUp>>;
  let member: Awaited<ReturnType<typeof backend.signUp>>;
  let ownListingId: string;
  let otherListingId: string;

  /** A listings handler as its route calls it, with the user the request was authenticated as. */
  const bridge =
    (handle: (ctx: ListingsApiContext & { id: string }) => Promise<Response>): RequestHandler =>
    async (req, res, next) => {
      try {
        await sendFetchResponse(res, await handle({ request: toFetchRequest(req, res), user: keyUserOf(req) ?? null, locale: "en", requestId: "test", db: db(), id: String(req.params.id ?? "") }));
      } catch (error) {
        next(error);
      }
    };

  beforeAll(async () => {
    owner = await backend.signUp({ email: `owner-${kind}@example.com` });
    other = await backend.signUp({ email: `other-${kind}@example.com` });
    member = await backend.signUp({ email: `member-${kind}@example.com` });
    const invite = await createInvitation({ db: db(), workspaceId: owner.workspaceId, email: member.user.email, invitedBy: owner.id });
    if (!invite.ok) throw new Error("invite failed");
    expect((await acceptInvitation({ db: db(), token: invite.token, user: member.user })).ok).toBe(true);
    ownListingId = (await createListing({ db: db(), workspaceId: owner.workspaceId, userId: owner.id, marketplace: "amazon.com", ruleSetId: "amazon-2026-07", facts })).id;
    otherListingId = (await createListing({ db: db(), workspaceId: other.workspaceId, userId: other.id, marketplace: "amazon.com", ruleSetId: "amazon-2026-07", facts })).id;

    // The order server/app.ts mounts them in.
    const app = express();
    app.use((_req, res, next) => {
      res.locals.requestId = "test";
      next();
    });
    app.use(apiKeyAuth({ db: db(), limiter: createRateLimiter(db()), routePattern, now: () => clock }));
    app.use(readBodies({ carriesSession: hasApiKey }));
    app.use(unlessApiKey(originCheck("http://localhost:3000")));
    app.use("/api/outputs", outputsRoutes(db()));
    app.get("/api/listings", bridge(handleListingsList));
    app.post("/api/listings", bridge(handleListingCreate));
    app.get("/api/listings/:id/export", bridge(handleListingExport));
    app.all("/api/listings/:id/publish", (_req, res) => void res.status(202).json({ reached: true }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  const call = (path: string, key: string | null, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...(init.headers as Record<string, string>) } });
  const newKey = async (scopes: ("read" | "write" | "publish")[], extra: { expiresAt?: string; name?: string } = {}) => {
    const created = await createApiKey({ db: db(), workspaceId: owner.workspaceId, userId: owner.id, name: extra.name ?? "script", scopes, expiresAt: extra.expiresAt ?? null, now: clock });
    if (!created.ok) throw new Error(created.reason);
    return created;
  };

  it("keeps only a hash of a new key: the secret is nowhere in the database, and the list never shows it", async () => {
    const { id, key, prefix } = await newKey(["read"], { name: "Inventory sync" });
    expect(key).toMatch(new RegExp(`^ss_live_${prefix}_[A-Za-z0-9_-]{43}$`));
    const secret = key.split("_").slice(3).join("_");
    const row = await db().selectFrom("api_key").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.secretHash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = await listApiKeys({ db: db(), workspaceId: owner.workspaceId });
    expect(listed.find((k) => k.id === id)).toMatchObject({ name: "Inventory sync", prefix, scopes: ["read"], creatorName: "Ada Test", lastUsedAt: null, expiresAt: null });
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(await listApiKeys({ db: db(), workspaceId: other.workspaceId })).toEqual([]);
  });

  it("authenticates a GET as the creator in the key's workspace, and records the use at most once a minute", async () => {
    const { id, key } = await newKey(["read"]);
    const answer = await call("/api/listings", key);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([ownListingId]);
    expect((await call("/api/outputs", key)).status).toBe(200);
    const firstUse = (await db().selectFrom("api_key").select("lastUsedAt").where("id", "=", id).executeTakeFirstOrThrow()).lastUsedAt;
    expect(firstUse).toBe(clock.toISOString());
    clock = new Date(clock.getTime() + 30_000);
    await call("/api/listings", key);
    expect((await db().selectFrom("api_key").select("lastUsedAt").where("id", "=", id).executeTakeFirstOrThrow()).lastUsedAt).toBe(firstUse);
    clock = new Date(clock.getTime() + 31_000);
    await call("/api/listings", key);
    expect((await db().selectFrom("api_key").select("lastUsedAt").where("id", "=", id).executeTakeFirstOrThrow()).lastUsedAt).toBe(clock.toISOString());
  });

  it("works in the key's workspace even after its creator joined another (the one a session would use)", async () => {
    const { key } = await newKey(["read"]);
    const found = await authenticateApiKey({ db: db(), key, now: clock });
    if (!found.ok) throw new Error("key refused");
    const invite = await createInvitation({ db: db(), workspaceId: other.workspaceId, email: owner.user.email, invitedBy: other.id });
    if (!invite.ok) throw new Error("invite failed");
    await acceptInvitation({ db: db(), token: invite.token, user: owner.user });
    expect((await getActiveMembership({ db: db(), user: owner.user })).workspaceId).toBe(other.workspaceId);
    expect(await getActiveMembership({ db: db(), user: found.user })).toEqual({ workspaceId: owner.workspaceId, role: "owner" });
    await db().deleteFrom("member").where("workspaceId", "=", other.workspaceId).where("userId", "=", owner.id).execute();
  });

  it("refuses a missing scope with 403 INSUFFICIENT_SCOPE naming it, by the route React Router matches (any case)", async () => {
    const reader = (await newKey(["read"])).key;
    const writer = (await newKey(["read", "write"])).key;
    const publisher = (await newKey(["publish"])).key;
    const post = (path: string, key: string) => call(path, key, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ facts }) });

    const refused = await post("/api/listings", reader);
    expect(refused.status).toBe(403);
    const body = readApiError(await refused.json());
    expect(body?.code).toBe("INSUFFICIENT_SCOPE");
    expect(body?.error).toContain("“write”");
    expect(refused.headers.get("www-authenticate")).toContain('scope="write"');

    const toPublish = await post(`/api/listings/${ownListingId}/publish`, writer);
    expect(toPublish.status).toBe(403);
    expect(readApiError(await toPublish.json())?.error).toContain("“publish”");
    expect((await post(`/API/Listings/${ownListingId}/Publish/`, writer)).status).toBe(403);
    expect((await post(`/api/listings/${ownListingId}/publish`, publisher)).status).toBe(202);
    expect((await call("/api/listings", publisher)).status).toBe(403);

    // A key is not a browser's credential: a cross-site Origin does not stop it (it stops a cookie's request).
    const created = await post("/api/listings", writer).then(() => call("/api/listings", writer, { method: "POST", headers: { "Content-Type": "application/json", Origin: "https://evil.example" }, body: JSON.stringify({ facts }) }));
    expect(created.status).toBe(201);
    expect((await call("/api/listings", null, { method: "POST", headers: { "Content-Type": "application/json", Origin: "https://evil.example" }, body: JSON.stringify({ facts }) })).status).toBe(403);
  });

  it("answers 401 for a revoked key on the very next request, an expired one, an unknown one and a malformed one", async () => {
    const { id, key } = await newKey(["read"]);
    expect((await call("/api/listings", key)).status).toBe(200);
    expect(await revokeApiKey({ db: db(), workspaceId: other.workspaceId, id, userId: other.id })).toBe(false);
    expect(await revokeApiKey({ db: db(), workspaceId: owner.workspaceId, id, userId: owner.id })).toBe(true);
    const revoked = await call("/api/listings", key);
    expect(revoked.status).toBe(401);
    expect(readApiError(await revoked.json())?.code).toBe("API_KEY_INVALID");

    const expiring = await newKey(["read"], { expiresAt: new Date(clock.getTime() + 60_000).toISOString() });
    expect((await call("/api/listings", expiring.key)).status).toBe(200);
    clock = new Date(clock.getTime() + 60_000);
    expect((await call("/api/listings", expiring.key)).status).toBe(401);

    const live = (await newKey(["read"])).key;
    const wrongSecret = `${live.slice(0, -4)}${live.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    for (const bad of [wrongSecret, "ss_live_nothere1_" + "A".repeat(43), "not-a-key", ""]) expect((await call("/api/listings", bad)).status).toBe(401);
  });

  it("authenticates a request with a key and a session cookie by the key alone", async () => {
    const { id, key } = await newKey(["read"]);
    await revokeApiKey({ db: db(), workspaceId: owner.workspaceId, id, userId: owner.id });
    // The owner's own session cookie does not rescue a revoked key.
    expect((await call("/api/listings", key, { headers: { Cookie: owner.cookie } })).status).toBe(401);
    expect((await call("/api/outputs", key, { headers: { Cookie: owner.cookie } })).status).toBe(401);
    // React Router's session middleware takes the key's user and never reads the cookie.
    const live = await authenticateApiKey({ db: db(), key: (await newKey(["read"])).key, now: clock });
    if (!live.ok) throw new Error("key refused");
    const context = new RouterContextProvider();
    context.set(requestContext, { cspNonce: "", requestId: "test", clientIp: "127.0.0.1" });
    context.set(keyUserContext, live.user);
    const request = new Request("http://localhost/api/listings", { headers: { cookie: other.cookie } });
    await sessionMiddleware({ request, context, params: {}, pattern: "/api/listings", unstable_pattern: "/api/listings" } as unknown as Parameters<typeof sessionMiddleware>[0], async () => new Response("ok"));
    expect(context.get(userContext)).toBe(live.user);
  });

  it("answers another workspace's listing with 404, as for a person", async () => {
    const { key } = await newKey(["read"]);
    const answer = await call(`/api/listings/${otherListingId}/export?format=json`, key);
    expect(answer.status).toBe(404);
    expect((await call(`/api/listings/${ownListingId}/export?format=json&force=1`, key)).status).not.toBe(404);
  });

  it("refuses a key in the query string with 400, before using it, whatever the parameter's case or encoding", async () => {
    const { key } = await newKey(["read"]);
    for (const query of [`api_key=${key}`, `key=${key}`, `access_token=${key}`, `Access%5Ftoken=${key}`]) {
      const answer = await call(`/api/listings?${query}`, null);
      expect(answer.status).toBe(400);
      expect(readApiError(await answer.json())?.code).toBe("API_KEY_IN_QUERY");
    }
    // Pages are not the API: their query strings are theirs.
    expect((await call(`/listings?key=${key}`, null)).status).toBe(404);
  });

  it("limits each key to its rate across requests, with Retry-After, and not another key", async () => {
    const { key } = await newKey(["read"]);
    for (let i = 0; i < apiKeyRateLimit.max; i++) expect((await call("/api/nothing-here", key)).status).toBe(404);
    const limited = await call("/api/listings", key);
    expect(limited.status).toBe(429);
    expect(readApiError(await limited.json())?.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call("/api/listings", (await newKey(["read"])).key)).status).toBe(200);
  });

  it("lets only owners create and revoke keys", async () => {
    expect(await createApiKey({ db: db(), workspaceId: owner.workspaceId, userId: member.id, name: "mine", scopes: ["read"] })).toEqual({ ok: false, reason: "notOwner" });
    const { id } = await newKey(["read"]);
    expect(await revokeApiKey({ db: db(), workspaceId: owner.workspaceId, id, userId: member.id })).toBe(false);
    expect(await createApiKey({ db: db(), workspaceId: owner.workspaceId, userId: owner.id, name: "none", scopes: [] })).toEqual({ ok: false, reason: "noScope" });
  });
});

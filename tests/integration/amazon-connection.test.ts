// Seller Central connections in the database (issue 33 item 1): the OAuth state works once, for its own
// session and workspace, for 10 minutes; refresh tokens are encrypted at rest and survive a secret
// rotation; another workspace's connection is not found; SP-API's buckets are shared by every server.
import { describe, expect, it } from "vitest";
import { getAmazonCard } from "#app/features/amazon/card.server.ts";
import { consumeConnectState, createConnectState, deleteConnection, getConnectionById, listConnectionsByWorkspace, saveConnection } from "#app/features/amazon/connections.server.ts";
import { createSpApiRateLimiter } from "#app/features/amazon/rate-limiter.server.ts";
import { decryptToken } from "#app/features/amazon/token-crypto.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const refreshToken = "Atzr|IwEBIExampleRefreshToken-0123456789";
const stores = [{ marketplaceId: "A1PA6795UKMFR9", name: "Amazon.de", countryCode: "DE", domainName: "www.amazon.de", participating: true }];

describe.each(testDatabaseKinds)("Amazon connections on %s", (kind) => {
  const backend = useIntegrationBackend(kind);
  const db = () => backend.testDb.db;

  it("a state works once, only for the session, user and workspace that started it, within 10 minutes", async () => {
    const owner = await backend.signUp();
    const other = await backend.signUp();
    const start = new Date("2026-11-28T10:00:00Z");
    const attempt = { workspaceId: owner.workspaceId, userId: owner.id, sessionKey: "session-one" };
    const state = await createConnectState({ db: db(), ...attempt, region: "eu", now: start });
    expect(state).toMatch(/^[\w-]{43}$/);
    // Only the hash is kept.
    const kept = await db().selectFrom("amazon_oauth_state").selectAll().where("workspaceId", "=", owner.workspaceId).execute();
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept)).not.toContain(state);
    expect(await consumeConnectState({ db: db(), state, ...attempt, now: new Date(start.getTime() + 60_000) })).toEqual({ ok: true, region: "eu" });
    expect(await consumeConnectState({ db: db(), state, ...attempt, now: new Date(start.getTime() + 61_000) })).toEqual({ ok: false, reason: "unknown" });

    const late = await createConnectState({ db: db(), ...attempt, region: "na", now: start });
    expect(await consumeConnectState({ db: db(), state: late, ...attempt, now: new Date(start.getTime() + 10 * 60_000) })).toEqual({ ok: false, reason: "expired" });

    const elsewhere = await createConnectState({ db: db(), ...attempt, region: "na", now: start });
    expect(await consumeConnectState({ db: db(), state: elsewhere, ...attempt, sessionKey: "session-two", now: start })).toEqual({ ok: false, reason: "otherSession" });
    // Refused once is spent: the right session cannot use it after.
    expect(await consumeConnectState({ db: db(), state: elsewhere, ...attempt, now: start })).toEqual({ ok: false, reason: "unknown" });

    const otherWorkspace = await createConnectState({ db: db(), ...attempt, region: "fe", now: start });
    expect(await consumeConnectState({ db: db(), state: otherWorkspace, ...attempt, workspaceId: other.workspaceId, now: start })).toEqual({ ok: false, reason: "otherSession" });
    expect(await consumeConnectState({ db: db(), state: "made-up", ...attempt, now: start })).toEqual({ ok: false, reason: "unknown" });
  });

  it("a new attempt clears the states nobody finished", async () => {
    const owner = await backend.signUp();
    const attempt = { workspaceId: owner.workspaceId, userId: owner.id, sessionKey: "s" };
    await createConnectState({ db: db(), ...attempt, region: "eu", now: new Date("2026-11-28T10:00:00Z") });
    await createConnectState({ db: db(), ...attempt, region: "eu", now: new Date("2026-11-28T11:00:00Z") });
    expect(await db().selectFrom("amazon_oauth_state").select("expiresAt").where("workspaceId", "=", owner.workspaceId).execute()).toEqual([{ expiresAt: "2026-11-28T11:10:00.000Z" }]);
  });

  it("keeps the refresh token encrypted: the column is not the token, and a rotated secret still reads it", async () => {
    const owner = await backend.signUp();
    const config = backend.config;
    const now = new Date("2026-11-28T10:00:00Z");
    const id = await saveConnection({ db: db(), config, workspaceId: owner.workspaceId, region: "eu", sellingPartnerId: "A2SELLER", refreshToken, marketplaces: stores, userId: owner.id, now });
    const raw = await db().selectFrom("amazon_connection").select("refreshToken").where("id", "=", id).executeTakeFirstOrThrow();
    expect(raw.refreshToken).not.toContain(refreshToken);
    expect(raw.refreshToken).not.toContain("Atzr");
    expect(await decryptToken(config, raw.refreshToken)).toBe(refreshToken);
    const rotated = { sessionSecret: "r".repeat(48), previousSessionSecrets: [config.sessionSecret] };
    expect(await decryptToken(rotated, raw.refreshToken)).toBe(refreshToken);
    await expect(decryptToken({ sessionSecret: "r".repeat(48), previousSessionSecrets: [] }, raw.refreshToken)).rejects.toThrow();

    const [connection] = await listConnectionsByWorkspace({ db: db(), workspaceId: owner.workspaceId });
    expect(connection).toMatchObject({ id, region: "eu", sellingPartnerId: "A2SELLER", marketplaces: stores, connectedBy: owner.id, connectedByName: "Ada Test", connectedAt: now.toISOString(), reauthorizeBy: "2027-11-28T10:00:00.000Z", status: "active" });

    // Authorizing the region again keeps the connection's id and starts a new year.
    const later = new Date("2027-10-01T00:00:00Z");
    expect(await saveConnection({ db: db(), config, workspaceId: owner.workspaceId, region: "eu", sellingPartnerId: "A2SELLER", refreshToken: "Atzr|new", marketplaces: stores, userId: owner.id, now: later })).toBe(id);
    expect((await getConnectionById({ db: db(), workspaceId: owner.workspaceId, connectionId: id }))?.reauthorizeBy).toBe("2028-09-30T00:00:00.000Z");
  });

  it("the card says Amazon is not set up without the credentials, and shows no token either way", async () => {
    const owner = await backend.signUp();
    await saveConnection({ db: db(), config: backend.config, workspaceId: owner.workspaceId, region: "fe", sellingPartnerId: "A4SELLER", refreshToken, marketplaces: stores, userId: owner.id });
    const notSetUp = await getAmazonCard({ db: db(), config: { amazon: undefined }, workspaceId: owner.workspaceId });
    expect(notSetUp.setUp).toBe(false);
    expect(notSetUp.regions.map((entry) => entry.region)).toEqual(["na", "eu", "fe"]);
    expect(notSetUp.regions[2]!.connection).toMatchObject({ sellingPartnerId: "A4SELLER", stores: [{ marketplaceId: "A1PA6795UKMFR9", label: "amazon.de", country: "DE" }], status: "active" });
    const raw = await db().selectFrom("amazon_connection").select("refreshToken").where("workspaceId", "=", owner.workspaceId).executeTakeFirstOrThrow();
    expect(JSON.stringify(notSetUp)).not.toContain(raw.refreshToken);
    expect(JSON.stringify(notSetUp)).not.toContain("Atzr");
  });

  it("never finds or deletes another workspace's connection", async () => {
    const owner = await backend.signUp();
    const stranger = await backend.signUp();
    const id = await saveConnection({ db: db(), config: backend.config, workspaceId: owner.workspaceId, region: "na", sellingPartnerId: "A3SELLER", refreshToken, marketplaces: [], userId: owner.id });
    expect(await getConnectionById({ db: db(), workspaceId: stranger.workspaceId, connectionId: id })).toBeUndefined();
    expect(await deleteConnection({ db: db(), workspaceId: stranger.workspaceId, connectionId: id })).toBe(false);
    expect(await listConnectionsByWorkspace({ db: db(), workspaceId: stranger.workspaceId })).toEqual([]);
    expect(await deleteConnection({ db: db(), workspaceId: owner.workspaceId, connectionId: id })).toBe(true);
    expect(await db().selectFrom("amazon_connection").select("id").where("id", "=", id).execute()).toEqual([]);
  });

  it("spends each operation's burst, then one token per interval, counted across servers", async () => {
    let now = 1_800_000_000_000;
    const serverA = createSpApiRateLimiter(db(), { now: () => now });
    const serverB = createSpApiRateLimiter(db(), { now: () => now });
    // searchListingsItems: 5 a second, burst 5.
    const turns = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? serverA : serverB).take("conn-1", "searchListingsItems")));
    expect(turns.filter((turn) => turn.allowed)).toHaveLength(5);
    expect(await serverA.take("conn-1", "searchListingsItems")).toEqual({ allowed: false, waitMs: 200 });
    // Another connection and another operation have buckets of their own.
    expect((await serverA.take("conn-2", "searchListingsItems")).allowed).toBe(true);
    expect((await serverA.take("conn-1", "getListingsItem")).allowed).toBe(true);
    now += 200;
    expect((await serverB.take("conn-1", "searchListingsItems")).allowed).toBe(true);
    expect((await serverB.take("conn-1", "searchListingsItems")).allowed).toBe(false);
    now += 1_000;
    const refilled = await Promise.all(Array.from({ length: 6 }, () => serverA.take("conn-1", "searchListingsItems")));
    expect(refilled.filter((turn) => turn.allowed)).toHaveLength(5);
  });

  it("waits out Amazon's 429 on every server, and waits its turn through the injected clock", async () => {
    let now = 1_900_000_000_000;
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
      now += ms;
    };
    const limiter = createSpApiRateLimiter(db(), { now: () => now, sleep });
    await limiter.holdOff("conn-3", "getReport", 2_000);
    expect(await createSpApiRateLimiter(db(), { now: () => now }).take("conn-3", "getReport")).toEqual({ allowed: false, waitMs: 2_000 });
    await limiter.waitForTurn("conn-3", "getReport");
    expect(slept).toEqual([2_000]);
    // createReport: one a minute after its burst of 15.
    for (let i = 0; i < 15; i++) await limiter.waitForTurn("conn-3", "createReport");
    expect(slept).toEqual([2_000]);
    await limiter.waitForTurn("conn-3", "createReport");
    expect(slept).toEqual([2_000, 59_881]);
  });
});

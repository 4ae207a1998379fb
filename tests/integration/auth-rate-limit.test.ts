// Better Auth's own rate limiter (requests to /api/auth) counts in the database, in our rate_limit table:
// two servers (two Better Auth instances, each with its own connection to one database) share one count.
// Better Auth's memory store is a module-wide Map, so two instances in one process would share it too:
// the test also shows the count is the table's, by emptying the table and seeing the limit lifted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRateLimitMax, authRateLimitWindowSeconds, createAuth } from "#app/features/auth/auth.server.ts";
import { requestPasswordResetMail } from "#app/features/auth/password-reset.server.ts";
import { createDb } from "#server/db/db.server.ts";
import { createRateLimiter } from "#server/rate-limit.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { signUpUser } from "#tests/support/sign-up.ts";
import { testDatabaseKinds, type TestDb } from "#tests/support/test-db.ts";

describe.each(testDatabaseKinds)("Better Auth's rate limit on %s", (kind) => {
  const { testDb } = useIntegrationBackend(kind);
  let otherDb: TestDb["db"];
  beforeAll(() => {
    // The second server's own connection (pool or file handle) to the same database.
    otherDb = createDb(testDb.config.database);
  });
  afterAll(async () => {
    await otherDb?.destroy();
  });

  /** GET /api/auth/error (an endpoint Better Auth answers, reachable through the app) from one client address. */
  const errorPage = (auth: ReturnType<typeof createAuth>, ip: string) =>
    auth.handler(new Request(`${testDb.config.publicUrl}/api/auth/error`, { headers: { "x-client-ip": ip } })).then((response) => response.status);

  it("counts requests to either server in one window: the limit reached across both holds on both", async () => {
    const serverA = createAuth({ config: testDb.config, db: testDb.db, mailer: testDb.mailer });
    const serverB = createAuth({ config: testDb.config, db: otherDb, mailer: testDb.mailer });
    const ip = "203.0.113.7";
    for (let i = 0; i < authRateLimitMax; i++) expect(await errorPage(i % 2 ? serverB : serverA, ip)).not.toBe(429);

    const rows = await testDb.db.selectFrom("rate_limit").select(["key", "count"]).where("key", "like", "auth-api:%").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).toContain(ip);
    expect(Number(rows[0]!.count)).toBe(authRateLimitMax);

    const refused = await serverA.handler(new Request(`${testDb.config.publicUrl}/api/auth/error`, { headers: { "x-client-ip": ip } }));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("x-retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(authRateLimitWindowSeconds);
    expect(await errorPage(serverB, ip)).toBe(429);
    // Another address has its own count.
    expect(await errorPage(serverB, "203.0.113.8")).not.toBe(429);

    // The table decides: with its rows gone, both servers let the address through again.
    await testDb.db.deleteFrom("rate_limit").where("key", "like", "auth-api:%").execute();
    expect(await errorPage(serverB, ip)).not.toBe(429);
    expect(await errorPage(serverA, ip)).not.toBe(429);
  });

  it("sends at most 5 reset mails an hour to one address, from any number of client addresses and servers, answering as for an unknown address", async () => {
    const serverA = createAuth({ config: testDb.config, db: testDb.db, mailer: testDb.mailer });
    const serverB = createAuth({ config: testDb.config, db: otherDb, mailer: testDb.mailer });
    await signUpUser(serverA, { firstName: "Ina", lastName: "Box", email: "inbox@example.com" });
    const limiters = [createRateLimiter(testDb.db), createRateLimiter(otherDb)];
    const ask = (email: string, i: number) =>
      requestPasswordResetMail({ email, clientIp: `198.51.100.${i + 1}`, headers: new Headers(), limiter: limiters[i % 2]!, auth: i % 2 ? serverB : serverA });
    const resetMails = () => testDb.mailer.outbox().filter((mail) => mail.to === "inbox@example.com" && mail.text.includes("/reset-password?token=")).length;

    // Eight source addresses, two per address allowed by the per-address rule: sixteen requests, all answered alike.
    const known = await Promise.all(Array.from({ length: 16 }, (_, i) => ask("InBox@example.com", i % 8)));
    const unknown = await Promise.all(Array.from({ length: 16 }, (_, i) => ask("nobody@example.com", i % 8)));
    expect(known).toEqual(Array(16).fill({ ok: true }));
    expect(unknown).toEqual(known);
    // Mails go out after the answer (the same time for known and unknown addresses): wait for them.
    await expect.poll(resetMails).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resetMails()).toBe(5);

    // One client address asking for one e-mail is still held to 5 an hour, with a 429.
    for (let i = 0; i < 3; i++) expect(await ask("inbox@example.com", 0)).toEqual({ ok: true });
    expect(await ask("inbox@example.com", 0)).toMatchObject({ ok: false, retryAfterSeconds: expect.any(Number) });
  });
});

// Rate limits live in the database: two servers (two limiters on one database) count the same attempts.
import { describe, expect, it } from "vitest";
import { createRateLimiter } from "#server/rate-limit.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

describe.each(testDatabaseKinds)("rate limits on %s", (kind) => {
  const { testDb } = useIntegrationBackend(kind);

  it("allows max attempts per window, says how long to wait, then opens a new window", async () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(testDb.db, () => now);
    const rule = { max: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) expect((await limiter.consume("sign-in:ip:a@example.com", rule)).allowed).toBe(true);
    now += 15_000;
    expect(await limiter.consume("sign-in:ip:a@example.com", rule)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect((await limiter.consume("sign-in:ip:b@example.com", rule)).allowed).toBe(true);
    now += 45_000;
    expect(await limiter.consume("sign-in:ip:a@example.com", rule)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it("counts across servers: attempts on one limiter count on another over the same database", async () => {
    const now = () => 5_000_000;
    const serverA = createRateLimiter(testDb.db, now);
    const serverB = createRateLimiter(testDb.db, now);
    const rule = { max: 4, windowMs: 60_000 };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? serverA : serverB).consume("shared-key", rule)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(4);
    expect((await serverA.consume("shared-key", rule)).allowed).toBe(false);
  });

  it("sweeps ended windows and keeps open ones", async () => {
    let now = 9_000_000;
    const limiter = createRateLimiter(testDb.db, () => now);
    await limiter.consume("short", { max: 1, windowMs: 1_000 });
    await limiter.consume("long", { max: 1, windowMs: 600_000 });
    now += 5_000;
    expect(await limiter.sweep()).toBeGreaterThanOrEqual(1);
    const keys = (await testDb.db.selectFrom("rate_limit").select("key").execute()).map((r) => r.key);
    expect(keys).toContain("long");
    expect(keys).not.toContain("short");
  });

  it("keeps very long keys bounded", async () => {
    const limiter = createRateLimiter(testDb.db);
    const result = await limiter.consume(`sign-in:ip:${"x".repeat(5_000)}@example.com`, { max: 1, windowMs: 1_000 });
    expect(result.allowed).toBe(true);
  });
});

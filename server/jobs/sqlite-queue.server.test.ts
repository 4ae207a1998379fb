import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { createSqliteQueue } from "./sqlite-queue.server.ts";

describe("the in-process SQLite queue", () => {
  let testDb: TestDb;
  beforeAll(async () => void (testDb = await createTestDb("sqlite")));
  afterAll(async () => testDb.destroy());

  it("runs a queue that names no tiers, within its default per group", async () => {
    const queue = createSqliteQueue<{ n: number }>({
      db: testDb.db,
      options: { name: "untiered", localConcurrency: 4, groupConcurrency: { default: 1, tiers: {} }, retryLimit: 0, retryDelaySeconds: 1, heartbeatSeconds: 30 },
    });
    const done: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    await queue.send([1, 2, 3].map((n) => ({ data: { n }, group: { id: "workspace-1", tier: "any" } })));
    await queue.work(async ({ n }) => {
      mostAtOnce = Math.max(mostAtOnce, ++running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      done.push(n);
    });
    await expect.poll(() => done.length, { timeout: 10_000 }).toBe(3);
    await queue.stop();
    expect(done.sort()).toEqual([1, 2, 3]);
    expect(mostAtOnce).toBe(1);
  });
});

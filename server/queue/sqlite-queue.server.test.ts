import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import type { QueueOptions } from "./work-queue.server.ts";
import { claimStatement, createSqliteQueue, queueDepth } from "./sqlite-queue.server.ts";

const tiered = (name: string): QueueOptions => ({ name, localConcurrency: 4, groupConcurrency: { default: 1, tiers: { trial: 1, pro: 4 } }, retryLimit: 0, retryDelaySeconds: 1, heartbeatSeconds: 30 });

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

  it("claims through its index: no scan of the waiting items, and a group at its limit does not hold back one with room", async () => {
    const options = tiered("claims");
    const queue = createSqliteQueue<{ n: number }>({ db: testDb.db, options });
    // A trial workspace with one item running and 5,000 waiting behind it; a pro workspace's one item sent after them.
    await queue.send(Array.from({ length: 5001 }, (_, n) => ({ data: { n }, group: { id: "blocked", tier: "trial" }, key: "job-blocked" })));
    await testDb.db.updateTable("queue_job").set({ state: "active" }).where("queue", "=", options.name).where("data", "=", JSON.stringify({ n: 0 })).execute();
    await queue.send([{ data: { n: -1 }, group: { id: "roomy", tier: "pro" } }]);

    const plan = (await sql<{ detail: string }>`explain query plan ${claimStatement(options, Date.now())}`.execute(testDb.db)).rows.map((row) => row.detail);
    // Every read of queue_job is an index search (SEARCH … USING … INDEX), none a scan of the table or a sort of its rows.
    const reads = plan.filter((detail) => /^(SCAN|SEARCH) (queue_job|[ghqa])\b/.test(detail));
    expect(reads.length, plan.join("\n")).toBeGreaterThanOrEqual(5);
    for (const detail of reads) expect(detail, plan.join("\n")).toMatch(/^SEARCH \w+ USING (COVERING )?INDEX (queue_job_next_idx|sqlite_autoindex_queue_job_1) \(/);
    // The one sort is of the groups' heads (one item per group with waiting items), not of the waiting items.
    expect(plan.filter((detail) => detail.includes("TEMP B-TREE")), plan.join("\n")).toEqual(["USE TEMP B-TREE FOR ORDER BY"]);

    const { rows: claimed } = await claimStatement(options, Date.now()).execute(testDb.db);
    expect(claimed.map((row) => JSON.parse(row.data))).toEqual([{ n: -1 }]);
    // The blocked group stays blocked, and taking a key's waiting items out is one statement.
    expect((await claimStatement(options, Date.now()).execute(testDb.db)).rows).toEqual([]);
    expect(await queue.removeWaiting("job-blocked")).toBe(5000);
    expect(await queueDepth(testDb.db, options.name)).toBe(2);
    await queue.stop();
  });

  it("drains thousands of items whose handler answers at once while timers keep running", async () => {
    const options = tiered("drain");
    const queue = createSqliteQueue<{ n: number }>({ db: testDb.db, options });
    await queue.send(Array.from({ length: 3000 }, (_, n) => ({ data: { n }, group: { id: `workspace-${n % 3}`, tier: "pro" } })));
    let handled = 0;
    let ticks = 0;
    let worstCpuMs = 0;
    let lastCpu = process.threadCpuUsage();
    const timer = setInterval(() => {
      ticks++;
      const cpu = process.threadCpuUsage();
      worstCpuMs = Math.max(worstCpuMs, (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000);
      lastCpu = cpu;
    }, 5);
    const ticksAtStart = ticks;
    // Like a cancelled job's rows: the handler finds nothing to do (better-sqlite3 answers without a turn of the loop).
    await queue.work(async () => void handled++);
    await expect.poll(() => handled, { timeout: 60_000, interval: 20 }).toBe(3000);
    clearInterval(timer);
    await queue.stop();
    expect(await queueDepth(testDb.db, options.name)).toBe(0);
    expect(ticks - ticksAtStart).toBeGreaterThan(5);
    expect(worstCpuMs).toBeLessThan(100);
  }, 90_000);
});

// Housekeeping with several servers on one database: each task runs once per interval across all of
// them, whichever server's timer fires first; and servers starting together on PostgreSQL migrate one
// after another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateAuthTables } from "#app/features/auth/auth.server.ts";
import { createDb, type Db } from "#server/db/db.server.ts";
import { claimMaintenanceRun, runMaintenance, type MaintenanceTask } from "#server/maintenance.server.ts";
import { migrateDatabase } from "#server/services.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { createTestDb, testDatabaseKinds } from "#tests/support/test-db.ts";

const minute = 60_000;

describe.each(testDatabaseKinds)("maintenance across servers on %s", (kind) => {
  const { testDb } = useIntegrationBackend(kind);
  /** Each server's own connection (pool or file handle) to the one database. */
  const servers: Db[] = [];
  beforeAll(() => {
    for (let i = 0; i < 3; i++) servers.push(createDb(testDb.config.database));
  });
  afterAll(async () => {
    await Promise.all(servers.map((db) => db.destroy()));
  });

  it("one claim per interval succeeds, whoever asks and however many ask at once", async () => {
    let now = 1_000_000_000;
    const options = (serverId: string) => ({ intervalMs: 10 * minute, serverId, now: () => now });
    const first = await Promise.all(servers.map((db, i) => claimMaintenanceRun(db, "claims", options(`server-${i}`))));
    expect(first.filter(Boolean)).toHaveLength(1);

    now += 5 * minute;
    expect(await claimMaintenanceRun(servers[1]!, "claims", options("server-1"))).toBe(false);
    // A timer firing a little early (within a tenth of the interval) still gets the next run.
    now += 4 * minute;
    const second = await Promise.all(servers.map((db, i) => claimMaintenanceRun(db, "claims", options(`server-${i}`))));
    expect(second.filter(Boolean)).toHaveLength(1);

    const row = await testDb.db.selectFrom("maintenance_run").selectAll().where("task", "=", "claims").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ runs: 2, lastRunBy: expect.stringMatching(/^server-\d$/) });
    expect(Number(row.lastRunAt)).toBe(now);
    // Another task has its own schedule.
    expect(await claimMaintenanceRun(servers[2]!, "other", options("server-2"))).toBe(true);
  });

  it("three servers ticking at their own times run each task once per interval", async () => {
    let now = 2_000_000_000;
    const runs: { task: string; server: number; at: number }[] = [];
    const tasksOf = (server: number): MaintenanceTask[] =>
      ["recover", "sweep"].map((name) => ({ name: `fleet-${name}`, run: async () => void runs.push({ task: name, server, at: now }) }));
    // Each server ticks every 10 minutes from its own start: 0, 3 and 7 minutes past.
    const interval = 10 * minute;
    const ticks = servers.flatMap((_, server) => Array.from({ length: 6 }, (_, n) => ({ server, at: now + server * 3.5 * minute + n * interval }))).sort((a, b) => a.at - b.at);
    const start = now;
    for (const tick of ticks) {
      now = tick.at;
      await runMaintenance(tasksOf(tick.server), { db: servers[tick.server]!, intervalMs: interval, serverId: `server-${tick.server}`, now: () => now });
    }
    for (const task of ["recover", "sweep"]) {
      const times = runs.filter((run) => run.task === task).map((run) => run.at);
      // 18 ticks over an hour: six runs, each at least 0.9 interval after the one before.
      expect(times).toHaveLength(6);
      expect(times[0]).toBe(start);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(0.9 * interval);
    }
  });

  it("a task that fails is logged and does not stop the others", async () => {
    const ran: string[] = [];
    const tasks: MaintenanceTask[] = [
      { name: "failing", run: async () => Promise.reject(new Error("boom")) },
      { name: "working", run: async () => void ran.push("working") },
    ];
    expect((await runMaintenance(tasks, { db: servers[0]!, intervalMs: minute })).sort()).toEqual(["failing", "working"]);
    expect(ran).toEqual(["working"]);
  });

  // PostgreSQL only: a SQLite file has one server (docs/decisions/018), and Better Auth's migration
  // has no lock of its own, so without ours two servers starting together fail one of them.
  it.runIf(kind === "postgres")("servers starting together on a fresh database migrate one after another", async () => {
    const fresh = await createTestDb(kind, { migrate: false });
    const starting = Array.from({ length: 3 }, () => createDb(fresh.config.database));
    try {
      const applied = await Promise.all(starting.map((db) => migrateDatabase({ config: fresh.config, db, mailer: fresh.mailer }, migrateAuthTables)));
      // One server applied every migration; the others found nothing left to do.
      expect(applied.filter((names) => names.length > 0)).toHaveLength(1);
      expect(await fresh.db.selectFrom("maintenance_run").selectAll().execute()).toEqual([]);
    } finally {
      await Promise.all(starting.map((db) => db.destroy()));
      await fresh.destroy();
    }
  });
});

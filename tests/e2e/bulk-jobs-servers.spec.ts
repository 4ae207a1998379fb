// Bulk jobs on real, built servers (issue 18): a job's rows shared by two servers on one PostgreSQL,
// one of them killed with SIGKILL midway and started again; and the same crash on one server with
// SQLite, the default. Each time every row is written once (one listing, one version), and the words
// charged are exactly the words written: no reservation is left behind by the dead attempts.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { startAppServers, type AppServers } from "#tests/support/app-servers.ts";
import { e2eServerEnv } from "#tests/support/e2e-env.ts";
import { testPassword, uniqueEmail } from "#tests/support/e2e.ts";
import { createPostgresDatabase } from "#tests/support/postgres-db.ts";

const run = promisify(execFile);
const { PORT: _port, PUBLIC_URL: _publicUrl, DATA_DIR: _dataDir, DATABASE_URL: _databaseUrl, ...sharedEnv } = e2eServerEnv;
// pg-boss's shortest heartbeat; a row silent this long is another server's to take.
const jobEnv = { ...sharedEnv, JOB_HEARTBEAT_SECONDS: "10", AI_CONCURRENCY: "4" };
const rows = 16;

interface Checks {
  /** Rows by status, attempts and who wrote them. */
  rows(): Promise<{ status: string; attempt: number; claimedBy: string | null; listingId: string; wordsCharged: number }[]>;
  versionsPerListing(): Promise<number[]>;
  /** Words the workspace's balance says were used, its ledger's sum and its available words, and succeeded listing generations' words. */
  words(): Promise<{ used: number; ledger: number; available: number; written: number }>;
  close(): Promise<void>;
}

function postgresChecks(url: string, jobId: string): Checks {
  const client = new pg.Client({ connectionString: url });
  const ready = client.connect();
  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await ready, (await client.query<T>(text, values)).rows);
  return {
    rows: () => query(`select status, attempt, "claimedBy", "listingId", "wordsCharged" from job_row where "jobId" = $1 order by "rowNumber"`, [jobId]),
    versionsPerListing: async () => (await query<{ n: string }>(`select count(v.id) as n from job_row r left join listing_version v on v."listingId" = r."listingId" where r."jobId" = $1 group by r."listingId"`, [jobId])).map((row) => Number(row.n)),
    async words() {
      const [balance] = await query<{ used: number; allowance: number; bonus: number; workspaceId: string }>(`select b.used, b.allowance, b.bonus, b."workspaceId" from credit_balance b join job j on j."workspaceId" = b."workspaceId" where j.id = $1`, [jobId]);
      const [ledger] = await query<{ total: string }>(`select coalesce(sum(delta), 0) as total from credit_ledger where "workspaceId" = $1`, [balance!.workspaceId]);
      const [written] = await query<{ total: string }>(`select coalesce(sum(words), 0) as total from generation where "workspaceId" = $1 and status = 'succeeded'`, [balance!.workspaceId]);
      return { used: Number(balance!.used), ledger: Number(ledger!.total), available: Number(balance!.allowance) + Number(balance!.bonus) - Number(balance!.used), written: Number(written!.total) };
    },
    close: () => client.end(),
  };
}

function sqliteChecks(file: string, jobId: string): Checks {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  return {
    rows: async () => db.prepare(`select status, attempt, claimedBy, listingId, wordsCharged from job_row where jobId = ? order by rowNumber`).all(jobId) as Awaited<ReturnType<Checks["rows"]>>,
    versionsPerListing: async () => (db.prepare(`select count(v.id) as n from job_row r left join listing_version v on v.listingId = r.listingId where r.jobId = ? group by r.listingId`).all(jobId) as { n: number }[]).map((row) => row.n),
    async words() {
      const balance = db.prepare(`select b.used, b.allowance, b.bonus, b.workspaceId from credit_balance b join job j on j.workspaceId = b.workspaceId where j.id = ?`).get(jobId) as { used: number; allowance: number; bonus: number; workspaceId: string };
      const ledger = db.prepare(`select coalesce(sum(delta), 0) as total from credit_ledger where workspaceId = ?`).get(balance.workspaceId) as { total: number };
      const written = db.prepare(`select coalesce(sum(words), 0) as total from generation where workspaceId = ? and status = 'succeeded'`).get(balance.workspaceId) as { total: number };
      return { used: balance.used, ledger: ledger.total, available: balance.allowance + balance.bonus - balance.used, written: written.total };
    },
    close: async () => void db.close(),
  };
}

/** Signs up on `url`, gives the workspace the Enterprise plan (eight rows at once) with the operator command, and starts a job of `count` products. */
async function startJob(url: string, databaseUrl: string, count: number): Promise<{ jobId: string; cookie: string }> {
  const email = uniqueEmail("catalog");
  const signUp = await fetch(`${url}/sign-up`, { method: "POST", redirect: "manual", headers: { Origin: url }, body: new URLSearchParams({ firstName: "Cat", lastName: "Alog", email, password: testPassword }) });
  expect(signUp.status).toBe(302);
  const cookie = signUp.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
  const operatorData = mkdtempSync(path.join(tmpdir(), "sellscribe-operator-"));
  try {
    await run(process.execPath, ["--disable-warning=ExperimentalWarning", "scripts/operator.ts", "plan", "set", email, "enterprise", "monthly"], { env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: operatorData } });
  } finally {
    rmSync(operatorData, { recursive: true, force: true });
  }
  const csv = ["Brand,Product name,Key features", ...Array.from({ length: count }, (_, i) => `Fleetco,Travel Mug ${i + 1},"double wall, leak-proof lid, ${300 + i} ml"`)].join("\n");
  const form = new FormData();
  form.set("file", new Blob([csv], { type: "text/csv" }), "fleet.csv");
  form.set("mapping", JSON.stringify({ brand: 0, productName: 1, keyFeatures: 2 }));
  form.set("options", JSON.stringify({ sections: ["title", "bullets", "searchTerms"], marketplace: "amazon.com" }));
  const created = await fetch(`${url}/api/jobs`, { method: "POST", headers: { Origin: url, Cookie: cookie }, body: form });
  expect(created.status, await created.clone().text()).toBe(201);
  const { job } = (await created.json()) as { job: { id: string } };
  return { jobId: job.id, cookie };
}

async function progressOf(url: string, jobId: string, cookie: string): Promise<{ status: string; done: number; failed: number; total: number; wordsCharged: number }> {
  const response = await fetch(`${url}/api/jobs/${jobId}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return response.json() as Promise<{ status: string; done: number; failed: number; total: number; wordsCharged: number }>;
}

async function until(read: () => Promise<{ status: string; done: number }>, done: (value: { status: string; done: number }) => boolean, timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Every row written once, by the listing's only version, and the words charged those written. */
async function expectExactlyOnce(checks: Checks, progress: { done: number; failed: number; total: number; wordsCharged: number }) {
  expect(progress).toMatchObject({ total: rows, done: rows, failed: 0 });
  const all = await checks.rows();
  expect(all.map((row) => row.status)).toEqual(Array(rows).fill("done"));
  expect(new Set(all.map((row) => row.listingId)).size).toBe(rows);
  expect(await checks.versionsPerListing()).toEqual(Array(rows).fill(1));
  const words = await checks.words();
  const charged = all.reduce((sum, row) => sum + row.wordsCharged, 0);
  expect(charged).toBe(progress.wordsCharged);
  expect(words.written).toBe(charged);
  // Nothing held: every word used is a word written (the dead attempts' reservations were given back).
  expect(words.used).toBe(charged);
  expect(words.ledger).toBe(words.available);
  return all;
}

test.describe("bulk jobs on two servers sharing one PostgreSQL", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL: two servers must share one database, and SQLite's file-per-server default is not shared");
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let servers: AppServers | undefined;

  test.afterAll(async () => {
    await servers?.stop();
    await database?.drop();
  });

  test("both servers write one job's rows, none twice; one is killed midway and restarted, and the job completes with the ledger exact", async () => {
    test.setTimeout(180_000);
    database = await createPostgresDatabase();
    servers = await startAppServers({ count: 2, databaseUrl: database.url, env: jobEnv });
    const { jobId, cookie } = await startJob(servers.urls[0]!, database.url, rows);
    await until(() => progressOf(servers!.urls[1]!, jobId, cookie), (p) => p.done >= 3, 60_000);
    const checks = postgresChecks(database.url, jobId);
    try {
      // A crash: server A dies with its rows half written.
      const busyOnA = (await checks.rows()).filter((row) => row.status === "running").length;
      await servers.kill(0, "SIGKILL");
      await servers.restart(0);
      const finished = await until(() => progressOf(servers!.urls[1]!, jobId, cookie), (p) => p.status === "completed", 120_000);
      const all = await expectExactlyOnce(checks, finished as Awaited<ReturnType<typeof progressOf>>);
      // Both servers took rows (each process has its own worker id; the restarted A has a new one).
      expect(new Set(all.map((row) => row.claimedBy)).size).toBeGreaterThanOrEqual(2);
      test.info().annotations.push({ type: "crash", description: `${busyOnA} rows were being written on the killed server; ${all.filter((row) => row.attempt > 1).length} rows were taken over` });
    } finally {
      await checks.close();
    }
  });
});

test.describe("a bulk job on one server with SQLite", () => {
  let servers: AppServers | undefined;
  let folder: string | undefined;
  test.afterAll(async () => {
    await servers?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test("killed with SIGKILL midway and started again, it completes with every row once and the ledger exact", async () => {
    test.setTimeout(180_000);
    folder = mkdtempSync(path.join(tmpdir(), "sellscribe-jobs-sqlite-"));
    const file = path.join(folder, "jobs.sqlite");
    servers = await startAppServers({ count: 1, databaseUrl: `file:${file}`, env: jobEnv });
    const { jobId, cookie } = await startJob(servers.urls[0]!, `file:${file}`, rows);
    await until(() => progressOf(servers!.urls[0]!, jobId, cookie), (p) => p.done >= 3, 60_000);
    await servers.kill(0, "SIGKILL");
    await servers.restart(0);
    const finished = await until(() => progressOf(servers!.urls[0]!, jobId, cookie), (p) => p.status === "completed", 120_000);
    const checks = sqliteChecks(file, jobId);
    try {
      const all = await expectExactlyOnce(checks, finished as Awaited<ReturnType<typeof progressOf>>);
      // The rows the dead process was writing were written again by the new one.
      expect(all.some((row) => row.attempt > 1)).toBe(true);
    } finally {
      await checks.close();
    }
  });
});

// Saved outputs at scale: one user with 100,000 outputs and 99 others with 1,000 each.
//  (a) p50/p99 of the page queries the routes run (listOutputs): first page, a template filter,
//      favorites, a search and a page 2,000 items deep, with the database's query plan for each;
//  (b) requests/second for GET /api/outputs (first page) over HTTP, 50 connections, against the built server,
//      and /healthz on the same server in the same run: the API's share of what the bare stack answers
//      (issue 20: at least 40% on SQLite; PostgreSQL's share is printed beside it).
// SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Run on its own: node bench/outputs.ts
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from "kysely";
import pg from "pg";
import { listOutputs, saveOutputs, type NewOutput, type OutputFilter } from "#app/features/outputs/outputs.server.ts";
import { createWorkspace, getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import type { Database } from "#server/db/schema.ts";
import { createTestDb, testDatabaseKinds, type TestDatabaseKind } from "#tests/support/test-db.ts";
import { startServer } from "#tests/support/server-process.ts";
import { signInOn } from "#tests/support/users.ts";

const bigUserOutputs = 100_000;
const otherUsers = 99;
const otherUserOutputs = 1_000;
const runs = 300;
const targets = { p99Ms: 15, requestsPerSecond: 1500, shareOfHealthz: 0.4 };
const templateIds = ["description", "productTitle", "review", "existingCopy", "keywords"];

export interface QueryFigure {
  label: string;
  p50: number;
  p99: number;
  rows: number;
  plan: string;
}

export interface OutputsFigures {
  kind: TestDatabaseKind;
  seedSeconds: number;
  queries: QueryFigure[];
  http: HttpFigure;
  /** The same server answering /healthz (Express and the middleware every request passes, nothing else), measured alternately with `http`. */
  healthz: HttpFigure;
  /** For reading `http`: the same server answering /api/outputs signed out (no session lookup, no query). */
  baselines: { label: string; figure: HttpFigure }[];
}

export interface HttpFigure {
  requestsPerSecond: number;
  requests: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU time per request: the cost on an idle core, whatever else the machine runs. */
  serverCpuMsPerRequest: number;
  /** CPU time of a PostgreSQL server on this machine per request (it shares the cores); null when there is none here. */
  databaseCpuMsPerRequest: number | null;
  loadAverage: number;
}

// Listing copy with a realistic spread of words: "bamboo" is in 1 output of 20, "quality" in every one.
const adjectives = "bamboo steel leather organic wireless compact ergonomic premium waterproof portable vintage silicone ceramic cotton wooden glass smart foldable insulated lightweight".split(" ");
const nouns = "board bottle wallet charger lamp backpack blender speaker mat mug kettle chair desk pillow blanket headphones watch knife jar tent".split(" ");
const phrases = [
  "crafted with care for everyday use",
  "delivers reliable performance and lasting comfort",
  "its thoughtful design makes it easy to clean, store and carry",
  "the perfect gift for anyone who values quality",
  "built to last through years of daily use",
  "a smart upgrade for home, office or travel",
  "backed by our satisfaction guarantee",
  "designed by people who use it every day",
];

function contentFor(n: number): string {
  const adjective = adjectives[n % adjectives.length]!;
  const noun = nouns[Math.floor(n / adjectives.length) % nouns.length]!;
  const body = Array.from({ length: 5 }, (_, k) => phrases[(n * 7 + k * 3) % phrases.length]).join("; ");
  return `The ${adjective} ${noun} (model ${n % 997}) ${body}. Order yours today and see the difference quality makes.`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** A second connection that records every query it runs, so the plan of exactly what listOutputs sent can be asked for. */
function openRecordingDb(kind: TestDatabaseKind, url: string) {
  const recorded: CompiledQuery[] = [];
  const log = (event: { level: string; query: CompiledQuery }) => {
    if (event.level === "query") recorded.push(event.query);
  };
  if (kind === "sqlite") {
    const file = new SQLite(url.replace(/^file:/, ""));
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }), log });
    const explain = async (query: CompiledQuery) =>
      file
        .prepare(`explain query plan ${query.sql}`)
        .all(...(query.parameters as unknown[]))
        .map((row) => (row as { detail: string }).detail);
    return { db, recorded, explain };
  }
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  const explain = async (query: CompiledQuery) => (await pool.query(`explain ${query.sql}`, query.parameters as unknown[])).rows.map((row: Record<string, string>) => row["QUERY PLAN"]!.trim());
  return { db, recorded, explain };
}

async function seed(db: Kysely<Database>, kind: TestDatabaseKind, bigUserId: string, bigWorkspaceId: string): Promise<void> {
  const now = new Date().toISOString();
  const workspaceId = await createWorkspace({ db, name: "Bench shops" });
  // 99 more users as plain rows: Better Auth owns the user table, and hashing 99 passwords would be most of the seed.
  const users = Array.from({ length: otherUsers }, (_, i) => ({ id: `bench-user-${i}-${randomUUID()}`, i }));
  await db
    .insertInto("user")
    .values(users.map(({ id, i }) => ({ id, name: `Seller ${i}`, email: `${id}@example.com`, emailVerified: kind === "postgres" ? false : 0, firstName: "Seller", lastName: String(i), createdAt: now, updatedAt: now })))
    .execute();
  // Two years of history, one output every ~10 minutes for the big user; the others interleave.
  const start = Date.now() - 2 * 365 * 24 * 3600 * 1000;
  const owners = [{ userId: bigUserId, workspaceId: bigWorkspaceId, count: bigUserOutputs }, ...users.map((u) => ({ userId: u.id, workspaceId, count: otherUserOutputs }))];
  let ownerIndex = 0;
  const batchSize = kind === "sqlite" ? 500 : 1000;
  let serial = 0;
  await db.transaction().execute(async (trx) => {
    for (const owner of owners) {
      ownerIndex++;
      const step = Math.floor((2 * 365 * 24 * 3600 * 1000) / owner.count);
      for (let from = 0; from < owner.count; from += batchSize) {
        const outputs: NewOutput[] = [];
        for (let n = from; n < Math.min(owner.count, from + batchSize); n++) {
          serial++;
          outputs.push({
            userId: owner.userId,
            workspaceId: owner.workspaceId,
            generationId: null,
            templateId: templateIds[n % templateIds.length]!,
            content: contentFor(n + ownerIndex * 7),
            inputs: { productName: `Product ${n % 500}`, toneOfVoice: "Professional" },
            favorite: n % 10 === 0,
            // Distinct milliseconds per row: outputs of different users never share one.
            createdAt: new Date(start + n * step + (serial % 997)).toISOString(),
          });
        }
        await saveOutputs({ db: trx, outputs });
      }
    }
  });
}

async function measureHttp(pid: number, url: string, headers: Record<string, string>, seconds: number, { warmUp = true } = {}): Promise<HttpFigure> {
  if (warmUp) await autocannon({ url, connections: 50, duration: 2, headers });
  const cpuBefore = cpuSeconds(pid);
  const databaseBefore = postgresCpuSeconds();
  const result = await autocannon({ url, connections: 50, duration: seconds, headers });
  const requests = Math.max(1, result.requests.total);
  const serverCpuMsPerRequest = ((cpuSeconds(pid) - cpuBefore) * 1000) / requests;
  const databaseSeconds = postgresCpuBetween(databaseBefore, postgresCpuSeconds());
  const databaseCpuMsPerRequest = databaseSeconds === null ? null : (databaseSeconds * 1000) / requests;
  return { requestsPerSecond: result.requests.average, requests, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, serverCpuMsPerRequest, databaseCpuMsPerRequest, loadAverage: loadavg()[0]! };
}

/** Two measurements of equal length as one: rates and CPU per request over both, the worse p99. */
function combined(a: HttpFigure, b: HttpFigure): HttpFigure {
  const requests = a.requests + b.requests;
  const perRequest = (x: number | null, y: number | null) => (x === null || y === null ? null : (x * a.requests + y * b.requests) / requests);
  return {
    requestsPerSecond: (a.requestsPerSecond + b.requestsPerSecond) / 2,
    requests,
    p50: (a.p50 + b.p50) / 2,
    p99: Math.max(a.p99, b.p99),
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    serverCpuMsPerRequest: perRequest(a.serverCpuMsPerRequest, b.serverCpuMsPerRequest)!,
    databaseCpuMsPerRequest: perRequest(a.databaseCpuMsPerRequest, b.databaseCpuMsPerRequest),
    loadAverage: (a.loadAverage + b.loadAverage) / 2,
  };
}

/**
 * GET /api/outputs (10 s) and GET /healthz (10 s) on the same server, each in two halves taken in
 * turn (outputs, healthz, outputs, healthz), so that what other tenants of the machine do weighs on both alike.
 */
async function measureAgainstHealthz(pid: number, outputsUrl: string, healthzUrl: string, cookie: string): Promise<{ http: HttpFigure; healthz: HttpFigure }> {
  await autocannon({ url: outputsUrl, connections: 50, duration: 2, headers: { cookie } });
  await autocannon({ url: healthzUrl, connections: 50, duration: 2 });
  const outputs1 = await measureHttp(pid, outputsUrl, { cookie }, 5, { warmUp: false });
  const healthz1 = await measureHttp(pid, healthzUrl, {}, 5, { warmUp: false });
  const outputs2 = await measureHttp(pid, outputsUrl, { cookie }, 5, { warmUp: false });
  const healthz2 = await measureHttp(pid, healthzUrl, {}, 5, { warmUp: false });
  return { http: combined(outputs1, outputs2), healthz: combined(healthz1, healthz2) };
}

/** CPU seconds of each PostgreSQL process on this machine (Linux), by pid; empty when none runs here. */
function postgresCpuSeconds(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") byPid.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // The process ended meanwhile.
    }
  }
  return byPid;
}

/** What PostgreSQL's processes used between two readings (a process that started since counts whole), or null without any. */
function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number | null {
  if (after.size === 0) return null;
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** User + system CPU seconds a process has used (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function timeQuery(label: string, run: () => Promise<{ items: unknown[] }>): Promise<Omit<QueryFigure, "plan">> {
  for (let i = 0; i < 20; i++) await run();
  const samples: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    rows = (await run()).items.length;
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { label, p50: percentile(samples, 0.5), p99: percentile(samples, 0.99), rows };
}

export async function runOutputsBench(kind: TestDatabaseKind): Promise<OutputsFigures> {
  const testDb = await createTestDb(kind);
  const server = await startServer({ DATABASE_URL: testDb.url });
  try {
    const email = `bench-outputs-${Date.now()}@example.com`;
    const { id, cookie } = await signInOn({ ...server, databaseUrl: testDb.url }, { firstName: "Bench", lastName: "Seller", email, password: "bench-password-2026" });
    const db = testDb.db;
    const { workspaceId } = await getActiveMembership({ db, user: { id, name: "Bench Seller", email } });
    const user = { id, workspaceId };
    const seedStarted = performance.now();
    await seed(db, kind, user.id, user.workspaceId);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    // PostgreSQL: what autovacuum does after a bulk load (statistics, GIN pending list). SQLite runs without ANALYZE, as the app does.
    if (kind === "postgres") await sql`vacuum analyze output`.execute(db);

    // The cursor 2,000 items deep, reached the way a client would (limit 100, twenty pages).
    let deepCursor: string | null = null;
    for (let page = 0; page < 20; page++) deepCursor = (await listOutputs({ db, userId: user.id, cursor: deepCursor, limit: 100 })).nextCursor;

    const cases: { label: string; filter: OutputFilter; cursor?: string | null }[] = [
      { label: "first page", filter: {} },
      { label: "filtered page (one template)", filter: { templateId: "review" } },
      { label: "favorites page", filter: { favorite: true } },
      { label: 'search "bamboo" (1 in 20 match)', filter: { q: "bamboo" } },
      { label: 'search "waterproof tent" (1 in 400)', filter: { q: "waterproof tent" } },
      { label: 'search "unicorn" (no match)', filter: { q: "unicorn" } },
      { label: "page 2,000 items deep", filter: {}, cursor: deepCursor },
    ];
    const recording = openRecordingDb(kind, testDb.url);
    const queries: QueryFigure[] = [];
    try {
      for (const { label, filter, cursor } of cases) {
        const figure = await timeQuery(label, () => listOutputs({ db, userId: user.id, filter, cursor }));
        recording.recorded.length = 0;
        await listOutputs({ db: recording.db, userId: user.id, filter, cursor });
        const plans = await Promise.all(recording.recorded.map((query) => recording.explain(query)));
        queries.push({ ...figure, plan: plans.map((lines) => lines.join(" / ")).join(" ;; ") });
      }
    } finally {
      await recording.db.destroy();
    }

    const url = `${server.url}/api/outputs`;
    const probe = await fetch(url, { headers: { cookie } });
    if (probe.status !== 200) throw new Error(`GET /api/outputs answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`);
    const pid = server.child.pid!;
    const { http, healthz } = await measureAgainstHealthz(pid, url, `${server.url}/healthz`, cookie);
    const baselines = [{ label: "GET /api/outputs signed out (401)", figure: await measureHttp(pid, url, {}, 5) }];
    return { kind, seedSeconds, queries, http, healthz, baselines };
  } finally {
    await server.stop();
    await testDb.destroy();
  }
}

export function printOutputs(figures: OutputsFigures): void {
  const mark = (ok: boolean) => (ok ? " " : "!");
  const strict = figures.kind === "sqlite";
  console.log(`\nSaved outputs on ${figures.kind}: 1 user x ${bigUserOutputs.toLocaleString("en-US")} + ${otherUsers} users x ${otherUserOutputs.toLocaleString("en-US")} (seeded in ${figures.seedSeconds.toFixed(1)} s)`);
  for (const q of figures.queries) {
    const ok = !strict || q.p99 <= targets.p99Ms;
    console.log(`${q.label.padEnd(34)} p50 ${q.p50.toFixed(2).padStart(6)} ms  p99 ${q.p99.toFixed(2).padStart(6)} ms${mark(ok)} (${q.rows} rows${strict ? `; target p99 <= ${targets.p99Ms} ms` : ""})`);
    console.log(`  plan: ${q.plan}`);
  }
  const { http, healthz } = figures;
  const perCore = (figure: HttpFigure) => `server CPU ${figure.serverCpuMsPerRequest.toFixed(2)} ms/request = ${Math.round(1000 / figure.serverCpuMsPerRequest).toLocaleString("en-US")} req/s per idle core`;
  console.log(
    `GET /api/outputs (first page, signed in, 50 connections, 10 s): ${Math.round(http.requestsPerSecond).toLocaleString("en-US")} req/s${mark(http.requestsPerSecond >= targets.requestsPerSecond)} ` +
      `(target >= ${targets.requestsPerSecond.toLocaleString("en-US")}); latency p50 ${http.p50} ms, p99 ${http.p99} ms; non-2xx ${http.non2xx}, errors ${http.errors}`,
  );
  console.log(`  ${perCore(http)} (load average ${http.loadAverage.toFixed(1)} on ${cpus().length} CPUs while measuring)`);
  if (figures.kind === "postgres" && http.databaseCpuMsPerRequest !== null) {
    const total = http.serverCpuMsPerRequest + http.databaseCpuMsPerRequest;
    console.log(`  PostgreSQL, on the same ${cpus().length} CPUs, used ${http.databaseCpuMsPerRequest.toFixed(2)} ms CPU/request: app + database ${total.toFixed(2)} ms of CPU a request`);
  }
  const share = shareOfHealthz(figures);
  console.log(
    `  = ${percent(share)} of GET /healthz on the same server in the same run (${Math.round(healthz.requestsPerSecond).toLocaleString("en-US")} req/s, ${perCore(healthz)})` +
      `${strict ? `${mark(share >= targets.shareOfHealthz)} (target >= ${percent(targets.shareOfHealthz)})` : ""}`,
  );
  for (const { label, figure } of figures.baselines) console.log(`  for comparison, ${label}: ${Math.round(figure.requestsPerSecond).toLocaleString("en-US")} req/s, ${perCore(figure)}`);
  console.log("('!' marks a miss)");
}

/** GET /api/outputs' requests per second as a share of /healthz's on the same server. */
function shareOfHealthz(figures: OutputsFigures): number {
  return figures.http.requestsPerSecond / Math.max(1, figures.healthz.requestsPerSecond);
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

export async function runAndPrintOutputsBenches(): Promise<void> {
  const all: OutputsFigures[] = [];
  for (const kind of testDatabaseKinds) {
    const figures = await runOutputsBench(kind);
    printOutputs(figures);
    all.push(figures);
  }
  // Issue 20's figure, one line: SQLite against its target, PostgreSQL (when measured) beside it.
  const line = all.map((figures) => {
    const share = shareOfHealthz(figures);
    const rate = `${Math.round(figures.http.requestsPerSecond).toLocaleString("en-US")} of ${Math.round(figures.healthz.requestsPerSecond).toLocaleString("en-US")} req/s`;
    return figures.kind === "sqlite" ? `SQLite ${percent(share)}${share >= targets.shareOfHealthz ? " " : "!"} (${rate}; target >= ${percent(targets.shareOfHealthz)})` : `${figures.kind === "postgres" ? "PostgreSQL" : figures.kind} ${percent(share)} (${rate})`;
  });
  console.log(`\nGET /api/outputs as a share of GET /healthz, same server, same run: ${line.join("; ")}`);
}

if (import.meta.main) await runAndPrintOutputsBenches();

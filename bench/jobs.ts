// Bulk jobs through built servers over HTTP (issue 18), against the AI stub:
//  (a) 1,000 rows, a token every 20 ms, eight rows at once (the Enterprise plan): wall time against the
//      ideal (rows ÷ 8 × one row's median time), and the servers' CPU per row;
//  (b) 10,000 rows (two jobs of 5,000, the most one job holds) with a stub that answers at once: the
//      server's memory growth.
// On SQLite; and on PostgreSQL with one and with two servers when TEST_DATABASE_URL is set.
// BENCH_JOB_ROWS and BENCH_JOB_FAST_ROWS make them smaller for a quick look; BENCH_NODE_OPTIONS is passed
// to the servers (e.g. "--max-old-space-size=160" shows how much of the growth is V8 sizing its heap
// lazily rather than memory held: docs/decisions/019).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startAiStub, type AiStub } from "#tests/support/ai-stub-server.ts";
import { startAppServers, type AppServers } from "#tests/support/app-servers.ts";
import { createPostgresDatabase } from "#tests/support/postgres-db.ts";

const run = promisify(execFile);
const targets = { ratio: 1.1, rssGrowthMb: 100 };
const concurrency = 8;
const rowsTimed = Number(process.env.BENCH_JOB_ROWS ?? 1000);
const rowsFast = Number(process.env.BENCH_JOB_FAST_ROWS ?? 10_000);
const sections = ["title", "searchTerms"];

export interface JobBenchFigures {
  setup: string;
  rows: number;
  wallSeconds: number;
  rowMedianSeconds: number;
  idealSeconds: number;
  cpuMsPerRow: number;
  fastRows: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** User + system CPU of a process so far, in milliseconds. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function signUpWithPlan(url: string, databaseUrl: string): Promise<string> {
  const email = `bench-jobs-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const signUp = await fetch(`${url}/sign-up`, { method: "POST", redirect: "manual", headers: { Origin: url }, body: new URLSearchParams({ firstName: "Bench", lastName: "Jobs", email, password: "bench-password-2026" }) });
  if (signUp.status !== 302) throw new Error(`sign-up answered ${signUp.status}`);
  const operatorData = mkdtempSync(path.join(tmpdir(), "sellscribe-bench-operator-"));
  try {
    const env = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: operatorData };
    await run(process.execPath, ["--disable-warning=ExperimentalWarning", "scripts/operator.ts", "plan", "set", email, "enterprise", "monthly"], { env });
    await run(process.execPath, ["--disable-warning=ExperimentalWarning", "scripts/operator.ts", "credits", "grant", email, "10000000"], { env });
  } finally {
    rmSync(operatorData, { recursive: true, force: true });
  }
  return signUp.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
}

async function runJob(url: string, cookie: string, count: number, label: string): Promise<{ id: string; seconds: number }> {
  const csv = ["Brand,Product name,Key features", ...Array.from({ length: count }, (_, i) => `Benchco,${label} Mug ${i + 1},"double wall, ${300 + (i % 200)} ml"`)].join("\n");
  const form = new FormData();
  form.set("file", new Blob([csv], { type: "text/csv" }), `${label}.csv`);
  form.set("mapping", JSON.stringify({ brand: 0, productName: 1, keyFeatures: 2 }));
  form.set("options", JSON.stringify({ sections, marketplace: "amazon.com" }));
  const started = performance.now();
  const created = await fetch(`${url}/api/jobs`, { method: "POST", headers: { Origin: url, Cookie: cookie }, body: form });
  if (created.status !== 201) throw new Error(`POST /api/jobs answered ${created.status}: ${(await created.text()).slice(0, 200)}`);
  const { job } = (await created.json()) as { job: { id: string } };
  for (;;) {
    const progress = (await (await fetch(`${url}/api/jobs/${job.id}`, { headers: { Cookie: cookie } })).json()) as { status: string; done: number; failed: number };
    if (progress.status === "completed") {
      if (progress.failed > 0) console.log(`  (${progress.failed} rows failed in ${label})`);
      return { id: job.id, seconds: (performance.now() - started) / 1000 };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function benchSetup(setup: string, servers: AppServers, databaseUrl: string, stub: AiStub, count: number, rowSpans: (jobId: string) => Promise<number[]>): Promise<JobBenchFigures> {
  const pids = servers.urls.map((_, i) => servers.process(i).pid!);
  const cookie = await signUpWithPlan(servers.urls[0]!, databaseUrl);
  stub.reset();
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const timed = await runJob(servers.urls[0]!, cookie, rowsTimed, "timed");
  const cpuAfter = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const spans = (await rowSpans(timed.id)).sort((a, b) => a - b);
  const median = spans[Math.floor(spans.length / 2)] ?? Number.NaN;
  // Fast rows: the stub answers at once; the first server's memory, sampled while they run.
  const pid = pids[0]!;
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 250);
  let left = count;
  try {
    stub.setTokenDelay(0);
    while (left > 0) {
      const size = Math.min(5000, left);
      await runJob(servers.urls[0]!, cookie, size, `fast${left}`);
      left -= size;
    }
  } finally {
    clearInterval(sampler);
    stub.setTokenDelay(20);
  }
  return {
    setup,
    rows: rowsTimed,
    wallSeconds: timed.seconds,
    rowMedianSeconds: median,
    idealSeconds: (rowsTimed / concurrency) * median,
    cpuMsPerRow: (cpuAfter - cpuBefore) / rowsTimed,
    fastRows: count,
    rssBeforeMb,
    rssPeakMb,
    rssAfterMb: rssMb(pid),
  };
}

export async function runJobBenches(): Promise<JobBenchFigures[]> {
  const figures: JobBenchFigures[] = [];
  const stub = await startAiStub({ port: 0, tokenDelayMs: 20 });
  const env = { ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}), AI_PROVIDER: "openai-compatible", AI_BASE_URL: stub.baseUrl, AI_API_KEY: "sk-bench-not-a-key", AI_CONCURRENCY: String(concurrency), LOG_LEVEL: "warn" };
  try {
    // SQLite, one server.
    const folder = mkdtempSync(path.join(tmpdir(), "sellscribe-bench-jobs-"));
    const file = path.join(folder, "bench.sqlite");
    const sqlite = await startAppServers({ count: 1, databaseUrl: `file:${file}`, env });
    try {
      const { default: SQLite } = await import("better-sqlite3");
      const spans = async (jobId: string) => {
        const db = new SQLite(file, { readonly: true });
        try {
          return (db.prepare("select startedAt, finishedAt from job_row where jobId = ? and status = 'done'").all(jobId) as { startedAt: string; finishedAt: string }[]).map((row) => (Date.parse(row.finishedAt) - Date.parse(row.startedAt)) / 1000);
        } finally {
          db.close();
        }
      };
      figures.push(await benchSetup("SQLite, one server", sqlite, `file:${file}`, stub, rowsFast, spans));
    } finally {
      await sqlite.stop();
      rmSync(folder, { recursive: true, force: true });
    }
    if (!process.env.TEST_DATABASE_URL) return figures;
    const { default: pg } = await import("pg");
    for (const count of [1, 2]) {
      const database = await createPostgresDatabase();
      const servers = await startAppServers({ count, databaseUrl: database.url, env });
      const spans = async (jobId: string) => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ startedAt: string; finishedAt: string }>(`select "startedAt", "finishedAt" from job_row where "jobId" = $1 and status = 'done'`, [jobId]);
          return rows.map((row) => (Date.parse(row.finishedAt) - Date.parse(row.startedAt)) / 1000);
        } finally {
          await client.end();
        }
      };
      try {
        figures.push(await benchSetup(`PostgreSQL, ${count} server${count > 1 ? "s" : ""}`, servers, database.url, stub, count === 1 ? rowsFast : Math.min(rowsFast, 5000), spans));
      } finally {
        await servers.stop();
        await database.drop();
      }
    }
    return figures;
  } finally {
    await stub.close();
  }
}

export function printJobs(figures: JobBenchFigures[]): void {
  const mark = (ok: boolean) => (ok ? " " : "!");
  console.log(`\nBulk jobs (stub provider; sections ${sections.join(" + ")}; ${concurrency} rows at once)`);
  for (const figure of figures) {
    const ratio = figure.wallSeconds / figure.idealSeconds;
    const growth = figure.rssPeakMb - figure.rssBeforeMb;
    console.log(
      `${figure.setup}: ${figure.rows} rows (a token every 20 ms) in ${figure.wallSeconds.toFixed(1)} s; one row ${figure.rowMedianSeconds.toFixed(2)} s (median), ideal ${figure.idealSeconds.toFixed(1)} s; ` +
        `ratio ${ratio.toFixed(2)}${mark(ratio <= targets.ratio)} (target <= ${targets.ratio}); server CPU ${figure.cpuMsPerRow.toFixed(1)} ms per row`,
    );
    console.log(
      `  ${figure.fastRows} rows (instant stub): server memory ${figure.rssBeforeMb.toFixed(0)} MB -> peak ${figure.rssPeakMb.toFixed(0)} MB (+${growth.toFixed(0)} MB${mark(growth <= targets.rssGrowthMb)}; target <= +${targets.rssGrowthMb} MB), ${figure.rssAfterMb.toFixed(0)} MB after`,
    );
  }
  if (!figures.some((figure) => figure.setup.startsWith("PostgreSQL"))) console.log("  (PostgreSQL: set TEST_DATABASE_URL to measure one and two servers)");
}

// npm run backup / npm run restore as an operator runs them (node scripts/backup.ts, scripts/restore.ts
// in child processes), against a live SQLite database that this process keeps writing: 20 generations
// stream from the stub provider over HTTP while the backup runs. SQLite only: on PostgreSQL the
// commands print pg_dump / pg_restore, which the last test checks.
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantBonusWords } from "#app/features/billing/credits.server.ts";
import { recoverInterruptedGenerations } from "#app/features/generate/generation-credits.server.ts";
import { readGenerationStream, type GenerationEvent } from "#app/features/generate/generation-events.ts";
import { handleGenerationPost } from "#app/features/generate/generation-request.server.ts";
import { createWriter } from "#server/ai/writer.server.ts";
import type { AppConfig } from "#server/config.server.ts";
import { createDb, type Db } from "#server/db/db.server.ts";
import { migrateToLatest } from "#server/db/migrate.server.ts";
import { createRateLimiter } from "#server/rate-limit.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { stubAiConfig } from "#tests/support/test-db.ts";

interface CliResult {
  code: number | null;
  out: string;
  err: string;
}

/** Runs scripts/<script>.ts as npm run does, without blocking this process (its generations keep streaming). */
function runCli(script: "backup" | "restore", args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", `scripts/${script}.ts`, ...args], {
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out: out.trim(), err: err.trim() }));
  });
}

/** The environment of a server whose data folder is `dir` (as tests/support/server-process.ts sets it). */
const serverEnv = (dir: string) => ({ DATA_DIR: dir, DATABASE_URL: `file:${path.join(dir, "db.sqlite")}` });

/**
 * Every file in `dir` with its size, modification time and content hash. Hashed by another process:
 * opening and closing a database file here would drop this process's SQLite locks on it (POSIX locks
 * belong to the process), and the "running server" below is this process.
 */
function folderState(dir: string): Record<string, string> {
  const names = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile()).map(({ name }) => name).sort();
  if (names.length === 0) return {};
  const hashes = execFileSync("sha256sum", names, { cwd: dir, encoding: "utf8" }).trim().split("\n");
  return Object.fromEntries(
    names.map((name, i) => {
      const { size, mtimeMs } = statSync(path.join(dir, name));
      return [name, `${size} ${mtimeMs} ${hashes[i]!.split(" ")[0]}`];
    }),
  );
}

const ids = async (db: Db, table: "output" | "credit_ledger" | "generation") => new Set((await db.selectFrom(table).select("id").execute()).map((row) => row.id));

// Each command is a Node process of its own (a second or two on a busy machine).
describe("backup and restore on sqlite", { timeout: 60_000 }, () => {
  const { testDb, stub, signUp } = useIntegrationBackend("sqlite", { aiStub: { tokenDelayMs: 1 } });
  let config: AppConfig;
  let work: string;
  const accounts: { user: { id: string; name: string; email: string }; workspaceId: string }[] = [];

  beforeAll(async () => {
    config = stubAiConfig(testDb, stub.baseUrl, "openai-compatible");
    work = mkdtempSync(path.join(tmpdir(), "sellscribe-backup-"));
    for (const name of ["Ada", "Grace", "Edsger", "Barbara"]) {
      const { user, workspaceId } = await signUp({ firstName: name, lastName: "Tester" });
      await grantBonusWords({ db: testDb.db, workspaceId, words: 50_000 });
      accounts.push({ user: { id: user.id, name: user.name, email: user.email }, workspaceId });
    }
  });
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
  });

  const liveEnv = () => ({ DATA_DIR: testDb.config.dataDir, DATABASE_URL: testDb.url });
  const backupFile = () => path.join(work, "sellscribe-backup.sqlite");

  it("backs up while 20 generations stream; the restore into a fresh folder has every row committed before it, and balanced ledgers", async () => {
    const limiter = createRateLimiter(testDb.db);
    const product = (i: number) => `Backup Board ${String(i).padStart(2, "0")}`;
    // Eight answer at once; twelve are still writing when the backup runs.
    for (let i = 0; i < 20; i++) stub.enqueue({ when: product(i), tokenDelayMs: i < 8 ? 1 : 200 });
    const generations = Array.from({ length: 20 }, async (_, i) => {
      const { user } = accounts[i % accounts.length]!;
      const inputs = { productName: product(i), keyBenefitsFeatures: "Gentle on knives, deep juice grooves", toneOfVoice: "Professional", numberOutputs: "3" };
      const response = await handleGenerationPost({
        request: new Request("http://localhost/api/generations", { method: "POST", body: JSON.stringify({ templateId: "description", inputs }), headers: { "content-type": "application/json" } }),
        user,
        locale: "en",
        requestId: `req-backup-${i}`,
        db: testDb.db,
        config,
        limiter,
        writer: createWriter(config.ai),
      });
      return readGenerationStream(response, () => undefined);
    });
    const succeeded = () => testDb.db.selectFrom("generation").select("id").where("status", "=", "succeeded").execute();
    await expect.poll(async () => (await succeeded()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(8);

    // Everything committed before the backup starts must be in it.
    const before = { outputs: await ids(testDb.db, "output"), ledger: await ids(testDb.db, "credit_ledger") };
    const backup = await runCli("backup", [backupFile()], liveEnv());
    expect(backup.err).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(/^Backed up .+ to .+sellscribe-backup\.sqlite \(\d+ KB, schema 0\d{3}_\w+: 4 users, 4 workspaces, \d+ outputs, 20 generations, \d+ ledger entries\)\.\nRestore it into a stopped server with: npm run restore -- .+$/);
    const stillStreaming = await testDb.db.selectFrom("generation").select("id").where("status", "=", "running").execute();
    expect(stillStreaming.length).toBeGreaterThan(0);

    const last = (await Promise.all(generations)) as (GenerationEvent | null)[];
    expect(last.map((event) => event?.type)).toEqual(Array(20).fill("done"));
    const final = { outputs: await ids(testDb.db, "output"), ledger: await ids(testDb.db, "credit_ledger") };
    expect(final.outputs.size).toBe(60);

    const fresh = mkdtempSync(path.join(work, "fresh-"));
    const restore = await runCli("restore", [backupFile()], serverEnv(fresh));
    expect(restore.err).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.out).toContain("There was no database before it.");
    expect(readdirSync(fresh)).toEqual(["db.sqlite"]);

    const restored = createDb({ kind: "sqlite", file: path.join(fresh, "db.sqlite") });
    try {
      // The schema is this version's: a server starting on it has nothing to migrate.
      expect(await migrateToLatest(restored)).toEqual([]);
      const got = { outputs: await ids(restored, "output"), ledger: await ids(restored, "credit_ledger") };
      for (const id of before.outputs) expect(got.outputs.has(id)).toBe(true);
      for (const id of before.ledger) expect(got.ledger.has(id)).toBe(true);
      // Nothing that was never committed, and a moment inside the run: some generations done, some still writing.
      for (const id of got.outputs) expect(final.outputs.has(id)).toBe(true);
      for (const id of got.ledger) expect(final.ledger.has(id)).toBe(true);
      const statuses = await restored.selectFrom("generation").select(["id", "status", "count"]).execute();
      expect(statuses).toHaveLength(20);
      expect(statuses.filter((g) => g.status === "succeeded").length).toBeGreaterThanOrEqual(8);
      expect(statuses.filter((g) => g.status === "running").length).toBeGreaterThan(0);
      for (const generation of statuses) {
        const outputs = await restored.selectFrom("output").select("id").where("generationId", "=", generation.id).execute();
        const reasons = (await restored.selectFrom("credit_ledger").select("reason").where("generationId", "=", generation.id).orderBy("createdAt").execute()).map((r) => r.reason);
        // A generation is whole: saved with its outputs and its settlement, or still holding its reservation.
        if (generation.status === "succeeded") {
          expect(outputs).toHaveLength(generation.count);
          expect(reasons).toContain("settle");
        } else {
          expect(outputs).toHaveLength(0);
          expect(reasons.filter((r) => r !== "reserve")).toEqual([]);
        }
      }
      const expectBalancedLedgers = async () => {
        for (const { workspaceId } of accounts) {
          const balance = await restored.selectFrom("credit_balance").select(["allowance", "bonus", "used"]).where("workspaceId", "=", workspaceId).executeTakeFirstOrThrow();
          const { total } = await restored.selectFrom("credit_ledger").select((eb) => eb.fn.sum<number>("delta").as("total")).where("workspaceId", "=", workspaceId).executeTakeFirstOrThrow();
          expect(Number(total)).toBe(balance.allowance + balance.bonus - balance.used);
          expect(Number(total)).toBeGreaterThanOrEqual(0);
        }
      };
      await expectBalancedLedgers();
      // The restored server's housekeeping closes the generations the backup caught mid-way and gives their words back.
      const inFlight = statuses.filter((g) => g.status === "running").length;
      expect(await recoverInterruptedGenerations({ db: restored, now: new Date(Date.now() + 2 * 3_600_000) })).toBe(inFlight);
      expect(await restored.selectFrom("credit_ledger").select("id").where("reason", "=", "refund").execute()).toHaveLength(inFlight);
      await expectBalancedLedgers();
    } finally {
      await restored.destroy();
    }
  });

  it("restores over a stopped server's database and keeps the previous one beside it", async () => {
    const folder = mkdtempSync(path.join(work, "stopped-"));
    const database = path.join(folder, "db.sqlite");
    // A stopped server's database, left with a WAL by a crash: its rows must survive in the side copy.
    const old = new SQLite(database);
    old.pragma("journal_mode = WAL");
    old.exec("create table kept (note text); insert into kept values ('written before the restore')");
    copyFileSync(database, `${database}.copy`);
    copyFileSync(`${database}-wal`, `${database}.copy-wal`);
    old.close();
    rmSync(database);
    copyFileSync(`${database}.copy`, database);
    copyFileSync(`${database}.copy-wal`, `${database}-wal`);
    rmSync(`${database}.copy`);
    rmSync(`${database}.copy-wal`);

    const result = await runCli("restore", [backupFile()], serverEnv(folder));
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    const sideName = readdirSync(folder).find((name) => name.startsWith("db.sqlite.before-restore-"));
    expect(sideName).toMatch(/^db\.sqlite\.before-restore-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/);
    expect(result.out).toContain(`The database it replaced is kept as ${path.join(folder, sideName!)}.`);
    expect(readdirSync(folder).sort()).toEqual(["db.sqlite", sideName]);
    const side = new SQLite(path.join(folder, sideName!), { readonly: true });
    expect(side.prepare("select note from kept").all()).toEqual([{ note: "written before the restore" }]);
    side.close();
    const restored = new SQLite(database, { readonly: true });
    expect(restored.prepare("select count(*) as n from generation").get()).toEqual({ n: 20 });
    restored.close();
  });

  it("refuses a file that is not a Sellscribe backup, a newer schema and a running server, and changes nothing", async () => {
    const folder = mkdtempSync(path.join(work, "target-"));
    expect((await runCli("restore", [backupFile()], serverEnv(folder))).code).toBe(0);
    const target = folderState(folder);

    const notSqlite = path.join(work, "notes.txt");
    writeFileSync(notSqlite, "These are not the tables you are looking for.\n".repeat(20));
    expect(await runCli("restore", [notSqlite], serverEnv(folder))).toEqual({ code: 1, out: "", err: `${notSqlite} is not a Sellscribe database: it is not a SQLite file.` });

    const otherApp = path.join(work, "other-app.sqlite");
    const other = new SQLite(otherApp);
    other.exec("create table notes (id integer primary key, body text); insert into notes (body) values ('hello')");
    other.close();
    expect(await runCli("restore", [otherApp], serverEnv(folder))).toEqual({ code: 1, out: "", err: `${otherApp} is not a Sellscribe database: it is a SQLite database without Sellscribe's tables.` });

    const newer = path.join(work, "newer.sqlite");
    copyFileSync(backupFile(), newer);
    const future = new SQLite(newer);
    future.prepare("insert into kysely_migration (name, timestamp) values (?, ?)").run("0999_from_the_future", new Date().toISOString());
    future.close();
    const newerBefore = folderState(work)["newer.sqlite"];
    expect(await runCli("restore", [newer], serverEnv(folder))).toEqual({
      code: 1,
      out: "",
      err: `${newer} was made by a newer Sellscribe (its schema has 0999_from_the_future, which this version does not know): upgrade Sellscribe, then restore it.`,
    });
    // The backup file itself is only read.
    expect(folderState(work)["newer.sqlite"]).toBe(newerBefore);
    expect(folderState(folder)).toEqual(target);

    // This process holds the live database open, as a running server does.
    const live = folderState(testDb.config.dataDir);
    const running = await runCli("restore", [backupFile()], liveEnv());
    expect(running).toEqual({ code: 1, out: "", err: `The database at ${testDb.config.database.kind === "sqlite" ? testDb.config.database.file : ""} is in use: stop the Sellscribe server (and anything else using it), then restore again.` });
    expect(folderState(testDb.config.dataDir)).toEqual(live);
    expect(await testDb.db.selectFrom("generation").select("id").execute()).toHaveLength(20);
  });

  it("keeps an existing backup file unless --force, and prints usage for anything else", async () => {
    const kept = folderState(work)["sellscribe-backup.sqlite"];
    const again = await runCli("backup", [backupFile()], liveEnv());
    expect(again).toEqual({ code: 1, out: "", err: `${backupFile()} already exists: choose another file name, or add --force to replace it.` });
    expect(folderState(work)["sellscribe-backup.sqlite"]).toBe(kept);
    const forced = await runCli("backup", [backupFile(), "--force"], liveEnv());
    expect(forced.code).toBe(0);
    expect(readdirSync(work).filter((name) => name.includes(".tmp"))).toEqual([]);
    expect(statSync(backupFile()).mode & 0o777).toBe(0o600);

    for (const [script, args] of [["backup", []], ["backup", ["a.sqlite", "b.sqlite"]], ["restore", [backupFile(), "--force"]]] as const) {
      const usage = await runCli(script, [...args], liveEnv());
      expect(usage.code).toBe(2);
      expect(usage.err).toContain("npm run backup -- <file> [--force]");
      expect(usage.err).toContain("npm run restore -- <file>");
    }
  });

  it("on PostgreSQL prints the pg_dump and pg_restore commands instead, without the password", async () => {
    const env = { DATABASE_URL: "postgres://sellscribe:s3cret-password@127.0.0.1:5432/sellscribe", DATA_DIR: work };
    for (const script of ["backup", "restore"] as const) {
      const result = await runCli(script, ["nightly.dump"], env);
      expect(result.code).toBe(1);
      expect(result.out).toBe("");
      expect(result.err).toContain(`npm run ${script} ${script === "backup" ? "copies" : "restores"} SQLite databases only, and DATABASE_URL is PostgreSQL.`);
      expect(result.err).toContain('pg_dump --format=custom --file=nightly.dump "$DATABASE_URL"');
      expect(result.err).toContain('pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" nightly.dump');
      expect(result.err).not.toContain("s3cret");
    }
    expect(readdirSync(work)).not.toContain("nightly.dump");
  });
});

// Backups of the SQLite database while the server runs, and restores into a stopped server's data
// folder (npm run backup / npm run restore; scripts/backup.ts, scripts/restore.ts). PostgreSQL has
// its own tools (pg_dump / pg_restore): the commands only print them. See docs/decisions/025-backups.md.
import { chmodSync, closeSync, constants, copyFileSync, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { z } from "zod";
import type { AppConfig } from "#server/config.server.ts";
import { migrations } from "./migrations/index.ts";

/** A refusal or a usage mistake: the command prints `message` and exits with `exitCode`, having changed nothing. */
export class BackupError extends Error {
  override name = "BackupError";
  readonly exitCode: 1 | 2;
  constructor(message: string, exitCode: 1 | 2 = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

export const backupUsage = ["Usage:", "  npm run backup -- <file> [--force]   (--force replaces an existing file)", "  npm run restore -- <file>"].join("\n");

/** What a Sellscribe database holds, as the commands print it. */
export interface DatabaseSummary {
  /** The newest migration applied (the schema version). */
  schema: string;
  /** Migrations this code has and the database does not have yet (the server applies them on start). */
  pending: number;
  bytes: number;
  counts: { users: number; workspaces: number; outputs: number; generations: number; ledgerEntries: number };
  /** Users with two-factor sign-in: their secrets are encrypted with the server's SESSION_SECRET. */
  twoFactorUsers: number;
}

const knownMigrations: readonly string[] = Object.keys(migrations);
const migrationTable = "kysely_migration";
const sqliteHeader = Buffer.from("SQLite format 3\0", "latin1");

/** True when the file starts with SQLite's 16-byte header. */
function isSqliteFile(file: string): boolean {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(sqliteHeader.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(sqliteHeader);
  } finally {
    closeSync(fd);
  }
}

function tableExists(db: SQLite.Database, name: string): boolean {
  return db.prepare("select 1 from sqlite_schema where type = 'table' and name = ?").get(name) !== undefined;
}

function countRows(db: SQLite.Database, table: string): number {
  if (!tableExists(db, table)) return 0;
  const row = z.object({ n: z.number() }).parse(db.prepare(`select count(*) as n from "${table}"`).get());
  return row.n;
}

/**
 * Checks that `file` is a whole Sellscribe database this code can run: SQLite, our migration table
 * with only migrations we know (an unknown one means a newer Sellscribe made it), and an intact file.
 * Leaves it as a single file (rollback journal, no -wal beside it). Throws BackupError otherwise.
 */
export function inspectSellscribeDatabase(file: string, shownName = file): DatabaseSummary {
  if (!isSqliteFile(file)) throw new BackupError(`${shownName} is not a Sellscribe database: it is not a SQLite file.`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${shownName} cannot be opened as a SQLite database (${(error as Error).message}).`);
  }
  try {
    // The copy becomes one self-contained file: a backup API copy keeps the live database's WAL mode.
    db.pragma("journal_mode = DELETE");
    if (!tableExists(db, migrationTable) || !tableExists(db, "workspace") || !tableExists(db, "user")) {
      throw new BackupError(`${shownName} is not a Sellscribe database: it is a SQLite database without Sellscribe's tables.`);
    }
    const applied = z.array(z.object({ name: z.string() })).parse(db.prepare(`select name from ${migrationTable} order by name`).all()).map((row) => row.name);
    if (!applied.includes(knownMigrations[0]!)) throw new BackupError(`${shownName} is not a Sellscribe database: its migrations are not Sellscribe's.`);
    const unknown = applied.filter((name) => !knownMigrations.includes(name));
    if (unknown.length > 0) {
      throw new BackupError(
        `${shownName} was made by a newer Sellscribe (its schema has ${unknown.join(", ")}, which this version does not know): upgrade Sellscribe, then restore it.`,
      );
    }
    const problems = z.array(z.object({ integrity_check: z.string() })).parse(db.pragma("integrity_check"));
    if (problems.length !== 1 || problems[0]!.integrity_check !== "ok") {
      throw new BackupError(`${shownName} is damaged (integrity check: ${problems.slice(0, 3).map((p) => p.integrity_check).join("; ")}).`);
    }
    return {
      schema: applied.at(-1)!,
      pending: knownMigrations.length - applied.length,
      bytes: 0,
      counts: {
        users: countRows(db, "user"),
        workspaces: countRows(db, "workspace"),
        outputs: countRows(db, "output"),
        generations: countRows(db, "generation"),
        ledgerEntries: countRows(db, "credit_ledger"),
      },
      twoFactorUsers: countRows(db, "twoFactor"),
    };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${shownName} cannot be read as a Sellscribe database (${(error as Error).message}).`);
  } finally {
    db.close();
  }
}

/** Flushes a file (or a folder's entry list) to disk, so a rename after it is durable. */
function syncToDisk(file: string): void {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function partialName(target: string, purpose: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${purpose}-${process.pid}.tmp`);
}

/**
 * A consistent copy of the live database in `target` while servers keep writing: SQLite's online
 * backup API copies every page in one step inside one read transaction (WAL lets writers go on), into
 * a temporary file that is checked, then renamed. An existing `target` is kept unless `overwrite`.
 */
export async function backupSqliteDatabase({ source, target, overwrite = false }: { source: string; target: string; overwrite?: boolean }): Promise<DatabaseSummary> {
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source}: check DATABASE_URL (the server creates it on its first start).`);
  if (existsSync(target) && !overwrite) throw new BackupError(`${target} already exists: choose another file name, or add --force to replace it.`);
  if (!existsSync(path.dirname(target))) throw new BackupError(`The folder ${path.dirname(target)} does not exist: create it first.`);
  if (path.resolve(target) === path.resolve(source)) throw new BackupError("The backup file cannot be the database itself.");
  const partial = partialName(target, "backup");
  const live = new SQLite(source, { fileMustExist: true });
  try {
    live.pragma("busy_timeout = 5000");
    // The first step only starts; the callback then asks for every remaining page at once.
    await live.backup(partial, { progress: () => 0x7fffffff });
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`The backup of ${source} failed: ${(error as Error).message}`);
  } finally {
    live.close();
  }
  try {
    const summary = inspectSellscribeDatabase(partial, source);
    // A backup holds password hashes and sessions: readable by its owner only.
    chmodSync(partial, 0o600);
    syncToDisk(partial);
    renameSync(partial, target);
    syncToDisk(path.dirname(target));
    return { ...summary, bytes: statSync(target).size };
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Holds an exclusive lock on the database at `file`, or refuses when a server has it open: a
 * Sellscribe server keeps its connection open in WAL mode, which holds a lock on the shared WAL index
 * for as long as it runs (the OS drops it with the process, even after a crash), and an exclusive
 * lock cannot be had beside it. Null when there is no database (a fresh folder).
 */
function lockStoppedDatabase(file: string): SQLite.Database | null {
  if (!existsSync(file)) return null;
  if (statSync(file).size > 0 && !isSqliteFile(file)) return null; // not a database: nothing can be running on it
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 0");
    // Read first, through the shared WAL index: a connection that turns exclusive before its first read
    // keeps its WAL index in private memory and would not see the server's lock at all.
    db.prepare("select count(*) from sqlite_schema").get();
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("begin exclusive");
    db.exec("commit");
    // Folds a crashed server's WAL into the file, so the side copy holds everything it committed.
    db.pragma("journal_mode = DELETE");
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY") || (error as { code?: string }).code === "SQLITE_LOCKED") {
      throw new BackupError(`The database at ${file} is in use: stop the Sellscribe server (and anything else using it), then restore again.`);
    }
    throw new BackupError(`The database at ${file} cannot be locked for the restore (${(error as Error).message}).`);
  }
}

export interface RestoreSummary extends DatabaseSummary {
  /** Where the database that was replaced now is (null: there was none). */
  previous: string | null;
}

/**
 * Replaces the database at `target` with the backup in `backup`, after checking the backup (see
 * inspectSellscribeDatabase) and that no server has the database open. The previous database is kept
 * beside it as `<name>.before-restore-<time>`. On any refusal nothing in the folder changes.
 */
export function restoreSqliteDatabase({ backup, target, now = new Date() }: { backup: string; target: string; now?: Date }): RestoreSummary {
  if (!existsSync(backup) || !statSync(backup).isFile()) throw new BackupError(`There is no backup file at ${backup}.`);
  if (existsSync(`${backup}-wal`) && statSync(`${backup}-wal`).size > 0) {
    throw new BackupError(`${backup} has a -wal file beside it (a copy of a live database, not a backup): make backups with npm run backup.`);
  }
  if (path.resolve(backup) === path.resolve(target)) throw new BackupError("The backup file is the database itself.");
  if (!existsSync(path.dirname(target))) throw new BackupError(`The folder ${path.dirname(target)} does not exist: create it (or start the server once) first.`);
  // The checks run on a private copy, which is then what moves into place: the backup file itself is never opened for writing.
  const partial = partialName(target, "restore");
  copyFileSync(backup, partial, constants.COPYFILE_EXCL);
  try {
    const summary = inspectSellscribeDatabase(partial, backup);
    const lock = lockStoppedDatabase(target);
    let previous: string | null = null;
    try {
      if (existsSync(target)) {
        previous = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
        copyFileSync(target, previous, constants.COPYFILE_EXCL);
        syncToDisk(previous);
      }
      syncToDisk(partial);
      renameSync(partial, target);
      for (const sidecar of ["-wal", "-shm", "-journal"]) rmSync(`${target}${sidecar}`, { force: true });
      syncToDisk(path.dirname(target));
    } finally {
      lock?.close();
    }
    return { ...summary, bytes: statSync(target).size, previous };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** The PostgreSQL commands an operator runs instead (the URL stays in $DATABASE_URL, never printed). */
export function postgresBackupCommands(file = "sellscribe.dump"): string {
  const quoted = /^[\w./-]+$/.test(file) ? file : `'${file.replaceAll("'", `'\\''`)}'`;
  return [
    "On PostgreSQL, back up and restore with PostgreSQL's own tools (same major version as the server):",
    `  backup (while servers run; one consistent snapshot):  pg_dump --format=custom --file=${quoted} "$DATABASE_URL"`,
    `  restore (servers stopped; replaces Sellscribe's tables):  pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" ${quoted}`,
    "Then start the servers: they apply any newer migrations.",
  ].join("\n");
}

const argsSchema = z.tuple([z.string().min(1)]).rest(z.enum(["--force"]));

function parseArgs(args: string[], { allowForce }: { allowForce: boolean }): { file: string; force: boolean } {
  const flags = args.filter((arg) => arg.startsWith("--"));
  const files = args.filter((arg) => !arg.startsWith("--"));
  const parsed = argsSchema.safeParse([...files, ...flags]);
  if (!parsed.success || files.length !== 1 || (!allowForce && flags.length > 0)) throw new BackupError(backupUsage, 2);
  return { file: parsed.data[0], force: flags.includes("--force") };
}

const formatCount = (n: number) => n.toLocaleString("en-US");

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatCount(Math.ceil(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function describe(summary: DatabaseSummary): string {
  const { users, workspaces, outputs, generations, ledgerEntries } = summary.counts;
  return (
    `${formatBytes(summary.bytes)}, schema ${summary.schema}: ${formatCount(users)} users, ${formatCount(workspaces)} workspaces, ` +
    `${formatCount(outputs)} outputs, ${formatCount(generations)} generations, ${formatCount(ledgerEntries)} ledger entries`
  );
}

const twoFactorNote = (summary: DatabaseSummary) =>
  summary.twoFactorUsers > 0
    ? `\n${formatCount(summary.twoFactorUsers)} users have two-factor sign-in set up: their secrets are encrypted with SESSION_SECRET (or the data folder's session-secret file), so keep it with the backup and use the same one where you restore.`
    : "";

/** npm run backup -- <file> [--force]. `cwd` is where relative file names start (npm's INIT_CWD). */
export async function runBackupCommand(args: string[], { config, cwd }: { config: Pick<AppConfig, "database">; cwd: string }): Promise<string> {
  const { file, force } = parseArgs(args, { allowForce: true });
  if (config.database.kind === "postgres") throw new BackupError(`npm run backup copies SQLite databases only, and DATABASE_URL is PostgreSQL.\n${postgresBackupCommands(file)}`);
  const target = path.resolve(cwd, file);
  const summary = await backupSqliteDatabase({ source: config.database.file, target, overwrite: force });
  return `Backed up ${config.database.file} to ${target} (${describe(summary)}).\nRestore it into a stopped server with: npm run restore -- ${target}${twoFactorNote(summary)}`;
}

/** npm run restore -- <file>. */
export function runRestoreCommand(args: string[], { config, cwd, now }: { config: Pick<AppConfig, "database">; cwd: string; now?: Date }): string {
  const { file } = parseArgs(args, { allowForce: false });
  if (config.database.kind === "postgres") throw new BackupError(`npm run restore restores SQLite databases only, and DATABASE_URL is PostgreSQL.\n${postgresBackupCommands(file)}`);
  const summary = restoreSqliteDatabase({ backup: path.resolve(cwd, file), target: config.database.file, now });
  const previous = summary.previous ? `The database it replaced is kept as ${summary.previous}.` : "There was no database before it.";
  const pending = summary.pending > 0 ? ` The server applies ${summary.pending} newer migrations when it starts.` : "";
  return `Restored ${config.database.file} from ${path.resolve(cwd, file)} (${describe(summary)}). ${previous}${pending}\nStart the server: npm start${twoFactorNote(summary)}`;
}

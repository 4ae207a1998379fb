import SQLite from "better-sqlite3";
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type Driver, type SqliteDatabase, type SqliteDialectConfig } from "kysely";
import { createRequire } from "node:module";
import type pg from "pg";
import type { AppConfig } from "#server/config.server.ts";
import { observeDialect } from "#server/observability/db.server.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;
export type DatabaseKind = AppConfig["database"]["kind"];

/** One Kysely instance per process; SQLite (default) or PostgreSQL, chosen by DATABASE_URL. */
export function createDb(database: AppConfig["database"]): Db {
  if (database.kind === "sqlite") {
    const file = new SQLite(database.file);
    // WAL lets readers run while a writer commits; busy_timeout waits out short write locks.
    file.pragma("journal_mode = WAL");
    file.pragma("synchronous = NORMAL");
    file.pragma("busy_timeout = 5000");
    file.pragma("foreign_keys = ON");
    const reader = snapshotReader(database.file);
    const statements = withStatementCache(file);
    // Closing the database closes the snapshot reader with it.
    const connection: SqliteDatabase = { prepare: (query) => statements.prepare(query), close: () => (reader.close(), statements.close()) };
    // Transactions become spans and the one connection's use shows in /metrics (server/observability).
    const db = new Kysely<Database>({ dialect: observeDialect(new WriteLockingSqliteDialect({ database: connection }), { system: "sqlite" }) });
    readers.set(db, reader);
    return db;
  }
  // pg (35 modules) is loaded only for PostgreSQL: a SQLite server never needs it (docs/decisions/021).
  const { Pool } = createRequire(import.meta.url)("pg") as typeof pg;
  const pool = new Pool({ connectionString: database.url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process.
  pool.on("error", () => undefined);
  const max = pool.options.max ?? 10;
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max });
  return new Kysely<Database>({ dialect: observeDialect(new PostgresDialect({ pool }), { system: "postgresql", pool: poolStats, maxConnections: max }) });
}

/**
 * Kysely prepares every query it sends; preparing costs more than running a small indexed query.
 * The app sends a few hundred distinct statements, so each is prepared once and kept (least
 * recently used first out). A statement still iterating (a streamed query) is never handed out twice.
 */
export function withStatementCache(file: SQLite.Database, size = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(query: string) {
      let statement = statements.get(query);
      if (statement?.busy) return file.prepare(query);
      if (statement) {
        statements.delete(query);
      } else {
        statement = file.prepare(query);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(query, statement);
      return statement;
    },
  };
}

interface SnapshotReader {
  all(query: CompiledQuery): unknown[];
  close(): void;
}

/** The SQLite databases' second connections, for selectNow. */
const readers = new WeakMap<Db, SnapshotReader>();

/**
 * A second, read-only connection to a SQLite file, opened on first use. In WAL mode (createDb sets it)
 * it reads the last committed state, never blocks the writer and is never blocked by it, and never
 * sees a transaction another request has open on the main connection.
 */
function snapshotReader(file: string): SnapshotReader {
  let statements: SqliteDatabase | undefined;
  return {
    all(query) {
      if (!statements) {
        const connection = new SQLite(file, { readonly: true, fileMustExist: true });
        connection.pragma("busy_timeout = 5000");
        // Its reads are few and hot (sessions, first pages): a small page cache, not SQLite's default 2 MB (decision 021).
        connection.pragma("cache_size = -256");
        statements = withStatementCache(connection);
      }
      return statements.prepare(query.sql).all(query.parameters);
    },
    close() {
      statements?.close();
      statements = undefined;
    },
  };
}

/**
 * Runs one read-only statement (a compiled SELECT) and returns its rows. On SQLite it runs at once on
 * the snapshot reader: no trip through Kysely's executor, its lock on the one connection and its
 * chain of promises, which cost the hottest reads (the session of every API request, the first page
 * of outputs) more than SQLite's own work (docs/decisions/023). It sees every committed write, so a
 * session revoked or an output saved a moment ago reads as such. On PostgreSQL it is db.executeQuery.
 * Only for statements that write nothing: the reader connection is read-only and refuses them.
 */
export async function selectNow<R>(db: Db, query: CompiledQuery<R>): Promise<R[]> {
  const reader = readers.get(db);
  if (reader) return reader.all(query) as R[];
  return (await db.executeQuery(query)).rows;
}

/**
 * Transactions start with BEGIN IMMEDIATE. A plain BEGIN reads first and asks for the write lock at
 * its first write; when another process (`npm run credits`, a test fixture) committed in between,
 * SQLite refuses at once (SQLITE_BUSY_SNAPSHOT) instead of waiting out busy_timeout.
 */
class WriteLockingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new WriteLockingSqliteDriver(this.#config);
  }
}

class WriteLockingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/** True when the database answers a trivial query. */
export async function pingDb(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

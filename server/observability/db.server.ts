// The database driver, observed: every transaction is a span (from BEGIN to COMMIT or ROLLBACK, a child
// of whatever span started it), and the connection pool's figures feed /metrics. One wrapper for both
// dialects, so no feature has to remember it. See docs/decisions/024.
import { SpanKind, SpanStatusCode, type Span } from "@opentelemetry/api";
import type { DatabaseConnection, Dialect, Driver, TransactionSettings } from "kysely";
import { observeDbPool, type DbPoolStats } from "./metrics.server.ts";
import { tracer } from "./tracing.server.ts";

export interface ObservedDialectOptions {
  /** The OpenTelemetry name of the database system. */
  system: "sqlite" | "postgresql";
  /** The pool's own figures (PostgreSQL); without it, connections in use are counted here (SQLite: one). */
  pool?: () => DbPoolStats;
  /** Connections at most (the SQLite driver has one). */
  maxConnections?: number;
}

/** `dialect` with spans around transactions; the pool figures of the last one made go to /metrics. */
export function observeDialect(dialect: Dialect, { system, pool, maxConnections = 1 }: ObservedDialectOptions): Dialect {
  let inUse = 0;
  let waiting = 0;
  observeDbPool(pool ?? (() => ({ total: maxConnections, idle: Math.max(0, maxConnections - inUse), waiting, max: maxConnections })));
  return {
    createDriver: () => observeDriver(dialect.createDriver(), system, {
      acquiring: (delta) => (waiting += delta),
      using: (delta) => (inUse += delta),
    }),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

function observeDriver(driver: Driver, system: ObservedDialectOptions["system"], count: { acquiring(delta: number): void; using(delta: number): void }): Driver {
  const spans = new WeakMap<DatabaseConnection, Span>();
  const finish = (connection: DatabaseConnection, failed: boolean) => {
    const span = spans.get(connection);
    spans.delete(connection);
    if (!span) return;
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR, message: "rolled back" });
    span.end();
  };
  const observed: Driver = {
    init: (options) => driver.init(options),
    async acquireConnection(options) {
      count.acquiring(1);
      try {
        const connection = await driver.acquireConnection(options);
        count.using(1);
        return connection;
      } finally {
        count.acquiring(-1);
      }
    },
    async releaseConnection(connection, options) {
      count.using(-1);
      await driver.releaseConnection(connection, options);
    },
    async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
      spans.set(connection, tracer.startSpan("db.transaction", { kind: SpanKind.CLIENT, attributes: { "db.system.name": system, "db.operation.name": "TRANSACTION" } }));
      try {
        await driver.beginTransaction(connection, settings);
      } catch (error) {
        finish(connection, true);
        throw error;
      }
    },
    async commitTransaction(connection) {
      let failed = true;
      try {
        await driver.commitTransaction(connection);
        failed = false;
      } finally {
        finish(connection, failed);
      }
    },
    async rollbackTransaction(connection) {
      try {
        await driver.rollbackTransaction(connection);
      } finally {
        finish(connection, true);
      }
    },
    destroy: (options) => driver.destroy(options),
  };
  if (driver.savepoint) observed.savepoint = driver.savepoint.bind(driver);
  if (driver.rollbackToSavepoint) observed.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver);
  if (driver.releaseSavepoint) observed.releaseSavepoint = driver.releaseSavepoint.bind(driver);
  return observed;
}

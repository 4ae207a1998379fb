import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb, type Db } from "../../server/db/db.server.ts";
import { migrateToLatest } from "../../server/db/migrate.server.ts";

export type TestDatabaseKind = "sqlite" | "postgres";

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDb {
  db: Db;
  kind: TestDatabaseKind;
  /** The DATABASE_URL that points at this database (for child processes). */
  url: string;
  destroy(): Promise<void>;
}

/** A new, empty, migrated database of the given kind, removed by destroy(). */
export async function createTestDb(kind: TestDatabaseKind, { migrate = true } = {}): Promise<TestDb> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "sellscribe-test-"));
    const file = path.join(dir, "test.sqlite");
    const db = createDb({ kind: "sqlite", file });
    if (migrate) await migrateToLatest(db);
    return {
      db,
      kind,
      url: `file:${file}`,
      async destroy() {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `sellscribe_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb({ kind: "postgres", url: url.toString() });
  if (migrate) await migrateToLatest(db);
  return {
    db,
    kind,
    url: url.toString(),
    async destroy() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

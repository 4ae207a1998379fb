import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPostgresDatabase } from "./postgres-db.ts";

// Integration databases start as copies of one migrated template per run instead of migrating dozens
// of times: a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL. The templates are made by
// Vitest's global setup (tests/support/vitest-global-setup.ts) and reach the test workers through the
// environment, so a bench or script that calls createTestDb without them simply migrates.

const sqliteTemplateVar = "SELLSCRIBE_TEST_SQLITE_TEMPLATE";
const postgresTemplateVar = "SELLSCRIBE_TEST_POSTGRES_TEMPLATE";

/** The migrated SQLite file to copy, when a template was made for this run. */
export function sqliteTemplate(): string | undefined {
  return process.env[sqliteTemplateVar] || undefined;
}

/** The migrated PostgreSQL database to copy, when a template was made for this run. */
export function postgresTemplate(): string | undefined {
  return process.env[postgresTemplateVar] || undefined;
}

/**
 * Migrates one SQLite file and, with TEST_DATABASE_URL, one PostgreSQL database, and publishes them
 * in the environment; the returned function removes them.
 */
export async function createTemplates(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), "sellscribe-template-"));
  const sqliteFile = path.join(dir, "template.sqlite");
  await migrateInto(`file:${sqliteFile}`, dir);
  process.env[sqliteTemplateVar] = sqliteFile;

  let dropPostgres = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const postgres = await createPostgresDatabase(process.env.TEST_DATABASE_URL, { prefix: "sellscribe_template_" });
    await migrateInto(postgres.url, dir);
    process.env[postgresTemplateVar] = postgres.name;
    dropPostgres = postgres.drop;
  }
  return async () => {
    delete process.env[sqliteTemplateVar];
    delete process.env[postgresTemplateVar];
    await dropPostgres();
    rmSync(dir, { recursive: true, force: true });
  };
}

async function migrateInto(url: string, dataDir: string): Promise<void> {
  // Imported here: the app's modules read process.env when first loaded.
  const [{ createDb }, { buildConfig }, { createMailer }, { migrateAuthTables }, { migrateDatabase }] = await Promise.all([
    import("#server/db/db.server.ts"),
    import("#server/config.server.ts"),
    import("#server/mail/mail.server.ts"),
    import("#app/features/auth/auth.server.ts"),
    import("#server/services.server.ts"),
  ]);
  const config = buildConfig({ NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: url, DEV_OUTBOX: "1" });
  const db = createDb(config.database);
  try {
    await migrateDatabase({ config, db, mailer: createMailer(config.mail) }, migrateAuthTables);
  } finally {
    // No connection may stay open on a template (PostgreSQL refuses to copy it), and closing SQLite
    // checkpoints its write-ahead log into the file that is copied.
    await db.destroy();
  }
}

import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, type Db } from "#server/db/db.server.ts";
import { buildConfig, type AppConfig } from "#server/config.server.ts";
import { createMailer, type Mailer } from "#server/mail/mail.server.ts";
import { migrateAuthTables } from "#app/features/auth/auth.server.ts";
import { migrateDatabase } from "#server/services.server.ts";
import { createPostgresDatabase } from "./postgres-db.ts";
import { postgresTemplate, sqliteTemplate } from "./template-db.ts";

export type TestDatabaseKind = "sqlite" | "postgres";

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDb {
  db: Db;
  /** A configuration pointing at this database (dev outbox mail, generated secret). */
  config: AppConfig;
  mailer: Mailer;
  kind: TestDatabaseKind;
  /** The DATABASE_URL that points at this database (for child processes). */
  url: string;
  destroy(): Promise<void>;
}

/**
 * A new, migrated database of the given kind (a copy of the run's migrated template when there is one),
 * or an empty one with `migrate: false`; removed by destroy().
 */
export async function createTestDb(kind: TestDatabaseKind, { migrate = true } = {}): Promise<TestDb> {
  const dir = mkdtempSync(path.join(tmpdir(), "sellscribe-test-"));
  const template = migrate ? (kind === "sqlite" ? sqliteTemplate() : postgresTemplate()) : undefined;
  let url: string;
  let drop = async () => {};
  if (kind === "sqlite") {
    const file = path.join(dir, "test.sqlite");
    if (template) copyFileSync(template, file);
    url = `file:${file}`;
  } else {
    ({ url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL, { template }));
  }
  const config = buildConfig({ NODE_ENV: "test", DATA_DIR: dir, DATABASE_URL: url, DEV_OUTBOX: "1" });
  const db = createDb(config.database);
  const mailer = createMailer(config.mail);
  if (migrate && !template) await migrateDatabase({ config, db, mailer }, migrateAuthTables);
  return {
    db,
    config,
    mailer,
    kind,
    url,
    async destroy() {
      await db.destroy();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `testDb`'s configuration with its AI pointed at the stub (or the offline writer): short retries and
 * time-outs, no offline word delay. `env` overrides any of it.
 */
export function stubAiConfig(testDb: TestDb, stubBaseUrl: string, provider: "openai-compatible" | "anthropic" | "offline", env: NodeJS.ProcessEnv = {}): AppConfig {
  const ai = buildConfig({
    NODE_ENV: "test",
    DATA_DIR: testDb.config.dataDir,
    AI_PROVIDER: provider,
    AI_BASE_URL: provider === "offline" ? undefined : stubBaseUrl,
    AI_API_KEY: provider === "anthropic" ? "sk-ant-test-key" : provider === "offline" ? undefined : "sk-test-key",
    AI_RETRY_DELAY_MS: "5",
    AI_TIMEOUT_MS: "5000",
    AI_OFFLINE_WORD_DELAY_MS: "0",
    ...env,
  }).ai;
  return { ...testDb.config, ai };
}

/** The session cookies a Better Auth answer set, as the Cookie header of the next request. */
export function cookieHeader(headers: Headers): Headers {
  return new Headers({ cookie: headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") });
}

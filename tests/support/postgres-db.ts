import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A fresh database on the PostgreSQL server at `adminUrl` (TEST_DATABASE_URL), empty or a copy of
 * `template`, and how to drop it. Only `pg`: usable from Vitest and from Playwright workers alike, without the app's modules.
 */
export async function createPostgresDatabase(
  adminUrl = process.env.TEST_DATABASE_URL,
  { prefix = "sellscribe_test_", template }: { prefix?: string; template?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${prefix}${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${pg.escapeIdentifier(template)}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

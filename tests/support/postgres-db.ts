import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A fresh, empty database on the PostgreSQL server at `adminUrl` (TEST_DATABASE_URL), and how to drop
 * it. Only `pg`: usable from Vitest and from Playwright workers alike, without the app's modules.
 */
export async function createPostgresDatabase(adminUrl = process.env.TEST_DATABASE_URL): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `sellscribe_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

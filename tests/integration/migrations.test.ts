import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { pingDb } from "#server/db/db.server.ts";
import { migrateAuthTables } from "#app/features/auth/auth.server.ts";
import { migrateDatabase } from "#server/services.server.ts";
import { migrations } from "#server/db/migrations/index.ts";
import { createTestDb, testDatabaseKinds, type TestDb } from "#tests/support/test-db.ts";

describe.each(testDatabaseKinds)("migrations on %s", (kind) => {
  let testDb: TestDb | undefined;
  afterEach(async () => {
    await testDb?.destroy();
    testDb = undefined;
  });

  it("apply every migration to an empty database, then find nothing left to do", async () => {
    testDb = await createTestDb(kind, { migrate: false });
    expect(await migrateDatabase(testDb, migrateAuthTables)).toEqual(Object.keys(migrations));
    expect(await migrateDatabase(testDb, migrateAuthTables)).toEqual([]);
    for (const table of ["user", "session", "account", "verification", "workspace", "member"] as const) {
      await sql`select count(*) from ${sql.table(table)}`.execute(testDb.db);
    }
    expect(await pingDb(testDb.db)).toBe(true);
  });

  it("leave tables the app can write to and read back", async () => {
    testDb = await createTestDb(kind);
    await testDb.db.insertInto("workspace").values({ id: "w1", name: "Shop", website: null, billingEmail: null, trialEndsAt: "2026-12-01T00:00:00.000Z", periodStart: "2026-11-24T00:00:00.000Z" }).execute();
    const row = await testDb.db.selectFrom("workspace").selectAll().where("id", "=", "w1").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Shop", plan: "trial" });
    const { rows } = await sql<{ n: number }>`select count(*) as n from workspace`.execute(testDb.db);
    expect(Number(rows[0]?.n)).toBe(1);
  });
});

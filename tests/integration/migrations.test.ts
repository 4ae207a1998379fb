import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { pingDb } from "../../server/db/db.server.ts";
import { migrateDatabase } from "../../server/services.server.ts";
import { migrations } from "../../server/db/migrations/index.ts";
import { createTestDb, testDatabaseKinds, type TestDb } from "../support/test-db.ts";

describe.each(testDatabaseKinds)("migrations on %s", (kind) => {
  let testDb: TestDb | undefined;
  afterEach(async () => {
    await testDb?.destroy();
    testDb = undefined;
  });

  it("apply every migration to an empty database, then find nothing left to do", async () => {
    testDb = await createTestDb(kind, { migrate: false });
    expect(await migrateDatabase(testDb)).toEqual(Object.keys(migrations));
    expect(await migrateDatabase(testDb)).toEqual([]);
    for (const table of ["user", "session", "account", "verification", "workspace", "member"] as const) {
      await sql`select count(*) from ${sql.table(table)}`.execute(testDb.db);
    }
    expect(await pingDb(testDb.db)).toBe(true);
  });

  it("leave tables the app can write to and read back", async () => {
    testDb = await createTestDb(kind);
    await testDb.db.insertInto("app_meta").values({ key: "k", value: "v" }).execute();
    const row = await testDb.db.selectFrom("app_meta").selectAll().where("key", "=", "k").executeTakeFirstOrThrow();
    expect(row.value).toBe("v");
    const { rows } = await sql<{ n: number }>`select count(*) as n from app_meta`.execute(testDb.db);
    expect(Number(rows[0]?.n)).toBe(1);
  });
});

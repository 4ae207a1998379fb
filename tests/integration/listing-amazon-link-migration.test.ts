// Migration 0027 on both databases (issue 33): a listing gains its link to Amazon (seller, SKU, ASIN, product
// type, imported version and date, Amazon's issues, import flags), one listing per (workspace, seller, store,
// SKU), and a version may be 'imported', 'proposed' or 'published'; existing versions and what points at
// them survive the SQLite rebuild, and the migration can be undone.
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { migrations } from "#server/db/migrations/index.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

describe.each(testDatabaseKinds)("migration 0027 (listing amazon link) on %s", (kind) => {
  const { testDb, signUp } = useIntegrationBackend(kind);

  it("adds the link, takes the new version sources, keeps versions, refuses a second listing for one SKU, and can be undone", async () => {
    const { db } = testDb;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0026_amazon_connection")).error).toBeUndefined();

    const { user, workspaceId } = await signUp();
    const at = "2026-08-01T10:00:00.000Z";
    const listing = (id: string) =>
      sql`insert into listing (id, "workspaceId", "createdBy", marketplace, "ruleSetId", facts, copy, version, "searchText", "createdAt", "updatedAt") values (${id}, ${workspaceId}, ${user.id}, 'amazon.com', 'amazon-2026', '{}', '{}', 1, '', ${at}, ${at})`.execute(db);
    await listing("l1");
    await sql`insert into listing_version (id, "listingId", version, source, facts, copy, passed, "createdBy", "createdAt") values ('v1', 'l1', 1, 'edited', '{}', '{"title":"A"}', 1, ${user.id}, ${at})`.execute(db);
    await expect(sql`insert into listing_version (id, "listingId", version, source, facts, copy, "createdAt") values ('v-bad', 'l1', 2, 'imported', '{}', '{}', ${at})`.execute(db)).rejects.toThrow();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    // The old row reads with the new columns' defaults and its version is still there.
    expect(await db.selectFrom("listing").select(["amazonSellerId", "amazonSku", "amazonAsin", "amazonProductType", "importedVersion", "importedAt", "amazonIssues", "importFlags"]).where("id", "=", "l1").executeTakeFirstOrThrow()).toEqual({
      amazonSellerId: null,
      amazonSku: null,
      amazonAsin: null,
      amazonProductType: null,
      importedVersion: null,
      importedAt: null,
      amazonIssues: "[]",
      importFlags: "[]",
    });
    expect(await db.selectFrom("listing_version").select(["id", "source", "passed", "createdBy"]).where("listingId", "=", "l1").execute()).toEqual([{ id: "v1", source: "edited", passed: 1, createdBy: user.id }]);
    for (const [version, source] of [[2, "imported"], [3, "proposed"], [4, "published"]] as const) {
      await db.insertInto("listing_version").values({ id: `v${version}`, listingId: "l1", version, source, facts: "{}", copy: "{}", generationId: null, createdBy: null, createdAt: at }).execute();
    }
    await expect(sql`insert into listing_version (id, "listingId", version, source, facts, copy, "createdAt") values ('v-bad', 'l1', 9, 'guessed', '{}', '{}', ${at})`.execute(db)).rejects.toThrow();
    // Still one number per listing, and versions still go with their listing.
    await expect(sql`insert into listing_version (id, "listingId", version, source, facts, copy, "createdAt") values ('v-dup', 'l1', 2, 'edited', '{}', '{}', ${at})`.execute(db)).rejects.toThrow();

    // One listing per (workspace, seller, store, SKU); listings without a SKU are not concerned.
    await listing("l2");
    await listing("l3");
    await listing("l4");
    const link = (id: string, marketplace: string) => db.updateTable("listing").set({ amazonSellerId: "A1SELLER", amazonSku: "SKU-1", marketplace }).where("id", "=", id).execute();
    await link("l2", "amazon.com");
    await expect(link("l3", "amazon.com")).rejects.toThrow();
    await link("l3", "amazon.ca");
    await db.updateTable("listing").set({ amazonSellerId: "A1SELLER" }).where("id", "=", "l4").execute();

    expect((await migrator.migrateTo("0026_amazon_connection")).error).toBeUndefined();
    const undone = await sql<{ id: string; source: string }>`select id, source from listing_version order by id`.execute(db);
    expect(undone.rows).toEqual([
      { id: "v1", source: "edited" },
      { id: "v2", source: "edited" },
      { id: "v3", source: "edited" },
      { id: "v4", source: "edited" },
    ]);
    await expect(sql`select "amazonSku" from listing`.execute(db)).rejects.toThrow();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    // Foreign keys are on again after the SQLite rebuild: deleting the listing deletes its versions.
    await db.deleteFrom("listing").where("id", "=", "l1").execute();
    expect(await db.selectFrom("listing_version").select("id").where("listingId", "=", "l1").execute()).toEqual([]);
  });
});

import { sql, type Kysely } from "kysely";
import { dialectOf } from "#server/db/dialect.server.ts";

// Issue 33 (import from Amazon): a listing knows which Seller Central listing it is (seller, store, SKU),
// its ASIN and product type, the version that holds the live copy as imported and when, Amazon's own
// issues for it and what the import flagged (several values, none, unknown product type). A version
// can now be the live copy ('imported'), a fix ('proposed') or what was sent to Amazon ('published').
const sources = ["generated", "edited", "restored", "imported", "proposed", "published"];
const sourcesBefore = ["generated", "edited", "restored"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("listing").addColumn("amazonSellerId", "text").execute();
  await db.schema.alterTable("listing").addColumn("amazonSku", "text").execute();
  await db.schema.alterTable("listing").addColumn("amazonAsin", "text").execute();
  await db.schema.alterTable("listing").addColumn("amazonProductType", "text").execute();
  await db.schema.alterTable("listing").addColumn("importedVersion", "integer").execute();
  await db.schema.alterTable("listing").addColumn("importedAt", "text").execute();
  await db.schema.alterTable("listing").addColumn("amazonIssues", "text", (col) => col.notNull().defaultTo("[]")).execute();
  await db.schema.alterTable("listing").addColumn("importFlags", "text", (col) => col.notNull().defaultTo("[]")).execute();
  await db.schema
    .createIndex("listing_amazon_sku_idx")
    .on("listing")
    .columns(["workspaceId", "amazonSellerId", "marketplace", "amazonSku"])
    .unique()
    .where(sql.ref("amazonSku"), "is not", null)
    .execute();
  await db.schema.createIndex("listing_imported_idx").on("listing").columns(["workspaceId", "importedAt"]).execute();
  await setVersionSources(db, sources);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The older check cannot hold the new sources: an imported, proposed or published version reads as an edit.
  await sql`update listing_version set source = 'edited' where source in ('imported', 'proposed', 'published')`.execute(db);
  await setVersionSources(db, sourcesBefore);
  await db.schema.dropIndex("listing_imported_idx").execute();
  await db.schema.dropIndex("listing_amazon_sku_idx").execute();
  for (const column of ["importFlags", "amazonIssues", "importedAt", "importedVersion", "amazonProductType", "amazonAsin", "amazonSku", "amazonSellerId"]) {
    await db.schema.alterTable("listing").dropColumn(column).execute();
  }
}

async function setVersionSources(db: Kysely<unknown>, allowed: string[]): Promise<void> {
  const check = sql.raw(`source in (${allowed.map((source) => `'${source}'`).join(", ")})`);
  if (dialectOf(db) === "postgres") {
    // 0008 declared the check on the column: PostgreSQL named it <table>_<column>_check.
    await sql`alter table listing_version drop constraint listing_version_source_check`.execute(db);
    await sql`alter table listing_version add constraint listing_version_source_check check (${check})`.execute(db);
    return;
  }
  await rebuildSqliteListingVersion(db, check);
}

/**
 * SQLite cannot change a check: the table is rebuilt as 0025 rebuilds generation (foreign keys off meanwhile,
 * outside any transaction so the pragma takes effect; the rebuild itself is one transaction).
 */
async function rebuildSqliteListingVersion(db: Kysely<unknown>, check: ReturnType<typeof sql.raw>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql`create table listing_version_rebuilt (
        id text primary key,
        "listingId" text not null references listing(id) on delete cascade,
        version integer not null,
        source text not null check (${check}),
        facts text not null,
        copy text not null,
        passed integer not null default 0,
        "generationId" text references generation(id) on delete set null,
        "createdBy" text references "user"(id) on delete set null,
        "createdAt" text not null,
        constraint listing_version_number unique ("listingId", version)
      )`.execute(trx);
      const columns = `id, "listingId", version, source, facts, copy, passed, "generationId", "createdBy", "createdAt"`;
      await sql.raw(`insert into listing_version_rebuilt (${columns}) select ${columns} from listing_version`).execute(trx);
      await sql`drop table listing_version`.execute(trx);
      await sql`alter table listing_version_rebuilt rename to listing_version`.execute(trx);
      const broken = await sql.raw(`pragma foreign_key_check(listing_version)`).execute(trx);
      if (broken.rows.length > 0) throw new Error(`listing_version rebuild left ${broken.rows.length} broken foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

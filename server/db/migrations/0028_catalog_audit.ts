import { sql, type Kysely } from "kysely";

// Issue 33 (audit, docs/decisions/037): each listing's latest audit (score and counts, plus the listing's
// store, title, version and date at that audit so filters, sorts and keyset pages read one table), what it
// found (one row per source and rule, for the rule filter and the totals), and one catalog_health row per
// import or audit run, drawn as the catalog's health over time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("listing_audit")
    .addColumn("listingId", "text", (col) => col.primaryKey().references("listing.id").onDelete("cascade"))
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("score", "integer", (col) => col.notNull().check(sql`score between 0 and 100`))
    .addColumn("errors", "integer", (col) => col.notNull())
    .addColumn("warnings", "integer", (col) => col.notNull())
    .addColumn("missing", "integer", (col) => col.notNull())
    .addColumn("coverage", "real")
    .addColumn("ruleSetId", "text", (col) => col.notNull())
    .addColumn("marketplace", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .addColumn("auditedAt", "text", (col) => col.notNull())
    .execute();
  // Keyset pages per sort (score ascending, newest first, title), and the store filter with the score sort.
  await db.schema.createIndex("listing_audit_score_idx").on("listing_audit").columns(["workspaceId", "score", "listingId"]).execute();
  await db.schema.createIndex("listing_audit_updated_idx").on("listing_audit").columns(["workspaceId", "updatedAt", "listingId"]).execute();
  await db.schema.createIndex("listing_audit_title_idx").on("listing_audit").columns(["workspaceId", "title", "listingId"]).execute();
  await db.schema.createIndex("listing_audit_store_idx").on("listing_audit").columns(["workspaceId", "marketplace", "score", "listingId"]).execute();
  await db.schema
    .createTable("listing_finding")
    .addColumn("listingId", "text", (col) => col.notNull().references("listing.id").onDelete("cascade"))
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("source", "text", (col) => col.notNull().check(sql`source in ('lint', 'amazon', 'missing', 'coverage')`))
    .addColumn("code", "text", (col) => col.notNull())
    .addColumn("severity", "text", (col) => col.notNull().check(sql`severity in ('error', 'warning')`))
    // How many times the listing breaks it (a word repeated in three bullets: 3).
    .addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("listing_finding_pk", ["listingId", "source", "code"])
    .execute();
  // The rule filter and the totals by rule and severity.
  await db.schema.createIndex("listing_finding_rule_idx").on("listing_finding").columns(["workspaceId", "source", "code", "listingId"]).execute();
  await db.schema
    .createTable("catalog_health")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("trigger", "text", (col) => col.notNull().check(sql`${sql.ref("trigger")} in ('import', 'audit')`))
    // 'running' while a large audit works through the catalog in slices ("audited" says how far); then 'done'.
    .addColumn("status", "text", (col) => col.notNull().defaultTo("done").check(sql`status in ('running', 'done')`))
    .addColumn("audited", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("listings", "integer", (col) => col.notNull())
    .addColumn("failing", "integer", (col) => col.notNull())
    .addColumn("averageScore", "real")
    // JSON: CatalogTotals (app/features/catalog/types.ts) at that moment.
    .addColumn("totals", "text", (col) => col.notNull().defaultTo("{}"))
    .execute();
  await db.schema.createIndex("catalog_health_workspace_at_idx").on("catalog_health").columns(["workspaceId", "at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("catalog_health").execute();
  await db.schema.dropTable("listing_finding").execute();
  await db.schema.dropTable("listing_audit").execute();
}

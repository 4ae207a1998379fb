import { sql, type Kysely } from "kysely";

// A workspace is what a plan, credits and members belong to; every user gets a personal one.
// The "user" table is Better Auth's, created before our migrations run (see migrate.server.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("workspace")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("website", "text")
    .addColumn("billingEmail", "text")
    .addColumn("plan", "text", (col) => col.notNull().defaultTo("trial"))
    .addColumn("trialEndsAt", "text", (col) => col.notNull())
    .addColumn("periodStart", "text", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema
    .createTable("member")
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("role", "text", (col) => col.notNull().check(sql`role in ('owner', 'member')`))
    .addColumn("createdAt", "text", (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addPrimaryKeyConstraint("member_pk", ["workspaceId", "userId"])
    .execute();
  await db.schema.createIndex("member_user_idx").on("member").column("userId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("member").execute();
  await db.schema.dropTable("workspace").execute();
}

import { sql, type Kysely } from "kysely";

// Word credits (a balance row per workspace + the ledger of every change), the billing period and
// Stripe's ids on the workspace, and the webhook events already applied. See docs/decisions/009-credit-ledger.md.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable("workspace").addColumn("periodEnd", "text").execute();
  await db.schema
    .alterTable("workspace")
    .addColumn("billingPeriod", "text", (col) => col.notNull().defaultTo("monthly"))
    .execute();
  await db.schema.alterTable("workspace").addColumn("stripeCustomerId", "text").execute();
  await db.schema.alterTable("workspace").addColumn("stripeSubscriptionId", "text").execute();
  await db.schema.alterTable("workspace").addColumn("subscriptionStatus", "text").execute();
  await db.schema
    .alterTable("workspace")
    .addColumn("cancelAtPeriodEnd", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("workspace").addColumn("stripeSyncedAt", "text").execute();
  await db.schema.createIndex("workspace_stripe_customer_idx").unique().on("workspace").column("stripeCustomerId").execute();
  await db.schema.createIndex("workspace_stripe_subscription_idx").unique().on("workspace").column("stripeSubscriptionId").execute();

  // The CHECK is the last line of defence: no statement can leave a balance below zero.
  await db.schema
    .createTable("credit_balance")
    .addColumn("workspaceId", "text", (col) => col.primaryKey().references("workspace.id").onDelete("cascade"))
    .addColumn("periodStart", "text", (col) => col.notNull())
    .addColumn("periodEnd", "text")
    .addColumn("allowance", "integer", (col) => col.notNull())
    .addColumn("bonus", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("used", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .addCheckConstraint("credit_balance_never_negative", sql`allowance >= 0 and bonus >= 0 and used >= 0 and used <= allowance + bonus`)
    .execute();

  await db.schema
    .createTable("credit_ledger")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("delta", "integer", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("generationId", "text", (col) => col.references("generation.id").onDelete("set null"))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("credit_ledger_workspace_idx").on("credit_ledger").columns(["workspaceId", "createdAt"]).execute();
  await db.schema.createIndex("credit_ledger_generation_idx").on("credit_ledger").column("generationId").execute();

  await db.schema
    .createTable("stripe_event")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("processedAt", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("stripe_event").execute();
  await db.schema.dropTable("credit_ledger").execute();
  await db.schema.dropTable("credit_balance").execute();
  await db.schema.dropIndex("workspace_stripe_subscription_idx").execute();
  await db.schema.dropIndex("workspace_stripe_customer_idx").execute();
  for (const column of ["stripeSyncedAt", "cancelAtPeriodEnd", "subscriptionStatus", "stripeSubscriptionId", "stripeCustomerId", "billingPeriod", "periodEnd"]) {
    await db.schema.alterTable("workspace").dropColumn(column).execute();
  }
}

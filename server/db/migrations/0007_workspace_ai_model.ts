import type { Kysely } from "kysely";

// The AI model an owner picked for the workspace (settings → workspace), and which provider offered
// it (provider and base URL). Null, or another provider than the configured one: the configured default
// (AI_MODEL, or the provider's default), so a workspace follows the operator's choice until it picks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspace").addColumn("aiModel", "text").execute();
  await db.schema.alterTable("workspace").addColumn("aiModelSource", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspace").dropColumn("aiModelSource").execute();
  await db.schema.alterTable("workspace").dropColumn("aiModel").execute();
}

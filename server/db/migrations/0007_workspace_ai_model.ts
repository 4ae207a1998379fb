import type { Kysely } from "kysely";

// The AI model an owner picked for the workspace (settings → workspace). Null: the configured
// default (AI_MODEL, or the provider's default), so a workspace follows the operator's choice until it picks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspace").addColumn("aiModel", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspace").dropColumn("aiModel").execute();
}

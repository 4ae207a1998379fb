import { type Kysely } from "kysely";

// Issue 34 item 3: how many times a bulk publish batch was claimed (its first run and each takeover after a lapsed
// lease), so a batch that keeps failing stops after a few takeovers with its reason instead of looping forever.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("publish_batch").addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("publish_batch").dropColumn("attempts").execute();
}

import type { Kysely } from "kysely";

// Issue 17: the language a listing's copy is actually in when it is not the listing's own: the built-in
// offline writer writes English for stores whose language it does not write (amazon.co.jp, amazon.se …),
// and the listing says so until a writer that can writes it again. null: the listing's language.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("listing").addColumn("writtenIn", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("listing").dropColumn("writtenIn").execute();
}

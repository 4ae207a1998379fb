import type { Kysely } from "kysely";

// The crash sweep (recoverInterruptedGenerations) looks for generations still "running" every
// 10 minutes; without this it would read the whole table each time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("generation_status_created_idx").on("generation").columns(["status", "createdAt"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("generation_status_created_idx").execute();
}

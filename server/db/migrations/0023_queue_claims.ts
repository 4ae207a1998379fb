import type { Kysely } from "kysely";
import { dialectOf } from "#server/db/dialect.server.ts";

// Issue 30, item 3 (docs/decisions/029): the SQLite queue claims through one index whatever the backlog.
// queue_job_next_idx serves each step of a claim (the next group with waiting items, a group's oldest item,
// a group's running count); the two indexes it replaces served none of them (the old claim sorted every
// waiting item). `key` (a job's id) lets a cancelled or paused job's waiting items go in one statement.
// PostgreSQL's queue is pg-boss, in its own schema: nothing to do there.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await db.schema.alterTable("queue_job").addColumn("key", "text").execute();
  await db.schema.createIndex("queue_job_next_idx").on("queue_job").columns(["queue", "groupId", "state", "createdAt", "id"]).execute();
  await db.schema.createIndex("queue_job_key_idx").on("queue_job").columns(["queue", "key", "state"]).execute();
  await db.schema.dropIndex("queue_job_fetch_idx").ifExists().execute();
  await db.schema.dropIndex("queue_job_group_idx").ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await db.schema.createIndex("queue_job_fetch_idx").on("queue_job").columns(["queue", "state", "startAfter", "createdAt"]).execute();
  await db.schema.createIndex("queue_job_group_idx").on("queue_job").columns(["queue", "groupId", "state"]).execute();
  await db.schema.dropIndex("queue_job_key_idx").ifExists().execute();
  await db.schema.dropIndex("queue_job_next_idx").ifExists().execute();
  await db.schema.alterTable("queue_job").dropColumn("key").execute();
}

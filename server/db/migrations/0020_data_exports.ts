import { sql, type Kysely } from "kysely";
import { dialectOf } from "#server/db/dialect.server.ts";

// Issue 21: a user's data export (app/features/data-export). The ZIP lives in the row, so any server on the
// database can serve the download; housekeeping deletes it when its link expires. The partial unique index
// holds one queued or running export per user, so a second request (any server, same instant) finds the first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("data_export")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('queued', 'running', 'ready', 'failed')`))
    // Sections written of `total`: the progress bar.
    .addColumn("progress", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("total", "integer", (col) => col.notNull())
    // The language of the request: the mail is written in it (the worker runs outside any request).
    .addColumn("locale", "text", (col) => col.notNull())
    .addColumn("error", "text")
    .addColumn("zip", dialectOf(db) === "postgres" ? "bytea" : "blob")
    .addColumn("bytes", "integer")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("finishedAt", "text")
    // Set when the ZIP is ready: the download link works until then.
    .addColumn("expiresAt", "text")
    .execute();
  await db.schema.createIndex("data_export_user_idx").on("data_export").columns(["userId", "createdAt"]).execute();
  await db.schema
    .createIndex("data_export_one_pending")
    .on("data_export")
    .column("userId")
    .unique()
    .where(sql.ref("status"), "in", ["queued", "running"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("data_export").execute();
}

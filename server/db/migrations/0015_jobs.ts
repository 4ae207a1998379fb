import { sql, type Kysely } from "kysely";
import { dialectOf } from "#server/db/dialect.server.ts";

// Bulk jobs (issue 18): a job is one catalog upload; each of its products is a job_row, written into a
// listing of its own. The rows' state lives here on both databases (progress, exports, exactly-once);
// the work itself is handed out by a queue: pg-boss on PostgreSQL (its own schema, created on start),
// and on SQLite the queue_job table below, worked by the one server process (server/queue/).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("job")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("createdBy", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('running', 'paused', 'cancelled', 'completed')`))
    // Why a paused job waits: 'user' (Pause) or 'words' (it resumes by itself after a top-up or plan change).
    .addColumn("pauseReason", "text")
    .addColumn("fileName", "text", (col) => col.notNull())
    // JSON: {sections, marketplace, ruleSetId}.
    .addColumn("options", "text", (col) => col.notNull())
    .addColumn("total", "integer", (col) => col.notNull())
    .addColumn("emptyRowsSkipped", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .addColumn("finishedAt", "text")
    .execute();
  await db.schema.createIndex("job_workspace_date_idx").on("job").columns(["workspaceId", "createdAt"]).execute();

  await db.schema
    .createTable("job_row")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("jobId", "text", (col) => col.notNull().references("job.id").onDelete("cascade"))
    .addColumn("workspaceId", "text", (col) => col.notNull())
    // The row's number in the file, as a spreadsheet counts it (the header is row 1).
    .addColumn("rowNumber", "integer", (col) => col.notNull())
    // JSON: {facts, keywords, marketplace}.
    .addColumn("input", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('queued', 'running', 'done', 'failed', 'cancelled')`))
    // Each claim counts one more; only the attempt that claimed a row may finish it.
    .addColumn("attempt", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("claimedBy", "text")
    .addColumn("heartbeatAt", "text")
    // The running attempt's generation (its reservation is given back when another server takes the row over).
    .addColumn("generationId", "text")
    // Chosen when the job is made, so a row written twice (a crash, a retry) still makes one listing.
    .addColumn("listingId", "text", (col) => col.notNull())
    .addColumn("error", "text")
    .addColumn("passed", "integer")
    .addColumn("coverage", "integer")
    .addColumn("wordsCharged", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("startedAt", "text")
    .addColumn("finishedAt", "text")
    .addUniqueConstraint("job_row_number", ["jobId", "rowNumber"])
    .execute();
  await db.schema.createIndex("job_row_status_idx").on("job_row").columns(["jobId", "status"]).execute();

  if (dialectOf(db) === "sqlite") {
    await db.schema
      .createTable("queue_job")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("queue", "text", (col) => col.notNull())
      .addColumn("data", "text", (col) => col.notNull())
      .addColumn("groupId", "text", (col) => col.notNull())
      .addColumn("tier", "text", (col) => col.notNull())
      .addColumn("state", "text", (col) => col.notNull().check(sql`state in ('created', 'active')`))
      .addColumn("retryCount", "integer", (col) => col.notNull().defaultTo(0))
      // Epoch milliseconds.
      .addColumn("startAfter", "integer", (col) => col.notNull())
      .addColumn("createdAt", "integer", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("queue_job_fetch_idx").on("queue_job").columns(["queue", "state", "startAfter", "createdAt"]).execute();
    await db.schema.createIndex("queue_job_group_idx").on("queue_job").columns(["queue", "groupId", "state"]).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "sqlite") await db.schema.dropTable("queue_job").ifExists().execute();
  await db.schema.dropTable("job_row").execute();
  await db.schema.dropTable("job").execute();
}

// Bulk jobs' data: a job, its rows, their claims and their progress. Every read and change is scoped to
// a workspace, except the worker's claim and finish, which go by the row id the queue handed out and are
// conditional on the row's state and attempt (so a row is written, and charged, once).
import { randomUUID } from "node:crypto";
import { sql, type ExpressionBuilder, type Selectable } from "kysely";
import { dialectOf } from "#server/db/dialect.server.ts";
import { yieldToEventLoop } from "#server/queue/work-queue.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { recordJobRow } from "#server/observability/metrics.server.ts";
import type { Database, JobRowTable } from "#server/db/schema.ts";
import { maxQueuedRowsFor } from "#app/lib/plans.ts";
import { defaultRowConcurrency, planRowConcurrency, rowInputSchema, type JobListItem, type JobOptions, type JobProgress, type JobRowView, type JobStatus, type PauseReason, type RowInput, type RowStatus } from "./types.ts";

export interface NewJobRow {
  rowNumber: number;
  input: RowInput | Record<string, unknown>;
  /** A row the import already found a problem in: saved as failed with this reason. */
  error?: string;
  /** The existing listing the row writes (a fix job's); absent: a new listing's id is chosen. */
  listingId?: string;
}

/** A row the queue should run: its id, its workspace (the group) and the workspace's plan (the tier). */
export interface RowMessage {
  rowId: string;
}
export interface RowToSend {
  rowId: string;
  workspaceId: string;
  /** The queue's key for the row: a paused or cancelled job's waiting rows leave the queue together. */
  jobId: string;
}

/** A workspace would have more rows waiting than its plan allows (app/lib/plans.ts): nothing was changed. */
export class JobQueueFullError extends Error {
  readonly queued: number;
  readonly adding: number;
  readonly limit: number;
  constructor(queued: number, adding: number, limit: number) {
    super(`the workspace has ${queued} rows waiting; ${adding} more would pass its ${limit}`);
    this.name = "JobQueueFullError";
    this.queued = queued;
    this.adding = adding;
    this.limit = limit;
  }
}

/**
 * Refuses (JobQueueFullError) when `adding` more rows would pass the workspace's cap on waiting rows. Run
 * inside the transaction that queues them; on PostgreSQL a lock per workspace makes two at once count in turn.
 */
async function checkQueuedRowsCap(trx: Db, workspaceId: string, adding: number): Promise<void> {
  if (adding === 0) return;
  if (dialectOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(hashtext(${`job-queue:${workspaceId}`}))`.execute(trx);
  const workspace = await trx.selectFrom("workspace").select("plan").where("id", "=", workspaceId).executeTakeFirst();
  const limit = maxQueuedRowsFor(String(workspace?.plan));
  // Through the workspace's live jobs (job_workspace_date_idx, then job_row_status_idx per job).
  const row = await trx
    .selectFrom("job_row as r")
    .innerJoin("job as j", "j.id", "r.jobId")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("j.workspaceId", "=", workspaceId)
    .where("j.status", "in", ["running", "paused"])
    .where("r.status", "=", "queued")
    .executeTakeFirst();
  const queued = Number(row?.n ?? 0);
  if (queued + adding > limit) throw new JobQueueFullError(queued, adding, limit);
}

const nowIso = () => new Date().toISOString();

export async function createJob({
  db,
  workspaceId,
  userId,
  fileName,
  options,
  rows,
  emptyRowsSkipped,
  now = new Date(),
}: {
  db: Db;
  workspaceId: string;
  userId: string;
  fileName: string;
  options: JobOptions;
  rows: readonly NewJobRow[];
  emptyRowsSkipped: number;
  now?: Date;
}): Promise<{ jobId: string; toSend: RowToSend[] }> {
  const jobId = randomUUID();
  const at = now.toISOString();
  const values = rows.map((row) => ({
    id: randomUUID(),
    jobId,
    workspaceId,
    rowNumber: row.rowNumber,
    input: JSON.stringify(row.input),
    status: (row.error ? "failed" : "queued") as RowStatus,
    error: row.error ?? null,
    listingId: row.listingId ?? randomUUID(),
    finishedAt: row.error ? at : null,
  }));
  await db.transaction().execute(async (trx) => {
    await checkQueuedRowsCap(trx, workspaceId, values.filter((row) => row.status === "queued").length);
    await trx
      .insertInto("job")
      .values({ id: jobId, workspaceId, createdBy: userId, status: "running", pauseReason: null, fileName: fileName.slice(0, 200), options: JSON.stringify(options), total: rows.length, emptyRowsSkipped, createdAt: at, updatedAt: at, finishedAt: null })
      .execute();
    for (let start = 0; start < values.length; start += 200) {
      // Other requests' timers and sockets run between batches (on SQLite their queries wait for this transaction).
      if (start > 0) await yieldToEventLoop();
      await trx.insertInto("job_row").values(values.slice(start, start + 200)).execute();
    }
  });
  const toSend = values.filter((row) => row.status === "queued").map((row) => ({ rowId: row.id, workspaceId, jobId }));
  if (toSend.length === 0) await completeJobIfDone(db, jobId);
  return { jobId, toSend };
}

type JobRow = { id: string; workspaceId: string; status: JobStatus; pauseReason: string | null; fileName: string; options: string; total: number; emptyRowsSkipped: number; createdAt: string; updatedAt: string; finishedAt: string | null };

async function countsOf(db: Db, jobIds: readonly string[]): Promise<Map<string, Record<RowStatus, number> & { wordsCharged: number }>> {
  const result = new Map<string, Record<RowStatus, number> & { wordsCharged: number }>();
  if (jobIds.length === 0) return result;
  const rows = await db
    .selectFrom("job_row")
    .select((eb) => ["jobId", "status", eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("wordsCharged").as("words")])
    .where("jobId", "in", jobIds)
    .groupBy(["jobId", "status"])
    .execute();
  for (const id of jobIds) result.set(id, { queued: 0, running: 0, done: 0, failed: 0, cancelled: 0, wordsCharged: 0 });
  for (const row of rows) {
    const counts = result.get(row.jobId)!;
    counts[row.status] = Number(row.n);
    counts.wordsCharged += Number(row.words ?? 0);
  }
  return result;
}

/** Words one row reserves before its provider call (the estimate generations use). */
export type RowWordsEstimate = (options: JobOptions) => number;

export async function getJobProgress({ db, workspaceId, id, rowWords, now = Date.now() }: { db: Db; workspaceId: string; id: string; rowWords: RowWordsEstimate; now?: number }): Promise<JobProgress | undefined> {
  const job = (await db.selectFrom("job").selectAll().where("id", "=", id).where("workspaceId", "=", workspaceId).executeTakeFirst()) as JobRow | undefined;
  if (!job) return undefined;
  const counts = (await countsOf(db, [id])).get(id)!;
  const options = JSON.parse(job.options) as JobOptions;
  // The rate over the last five minutes of finished rows.
  const windowStart = new Date(now - 5 * 60_000).toISOString();
  const recent = await db
    .selectFrom("job_row")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min<string>("finishedAt").as("first")])
    .where("jobId", "=", id)
    .where("status", "in", ["done", "failed"])
    .where("finishedAt", ">=", windowStart)
    .where("attempt", ">", 0)
    .executeTakeFirst();
  const finishedRecently = Number(recent?.n ?? 0);
  const since = recent?.first ? Math.max(Date.parse(recent.first), Date.parse(job.createdAt)) : now;
  const minutes = Math.max((now - since) / 60_000, 1 / 60);
  const rowsPerMinute = finishedRecently >= 2 ? Math.round((finishedRecently / minutes) * 10) / 10 : null;
  const remaining = counts.queued + counts.running;
  return {
    id: job.id,
    status: job.status,
    pauseReason: (job.pauseReason as PauseReason | null) ?? null,
    fileName: job.fileName,
    total: Number(job.total),
    done: counts.done,
    failed: counts.failed,
    running: counts.running,
    queued: counts.queued,
    cancelled: counts.cancelled,
    emptyRowsSkipped: Number(job.emptyRowsSkipped),
    wordsReserved: counts.running * rowWords(options),
    wordsCharged: counts.wordsCharged,
    rowsPerMinute,
    etaSeconds: rowsPerMinute && remaining > 0 && job.status === "running" ? Math.round((remaining / rowsPerMinute) * 60) : null,
    options,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    finishedAt: job.finishedAt,
  };
}

/** Whether the job is the workspace's. */
export async function jobExists({ db, workspaceId, id }: { db: Db; workspaceId: string; id: string }): Promise<boolean> {
  return (await db.selectFrom("job").select("id").where("id", "=", id).where("workspaceId", "=", workspaceId).executeTakeFirst()) !== undefined;
}

/** The workspace's jobs, newest first. */
export async function listJobs({ db, workspaceId, status, limit = 50 }: { db: Db; workspaceId: string; status?: JobStatus[]; limit?: number }): Promise<JobListItem[]> {
  let query = db.selectFrom("job").select(["id", "status", "pauseReason", "fileName", "options", "total", "createdAt"]).where("workspaceId", "=", workspaceId);
  if (status) query = query.where("status", "in", status);
  const jobs = await query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).execute();
  const counts = await countsOf(db, jobs.map((job) => job.id));
  return jobs.map((job) => ({ id: job.id, status: job.status, pauseReason: (job.pauseReason as PauseReason | null) ?? null, fileName: job.fileName, fix: (JSON.parse(job.options) as JobOptions).fix ?? null, total: Number(job.total), done: counts.get(job.id)!.done, failed: counts.get(job.id)!.failed, createdAt: job.createdAt }));
}

type StoredRow = Pick<Selectable<JobRowTable>, "id" | "rowNumber" | "status" | "input" | "listingId" | "error" | "passed" | "coverage" | "wordsCharged">;

function toRowView(row: StoredRow): JobRowView {
  let input: Partial<RowInput> = {};
  try {
    input = JSON.parse(row.input) as Partial<RowInput>;
  } catch {
    // Stored by us; never unreadable in practice.
  }
  return {
    id: row.id,
    rowNumber: Number(row.rowNumber),
    status: row.status,
    brand: String(input.facts?.brand ?? ""),
    productName: String(input.facts?.productName ?? ""),
    marketplace: String(input.marketplace ?? ""),
    listingId: row.status === "done" ? row.listingId : null,
    error: row.error,
    passed: row.passed === null ? null : Number(row.passed) === 1,
    coverage: row.coverage === null ? null : Number(row.coverage),
    wordsCharged: Number(row.wordsCharged),
  };
}

/** A page of a job's rows in file order, after `afterRow` (a row number), optionally of some statuses. */
export async function listJobRows({ db, workspaceId, jobId, status, afterRow = 0, limit = 100 }: { db: Db; workspaceId: string; jobId: string; status?: RowStatus[]; afterRow?: number; limit?: number }): Promise<{ items: JobRowView[]; nextAfter: number | null }> {
  let query = db
    .selectFrom("job_row")
    .select(["id", "rowNumber", "status", "input", "listingId", "error", "passed", "coverage", "wordsCharged"])
    .where("jobId", "=", jobId)
    .where("workspaceId", "=", workspaceId)
    .where("rowNumber", ">", afterRow);
  if (status && status.length > 0) query = query.where("status", "in", status);
  const rows = await query.orderBy("rowNumber").limit(limit + 1).execute();
  const items = rows.slice(0, limit).map(toRowView);
  return { items, nextAfter: rows.length > limit ? (items.at(-1)?.rowNumber ?? null) : null };
}

/** Every row of a job in file order, page by page (exports), with what its listing needs. */
/** The listings a job wrote (its done rows), at most `limit`: what a finished fix job offers to publish. */
export async function writtenListingIds({ db, workspaceId, jobId, limit = 5000 }: { db: Db; workspaceId: string; jobId: string; limit?: number }): Promise<string[]> {
  const rows = await db
    .selectFrom("job_row")
    .select("listingId")
    .where("workspaceId", "=", workspaceId)
    .where("jobId", "=", jobId)
    .where("status", "=", "done")
    .where("listingId", "is not", null)
    .orderBy("rowNumber")
    .limit(limit)
    .execute();
  return rows.map((row) => row.listingId!);
}

export async function* iterateJobRows({ db, workspaceId, jobId }: { db: Db; workspaceId: string; jobId: string }): AsyncGenerator<JobRowView & { input: string }> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom("job_row")
      .select(["id", "rowNumber", "status", "input", "listingId", "error", "passed", "coverage", "wordsCharged"])
      .where("jobId", "=", jobId)
      .where("workspaceId", "=", workspaceId)
      .where("rowNumber", ">", after)
      .orderBy("rowNumber")
      .limit(500)
      .execute();
    for (const row of rows) yield { ...toRowView(row), input: row.input };
    if (rows.length < 500) return;
    after = Number(rows.at(-1)!.rowNumber);
  }
}

/** The job's waiting rows, to hand to the queue (a resume, a retry of a paused job). */
export async function queuedRows(db: Db, jobId: string): Promise<RowToSend[]> {
  const rows = await db.selectFrom("job_row").select(["id", "workspaceId"]).where("jobId", "=", jobId).where("status", "=", "queued").orderBy("rowNumber").execute();
  return rows.map((row) => ({ rowId: row.id, workspaceId: row.workspaceId, jobId }));
}

export type JobAction = "pause" | "resume" | "cancel" | "retry-failed";

/** What a change did: the rows to hand to the queue again, or why it was refused (retrying a cancelled job). */
export interface JobChange {
  changed: boolean;
  toSend: RowToSend[];
  refusal?: "cancelled";
}

/**
 * Pause, resume, cancel or retry the failed rows. Returns the rows to hand to the queue again (resume,
 * retry), or undefined when the job is not the workspace's. A change that does not apply (resuming a
 * running job) changes nothing and says so with `changed: false`. Pause and cancel leave the job's
 * waiting rows in the queue for the caller to remove (JobRunner.withdraw); retrying more rows than the
 * workspace may have waiting throws JobQueueFullError.
 */
export async function changeJob({ db, workspaceId, id, action, now = new Date() }: { db: Db; workspaceId: string; id: string; action: JobAction; now?: Date }): Promise<JobChange | undefined> {
  const job = await db.selectFrom("job").select(["id", "status"]).where("id", "=", id).where("workspaceId", "=", workspaceId).executeTakeFirst();
  if (!job) return undefined;
  const at = now.toISOString();
  switch (action) {
    case "pause": {
      const { numUpdatedRows } = await db.updateTable("job").set({ status: "paused", pauseReason: "user", updatedAt: at }).where("id", "=", id).where("status", "=", "running").executeTakeFirst();
      return { changed: numUpdatedRows > 0n, toSend: [] };
    }
    case "resume": {
      const { numUpdatedRows } = await db.updateTable("job").set({ status: "running", pauseReason: null, updatedAt: at }).where("id", "=", id).where("status", "=", "paused").executeTakeFirst();
      return { changed: numUpdatedRows > 0n, toSend: numUpdatedRows > 0n ? await queuedRows(db, id) : [] };
    }
    case "cancel": {
      const changed = await db.transaction().execute(async (trx) => {
        const { numUpdatedRows } = await trx.updateTable("job").set({ status: "cancelled", pauseReason: null, updatedAt: at, finishedAt: at }).where("id", "=", id).where("status", "in", ["running", "paused"]).executeTakeFirst();
        if (numUpdatedRows === 0n) return false;
        // Rows being written now finish (and are charged for what they wrote); the rest never start.
        await trx.updateTable("job_row").set({ status: "cancelled", finishedAt: at }).where("jobId", "=", id).where("status", "=", "queued").execute();
        return true;
      });
      return { changed, toSend: [] };
    }
    case "retry-failed": {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom("job").select("status").where("id", "=", id).executeTakeFirst();
        // A cancelled job stays cancelled: its rows would wait for a job that never runs again.
        if (before?.status === "cancelled") return { changed: false, toSend: [], refusal: "cancelled" as const };
        // Rows a worker tried (attempt > 0); the rows the import refused (no brand, an unknown store) cannot
        // succeed by trying again, and keep their reason.
        const failed = await trx.selectFrom("job_row").select(["id", "workspaceId", "input"]).where("jobId", "=", id).where("status", "=", "failed").where("attempt", ">", 0).execute();
        const retryable = failed.filter((row) => isRunnableInput(row.input));
        if (retryable.length === 0) return { changed: false, toSend: [] };
        await checkQueuedRowsCap(trx, workspaceId, retryable.length);
        // The job first: a cancel at the same moment waits for this (or this sees it and changes nothing).
        const { numUpdatedRows } = await trx.updateTable("job").set({ status: "running", pauseReason: null, finishedAt: null, updatedAt: at }).where("id", "=", id).where("status", "in", ["completed", "paused", "running"]).executeTakeFirst();
        if (numUpdatedRows === 0n) return { changed: false, toSend: [], refusal: "cancelled" as const };
        for (let start = 0; start < retryable.length; start += 200) {
          await trx
            .updateTable("job_row")
            .set({ status: "queued", error: null, finishedAt: null })
            .where("id", "in", retryable.slice(start, start + 200).map((row) => row.id))
            .where("status", "=", "failed")
            .execute();
        }
        // A paused job's waiting rows left the queue when it paused: running again, they all go back.
        if (before?.status === "paused") return { changed: true, toSend: await queuedRows(trx, id) };
        return { changed: true, toSend: retryable.map((row) => ({ rowId: row.id, workspaceId: row.workspaceId, jobId: id })) };
      });
    }
  }
}

/** Whether a stored row input could be written (rows the import refused, without a brand or product name, cannot). */
function isRunnableInput(input: string): boolean {
  try {
    return rowInputSchema.safeParse(JSON.parse(input)).success;
  } catch {
    return false;
  }
}

// ---- the worker's side: by row id, conditional on the claim ----

export interface ClaimedRow {
  id: string;
  jobId: string;
  workspaceId: string;
  attempt: number;
  input: string;
  listingId: string;
  /** The generation of an attempt that died (its words are to be given back), when this claim took the row over. */
  abandonedGenerationId: string | null;
  createdBy: string | null;
  options: JobOptions;
}

/**
 * Claims a row for this worker: a queued row of a running job, or a row whose worker went silent before
 * `staleBefore` (its server died). Undefined when the row is not there to take (done, taken, paused…);
 * "busy" when its workspace already writes as many rows as its plan allows (the row stays queued).
 */
export async function claimRow({ db, rowId, workerId, staleBefore, now }: { db: Db; rowId: string; workerId: string; staleBefore: Date; now?: Date }): Promise<ClaimedRow | "busy" | undefined> {
  const current = await db
    .selectFrom("job_row as r")
    .innerJoin("job as j", "j.id", "r.jobId")
    .select(["r.id", "r.jobId", "r.workspaceId", "r.attempt", "r.status", "r.input", "r.listingId", "r.generationId", "r.heartbeatAt", "j.status as jobStatus", "j.createdBy", "j.options"])
    .where("r.id", "=", rowId)
    .executeTakeFirst();
  if (!current || current.jobStatus !== "running") return undefined;
  const stale = current.status === "running" && (current.heartbeatAt ?? "") < staleBefore.toISOString();
  if (current.status !== "queued" && !stale) return undefined;
  // The plan's rows at once, across every server: counted and claimed under one lock per workspace
  // (PostgreSQL; SQLite writes one at a time anyway). The queue limits groups too; this makes it exact.
  const claimed = await db.transaction().execute(async (trx) => {
    if (dialectOf(db) === "postgres") await sql`select pg_advisory_xact_lock(hashtext(${`job-rows:${current.workspaceId}`}))`.execute(trx);
    const plan = await trx.selectFrom("workspace").select("plan").where("id", "=", current.workspaceId).executeTakeFirst();
    const limit = planRowConcurrency[String(plan?.plan)] ?? defaultRowConcurrency;
    const busy = await trx
      .selectFrom("job_row")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("workspaceId", "=", current.workspaceId)
      .where("status", "=", "running")
      .where("heartbeatAt", ">=", staleBefore.toISOString())
      .executeTakeFirst();
    if (Number(busy?.n ?? 0) >= limit) return "busy" as const;
    // Taken now, once the lock is held and the count says yes: a time read before waiting for the lock could
    // precede the end of the row whose finish let this one start (a trial's rows would seem to overlap).
    const at = (now ?? new Date()).toISOString();
    const { numUpdatedRows } = await trx
      .updateTable("job_row")
      .set({ status: "running", attempt: Number(current.attempt) + 1, claimedBy: workerId, heartbeatAt: at, startedAt: at, generationId: null, error: null })
      .where("id", "=", rowId)
      .where("attempt", "=", Number(current.attempt))
      .where("status", "=", current.status)
      .executeTakeFirst();
    return numUpdatedRows === 1n;
  });
  if (claimed === "busy") return "busy";
  if (!claimed) return undefined;
  return {
    id: current.id,
    jobId: current.jobId,
    workspaceId: current.workspaceId,
    attempt: Number(current.attempt) + 1,
    input: current.input,
    listingId: current.listingId,
    abandonedGenerationId: stale ? current.generationId : null,
    createdBy: current.createdBy,
    options: JSON.parse(current.options) as JobOptions,
  };
}

const ownClaim = (row: Pick<ClaimedRow, "id" | "attempt">) => (eb: ExpressionBuilder<Database, "job_row">) =>
  eb.and([eb("id", "=", row.id), eb("attempt", "=", row.attempt), eb("status", "=", "running")]);

/** The worker is alive (and, once known, which generation its words are reserved under). */
export async function beatRow(db: Db, row: Pick<ClaimedRow, "id" | "attempt">, generationId?: string): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable("job_row")
    .set({ heartbeatAt: nowIso(), ...(generationId ? { generationId } : {}) })
    .where(ownClaim(row))
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

export class LostClaimError extends Error {
  constructor() {
    super("another worker took this row over");
    this.name = "LostClaimError";
  }
}

/** Marks the row written, inside the transaction that saved its listing and charged its words. */
export async function markRowDone(trx: Db, row: Pick<ClaimedRow, "id" | "attempt">, result: { words: number; passed: boolean; coverage: number | null }): Promise<void> {
  const { numUpdatedRows } = await trx
    .updateTable("job_row")
    .set({ status: "done", wordsCharged: result.words, passed: result.passed ? 1 : 0, coverage: result.coverage, finishedAt: nowIso(), error: null })
    .where(ownClaim(row))
    .executeTakeFirst();
  if (numUpdatedRows === 0n) throw new LostClaimError();
}

export async function markRowFailed(db: Db, row: Pick<ClaimedRow, "id" | "attempt">, error: string): Promise<boolean> {
  const { numUpdatedRows } = await db.updateTable("job_row").set({ status: "failed", error: error.slice(0, 500), finishedAt: nowIso() }).where(ownClaim(row)).executeTakeFirst();
  if (numUpdatedRows > 0n) recordJobRow("failed");
  return numUpdatedRows > 0n;
}

/** Rows waiting and being written across every job and server (GET /metrics reads it at each scrape). */
export async function countActiveRows(db: Db): Promise<{ queued: number; running: number }> {
  const rows = await db.selectFrom("job_row").select((eb) => ["status", eb.fn.countAll<number>().as("n")]).where("status", "in", ["queued", "running"]).groupBy("status").execute();
  const count = (status: RowStatus) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return { queued: count("queued"), running: count("running") };
}

/** Puts the row back in the queue untouched (its job was paused, or words ran out before it started). */
export async function releaseRow(db: Db, row: Pick<ClaimedRow, "id" | "attempt">): Promise<void> {
  await db.updateTable("job_row").set({ status: "queued", claimedBy: null, heartbeatAt: null, generationId: null }).where(ownClaim(row)).execute();
}

/** Words ran out: the job waits, and resumes by itself when a row's words are there again. */
export async function pauseForWords(db: Db, jobId: string): Promise<void> {
  await db.updateTable("job").set({ status: "paused", pauseReason: "words", updatedAt: nowIso() }).where("id", "=", jobId).where("status", "=", "running").execute();
}

/** Marks the job completed once no row waits or runs. */
export async function completeJobIfDone(db: Db, jobId: string): Promise<boolean> {
  const left = await db.selectFrom("job_row").select("id").where("jobId", "=", jobId).where("status", "in", ["queued", "running"]).limit(1).executeTakeFirst();
  if (left) return false;
  const at = nowIso();
  const { numUpdatedRows } = await db.updateTable("job").set({ status: "completed", pauseReason: null, finishedAt: at, updatedAt: at }).where("id", "=", jobId).where("status", "in", ["running", "paused"]).executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Rows of running jobs whose worker went silent before `staleBefore` (its server died): to send again. */
export async function rowsToResend({ db, staleBefore, limit = 1000 }: { db: Db; staleBefore: Date; limit?: number }): Promise<RowToSend[]> {
  const rows = await db
    .selectFrom("job_row as r")
    .innerJoin("job as j", "j.id", "r.jobId")
    .select(["r.id", "r.workspaceId", "r.jobId"])
    .where("j.status", "=", "running")
    .where("r.status", "=", "running")
    .where((eb) => eb.or([eb("r.heartbeatAt", "is", null), eb("r.heartbeatAt", "<", staleBefore.toISOString())]))
    .limit(limit)
    .execute();
  return rows.map((row) => ({ rowId: row.id, workspaceId: row.workspaceId, jobId: row.jobId }));
}

/** After a restart of the only server (SQLite): every row it was writing is a dead attempt, to take over at once. */
export async function orphanRunningRows(db: Db): Promise<number> {
  const { numUpdatedRows } = await db.updateTable("job_row").set({ heartbeatAt: null }).where("status", "=", "running").executeTakeFirst();
  return Number(numUpdatedRows);
}

/** Jobs waiting for words, with the workspace to check. */
export async function jobsPausedForWords(db: Db): Promise<{ id: string; workspaceId: string; options: JobOptions }[]> {
  const rows = await db.selectFrom("job").select(["id", "workspaceId", "options"]).where("status", "=", "paused").where("pauseReason", "=", "words").limit(200).execute();
  return rows.map((row) => ({ id: row.id, workspaceId: row.workspaceId, options: JSON.parse(row.options) as JobOptions }));
}

/** The concurrency tier of each workspace: its plan. */
export async function tiersOf(db: Db, workspaceIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(workspaceIds)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom("workspace").select(["id", "plan"]).where("id", "in", unique).execute();
  return new Map(rows.map((row) => [row.id, planRowConcurrency[String(row.plan)] ? String(row.plan) : "none"]));
}

/** For the dashboard: the workspace's running or paused jobs. */
export function listActiveJobs({ db, workspaceId }: { db: Db; workspaceId: string }): Promise<JobListItem[]> {
  return listJobs({ db, workspaceId, status: ["running", "paused"], limit: 5 });
}


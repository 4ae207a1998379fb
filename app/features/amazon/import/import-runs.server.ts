// The import runs of a workspace (amazon_import): start, read, pause, resume, and the claim a worker holds
// while it reads Amazon. Every read and write by a user names the workspace: another's run is not found.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db } from "#server/db/db.server.ts";
import { firstCursor, importCursorSchema, type ImportCursor, type ImportPauseReason, type ImportStatus } from "./types.ts";

export interface ImportRunView {
  id: string;
  connectionId: string;
  marketplaceIds: string[];
  status: ImportStatus;
  pauseReason: ImportPauseReason | null;
  error: string | null;
  seen: number;
  created: number;
  updated: number;
  unchanged: number;
  flagged: number;
  total: number | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

const runColumns = ["id", "connectionId", "marketplaceIds", "status", "pauseReason", "error", "seen", "created", "updated", "unchanged", "flagged", "total", "createdAt", "updatedAt", "finishedAt"] as const;
const idList = z.array(z.string());

function toView(row: Omit<ImportRunView, "marketplaceIds"> & { marketplaceIds: string }): ImportRunView {
  const ids = idList.safeParse(JSON.parse(row.marketplaceIds));
  return { ...row, marketplaceIds: ids.success ? ids.data : [], seen: Number(row.seen), created: Number(row.created), updated: Number(row.updated), unchanged: Number(row.unchanged), flagged: Number(row.flagged), total: row.total === null ? null : Number(row.total) };
}

/** A new run of the connection's stores (all of them, or one). The caller sends it to the queue. */
export async function createImportRun({ db, workspaceId, connectionId, userId, marketplaceIds, now = new Date() }: { db: Db; workspaceId: string; connectionId: string; userId: string; marketplaceIds: string[]; now?: Date }): Promise<ImportRunView> {
  const at = now.toISOString();
  const id = randomUUID();
  await db
    .insertInto("amazon_import")
    .values({ id, workspaceId, connectionId, createdBy: userId, marketplaceIds: JSON.stringify(marketplaceIds), status: "running", pauseReason: null, error: null, cursor: JSON.stringify(firstCursor()), total: null, claimedBy: null, heartbeatAt: null, createdAt: at, updatedAt: at, finishedAt: null })
    .execute();
  return (await getImportRun({ db, workspaceId, importId: id }))!;
}

export async function getImportRun({ db, workspaceId, importId }: { db: Db; workspaceId: string; importId: string }): Promise<ImportRunView | undefined> {
  const row = await db.selectFrom("amazon_import").select(runColumns).where("workspaceId", "=", workspaceId).where("id", "=", importId).executeTakeFirst();
  return row && toView(row);
}

/** The workspace's latest runs, newest first. */
export async function listImportRuns({ db, workspaceId, limit = 10 }: { db: Db; workspaceId: string; limit?: number }): Promise<ImportRunView[]> {
  const rows = await db.selectFrom("amazon_import").select(runColumns).where("workspaceId", "=", workspaceId).orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map(toView);
}

/** The running or paused run of a connection, if any (one at a time). */
export async function activeImportRun({ db, workspaceId, connectionId }: { db: Db; workspaceId: string; connectionId: string }): Promise<ImportRunView | undefined> {
  const row = await db.selectFrom("amazon_import").select(runColumns).where("workspaceId", "=", workspaceId).where("connectionId", "=", connectionId).where("status", "in", ["running", "paused"]).orderBy("createdAt", "desc").executeTakeFirst();
  return row && toView(row);
}

/** Pause: the worker stops before its next page. False when not running (or not this workspace's). */
export async function pauseImportRun({ db, workspaceId, importId, reason = "user", now = new Date() }: { db: Db; workspaceId?: string; importId: string; reason?: ImportPauseReason; now?: Date }): Promise<boolean> {
  let query = db.updateTable("amazon_import").set({ status: "paused", pauseReason: reason, updatedAt: now.toISOString() }).where("id", "=", importId).where("status", "=", "running");
  if (workspaceId) query = query.where("workspaceId", "=", workspaceId);
  const { numUpdatedRows } = await query.executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Resume a paused run: true when it runs again (the caller sends it to the queue). */
export async function resumeImportRun({ db, workspaceId, importId, now = new Date() }: { db: Db; workspaceId?: string; importId: string; now?: Date }): Promise<boolean> {
  let query = db.updateTable("amazon_import").set({ status: "running", pauseReason: null, updatedAt: now.toISOString() }).where("id", "=", importId).where("status", "=", "paused");
  if (workspaceId) query = query.where("workspaceId", "=", workspaceId);
  const { numUpdatedRows } = await query.executeTakeFirst();
  return numUpdatedRows > 0n;
}

export interface ClaimedRun {
  id: string;
  workspaceId: string;
  connectionId: string;
  createdBy: string | null;
  marketplaceIds: string[];
  cursor: ImportCursor;
  total: number | null;
  workerId: string;
  attempt: number;
}

/**
 * Takes a running run for this worker: free, or held by a worker silent since `staleBefore` (its server
 * died). Conditional, so one worker holds it; undefined when it is not to be run now.
 */
export async function claimImportRun({ db, importId, workerId, staleBefore, now = new Date() }: { db: Db; importId: string; workerId: string; staleBefore: Date; now?: Date }): Promise<ClaimedRun | undefined> {
  const row = await db.selectFrom("amazon_import").select(["id", "workspaceId", "connectionId", "createdBy", "marketplaceIds", "cursor", "total", "attempt", "status", "claimedBy", "heartbeatAt"]).where("id", "=", importId).executeTakeFirst();
  if (!row || row.status !== "running") return undefined;
  if (row.claimedBy && row.claimedBy !== workerId && row.heartbeatAt && row.heartbeatAt > staleBefore.toISOString()) return undefined;
  const attempt = Number(row.attempt) + 1;
  const { numUpdatedRows } = await db
    .updateTable("amazon_import")
    .set({ claimedBy: workerId, attempt, heartbeatAt: now.toISOString() })
    .where("id", "=", importId)
    .where("attempt", "=", Number(row.attempt))
    .where("status", "=", "running")
    .executeTakeFirst();
  if (numUpdatedRows === 0n) return undefined;
  const cursor = importCursorSchema.safeParse(JSON.parse(row.cursor));
  return { id: row.id, workspaceId: row.workspaceId, connectionId: row.connectionId, createdBy: row.createdBy, marketplaceIds: idList.parse(JSON.parse(row.marketplaceIds)), cursor: cursor.success ? cursor.data : firstCursor(), total: row.total === null ? null : Number(row.total), workerId, attempt };
}

/** Still ours: the heartbeat moves; false when another worker took the run over or it stopped running. */
export async function beatImportRun(db: Db, claim: Pick<ClaimedRun, "id" | "workerId" | "attempt">, now = new Date()): Promise<boolean> {
  const { numUpdatedRows } = await db.updateTable("amazon_import").set({ heartbeatAt: now.toISOString() }).where("id", "=", claim.id).where("claimedBy", "=", claim.workerId).where("attempt", "=", claim.attempt).executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** This run's claim is not ours any more, or it was paused: the page's writes must not stay. */
export class ImportClaimLost extends Error {
  override name = "ImportClaimLost";
}

/**
 * Moves the cursor and the counts, only while the claim is ours and the run is running; inside the
 * page's transaction, so the page's listings and the cursor are saved together or not at all.
 */
export async function advanceImportRun(db: Db, claim: Pick<ClaimedRun, "id" | "workerId" | "attempt">, change: { cursor: ImportCursor; total?: number | null; counts?: { seen: number; created: number; updated: number; unchanged: number; flagged: number }; now?: Date }): Promise<void> {
  const counts = change.counts ?? { seen: 0, created: 0, updated: 0, unchanged: 0, flagged: 0 };
  const at = (change.now ?? new Date()).toISOString();
  const { numUpdatedRows } = await db
    .updateTable("amazon_import")
    .set((eb) => ({
      cursor: JSON.stringify(change.cursor),
      seen: eb("seen", "+", counts.seen),
      created: eb("created", "+", counts.created),
      updated: eb("updated", "+", counts.updated),
      unchanged: eb("unchanged", "+", counts.unchanged),
      flagged: eb("flagged", "+", counts.flagged),
      ...(change.total === undefined ? {} : { total: change.total }),
      heartbeatAt: at,
      updatedAt: at,
    }))
    .where("id", "=", claim.id)
    .where("claimedBy", "=", claim.workerId)
    .where("attempt", "=", claim.attempt)
    .where("status", "=", "running")
    .executeTakeFirst();
  if (numUpdatedRows === 0n) throw new ImportClaimLost();
}

/** The run ends (every store read, or a failure that retrying will not cure). */
export async function finishImportRun(db: Db, claim: Pick<ClaimedRun, "id" | "workerId" | "attempt">, outcome: { status: "completed" | "failed"; error?: string }, now = new Date()): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable("amazon_import")
    .set({ status: outcome.status, error: outcome.error ?? null, claimedBy: null, finishedAt: now.toISOString(), updatedAt: now.toISOString() })
    .where("id", "=", claim.id)
    .where("claimedBy", "=", claim.workerId)
    .where("attempt", "=", claim.attempt)
    .where("status", "=", "running")
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Lets go of the claim (paused, or this server stopping) so the next worker starts at once. */
export async function releaseImportRun(db: Db, claim: Pick<ClaimedRun, "id" | "workerId" | "attempt">): Promise<void> {
  await db.updateTable("amazon_import").set({ claimedBy: null }).where("id", "=", claim.id).where("claimedBy", "=", claim.workerId).where("attempt", "=", claim.attempt).execute();
}

/** Running runs whose worker went silent (or none holds them): to send to the queue again. */
export async function importRunsToResend({ db, staleBefore }: { db: Db; staleBefore: Date }): Promise<{ id: string; workspaceId: string }[]> {
  return db
    .selectFrom("amazon_import")
    .select(["id", "workspaceId"])
    .where("status", "=", "running")
    .where((eb) => eb.or([eb("heartbeatAt", "is", null), eb("heartbeatAt", "<", staleBefore.toISOString())]))
    .execute();
}

/** Runs paused because Amazon wanted the seller to authorize again, whose connection is active again. */
export async function runsToResumeAfterReconnect(db: Db): Promise<{ id: string; workspaceId: string }[]> {
  return db
    .selectFrom("amazon_import")
    .innerJoin("amazon_connection", "amazon_connection.id", "amazon_import.connectionId")
    .select(["amazon_import.id", "amazon_import.workspaceId"])
    .where("amazon_import.status", "=", "paused")
    .where("amazon_import.pauseReason", "=", "needs_reauthorization")
    .where("amazon_connection.status", "=", "active")
    .execute();
}

// The data_export rows (migration 0020): one queued or running export per user (a partial unique index),
// its progress, the finished ZIP until its link expires, and the signed download link.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { Db } from "#server/db/db.server.ts";
import type { Locale } from "#app/i18n/i18n.ts";
import { dataExportLinkHours, type DataExportStatus, type DataExportView } from "./types.ts";

/** An export still queued or running after this long lost its worker for good (the queue gave up): it fails, so a new one can be asked for. */
export const stalePendingMinutes = 60;

const viewColumns = ["id", "userId", "status", "progress", "total", "locale", "error", "bytes", "createdAt", "finishedAt", "expiresAt"] as const;

export interface DataExportRow {
  id: string;
  userId: string;
  status: DataExportStatus;
  progress: number;
  total: number;
  locale: string;
  error: string | null;
  bytes: number | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
}

const toRow = (row: Omit<DataExportRow, "progress" | "bytes" | "total"> & { progress: number | string; total: number | string; bytes: number | string | null }): DataExportRow => ({
  ...row,
  progress: Number(row.progress),
  total: Number(row.total),
  bytes: row.bytes === null ? null : Number(row.bytes),
});

/**
 * Starts an export for the user, or finds the one already queued or running (this server's or another's,
 * even one inserted at the same instant): the partial unique index lets only one in, the others read it.
 */
export async function requestDataExport({ db, userId, locale, total, now = new Date() }: { db: Db; userId: string; locale: Locale; total: number; now?: Date }): Promise<{ exportId: string; started: boolean }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = randomUUID();
    const inserted = await db
      .insertInto("data_export")
      .values({ id, userId, status: "queued", progress: 0, total, locale, createdAt: now.toISOString() })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return { exportId: id, started: true };
    const pending = await db.selectFrom("data_export").select("id").where("userId", "=", userId).where("status", "in", ["queued", "running"]).executeTakeFirst();
    if (pending) return { exportId: pending.id, started: false };
    // The pending one finished between our insert and our read: try again.
  }
  throw new Error("could not start a data export: the pending one kept changing");
}

/** The user's newest export (without its ZIP), or undefined. */
export async function getLatestDataExport({ db, userId }: { db: Db; userId: string }): Promise<DataExportRow | undefined> {
  const row = await db.selectFrom("data_export").select(viewColumns).where("userId", "=", userId).orderBy("createdAt", "desc").orderBy("id", "desc").executeTakeFirst();
  return row && toRow(row);
}

export async function getDataExportById({ db, id }: { db: Db; id: string }): Promise<DataExportRow | undefined> {
  const row = await db.selectFrom("data_export").select(viewColumns).where("id", "=", id).executeTakeFirst();
  return row && toRow(row);
}

/** Marks a queued (or re-delivered running) export as running; undefined when it is finished or gone. */
export async function claimDataExport({ db, id }: { db: Db; id: string }): Promise<DataExportRow | undefined> {
  const { numUpdatedRows } = await db.updateTable("data_export").set({ status: "running", progress: 0 }).where("id", "=", id).where("status", "in", ["queued", "running"]).executeTakeFirst();
  return numUpdatedRows === 1n ? getDataExportById({ db, id }) : undefined;
}

export async function setDataExportProgress({ db, id, progress }: { db: Db; id: string; progress: number }): Promise<void> {
  await db.updateTable("data_export").set({ progress }).where("id", "=", id).where("status", "=", "running").execute();
}

/** Stores the ZIP and starts its 24 hours; the user's older exports go (only the newest is kept). False when the export was not running any more. */
export async function finishDataExport({ db, id, zip, now = new Date() }: { db: Db; id: string; zip: Uint8Array; now?: Date }): Promise<DataExportRow | undefined> {
  const expiresAt = new Date(now.getTime() + dataExportLinkHours * 3600_000).toISOString();
  return db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable("data_export")
      .set((eb) => ({ status: "ready", progress: eb.ref("total"), zip: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength), bytes: zip.byteLength, finishedAt: now.toISOString(), expiresAt }))
      .where("id", "=", id)
      .where("status", "=", "running")
      .executeTakeFirst();
    if (numUpdatedRows !== 1n) return undefined;
    const row = toRow(await trx.selectFrom("data_export").select(viewColumns).where("id", "=", id).executeTakeFirstOrThrow());
    await trx.deleteFrom("data_export").where("userId", "=", row.userId).where("id", "!=", id).where("status", "in", ["ready", "failed"]).execute();
    return row;
  });
}

export async function failDataExport({ db, id, error, now = new Date() }: { db: Db; id: string; error: string; now?: Date }): Promise<void> {
  await db.updateTable("data_export").set({ status: "failed", error: error.slice(0, 500), finishedAt: now.toISOString() }).where("id", "=", id).where("status", "in", ["queued", "running"]).execute();
}

/** The ZIP of a ready export, or why not: gone (never there, or deleted after it expired) or expired. */
export async function readDataExportZip({ db, id, userId, now = new Date() }: { db: Db; id: string; userId: string; now?: Date }): Promise<{ ok: true; zip: Uint8Array; createdAt: string } | { ok: false; reason: "notFound" | "expired" | "notReady" }> {
  const row = await db.selectFrom("data_export").select(["status", "zip", "expiresAt", "createdAt"]).where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
  if (!row) return { ok: false, reason: "notFound" };
  if (row.status !== "ready" || !row.zip) return { ok: false, reason: "notReady" };
  if (!row.expiresAt || row.expiresAt <= now.toISOString()) return { ok: false, reason: "expired" };
  return { ok: true, zip: row.zip, createdAt: row.createdAt };
}

/** Housekeeping: deletes exports whose link expired (and failed ones as old), and fails pending ones no worker will finish. */
export async function sweepDataExports({ db, now = new Date() }: { db: Db; now?: Date }): Promise<number> {
  const expired = await db.deleteFrom("data_export").where("status", "=", "ready").where("expiresAt", "<=", now.toISOString()).executeTakeFirst();
  const oldFailed = await db
    .deleteFrom("data_export")
    .where("status", "=", "failed")
    .where("createdAt", "<=", new Date(now.getTime() - dataExportLinkHours * 3600_000).toISOString())
    .executeTakeFirst();
  await db
    .updateTable("data_export")
    .set({ status: "failed", error: "The export was not finished in time.", finishedAt: now.toISOString() })
    .where("status", "in", ["queued", "running"])
    .where("createdAt", "<=", new Date(now.getTime() - stalePendingMinutes * 60_000).toISOString())
    .execute();
  return Number(expired.numDeletedRows + oldFailed.numDeletedRows);
}

// The download link: the export's id, its expiry and an HMAC over both and the owner's id. Any server
// checks it without a lookup; it works only for the owner's session and only until its expiry.
const signature = (secret: string, id: string, userId: string, expires: number) => createHmac("sha256", secret).update(`data-export\n${id}\n${userId}\n${expires}`).digest("base64url");

export function dataExportDownloadPath({ secret, id, userId, expiresAt }: { secret: string; id: string; userId: string; expiresAt: string }): string {
  const expires = Date.parse(expiresAt);
  return `/settings/data-export/${encodeURIComponent(id)}/download?expires=${expires}&signature=${signature(secret, id, userId, expires)}`;
}

/** "valid", "expired" (a genuine link past its time), or "invalid" (not signed for this user and export). */
export function checkDataExportLink({ secret, id, userId, expires, signature: given, now = Date.now() }: { secret: string; id: string; userId: string; expires: number; signature: string; now?: number }): "valid" | "expired" | "invalid" {
  const expected = Buffer.from(signature(secret, id, userId, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return "invalid";
  return expires <= now ? "expired" : "valid";
}

/** What the settings card shows of an export. */
export function toDataExportView(row: DataExportRow, secret: string): DataExportView {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    total: row.total,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    expiresAt: row.expiresAt,
    bytes: row.bytes,
    downloadUrl: row.status === "ready" && row.expiresAt ? dataExportDownloadPath({ secret, id: row.id, userId: row.userId, expiresAt: row.expiresAt }) : null,
  };
}

// The data export's doors (README "Your data"): the settings card's status and request
// (GET and POST /settings/data-export) and the download (GET /settings/data-export/:id/download), which
// answers only the signed-in owner, with a link signed for them, within its 24 hours.
import { redirect } from "react-router";
import { z } from "zod";
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { translate, type Locale, type MessageKey } from "#app/i18n/i18n.ts";
import { apiErrorResponse } from "#app/lib/errors.ts";
import { checkDataExportLink, getDataExportById, getLatestDataExport, readDataExportZip, requestDataExport, toDataExportView } from "./data-exports.server.ts";
import type { DataExportRunner } from "./export-runner.server.ts";
import { exportSectionCount } from "./export-zip.server.ts";
import { dataExportRequestSchema, type DataExportState } from "./types.ts";

export interface DataExportApiContext {
  request: Request;
  user: { id: string } | null;
  locale: Locale;
  requestId: string;
  db: Db;
  config: AppConfig;
}

const noStore = { "Cache-Control": "no-store" };

async function currentState(ctx: DataExportApiContext & { user: { id: string } }, now = new Date()): Promise<DataExportState> {
  const latest = await getLatestDataExport({ db: ctx.db, userId: ctx.user.id });
  // A ready export past its link's time is gone for the user, even before housekeeping deletes it.
  if (!latest || (latest.status === "ready" && (!latest.expiresAt || latest.expiresAt <= now.toISOString()))) return { export: null };
  return { export: toDataExportView(latest, ctx.config.sessionSecret) };
}

/** GET /settings/data-export → {export}: the newest export's status and progress (the card polls it). */
export async function handleDataExportStatus(ctx: DataExportApiContext): Promise<Response> {
  if (!ctx.user) return apiErrorResponse("SIGNED_OUT", ctx);
  return Response.json(await currentState({ ...ctx, user: ctx.user }), { headers: noStore });
}

/** POST /settings/data-export (intent=request) → {export, started}: a new export, or the one already being prepared. */
export async function handleDataExportRequest(ctx: DataExportApiContext & { runner: DataExportRunner }): Promise<Response> {
  if (!ctx.user) return apiErrorResponse("SIGNED_OUT", ctx);
  let form: unknown;
  try {
    form = Object.fromEntries(await ctx.request.formData());
  } catch {
    form = null;
  }
  if (!dataExportRequestSchema.safeParse(form).success) return apiErrorResponse("BAD_REQUEST", ctx);
  const { exportId, started } = await requestDataExport({ db: ctx.db, userId: ctx.user.id, locale: ctx.locale, total: exportSectionCount });
  if (started) await ctx.runner.enqueue(exportId, ctx.user.id);
  const row = await getDataExportById({ db: ctx.db, id: exportId });
  const state: DataExportState = { export: row ? toDataExportView(row, ctx.config.sessionSecret) : null, started };
  return Response.json(state, { status: started ? 202 : 200, headers: noStore });
}

const linkSchema = z.object({ expires: z.coerce.number().int().positive(), signature: z.string().min(1).max(100) });

/**
 * GET /settings/data-export/:id/download?expires&signature → the ZIP. A page visit that cannot be served
 * goes back to Settings → Personal, which says why; any other client gets the catalogue's JSON error.
 */
export async function handleDataExportDownload(ctx: DataExportApiContext & { user: { id: string }; id: string }, now = new Date()): Promise<Response> {
  const refuse = (reason: "expired" | "notFound") => {
    const key: MessageKey = reason === "expired" ? "dataExport.error.expired" : "dataExport.error.notFound";
    if (/text\/html/.test(ctx.request.headers.get("accept") ?? "")) return redirect(`/settings/personal?dataExport=${reason}`);
    return apiErrorResponse("NOT_FOUND", { locale: ctx.locale, requestId: ctx.requestId, details: { message: translate(ctx.locale, key) } });
  };
  const link = linkSchema.safeParse(Object.fromEntries(new URL(ctx.request.url).searchParams));
  if (!link.success) return refuse("notFound");
  const check = checkDataExportLink({ secret: ctx.config.sessionSecret, id: ctx.id, userId: ctx.user.id, expires: link.data.expires, signature: link.data.signature, now: now.getTime() });
  if (check !== "valid") return refuse(check === "expired" ? "expired" : "notFound");
  const found = await readDataExportZip({ db: ctx.db, id: ctx.id, userId: ctx.user.id, now });
  if (!found.ok) return refuse(found.reason === "expired" ? "expired" : "notFound");
  const day = found.createdAt.slice(0, 10);
  return new Response(new Uint8Array(found.zip), {
    headers: { ...noStore, "Content-Type": "application/zip", "Content-Length": String(found.zip.byteLength), "Content-Disposition": `attachment; filename="sellscribe-export-${day}.zip"` },
  });
}

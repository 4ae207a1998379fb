// What the settings card reads about the user's latest export (GET /settings/data-export). Browser-safe.
import { z } from "zod";

export const dataExportStatuses = ["queued", "running", "ready", "failed"] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

/** How long a ready export (and its mailed link) can be downloaded. */
export const dataExportLinkHours = 24;

export const dataExportViewSchema = z.object({
  id: z.string(),
  status: z.enum(dataExportStatuses),
  progress: z.number().int(),
  total: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  bytes: z.number().int().nullable(),
  /** The signed download link (same as the mail's), only while ready. */
  downloadUrl: z.string().nullable(),
});
export type DataExportView = z.infer<typeof dataExportViewSchema>;

/** The status endpoint's answer, and the request's (`started`: false when one was already being prepared). */
export const dataExportStateSchema = z.object({ export: dataExportViewSchema.nullable(), started: z.boolean().optional() });
export type DataExportState = z.infer<typeof dataExportStateSchema>;

/** The card's one intent. */
export const dataExportRequestSchema = z.object({ intent: z.literal("request") });

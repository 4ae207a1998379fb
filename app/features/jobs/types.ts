// Bulk jobs (issue 18): shapes shared by the server, the API and the pages. Browser-safe.
import { z } from "zod";
import { listingFactsSchema } from "#app/features/listings/types.ts";
import { keywordListSchema } from "#app/features/keywords/schemas.ts";
import { sectionNames } from "#app/features/rules/types.ts";

export const jobStatuses = ["running", "paused", "cancelled", "completed"] as const;
export type JobStatus = (typeof jobStatuses)[number];
export const rowStatuses = ["queued", "running", "done", "failed", "cancelled"] as const;
export type RowStatus = (typeof rowStatuses)[number];
export type PauseReason = "user" | "words";

/** What a job writes, chosen on the mapping step. */
export const jobOptionsSchema = z.object({
  sections: z.array(z.enum(sectionNames)).min(1).max(sectionNames.length),
  /** The store of rows whose file names none. */
  marketplace: z.string().min(1).max(100),
});
export type JobOptions = z.infer<typeof jobOptionsSchema> & {
  ruleSetId: string;
  /** A fix job (issue 33 item 6, app/features/fixes): each row rewrites the failing sections of its existing listing as a proposal. */
  fix?: { rule: string | null };
};

/** One product of the catalog, as the job writes it. */
export const rowInputSchema = z.object({
  facts: listingFactsSchema,
  keywords: keywordListSchema.default([]),
  marketplace: z.string().min(1).max(100),
  /** The seller SKU and ASIN a Seller Central report gave the row (issue 33 item 4). */
  sku: z.string().min(1).max(40).optional(),
  asin: z.string().length(10).optional(),
});
export type RowInput = z.infer<typeof rowInputSchema>;

/** How many rows of a workspace run at once, by plan, across every server (issue 18). */
export const planRowConcurrency: Record<string, number> = { trial: 1, starter: 2, pro: 4, enterprise: 8 };
export const defaultRowConcurrency = 1;

/** A job's progress, as GET /api/jobs/:id answers it (the fields first). */
export interface JobProgress {
  id: string;
  status: JobStatus;
  pauseReason: PauseReason | null;
  fileName: string;
  total: number;
  done: number;
  failed: number;
  running: number;
  queued: number;
  cancelled: number;
  emptyRowsSkipped: number;
  /** Words held for the rows being written now. */
  wordsReserved: number;
  /** Words charged for finished rows (what they wrote). */
  wordsCharged: number;
  /** Over the last five minutes (null before there is a rate). */
  rowsPerMinute: number | null;
  /** Seconds left at that rate (null when unknown or finished). */
  etaSeconds: number | null;
  options: JobOptions;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface JobRowView {
  id: string;
  rowNumber: number;
  status: RowStatus;
  brand: string;
  productName: string;
  marketplace: string;
  listingId: string | null;
  error: string | null;
  passed: boolean | null;
  coverage: number | null;
  wordsCharged: number;
}

/** A job in a list (/jobs, the dashboard): its progress without the figures that cost more to read. */
export type JobListItem = Pick<JobProgress, "id" | "status" | "pauseReason" | "fileName" | "total" | "done" | "failed" | "createdAt"> & {
  /** A fix job's rule (its name is made from it in the reader's language); null for an upload. */
  fix: { rule: string | null } | null;
};

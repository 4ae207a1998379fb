// The import's shapes (issue 33 item 3): what a listing carries from Amazon, what the import flags, and
// where a run is. Stored as JSON in listing.amazonIssues / listing.importFlags / amazon_import.cursor.
import { z } from "zod";

export const amazonIssueSchema = z.object({
  code: z.string(),
  message: z.string(),
  severity: z.enum(["ERROR", "WARNING", "INFO"]),
  attributeNames: z.array(z.string()).optional(),
});
export type AmazonIssue = z.infer<typeof amazonIssueSchema>;

export const importFlagCodes = ["SEVERAL_VALUES", "NO_VALUE", "UNKNOWN_PRODUCT_TYPE"] as const;
export const importFlagSchema = z.object({ code: z.enum(importFlagCodes), attribute: z.string().optional() });
/** Something found on Amazon that does not fit a listing's one value per section: imported as found and flagged. */
export type ImportFlag = z.infer<typeof importFlagSchema>;

/** Where a run is: the store (index into the run's marketplaceIds) and the way it reads it. */
export const importCursorSchema = z.object({
  store: z.number().int().min(0),
  /** 'pages': searchListingsItems by page; 'report': the All Listings report's SKUs, 20 a call. */
  mode: z.enum(["pages", "report"]),
  pageToken: z.string().nullable().default(null),
  reportId: z.string().nullable().default(null),
  /** The report's SKUs (report mode) and how many of them are read. */
  skus: z.array(z.string()).nullable().default(null),
  offset: z.number().int().min(0).default(0),
});
export type ImportCursor = z.infer<typeof importCursorSchema>;

export const firstCursor = (store = 0): ImportCursor => ({ store, mode: "pages", pageToken: null, reportId: null, skus: null, offset: 0 });

export type ImportStatus = "running" | "paused" | "completed" | "failed";
export type ImportPauseReason = "user" | "needs_reauthorization";

/** Amazon allows paging through this many SKUs; a larger catalog is read from the All Listings report. */
export const pagingLimit = 1000;
/** searchListingsItems' largest page and most identifiers a call. */
export const pageSize = 20;

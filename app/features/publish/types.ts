// Publishing to Amazon (issue 34): the shapes of the HTTP answers and of what the publication rows store.
// Browser-safe: the server builds its answers with these schemas and the listing page reads them with them.
import { z } from "zod";
import type { MessageKey } from "#app/i18n/i18n.ts";

/**
 * A publication row's life: "preview" (a checked preview, never sent), "sending" (written before the call, so
 * a crash never sends twice), "submitted" (Amazon accepted it, submissionId known), then "live" (the live copy
 * equals what we sent, no new ERROR issue), "rejected" (an ERROR issue appeared) or "pending" (not live within
 * the time limit: checked again later); "failed" (Amazon refused the call, or answered INVALID: nothing sent live).
 */
export const publicationStatuses = ["preview", "sending", "submitted", "live", "rejected", "pending", "failed"] as const;
export type PublicationStatus = (typeof publicationStatuses)[number];

/** "preview": a preview's row (of a publish, or of a rollback when rollbackOf is set); "publish" and "rollback": sent. */
export const publicationKinds = ["preview", "publish", "rollback"] as const;
export type PublicationKind = (typeof publicationKinds)[number];

/** Statuses still moving at Amazon: the listing page polls while the last publication has one of these. */
export const unsettledStatuses: readonly PublicationStatus[] = ["sending", "submitted", "pending"];

/** The copy attributes we send (issue 34 item 2), in Amazon's names. */
export const copyAttributeNames = ["item_name", "title_differentiation", "item_highlights", "bullet_point", "product_description", "generic_keyword"] as const;
export type CopyAttributeName = (typeof copyAttributeNames)[number];

const messageKey = z.custom<MessageKey>((value) => typeof value === "string" && value.length > 0);

/** Plain words for an Amazon issue code (app/features/publish/issue-explanations.ts); null: Amazon's own message is all we have. */
export const issueExplanationSchema = z.object({ titleKey: messageKey, actionKey: messageKey });
export type IssueExplanation = z.infer<typeof issueExplanationSchema>;

export const publishIssueSchema = z.object({
  code: z.string(),
  message: z.string(),
  severity: z.enum(["ERROR", "WARNING", "INFO"]),
  attributeNames: z.array(z.string()),
  explanation: issueExplanationSchema.nullable(),
});
export type PublishIssue = z.infer<typeof publishIssueSchema>;

/** A listing's copy as a publication keeps it (before and after): the listing's sections. */
export const publishedCopySchema = z.object({
  title: z.string(),
  itemHighlights: z.string(),
  bullets: z.array(z.string()),
  description: z.string(),
  searchTerms: z.string(),
});
export type PublishedCopy = z.infer<typeof publishedCopySchema>;

/** One attribute, live at Amazon vs ours: each value as text (bullet_point has one per bullet). */
export const attributeDiffSchema = z.object({
  attribute: z.enum(copyAttributeNames),
  live: z.array(z.string()),
  ours: z.array(z.string()),
  changed: z.boolean(),
});
export type AttributeDiff = z.infer<typeof attributeDiffSchema>;

/** A schema problem at one attribute (helper A's SchemaProblem; `keyword` + `params` let the page translate). */
export const schemaProblemSchema = z.object({
  attribute: z.string(),
  pointer: z.string(),
  keyword: z.string(),
  params: z.record(z.string(), z.unknown()),
  message: z.string(),
});

export const lintErrorSchema = z.object({ code: z.string(), section: z.string(), message: z.string() });

/**
 * Why a preview cannot be published: lint errors, schema problems, Amazon's preview said INVALID, nothing
 * differs from the live copy, or (a rollback) the live copy changed at Amazon since our publish (confirm first).
 */
export const publishBlockers = ["lint", "schema", "amazon", "unchanged", "liveChanged"] as const;
export type PublishBlocker = (typeof publishBlockers)[number];

/** A rollback whose live copy changed since our publish: the three versions, for the seller to compare and confirm. */
export const threeWaySchema = z.object({
  /** The live copy before our publish (what the rollback sends again). */
  before: publishedCopySchema,
  /** What we published. */
  published: publishedCopySchema,
  /** Live at Amazon now. */
  live: publishedCopySchema,
});
export type ThreeWay = z.infer<typeof threeWaySchema>;

/** POST /api/listings/:id/publish/preview → 200 {preview}. */
export const publishPreviewSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  kind: z.enum(["publish", "rollback"]),
  /** The listing version the preview checked: publishing refuses once the listing moved on. */
  version: z.number().int(),
  store: z.string(),
  sku: z.string(),
  productType: z.string(),
  highlightsAttribute: z.enum(["title_differentiation", "item_highlights"]).nullable(),
  /** The listing has item highlights but the store's product type has no attribute for them: not sent. */
  highlightsNotSent: z.boolean(),
  diff: z.array(attributeDiffSchema),
  lint: z.object({ errors: z.array(lintErrorSchema) }),
  schema: z.object({ checksum: z.string(), problems: z.array(schemaProblemSchema) }),
  /** Amazon's VALIDATION_PREVIEW answer; NOT_SENT: not asked, because our checks failed first or nothing changed. */
  amazon: z.object({ status: z.enum(["VALID", "INVALID", "NOT_SENT"]), issues: z.array(publishIssueSchema) }),
  /** Every check passed; with "liveChanged" among the blockers (a rollback), publishing needs confirmLiveChange too. */
  canPublish: z.boolean(),
  blockers: z.array(z.enum(publishBlockers)),
  /** A rollback only, when the live copy changed at Amazon since the publish it undoes. */
  threeWay: threeWaySchema.optional(),
  createdAt: z.string(),
});
export type PublishPreview = z.infer<typeof publishPreviewSchema>;
export const publishPreviewAnswerSchema = z.object({ preview: publishPreviewSchema });

/** One row of the audit log: a preview, a publish or a rollback. */
export const publicationSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  kind: z.enum(publicationKinds),
  status: z.enum(publicationStatuses),
  /** Who asked for it (null when that account is gone). */
  userName: z.string().nullable(),
  store: z.string(),
  sku: z.string(),
  productType: z.string(),
  /** Amazon's submission id once accepted. */
  submissionId: z.string().nullable(),
  /** The preview this was sent from (publish and rollback rows). */
  previewId: z.string().nullable(),
  /** The publication a rollback (or its preview) undoes. */
  rollbackOf: z.string().nullable(),
  /** A bulk run's id (issue 34 item 3); null for one listing's publish. */
  batchId: z.string().nullable(),
  /** The live copy before, and what we sent. */
  before: publishedCopySchema,
  after: publishedCopySchema,
  issues: z.array(publishIssueSchema),
  /** Why a failed row failed (Amazon's message), when it did. */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Publication = z.infer<typeof publicationSchema>;

/** POST /api/listings/:id/publish and /rollback → 202 {publication}. */
export const publicationAnswerSchema = z.object({ publication: publicationSchema });

/** The listing's link to Amazon, or null: not linked (publishing asks for the SKU first). */
export const amazonLinkSchema = z.object({ store: z.string(), sku: z.string(), sellerId: z.string(), productType: z.string().nullable(), asin: z.string().nullable() });
export type AmazonLink = z.infer<typeof amazonLinkSchema>;

/** GET /api/listings/:id/publications → newest first, with what the signed-in member may do. */
export const publicationsAnswerSchema = z.object({
  publications: z.array(publicationSchema),
  link: amazonLinkSchema.nullable(),
  /** An owner, or a member when the workspace lets members publish. */
  mayPublish: z.boolean(),
});
export type PublicationsAnswer = z.infer<typeof publicationsAnswerSchema>;

/** POST /api/listings/:id/amazon-link → 200 {link}. */
export const amazonLinkAnswerSchema = z.object({ link: amazonLinkSchema });

/** Request bodies. */
export const previewRequestSchema = z.object({ kind: z.enum(["publish", "rollback"]).default("publish") }).strict();
export const publishRequestSchema = z.object({ previewId: z.string().min(1).max(100), confirmLiveChange: z.boolean().default(false) }).strict();
export const amazonLinkRequestSchema = z.object({ store: z.string().min(1).max(40), sku: z.string().trim().min(1).max(200) }).strict();

// ---------------------------------------------------------------------------------------------------------------
// Bulk publish (issue 34 item 3, docs/decisions/042): a plan of many listings, then one batch per seller and store.

/** At most this many listings in one bulk publish. */
export const maxBulkPublishListings = 5_000;

/**
 * Why a listing is left out of a bulk publish: not in the workspace, no SKU link, no connection for its seller and
 * store (or one needing re-authorization), a publish of it already sending or waiting, our lint's errors, the
 * product type's schema, nothing differs from the live copy, or its SKU not found at Amazon.
 */
export const bulkSkipReasons = ["notFound", "notLinked", "notConnected", "needsReauthorization", "inProgress", "lint", "schema", "unchanged", "notAtAmazon"] as const;
export type BulkSkipReason = (typeof bulkSkipReasons)[number];

export const bulkPathSchema = z.enum(["patches", "feed"]);

export const bulkPlanListingSchema = z.object({ listingId: z.string(), sku: z.string().nullable(), store: z.string().nullable(), ready: z.boolean(), reason: z.enum(bulkSkipReasons).nullable() });
export type BulkPlanListing = z.infer<typeof bulkPlanListingSchema>;
export const bulkSkippedSchema = z.object({ listingId: z.string(), sku: z.string().nullable(), reason: z.enum(bulkSkipReasons) });

/** POST /api/publish-batches/preview {listingIds} → 200: each listing ready or skipped, and what goes where by which path. */
export const bulkPlanAnswerSchema = z.object({
  listings: z.array(bulkPlanListingSchema),
  groups: z.array(z.object({ store: z.string(), count: z.number().int(), path: bulkPathSchema })),
});
export type BulkPlanAnswer = z.infer<typeof bulkPlanAnswerSchema>;

/** POST /api/publish-batches {listingIds} → 202: the batches started (one per seller and store) and what was left out. */
export const bulkStartAnswerSchema = z.object({
  batches: z.array(z.object({ id: z.string(), store: z.string(), count: z.number().int(), path: bulkPathSchema })),
  skipped: z.array(bulkSkippedSchema),
});
export type BulkStartAnswer = z.infer<typeof bulkStartAnswerSchema>;

export const batchStatuses = ["queued", "running", "done", "interrupted", "failed"] as const;
export const batchMessageStatuses = ["queued", "sending", "accepted", "invalid", "failed", "unknown"] as const;

/** GET /api/publish-batches/:id → the run's state, its messages counted by status, and each listing's publication status. */
export const bulkBatchAnswerSchema = z.object({
  batch: z.object({
    id: z.string(),
    store: z.string(),
    path: bulkPathSchema,
    status: z.enum(batchStatuses),
    step: z.string(),
    /** Finished: nothing more will be sent (the publications may still move on at Amazon). */
    finished: z.boolean(),
    error: z.string().nullable(),
    counts: z.record(z.enum(batchMessageStatuses), z.number().int()),
    listings: z.array(z.object({ listingId: z.string(), sku: z.string(), status: z.enum(publicationStatuses), publicationId: z.string() })),
  }),
});
export type BulkBatchAnswer = z.infer<typeof bulkBatchAnswerSchema>;

export const bulkPublishRequestSchema = z.object({ listingIds: z.array(z.string().min(1).max(100)).min(1).max(maxBulkPublishListings) }).strict();

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

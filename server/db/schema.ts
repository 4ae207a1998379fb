import type { Generated } from "kysely";

/** Our tables, plus the columns of Better Auth's tables that our own queries touch. */
export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  workspace: WorkspaceTable;
  member: MemberTable;
  invitation: InvitationTable;
  pinned_template: PinnedTemplateTable;
  generation: GenerationTable;
  output: OutputTable;
  output_trash: OutputTrashTable;
  output_version: OutputVersionTable;
  credit_balance: CreditBalanceTable;
  credit_ledger: CreditLedgerTable;
  stripe_event: StripeEventTable;
  rate_limit: RateLimitTable;
  maintenance_run: MaintenanceRunTable;
  listing: ListingTable;
  listing_version: ListingVersionTable;
  known_device: KnownDeviceTable;
  totp_last_step: TotpLastStepTable;
  data_export: DataExportTable;
  admin_audit_log: AdminAuditLogTable;
  job: JobTable;
  job_row: JobRowTable;
  /** SQLite only: the work queue's items (server/queue/sqlite-queue.server.ts; the table keeps its first name); PostgreSQL uses pg-boss. */
  queue_job: WorkQueueItemTable;
  amazon_connection: AmazonConnectionTable;
  amazon_oauth_state: AmazonOAuthStateTable;
  amazon_import: AmazonImportTable;
  listing_publication: ListingPublicationTable;
  product_type_schema: ProductTypeSchemaTable;
  product_type_definition: ProductTypeDefinitionTable;
  listing_audit: ListingAuditTable;
  listing_finding: ListingFindingTable;
  catalog_health: CatalogHealthTable;
  catalog_revision: CatalogRevisionTable;
  publish_batch: PublishBatchTable;
  publish_batch_message: PublishBatchMessageTable;
  api_key: ApiKeyTable;
}

/** A listing's latest audit (app/features/catalog, docs/decisions/037), with the listing's store, title, version and date as audited. */
export interface ListingAuditTable {
  listingId: string;
  workspaceId: string;
  /** 0–100 health score. */
  score: number;
  /** Our lint's errors plus Amazon's issues of severity ERROR. */
  errors: number;
  warnings: number;
  /** Sections with nothing in them. */
  missing: number;
  /** Keyword coverage 0–100; null when the listing has no keyword bank. */
  coverage: number | null;
  ruleSetId: string;
  marketplace: string;
  title: string;
  version: number;
  updatedAt: string;
  auditedAt: string;
}

/** One rule a listing breaks at its latest audit: ours (lint), Amazon's own issue, a missing section or low keyword coverage. */
export interface ListingFindingTable {
  listingId: string;
  workspaceId: string;
  source: "lint" | "amazon" | "missing" | "coverage";
  code: string;
  severity: "error" | "warning";
  count: number;
}

/** The catalog's health after one import or audit run: a point of the chart over time. */
export interface CatalogHealthTable {
  id: string;
  workspaceId: string;
  at: string;
  trigger: "import" | "audit";
  /** 'running' while a large audit is under way (`audited` listings so far). */
  status: Generated<"running" | "done">;
  audited: Generated<number>;
  listings: number;
  failing: number;
  averageScore: number | null;
  /** JSON: CatalogTotals (app/features/catalog/types.ts). */
  totals: Generated<string>;
}

/** Moves on with every store of audits in the workspace: cached catalog totals hold while it (and the listing count) stand still. */
export interface CatalogRevisionTable {
  workspaceId: string;
  revision: number;
}

/** A workspace's Seller Central connection in one region (app/features/amazon); dates are ISO text. */
export interface AmazonConnectionTable {
  id: string;
  workspaceId: string;
  region: "na" | "eu" | "fe";
  sellingPartnerId: string;
  /** Encrypted with the session secrets (app/features/amazon/token-crypto.server.ts): never the token itself. */
  refreshToken: string;
  /** JSON: the stores the account sells in. */
  marketplaces: string;
  connectedBy: string | null;
  connectedAt: string;
  reauthorizeBy: string;
  status: Generated<"active" | "needs_reauthorization">;
  statusReason: string | null;
  statusChangedAt: string | null;
}

/** One "Import from Amazon" run (app/features/amazon/import); dates are ISO text. */
export interface AmazonImportTable {
  id: string;
  workspaceId: string;
  connectionId: string;
  createdBy: string | null;
  /** JSON array of SP-API marketplace ids. */
  marketplaceIds: string;
  status: "running" | "paused" | "completed" | "failed";
  pauseReason: "user" | "needs_reauthorization" | null;
  error: string | null;
  /** JSON ImportCursor (app/features/amazon/import/types.ts). */
  cursor: string;
  seen: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  unchanged: Generated<number>;
  flagged: Generated<number>;
  total: number | null;
  claimedBy: string | null;
  attempt: Generated<number>;
  heartbeatAt: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** An Amazon product type schema document by its checksum (app/features/publish/definitions). */
export interface ProductTypeSchemaTable {
  checksum: string;
  /** JSON text, as downloaded. */
  schema: string;
  bytes: number;
  createdAt: string;
}

/** Which schema a connection's store answered for a product type, and when (app/features/publish/definitions). */
export interface ProductTypeDefinitionTable {
  connectionId: string;
  marketplaceId: string;
  productType: string;
  locale: string;
  productTypeVersion: string;
  checksum: string;
  fetchedAt: string;
}

/** A connection attempt's OAuth state, kept as a hash until used or expired (app/features/amazon). */
export interface AmazonOAuthStateTable {
  stateHash: string;
  workspaceId: string;
  userId: string;
  sessionHash: string;
  region: "na" | "eu" | "fe";
  createdAt: string;
  expiresAt: string;
}

/** The last run of a housekeeping task across all servers (server/maintenance.server.ts); lastRunAt in epoch milliseconds. */
export interface MaintenanceRunTable {
  task: string;
  lastRunAt: number | string;
  lastRunBy: string;
  runs: number;
}

/** One fixed window of a rate limit (server/rate-limit.server.ts); resetAt in epoch milliseconds. */
export interface RateLimitTable {
  key: string;
  count: number;
  resetAt: number | string;
}

/** Better Auth's user table (SQLite stores booleans as 0/1 and dates as ISO text). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  firstName: string;
  lastName: string;
  /** Better Auth's twoFactor plugin: 1/true once a first code was verified. */
  twoFactorEnabled: boolean | number | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  updatedAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** Better Auth's account table: one row per sign-in method ("credential" holds the password hash). */
export interface AccountTable {
  id: string;
  userId: string;
  providerId: string;
  accountId: string;
  password: string | null;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date | string;
}

/** "none": a plan or subscription ended after the trial (generating is refused until a new plan). */
export type WorkspacePlan = "trial" | "starter" | "pro" | "enterprise" | "none";

export interface WorkspaceTable {
  id: string;
  name: string;
  website: string | null;
  billingEmail: string | null;
  plan: Generated<WorkspacePlan>;
  trialEndsAt: string;
  /** Start of the current billing period (the trial's start during the trial). */
  periodStart: string;
  /** End of the current period when Stripe set it; operator-set plans step from periodStart. */
  periodEnd: string | null;
  billingPeriod: Generated<"monthly" | "yearly">;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  /** Stripe's subscription status (active, past_due, canceled…), null without a subscription. */
  subscriptionStatus: string | null;
  /** 0 or 1: the subscription ends at periodEnd instead of renewing. */
  cancelAtPeriodEnd: Generated<number>;
  /** When the last applied Stripe event was created (ISO), so an older event never undoes a newer one. */
  stripeSyncedAt: string | null;
  /** The AI model an owner picked (an id from the provider's models list); null: the configured default. */
  aiModel: Generated<string | null>;
  /** The provider (and base URL) that offered aiModel: a pick only holds while that provider is configured. */
  aiModelSource: Generated<string | null>;
  /** The rule set new listings use (app/features/rules/registry.ts); null: the default. */
  ruleSetId: Generated<string | null>;
  /** JSON array of other brands (competitors) never to use in search terms. */
  otherBrands: Generated<string>;
  /** JSON array of the workspace's stores (marketplace ids); the first is the default. */
  marketplaces: Generated<string>;
  /** 0 or 1: every member must have two-factor on to use the workspace. */
  requireTwoFactor: Generated<number>;
  /** 0 or 1: members may publish to Amazon (owners always may). */
  membersMayPublish: Generated<number>;
  createdAt: Generated<string>;
}

export interface MemberTable {
  workspaceId: string;
  userId: string;
  role: "owner" | "member";
  createdAt: Generated<string>;
}

export interface InvitationTable {
  id: string;
  workspaceId: string;
  email: string;
  tokenHash: string;
  invitedBy: string | null;
  expiresAt: string;
  acceptedAt: string | null;
  createdAt: string;
}

export interface PinnedTemplateTable {
  userId: string;
  templateId: string;
  createdAt: string;
}

export type GenerationStatus = "running" | "succeeded" | "failed" | "cancelled";

export type GenerationKind = "template" | "listing";

export interface GenerationTable {
  id: string;
  userId: string;
  workspaceId: string;
  /** What it writes (migration 0025): a template's outputs, or a listing's sections. */
  kind: Generated<GenerationKind>;
  /** The template written; null exactly when kind is "listing". */
  templateId: string | null;
  /** JSON of the validated inputs. */
  inputs: string;
  count: number;
  provider: string;
  model: string;
  status: GenerationStatus;
  words: Generated<number>;
  inputTokens: number | null;
  outputTokens: number | null;
  latencyMs: number | null;
  error: string | null;
  requestId: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface OutputTable {
  id: string;
  userId: string;
  workspaceId: string;
  generationId: string | null;
  templateId: string;
  content: string;
  /** JSON of the inputs the output was written from. */
  inputs: string;
  /** 0 or 1 in both databases. */
  favorite: Generated<number>;
  createdAt: string;
  editedAt: string | null;
  /** The store and language the output was written for (null: before stores, amazon.com in English). */
  marketplace: Generated<string | null>;
  language: Generated<string | null>;
}

/** Per user, a number that triggers bump whenever any of their outputs changes (migration 0022; docs/decisions/023). */
export interface OutputVersionTable {
  userId: string;
  version: number;
}

/** Deleted outputs, kept for a short while so Undo can restore them (see outputs.server.ts). */
export interface OutputTrashTable extends Omit<OutputTable, "favorite"> {
  /** Copied from the output, so never generated here. */
  favorite: number;
  deletedAt: string;
}

/**
 * A workspace's words for its current credit period: available = allowance + bonus - used, and a
 * CHECK keeps it at zero or more. Every change here writes credit_ledger rows in the same transaction.
 */
export interface CreditBalanceTable {
  workspaceId: string;
  /** The credit period these counters belong to (see currentCreditPeriod in credits.server.ts). */
  periodStart: string;
  periodEnd: string | null;
  /** The plan's (or trial's) words for this period; unused ones expire at its end. */
  allowance: number;
  /** Bonus words left at the start of the period (granted by an operator; they do not expire). */
  bonus: number;
  /** Words charged (and reserved by running generations) this period; plan words are spent first. */
  used: number;
  updatedAt: string;
}

export type CreditReason = "period" | "expire" | "plan" | "grant" | "reserve" | "settle" | "refund" | "opening";

/** Every change to a balance, in words (negative spends). The sum of a workspace's deltas is its available balance. */
export interface CreditLedgerTable {
  id: string;
  workspaceId: string;
  delta: number;
  reason: CreditReason;
  generationId: string | null;
  createdAt: string;
}

/** Stripe webhook events already applied (a replay changes nothing). */
export interface StripeEventTable {
  id: string;
  type: string;
  processedAt: string;
}

/** A product listing (app/features/listings): facts and copy are JSON; `copy` is the latest version's. */
export interface ListingTable {
  id: string;
  workspaceId: string;
  createdBy: string | null;
  /** The store's domain (app/features/marketplaces/registry.ts). */
  marketplace: string;
  ruleSetId: string;
  facts: string;
  copy: string;
  /** 0 or 1: the latest version passed its rule set. */
  passed: Generated<number>;
  /** The latest version's number (0: nothing saved yet). */
  version: Generated<number>;
  searchText: string;
  /** JSON array of {phrase, volume}: the listing's keyword bank (app/features/keywords). */
  keywords: Generated<string>;
  /** The same product's listings for other stores share it (the first one's id); null: no siblings yet. */
  familyId: Generated<string | null>;
  /** The listing's language as a Listings API tag ("fr_CA"); null: the store's first language. */
  languageTag: Generated<string | null>;
  /** The language the copy is in when not the listing's (the offline writer's English); null: the listing's. */
  writtenIn: Generated<string | null>;
  /** The Seller Central account (selling_partner_id) the listing was imported from; null: not from Amazon. */
  amazonSellerId: Generated<string | null>;
  /** The seller's SKU on Amazon: with the seller and the store, one listing per SKU (unique). */
  amazonSku: Generated<string | null>;
  amazonAsin: Generated<string | null>;
  /** Amazon's product type (LUGGAGE, SHOES…) as the listing reported it. */
  amazonProductType: Generated<string | null>;
  /** The version holding the live copy as last imported; "changed since import" is version > importedVersion. */
  importedVersion: Generated<number | null>;
  /** ISO date of the last import that read this listing. */
  importedAt: Generated<string | null>;
  /** JSON array of AmazonIssue {code, message, severity, attributeNames?} as searchListingsItems returned them. */
  amazonIssues: Generated<string>;
  /** JSON array of ImportFlag {code: SEVERAL_VALUES | NO_VALUE | UNKNOWN_PRODUCT_TYPE, attribute?}: imported as found, flagged. */
  importFlags: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

/** A preview, publish or rollback of a listing to Amazon (app/features/publish): the audit log and the submission record; JSON in text columns. */
export interface ListingPublicationTable {
  id: string;
  workspaceId: string;
  listingId: string;
  kind: "preview" | "publish" | "rollback";
  status: "preview" | "sending" | "submitted" | "live" | "rejected" | "pending" | "failed";
  createdBy: string | null;
  connectionId: string | null;
  sellerId: string;
  marketplaceId: string;
  sku: string;
  productType: string;
  listingVersion: number;
  previewId: string | null;
  rollbackOf: string | null;
  batchId: string | null;
  before: string;
  after: string;
  liveHash: string;
  patches: string;
  preview: string;
  issues: Generated<string>;
  issuesBefore: Generated<string>;
  submissionId: string | null;
  error: string | null;
  beforeVersion: number | null;
  afterVersion: number | null;
  checks: Generated<number>;
  nextCheckAt: string | null;
  sentAt: string | null;
  settledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A bulk publish of one seller and store (app/features/publish/feeds, docs/decisions/042): paced patches or one JSON_LISTINGS_FEED, its state stored before each step. */
export interface PublishBatchTable {
  id: string;
  workspaceId: string;
  connectionId: string | null;
  sellerId: string;
  marketplaceId: string;
  issueLocale: string | null;
  path: "patches" | "feed";
  status: "queued" | "running" | "done" | "interrupted" | "failed";
  step: Generated<"new" | "document" | "uploaded" | "creating" | "processing" | "report" | "done">;
  feedDocumentId: string | null;
  feedId: string | null;
  processingStatus: string | null;
  resultFeedDocumentId: string | null;
  error: string | null;
  leaseUntil: string | null;
  /** Runs claimed so far: the first and each takeover (a batch stops after a few, with its reason). */
  attempts: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

/** One listing of a bulk publish: its patches (JSON), the publication row it belongs to, and Amazon's answer. */
export interface PublishBatchMessageTable {
  batchId: string;
  messageId: number;
  sku: string;
  productType: string;
  patches: string;
  publicationId: string | null;
  status: "queued" | "sending" | "accepted" | "invalid" | "failed" | "unknown";
  submissionId: string | null;
  issues: Generated<string>;
  updatedAt: string;
}

/** 'imported': the live copy on Amazon at a date; 'proposed': a fix not yet accepted; 'published': sent to Amazon. */
export type ListingVersionSource = "generated" | "edited" | "restored" | "imported" | "proposed" | "published";

export interface ListingVersionTable {
  id: string;
  listingId: string;
  version: number;
  source: ListingVersionSource;
  facts: string;
  copy: string;
  passed: Generated<number>;
  generationId: string | null;
  createdBy: string | null;
  createdAt: string;
}

/** A bulk job: one catalog upload (app/features/jobs). */
export interface JobTable {
  id: string;
  workspaceId: string;
  createdBy: string | null;
  status: "running" | "paused" | "cancelled" | "completed";
  /** 'user' (Pause) or 'words' (resumes by itself when words are there again); null unless paused. */
  pauseReason: string | null;
  fileName: string;
  /** JSON: {sections, marketplace, ruleSetId}. */
  options: string;
  total: number;
  emptyRowsSkipped: Generated<number>;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** One product of a bulk job, written into its own listing exactly once. */
export interface JobRowTable {
  id: string;
  jobId: string;
  workspaceId: string;
  rowNumber: number;
  /** JSON: {facts, keywords, marketplace}. */
  input: string;
  status: "queued" | "running" | "done" | "failed" | "cancelled";
  attempt: Generated<number>;
  claimedBy: string | null;
  heartbeatAt: string | null;
  generationId: string | null;
  listingId: string;
  error: string | null;
  passed: number | null;
  coverage: number | null;
  wordsCharged: Generated<number>;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface WorkQueueItemTable {
  id: string;
  queue: string;
  /** JSON of the job's data. */
  data: string;
  groupId: string;
  tier: string;
  /** Items sent with one key (a job's id) are removed together (a cancelled or paused job's). */
  key: string | null;
  state: "created" | "active";
  retryCount: Generated<number>;
  startAfter: number;
  createdAt: number;
}

/** A browser and system a user has signed in from (app/features/auth/new-device.server.ts). */
export interface KnownDeviceTable {
  userId: string;
  /** "Firefox|Linux": the parsed User-Agent's browser and system. */
  device: string;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** The last TOTP time step (Unix seconds / 30) accepted for a user (app/features/auth/totp-replay.server.ts). */
export interface TotpLastStepTable {
  userId: string;
  step: number;
}

/** One operator action (app/features/billing/operator.server.ts): from the /admin page or the command line. */
export interface AdminAuditLogTable {
  id: string;
  actorKind: "admin" | "cli";
  /** The admin's user id and e-mail (null for the command line). */
  actorUserId: string | null;
  actorEmail: string | null;
  action: "grantWords" | "setPlan";
  workspaceId: string;
  /** The workspace's name when the action ran (the row outlives a rename or deletion). */
  workspaceName: string;
  /** JSON of the action's parameters, e.g. {"words":5000}. */
  params: string;
  createdAt: string;
}

/** A user's data export (app/features/data-export): the ZIP is kept in the row until expiresAt. */
export interface DataExportTable {
  id: string;
  userId: string;
  status: "queued" | "running" | "ready" | "failed";
  progress: Generated<number>;
  total: number;
  locale: string;
  error: string | null;
  zip: Uint8Array | null;
  bytes: number | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
}

/** A workspace's API key (app/features/api-keys, issue 35): the secret's SHA-256 only, found by its non-secret prefix. */
export interface ApiKeyTable {
  id: string;
  workspaceId: string;
  name: string;
  /** The 8 characters after "ss_live_", unique: how a request's key finds its row. */
  prefix: string;
  /** Hex SHA-256 of the whole key. */
  secretHash: string;
  /** Comma-separated: read, write, publish. */
  scopes: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string | null;
  /** Written at most once a minute per key. */
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
}

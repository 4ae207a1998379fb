// THE error catalogue for JSON answers: each code has its HTTP status, the message key shown to the
// user, and whether details (a more specific message, a message per field) may be shown. Every JSON
// error body has one shape, ApiError, built by apiErrorBody and read in the browser by readApiError.
import { z } from "zod";
import { translate, type Locale, type MessageKey, type MessageParams } from "#app/i18n/i18n.ts";
import { intlTag } from "#app/lib/intl.ts";

export const apiErrors = {
  BAD_REQUEST: { status: 400, message: "api.error.badRequest", details: false },
  INVALID_INPUTS: { status: 400, message: "api.error.invalidFields", details: true },
  UNKNOWN_TEMPLATE: { status: 400, message: "api.error.invalidFields", details: true },
  INVALID_QUERY: { status: 400, message: "api.error.invalidFields", details: true },
  INVALID_CURSOR: { status: 400, message: "outputs.error.badCursor", details: true },
  INVALID_CHANGES: { status: 400, message: "outputs.error.nothingToChange", details: false },
  INVALID_CONTENT: { status: 400, message: "api.error.invalidFields", details: true },
  // Details: which name is unknown, or a message per field.
  UNKNOWN_MARKETPLACE: { status: 400, message: "api.error.unknownMarketplace", details: true },
  // The provider's row lists the languages it writes, and the store's is not one (no provider today).
  // Bulk jobs: a catalog over 5,000 products or 10 MB (details: message, maxRows, maxMegabytes, rows?), or one that cannot be used.
  CATALOG_TOO_LARGE: { status: 413, message: "api.error.catalogTooLarge", details: true },
  INVALID_CATALOG: { status: 400, message: "api.error.invalidCatalog", details: true },
  // A new job or a retry would pass the rows the workspace's plan lets wait (details: message, maxQueuedRows, queued, rows).
  JOB_QUEUE_FULL: { status: 409, message: "api.error.jobQueueFull", details: true },
  // Retry on a cancelled job: it stays cancelled.
  JOB_CANCELLED: { status: 409, message: "api.error.jobCancelled", details: false },
  // An import from Amazon cannot start or resume now (one already runs, or the seller must authorize again); details: message.
  AMAZON_IMPORT_REFUSED: { status: 409, message: "amazon.import.error.alreadyRunning", details: true },
  // Publishing to Amazon (issue 34). The listing has no SKU link: the page asks for it (or an import).
  AMAZON_NOT_LINKED: { status: 409, message: "amazon.publish.error.notLinked", details: false },
  // No Seller Central connection for the listing's store's region, or it needs authorizing again (details: message).
  AMAZON_NOT_CONNECTED: { status: 409, message: "amazon.publish.error.notConnected", details: true },
  // A member, while the workspace lets only owners publish.
  PUBLISH_FORBIDDEN: { status: 403, message: "amazon.publish.error.forbidden", details: false },
  // The listing's version or its live copy moved on since the preview: preview again.
  PREVIEW_STALE: { status: 409, message: "amazon.publish.error.previewStale", details: false },
  // The preview's checks failed (lint, schema, Amazon's preview; details: a message per attribute): never sent.
  PUBLISH_BLOCKED: { status: 409, message: "amazon.publish.error.blocked", details: true },
  // A rollback whose live copy changed since our publish: the preview holds the three versions; confirm to send.
  LIVE_CHANGED: { status: 409, message: "amazon.publish.error.liveChanged", details: false },
  // A publish of this listing is sending or waiting for Amazon.
  PUBLISH_IN_PROGRESS: { status: 409, message: "amazon.publish.error.inProgress", details: false },
  // A rollback with no sent publication to undo.
  NOTHING_TO_ROLL_BACK: { status: 409, message: "amazon.publish.error.nothingToRollBack", details: false },
  // The SKU to link is not the seller's in that store (details: fieldErrors.sku).
  AMAZON_SKU_UNKNOWN: { status: 400, message: "amazon.publish.error.skuUnknown", details: true },
  // Amazon answered 400/403/404/429/5xx (details: its code and message, and what to do): nothing was marked live.
  AMAZON_REFUSED: { status: 502, message: "amazon.publish.error.amazon5xx", details: true },
  LANGUAGE_NOT_SUPPORTED: { status: 400, message: "api.error.languageNotSupported", details: false },
  UNKNOWN_RULE_SET: { status: 400, message: "api.error.unknownRuleSet", details: true },
  INVALID_LISTING: { status: 400, message: "api.error.invalidFields", details: true },
  // Details: the lint report (violations per section) of a listing that does not pass.
  LISTING_FAILS_RULES: { status: 409, message: "api.error.listingFailsRules", details: true },
  // Details: why a keyword file or bank was refused (its columns, the limit, the encoding).
  INVALID_KEYWORDS: { status: 400, message: "keywords.error.badKeyword", details: true },
  // Another save (a member, another tab, a generation) came first: reload and try again.
  LISTING_CHANGED: { status: 409, message: "api.error.listingChanged", details: false },
  UNKNOWN_PLAN: { status: 400, message: "credits.error.unknownPlan", details: false },
  BAD_SIGNATURE: { status: 400, message: "api.error.badSignature", details: false },
  SIGNED_OUT: { status: 401, message: "api.error.signedOut", details: false },
  // The workspace requires two-factor and this member has not turned it on (Settings → Personal).
  TWO_FACTOR_REQUIRED: { status: 403, message: "api.error.twoFactorRequired", details: false },
  // A machine endpoint (GET /metrics) without its bearer token: never a word about what is behind it.
  UNAUTHORIZED: { status: 401, message: "api.error.unauthorized", details: false },
  // API keys (issue 35): a bearer key that is unknown, revoked or expired; one without the scope the endpoint needs
  // (the message names it); a key put in the query string, refused before it is used (and never logged).
  API_KEY_INVALID: { status: 401, message: "api.error.apiKeyInvalid", details: false },
  INSUFFICIENT_SCOPE: { status: 403, message: "api.error.insufficientScope", details: false },
  API_KEY_IN_QUERY: { status: 400, message: "api.error.apiKeyInQuery", details: false },
  // Details: the refusal for this workspace's plan, with the words needed and left.
  NO_CREDITS: { status: 402, message: "api.error.noCredits", details: true },
  CROSS_SITE_REQUEST: { status: 403, message: "api.error.crossSite", details: false },
  // Details: what was not found (an output, an output past its Undo).
  NOT_FOUND: { status: 404, message: "api.error.notFound", details: true },
  PAYMENTS_NOT_CONFIGURED: { status: 404, message: "api.error.paymentsNotConfigured", details: false },
  METHOD_NOT_ALLOWED: { status: 405, message: "api.error.methodNotAllowed", details: false },
  REQUEST_TIMEOUT: { status: 408, message: "api.error.requestTimeout", details: false },
  PAYLOAD_TOO_LARGE: { status: 413, message: "api.error.payloadTooLarge", details: false },
  RATE_LIMITED: { status: 429, message: "api.error.rateLimited", details: false },
  HEADERS_TOO_LARGE: { status: 431, message: "api.error.headersTooLarge", details: false },
  // Never details: what went wrong is logged with the request id, not shown.
  INTERNAL: { status: 500, message: "api.error.internal", details: false },
  WEBHOOK_FAILED: { status: 500, message: "api.error.webhookFailed", details: false },
  // Page actions' refusals (app/lib/action-failure.ts): not allowed for this member, no longer matching
  // what is saved, a link spent, a third party (Stripe) not answering.
  FORBIDDEN: { status: 403, message: "api.error.forbidden", details: false },
  CONFLICT: { status: 409, message: "api.error.conflict", details: false },
  GONE: { status: 410, message: "api.error.gone", details: false },
  UPSTREAM_FAILED: { status: 502, message: "api.error.upstreamFailed", details: false },
} as const satisfies Record<string, { status: number; message: MessageKey; details: boolean }>;

export type ApiErrorCode = keyof typeof apiErrors;
export const apiErrorCodes = Object.keys(apiErrors) as [ApiErrorCode, ...ApiErrorCode[]];

/** Codes whose answers may carry details (see apiErrors). */
type DetailedCode = { [C in ApiErrorCode]: (typeof apiErrors)[C]["details"] extends true ? C : never }[ApiErrorCode];

/** Generation failures (the stream's `error` event): each maps to: HTTP status, the user's message, and whether a retry may help. */
export const generationErrors = {
  rate_limited: { status: 429, messageKey: "generation.error.busy", retryable: true },
  provider_unavailable: { status: 502, messageKey: "generation.error.unavailable", retryable: true },
  provider_config: { status: 502, messageKey: "generation.error.config", retryable: false },
  timeout: { status: 504, messageKey: "generation.error.timeout", retryable: false },
  interrupted: { status: 502, messageKey: "generation.error.interrupted", retryable: false },
  incomplete: { status: 502, messageKey: "generation.error.incomplete", retryable: false },
  rejected: { status: 422, messageKey: "generation.error.rejected", retryable: false },
  cancelled: { status: 499, messageKey: "generation.error.cancelled", retryable: false },
  internal: { status: 500, messageKey: "generation.error.internal", retryable: false },
} as const satisfies Record<string, { status: number; messageKey: MessageKey; retryable: boolean }>;

export type GenerationErrorCode = keyof typeof generationErrors;
export const generationErrorCodes = Object.keys(generationErrors) as [GenerationErrorCode, ...GenerationErrorCode[]];

/** The body of every JSON error answer, on the server and in the browser. */
export interface ApiError {
  error: string;
  code: ApiErrorCode;
  requestId: string;
  /** Localized messages per field (only codes whose entry allows details). */
  fieldErrors?: Record<string, string>;
  /** A listing that does not pass its rules (LISTING_FAILS_RULES): every violation, localized. */
  violations?: ApiViolation[];
  /** The numbers behind a refusal, for clients: the limits of a catalog (CATALOG_TOO_LARGE), the words needed and left (NO_CREDITS). */
  numbers?: Record<string, number>;
}

/** One rule a listing breaks, as an error body lists it; `index` numbers bullets from 0. */
export interface ApiViolation {
  section: string;
  index?: number;
  code: string;
  severity: "error" | "warning";
  message: string;
  /** The rule's short explanation and its source's address (issue 31). */
  explanation?: string;
  source?: string;
  start: number;
  end: number;
}

const apiErrorSchema = z.strictObject({
  error: z.string(),
  code: z.enum(apiErrorCodes),
  requestId: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  violations: z
    .array(z.object({ section: z.string(), index: z.number().int().optional(), code: z.string(), severity: z.enum(["error", "warning"]), message: z.string(), explanation: z.string().optional(), source: z.string().optional(), start: z.number(), end: z.number() }))
    .optional(),
  numbers: z.record(z.string(), z.number()).optional(),
}) satisfies z.ZodType<ApiError>;

/** An error answer's parsed JSON as an ApiError, or undefined when it is not one (a proxy's page, no body). */
export function readApiError(body: unknown): ApiError | undefined {
  const parsed = apiErrorSchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/** Already-localized specifics of one failure, shown only for codes that allow details. */
export interface ApiErrorDetails {
  /** Replaces the code's message. */
  message?: string;
  fieldErrors?: Record<string, string>;
  violations?: ApiViolation[];
  numbers?: Record<string, number>;
}

/** What a refusal may add to its code: message parameters, details (if the code allows them), headers. */
export type ApiErrorExtras<C extends ApiErrorCode> = {
  params?: MessageParams;
  headers?: Record<string, string>;
} & (C extends DetailedCode ? { details?: ApiErrorDetails } : { details?: never });

export type ApiErrorOptions<C extends ApiErrorCode> = { locale: Locale; requestId: string } & ApiErrorExtras<C>;

/**
 * The error body for `code`. Its text is the details' message, else the one field message when there
 * is exactly one, else the code's message.
 */
export function apiErrorBody<C extends ApiErrorCode>(code: C, options: ApiErrorOptions<C>): ApiError {
  const { locale, requestId, params } = options;
  const details: ApiErrorDetails | undefined = apiErrors[code].details ? options.details : undefined;
  const fieldErrors = details?.fieldErrors && Object.keys(details.fieldErrors).length > 0 ? details.fieldErrors : undefined;
  const fieldMessages = Object.values(fieldErrors ?? {});
  const error = details?.message ?? (fieldMessages.length === 1 ? fieldMessages[0]! : translate(locale, apiErrors[code].message, params));
  const body: ApiError = fieldErrors ? { error, code, requestId, fieldErrors } : { error, code, requestId };
  if (details?.violations) body.violations = details.violations;
  if (details?.numbers) body.numbers = details.numbers;
  return body;
}

/** A JSON error answer from the catalogue (never cached). */
export function apiErrorResponse<C extends ApiErrorCode>(code: C, options: ApiErrorOptions<C>): Response {
  return Response.json(apiErrorBody(code, options), { status: apiErrors[code].status, headers: { "Cache-Control": "no-store", ...options.headers } });
}

/** The METHOD_NOT_ALLOWED message's parameters: the method refused and the ones taken ("GET, HEAD" → "GET or HEAD"). */
export function methodNotAllowedParams(locale: Locale, method: string, allow: string): MessageParams {
  return { method: method.slice(0, 20), allowed: new Intl.ListFormat(intlTag(locale), { type: "disjunction" }).format(allow.split(/,\s*/)) };
}

/** The 405 of an endpoint that takes only `allow` (a resource route's missing action or loader). */
export function methodNotAllowedResponse({ request, locale, requestId, allow }: { request: Request; locale: Locale; requestId: string; allow: string }): Response {
  return apiErrorResponse("METHOD_NOT_ALLOWED", { locale, requestId, params: methodNotAllowedParams(locale, request.method, allow), headers: { Allow: allow } });
}

// THE error catalogue for JSON answers: each code has its HTTP status and the message key shown to
// the user. Every JSON error body has one shape, ApiError, built by apiErrorBody.
import { translate, type Locale, type MessageKey, type MessageParams } from "#app/i18n/i18n.ts";

export const apiErrors = {
  BAD_REQUEST: { status: 400, message: "api.error.badRequest" },
  NOT_FOUND: { status: 404, message: "api.error.notFound" },
  METHOD_NOT_ALLOWED: { status: 405, message: "api.error.methodNotAllowed" },
  PAYLOAD_TOO_LARGE: { status: 413, message: "api.error.payloadTooLarge" },
  RATE_LIMITED: { status: 429, message: "api.error.rateLimited" },
  HEADERS_TOO_LARGE: { status: 431, message: "api.error.headersTooLarge" },
  CROSS_SITE_REQUEST: { status: 403, message: "api.error.crossSite" },
  INTERNAL: { status: 500, message: "api.error.internal" },
} as const satisfies Record<string, { status: number; message: MessageKey }>;

export type ApiErrorCode = keyof typeof apiErrors;

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
  code: string;
  requestId: string;
  fieldErrors?: Record<string, string>;
}

export function apiErrorBody(code: ApiErrorCode, { locale, requestId, params }: { locale: Locale; requestId: string; params?: MessageParams }): ApiError {
  return { error: translate(locale, apiErrors[code].message, params), code, requestId };
}

/** A JSON error answer from the catalogue (never cached). */
export function apiErrorResponse(code: ApiErrorCode, { locale, requestId, params, headers }: { locale: Locale; requestId: string; params?: MessageParams; headers?: Record<string, string> }): Response {
  return Response.json(apiErrorBody(code, { locale, requestId, params }), { status: apiErrors[code].status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** The 405 of an endpoint that takes only `allow` (a resource route's missing action or loader). */
export function methodNotAllowedResponse({ request, locale, requestId, allow }: { request: Request; locale: Locale; requestId: string; allow: string }): Response {
  return apiErrorResponse("METHOD_NOT_ALLOWED", { locale, requestId, params: { method: request.method.slice(0, 20) }, headers: { Allow: allow } });
}

// The plumbing every page action shares: read and check a form, rate limits, unknown intents and
// unexpected errors, each answered as an ActionFailure (app/lib/action-failure.ts) the form shows.
import { type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { actionFailure, actionFailureBody, type ActionFailure } from "#app/lib/action-failure.ts";
import { fieldErrorsOf } from "./form-errors.ts";
import { readForm } from "./form-data.server.ts";
import { requestContext } from "#server/context.ts";
import { logger } from "#server/logger.server.ts";
import type { RateLimitRule } from "#server/rate-limit.server.ts";
import { getServices } from "#server/services.server.ts";

/** A failure an action answers with (field messages, a toast), not an error page. */
class ActionFailureAnswer extends Error {
  readonly body: ActionFailure;
  readonly init: { status?: number; headers?: HeadersInit };

  constructor(body: ActionFailure, init: { status?: number; headers?: HeadersInit } = {}) {
    super(body.formError ?? "form failure");
    this.body = body;
    this.init = init;
  }
}

/** Runs an action body; validation and rate-limit failures become answers the form shows. */
export async function answerFormFailures<T>(run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ActionFailureAnswer) {
      const { ok: _ok, code, ...details } = error.body;
      return actionFailure(code, details, error.init);
    }
    throw error;
  }
}

/** Reads and validates a form with its schema; a failure is a 400 with field messages. */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const values = await readForm(request);
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new ActionFailureAnswer(actionFailureBody("INVALID_INPUTS", { fieldErrors: fieldErrorsOf(parsed.error), formError: "form.hasErrors" }));
  return parsed.data;
}

/** A POST whose `intent` names no action of the route: a 400 with a message, nothing changed. */
export function unknownIntentAnswer() {
  return actionFailure("BAD_REQUEST", { formError: "form.malformed" });
}

/** Throws a 429 with the seconds to wait when `key` has used up its attempts. */
export async function enforceRateLimit(context: Readonly<RouterContextProvider>, name: string, key: string, rule: RateLimitRule): Promise<void> {
  const { clientIp } = context.get(requestContext);
  const result = await getServices().limiter.consume(`${name}:${clientIp}:${key}`, rule);
  if (!result.allowed) throw new ActionFailureAnswer(...rateLimited(result.retryAfterSeconds));
}

const rateLimited = (seconds: number): [ActionFailure, { headers: HeadersInit }] => [
  actionFailureBody("RATE_LIMITED", { formError: "auth.error.rateLimited", formErrorParams: { seconds } }),
  { headers: { "Retry-After": String(seconds) } },
];

/** The 429 a form shows when its limit is spent, with the seconds to wait. */
export function rateLimitedAnswer(seconds: number) {
  const [{ code, ok: _ok, ...details }, init] = rateLimited(seconds);
  return actionFailure(code, details, init);
}

/**
 * A route's `headers` export: the action's headers (Retry-After on a 429) reach the document and
 * data answers; React Router applies an action's headers only through this export.
 */
export function forwardActionHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }): Headers {
  const headers = new Headers(loaderHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** An unexpected failure: logged with details, shown as a plain message with the request id. */
export function unexpectedFailure(context: Readonly<RouterContextProvider>, error: unknown, what: string) {
  const { requestId } = context.get(requestContext);
  logger.error({ err: error, requestId }, `${what} failed`);
  return actionFailure("INTERNAL", { formError: "form.serverError", formErrorParams: { requestId } });
}

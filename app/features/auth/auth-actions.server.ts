import { APIError } from "better-auth/api";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { fieldErrorsOf, type FormFailure } from "#app/components/form/form-errors.ts";
import { readForm } from "#app/components/form/form-data.server.ts";
import { requestContext } from "#server/context.ts";
import { logger } from "#server/logger.server.ts";
import type { RateLimitRule } from "#server/rate-limit.server.ts";
import { getServices } from "#server/services.server.ts";

export { getAuth as auth } from "./auth.server.ts";

/** A failure an action answers with (field messages, a toast), not an error page. */
class FormFailureAnswer extends Error {
  readonly body: FormFailure;
  readonly init: ResponseInit;

  constructor(body: FormFailure, init: ResponseInit) {
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
    if (error instanceof FormFailureAnswer) return data<FormFailure>(error.body, error.init);
    throw error;
  }
}

/** Reads and validates a form with its schema; a failure is a 400 with field messages. */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const values = await readForm(request);
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new FormFailureAnswer({ fieldErrors: fieldErrorsOf(parsed.error), formError: "form.hasErrors" }, { status: 400 });
  return parsed.data;
}

/** A POST whose `intent` names no action of the route: a 400 with a message, nothing changed. */
export function unknownIntentAnswer() {
  return data<FormFailure>({ formError: "form.malformed" }, { status: 400 });
}

/** Throws a 429 with the seconds to wait when `key` has used up its attempts. */
export async function enforceRateLimit(context: Readonly<RouterContextProvider>, name: string, key: string, rule: RateLimitRule): Promise<void> {
  const { clientIp } = context.get(requestContext);
  const result = await getServices().limiter.consume(`${name}:${clientIp}:${key}`, rule);
  if (!result.allowed) throw new FormFailureAnswer(...rateLimitedBody(result.retryAfterSeconds));
}

const rateLimitedBody = (seconds: number): [FormFailure, ResponseInit] => [
  { formError: "auth.error.rateLimited", formErrorParams: { seconds } },
  { status: 429, headers: { "Retry-After": String(seconds) } },
];

/** The 429 a form shows when its limit is spent, with the seconds to wait. */
export function rateLimitedAnswer(seconds: number) {
  return data<FormFailure>(...rateLimitedBody(seconds));
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

/**
 * After an action replaced the session (password changed, two-factor turned on or off): a form posted
 * without JavaScript is answered with a 303 back to `path` carrying the new cookie, since the page's
 * loaders would otherwise run in this request with the old one. JavaScript's data request (`.data`)
 * gets `answer`: the browser stores the cookie before React Router reloads the page's data.
 */
export function answerAfterSessionChange(request: Request, { path, notice, setCookies }: { path: string; notice: string; setCookies: Headers }, answer: () => Response | ReturnType<typeof data>) {
  if (new URL(request.url).pathname.endsWith(".data")) return answer();
  return redirect(`${path}?notice=${encodeURIComponent(notice)}`, { status: 303, headers: setCookies });
}

/** The Better Auth error code, when it is one. */
export function authErrorCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
}

/** An unexpected failure: logged with details, shown as a plain message with the request id. */
export function unexpectedFailure(context: Readonly<RouterContextProvider>, error: unknown, what: string) {
  const { requestId } = context.get(requestContext);
  logger.error({ err: error, requestId }, `${what} failed`);
  return data<FormFailure>({ formError: "form.serverError", formErrorParams: { requestId } }, { status: 500 });
}

/** Configured external sign-in providers, for the buttons. */
export function externalProviders(): { id: string; label: string }[] {
  const { config } = getServices();
  const providers: { id: string; label: string }[] = [];
  if (config.google) providers.push({ id: "google", label: "Google" });
  if (config.oidc) providers.push({ id: "oidc", label: config.oidc.name });
  return providers;
}

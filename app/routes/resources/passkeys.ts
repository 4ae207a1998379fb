// The passkey ceremonies, as our own endpoints around Better Auth's passkey plugin (docs/decisions/020):
// POST /passkeys/register-options (signed in, with the password or an app code) and /passkeys/register,
// /passkeys/sign-in-options and /passkeys/sign-in (signed out). JSON in and out; the origin check and
// body limits apply as to every POST, and the sign-in steps are rate limited per client address.
import { getUser } from "#app/features/auth/session.server.ts";
import { confirmPasskeyAddition, isStaleSession, passkeyRegistrationOptions, passkeySignInOptions, sendPasskeyChangedMail, verifyPasskeyRegistration, verifyPasskeySignIn } from "#app/features/auth/passkeys.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { apiErrorResponse, methodNotAllowedResponse } from "#app/lib/errors.ts";
import { requestContext } from "#server/context.ts";
import type { RateLimitRule } from "#server/rate-limit.server.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/passkeys";

/** Sign-in attempts with a passkey per client address (each is a challenge row until it expires or is used). */
const signInRule: RateLimitRule = { max: 30, windowMs: 15 * 60_000 };
/** Passkeys added per user. */
const registerRule: RateLimitRule = { max: 20, windowMs: 60 * 60_000 };

async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await request.json();
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function json(body: unknown, headers?: Headers, status = 200): Response {
  const answer = new Headers(headers);
  answer.set("Content-Type", "application/json");
  answer.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: answer });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { requestId, clientIp } = context.get(requestContext);
  const locale = getLocale(request);
  if (request.method !== "POST") return methodNotAllowedResponse({ request, locale, requestId, allow: "POST" });
  const user = getUser(context);
  const limited = async (key: string, rule: RateLimitRule) => {
    const result = await getServices().limiter.consume(key, rule);
    return result.allowed ? null : apiErrorResponse("RATE_LIMITED", { locale, requestId, params: { seconds: result.retryAfterSeconds }, headers: { "Retry-After": String(result.retryAfterSeconds) } });
  };

  switch (params.step) {
    case "register-options": {
      if (!user) return apiErrorResponse("SIGNED_OUT", { locale, requestId });
      const refusal = await limited(`passkey-register:${user.id}`, registerRule);
      if (refusal) return refusal;
      // The password (or an app code) comes with this request: a session alone adds no passkey.
      const confirmed = await confirmPasskeyAddition({ db: getServices().db, headers: request.headers, userId: user.id, body: (await readJson(request)) ?? {} });
      if (confirmed === "wrongConfirmation") return json({ reason: "wrongConfirmation" }, undefined, 403);
      if (confirmed === "signInAgain") return json({ reason: "signInAgain" }, undefined, 403);
      try {
        const { options, headers } = await passkeyRegistrationOptions({ headers: request.headers });
        return json(options, headers);
      } catch (error) {
        // The browser's code tells the user to sign in again (passkey-client.ts).
        if (isStaleSession(error)) return json({ reason: "signInAgain" }, undefined, 403);
        throw error;
      }
    }
    case "register": {
      if (!user) return apiErrorResponse("SIGNED_OUT", { locale, requestId });
      const body = await readJson(request);
      if (!body?.response || typeof body.response !== "object") return apiErrorResponse("BAD_REQUEST", { locale, requestId });
      const stored = await verifyPasskeyRegistration({ headers: request.headers, response: body.response, name: typeof body.name === "string" ? body.name : "" });
      if (!stored) return apiErrorResponse("BAD_REQUEST", { locale, requestId });
      const { config, mailer } = getServices();
      await sendPasskeyChangedMail({ mailer, publicUrl: config.publicUrl, to: user.email, locale, change: "added", name: stored.name });
      return json({ ok: true });
    }
    case "sign-in-options": {
      const refusal = await limited(`passkey-sign-in:${clientIp}`, signInRule);
      if (refusal) return refusal;
      // Signed out: any passkey of this site may answer (no list of credentials to give away).
      const { options, headers } = await passkeySignInOptions({ headers: new Headers({ cookie: "" }) });
      return json(options, headers);
    }
    case "sign-in": {
      const body = await readJson(request);
      if (!body?.response || typeof body.response !== "object" || Array.isArray(body.response)) return apiErrorResponse("BAD_REQUEST", { locale, requestId });
      const headers = await verifyPasskeySignIn({ headers: request.headers, response: body.response as Record<string, unknown> });
      if (!headers) return apiErrorResponse("BAD_REQUEST", { locale, requestId });
      return json({ ok: true }, headers);
    }
    default:
      return apiErrorResponse("NOT_FOUND", { locale, requestId });
  }
}

export function loader({ request, context }: Route.LoaderArgs) {
  return methodNotAllowedResponse({ request, locale: getLocale(request), requestId: context.get(requestContext).requestId, allow: "POST" });
}

// The signed-in user's passkeys (list, add, rename, remove) and signing in with one, through Better
// Auth's passkey plugin called server-side with the request's headers: its HTTP endpoints are not
// exposed (docs/decisions/012 and 020). The WebAuthn challenge lives in the plugin's signed cookie
// and a verification row; the options calls hand that cookie back for the browser to return.
import { APIError } from "better-auth/api";
import { translate, type Locale } from "#app/i18n/i18n.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { logger } from "#server/logger.server.ts";
import { actionMail, type Mailer } from "#server/mail/mail.server.ts";
import { actionFailureBody, type ActionFailure } from "#app/lib/action-failure.ts";
import { getServices } from "#server/services.server.ts";
import { getAuth, type Auth } from "./auth.server.ts";
import { hasPassword, isTwoFactorEnabled } from "./two-factor.server.ts";

export const passkeyNameMaxLength = 60;

export interface PasskeyItem {
  id: string;
  name: string;
  createdAt: string | null;
}

/** A passkey's name as stored: one line, trimmed, bounded; empty when nothing is left. */
export function cleanPasskeyName(name: unknown): string {
  return typeof name === "string"
    ? name
        .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, passkeyNameMaxLength)
        .trim()
    : "";
}

/** The user's passkeys, newest first. */
export async function listUserPasskeys({ headers, auth = getAuth() }: { headers: Headers; auth?: Auth }): Promise<PasskeyItem[]> {
  const passkeys = await auth.api.listPasskeys({ headers });
  return passkeys
    .map((passkey) => ({ id: passkey.id, name: passkey.name ?? "", createdAt: passkey.createdAt ? new Date(passkey.createdAt).toISOString() : null }))
    .sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""));
}

async function ownsPasskey(auth: Auth, headers: Headers, id: string): Promise<boolean> {
  return (await auth.api.listPasskeys({ headers })).some((passkey) => passkey.id === id);
}

export type PasskeyChange = "done" | "notFound" | "badName";

/** Renames one of the user's passkeys; another user's passkey, or an unknown id, is "notFound". */
export async function renameUserPasskey({ headers, id, name, auth = getAuth() }: { headers: Headers; id: string; name: string; auth?: Auth }): Promise<PasskeyChange> {
  const clean = cleanPasskeyName(name);
  if (!clean) return "badName";
  if (!(await ownsPasskey(auth, headers, id))) return "notFound";
  await auth.api.updatePasskey({ headers, body: { id, name: clean } });
  return "done";
}

/** Removes one of the user's passkeys; another user's passkey, or an unknown id, is "notFound". */
export async function removeUserPasskey({ headers, id, auth = getAuth(), onRemoved }: { headers: Headers; id: string; auth?: Auth; onRemoved?: (name: string) => Promise<void> }): Promise<PasskeyChange> {
  const passkey = (await auth.api.listPasskeys({ headers })).find((item) => item.id === id);
  if (!passkey) return "notFound";
  await auth.api.deletePasskey({ headers, body: { id } });
  await onRemoved?.(passkey.name ?? "");
  return "done";
}

/** Options for the browser to create a passkey for the signed-in user, and the challenge cookie to set. */
export async function passkeyRegistrationOptions({ headers, auth = getAuth() }: { headers: Headers; auth?: Auth }) {
  const answer = await auth.api.generatePasskeyRegistrationOptions({ headers, returnHeaders: true });
  return { options: answer.response, headers: answer.headers };
}

/** Better Auth adds passkeys only with a session made in the last day (its freshAge): an older one must sign in again. */
export function isStaleSession(error: unknown): boolean {
  return error instanceof APIError && (error.body as { code?: string } | undefined)?.code === "SESSION_NOT_FRESH";
}

/** Checks the browser's new credential against the challenge and stores it under `name`; the name stored, or null when refused. */
export async function verifyPasskeyRegistration({ headers, response, name, auth = getAuth() }: { headers: Headers; response: unknown; name: string; auth?: Auth }): Promise<{ name: string } | null> {
  try {
    const stored = await auth.api.verifyPasskeyRegistration({ headers, body: { response, name: cleanPasskeyName(name) || undefined } });
    return { name: stored.name ?? "" };
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) return null;
    throw error;
  }
}

/** Minutes since signing in within which an account with neither a password nor an app may add a passkey. */
export const recentSignInMinutes = 10;

/** How adding a passkey is confirmed: decided from the account, never from the request. */
export type PasskeyConfirmation = "password" | "appCode" | "recentSignIn";

export async function passkeyConfirmationOf(db: Db, userId: string): Promise<PasskeyConfirmation> {
  if (await hasPassword(db, userId)) return "password";
  if (await isTwoFactorEnabled(db, userId)) return "appCode";
  return "recentSignIn";
}

export type PasskeyConfirmationResult = "ok" | "wrongConfirmation" | "signInAgain";

/**
 * A stolen session alone must not add a passkey (one would outlive a password change): the request
 * that opens the ceremony carries the password, or a code from the app for an account without one;
 * an account with neither must have signed in within the last minutes. Only after this does the
 * plugin make a registration challenge, and only that challenge can store a passkey.
 */
export async function confirmPasskeyAddition({ db, headers, userId, body, auth = getAuth() }: { db: Db; headers: Headers; userId: string; body: Record<string, unknown>; auth?: Auth }): Promise<PasskeyConfirmationResult> {
  const how = await passkeyConfirmationOf(db, userId);
  const given = (field: string) => (typeof body[field] === "string" ? (body[field] as string).slice(0, 200) : "");
  try {
    if (how === "password") {
      if (!given("password")) return "wrongConfirmation";
      await auth.api.verifyPassword({ body: { password: given("password") }, headers });
      return "ok";
    }
    if (how === "appCode") {
      const code = given("code").replace(/\s+/g, "");
      if (!code) return "wrongConfirmation";
      await auth.api.verifyTOTP({ body: { code }, headers });
      return "ok";
    }
    const session = await auth.api.getSession({ headers });
    const signedInAt = session ? new Date(session.session.createdAt).getTime() : 0;
    return Date.now() - signedInAt <= recentSignInMinutes * 60_000 ? "ok" : "signInAgain";
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) return "wrongConfirmation";
    throw error;
  }
}

/** A security e-mail when a passkey is added or removed, in the page's language; a failure is logged, never shown. */
export async function sendPasskeyChangedMail({ mailer, publicUrl, to, locale, change, name }: { mailer: Mailer; publicUrl: string; to: string; locale: Locale; change: "added" | "removed"; name: string }): Promise<void> {
  try {
    await mailer.send(
      actionMail({
        to,
        subject: translate(locale, `account.passkeys.mail.${change}.subject`),
        intro: translate(locale, `account.passkeys.mail.${change}.intro`),
        quote: { label: translate(locale, "account.passkeys.mail.nameLabel"), text: name || translate(locale, "account.passkeys.manage.defaultName") },
        action: translate(locale, "account.passkeys.mail.action"),
        url: `${publicUrl}/settings/personal`,
        outro: translate(locale, `account.passkeys.mail.${change}.outro`),
      }),
    );
  } catch (error) {
    logger.error({ err: error }, "passkey security mail failed");
  }
}

/** Options for the browser to sign in with any passkey of this site (discoverable credentials), and the challenge cookie. */
export async function passkeySignInOptions({ headers, auth = getAuth() }: { headers: Headers; auth?: Auth }) {
  const answer = await auth.api.generatePasskeyAuthenticationOptions({ headers, returnHeaders: true });
  // The plugin asks for "preferred"; the browser is told it is required (an assertion without it is refused: passkey-plugin.server.ts).
  return { options: { ...answer.response, userVerification: "required" as const }, headers: answer.headers };
}

/** Checks a passkey assertion; on success a new session and its cookie (Set-Cookie headers), otherwise null. */
export async function verifyPasskeySignIn({ headers, response, auth = getAuth() }: { headers: Headers; response: Record<string, unknown>; auth?: Auth }): Promise<Headers | null> {
  try {
    // The plugin checks the assertion's shape and signature itself: whatever the browser sent goes to it.
    const answer = await auth.api.verifyPasskeyAuthentication({ headers, body: { response: response as never }, returnHeaders: true });
    return answer.headers;
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) return null;
    throw error;
  }
}

export type PasskeyIntent = "passkeyRename" | "passkeyRemove";

/** The answer of a passkey intent on the settings page: a toast's message, saved or refused. */
export type PasskeysAnswer =
  | { intent: PasskeyIntent; saved: "account.passkeys.manage.renamed" | "account.passkeys.manage.removed" }
  | ActionFailure;

/** The settings page's "passkeyRename" (fields `id`, `name`) and "passkeyRemove" (field `id`) intents; a removal mails the account's address. */
export async function passkeysIntent({ request, intent, form, user }: { request: Request; intent: PasskeyIntent; form: Record<string, unknown>; user: { email: string } }): Promise<{ answer: PasskeysAnswer; status: number }> {
  const id = typeof form.id === "string" ? form.id.slice(0, 200) : "";
  const { config, mailer } = getServices();
  const onRemoved = (name: string) => sendPasskeyChangedMail({ mailer, publicUrl: config.publicUrl, to: user.email, locale: getLocale(request), change: "removed", name });
  const result = intent === "passkeyRename" ? await renameUserPasskey({ headers: request.headers, id, name: typeof form.name === "string" ? form.name : "" }) : await removeUserPasskey({ headers: request.headers, id, onRemoved });
  if (result === "done") return { answer: { intent, saved: intent === "passkeyRename" ? "account.passkeys.manage.renamed" : "account.passkeys.manage.removed" }, status: 200 };
  if (result === "badName") return { answer: actionFailureBody("INVALID_INPUTS", { formError: "account.passkeys.manage.nameRequired" }), status: 400 };
  return { answer: actionFailureBody("NOT_FOUND", { formError: "account.passkeys.manage.notFound" }), status: 404 };
}

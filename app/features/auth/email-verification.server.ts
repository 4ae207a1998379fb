// E-mail verification, e-mail change and the security notices that go with them (issue 19).
//
// Better Auth makes the links (signed, stateless tokens); they point at our own /verify-email page,
// whose loader calls auth.api.verifyEmail: Better Auth's HTTP endpoints stay closed (docs/decisions/012).
// Mails are written in the language of the request that caused them: our actions run Better Auth
// inside withMailLocale; an OAuth callback hands its own request to the mail function.
import { AsyncLocalStorage } from "node:async_hooks";
import type { BetterAuthOptions } from "better-auth";
import { translate, type Locale, type MessageKey } from "#app/i18n/i18n.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { actionMail, type Mailer, type MailList, type MailMessage } from "#server/mail/mail.server.ts";
import { getAuth, type Auth } from "./auth.server.ts";
import { data, type RouterContextProvider } from "react-router";
import type { FormFailure } from "#app/components/form/form-errors.ts";
import { logger } from "#server/logger.server.ts";
import { authRateLimits } from "#server/rate-limit.server.ts";
import { getServices } from "#server/services.server.ts";
import { enforceRateLimit, parseForm } from "#app/components/form/form-actions.server.ts";
import { authErrorCode } from "./auth-actions.server.ts";
import { changeEmailSchema } from "./email-schemas.ts";
import { passkeyNamesOf } from "./passkey-names.server.ts";
import { actionFailure } from "#app/lib/action-failure.ts";

/** How long a verification or change-of-address link works. */
export const verifyLinkHours = 24;

const mailLocales = new AsyncLocalStorage<Locale>();

/** Runs `run` so that mails Better Auth sends meanwhile are written in `locale`. */
export function withMailLocale<T>(locale: Locale, run: () => Promise<T>): Promise<T> {
  return mailLocales.run(locale, run);
}

export function mailLocale(request?: Request): Locale {
  return mailLocales.getStore() ?? (request ? getLocale(request) : "en");
}

/** The payload of a Better Auth e-mail token (read, not verified: Better Auth verifies it). */
export function readEmailToken(token: string): { email?: string; updateTo?: string; requestType?: string } | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return payload && typeof payload === "object" ? (payload as { email?: string; updateTo?: string; requestType?: string }) : null;
  } catch {
    return null;
  }
}

const verifyUrl = (config: Pick<AppConfig, "publicUrl">, token: string) => `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

/** The mail with the link that verifies an address: a new account's, or the new address of a change. */
export function verificationMail({ config, to, token, locale, change }: { config: Pick<AppConfig, "publicUrl">; to: string; token: string; locale: Locale; change: boolean }): MailMessage {
  const prefix = change ? "account.email.changeMail" : "account.email.verifyMail";
  return actionMail({
    to,
    subject: translate(locale, `${prefix}.subject`),
    intro: translate(locale, `${prefix}.intro`, { email: to }),
    action: translate(locale, `${prefix}.action`),
    url: verifyUrl(config, token),
    outro: translate(locale, `${prefix}.outro`, { hours: verifyLinkHours }),
  });
}

/** A security notice with a button to the sign-in page (password reset is one click from there). */
function noticeMail({ config, to, locale, kind, params, list }: { config: Pick<AppConfig, "publicUrl">; to: string; locale: Locale; kind: "emailChangeNotice" | "passwordNotice"; params?: Record<string, string>; list?: MailList }): MailMessage {
  return actionMail({
    to,
    subject: translate(locale, `account.email.${kind}.subject`),
    intro: translate(locale, `account.email.${kind}.intro`, params),
    ...(list ? { list } : {}),
    action: translate(locale, `account.email.${kind}.action`),
    url: `${config.publicUrl}/forgot-password`,
    outro: translate(locale, `account.email.${kind}.outro`),
  });
}

/** Better Auth's `emailVerification` and `user.changeEmail` options. */
export function emailVerificationOptions({ config, mailer }: { config: Pick<AppConfig, "publicUrl">; mailer: Mailer }) {
  return {
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: verifyLinkHours * 3600,
      sendVerificationEmail: async ({ user, token }, request) => {
        const change = readEmailToken(token)?.requestType === "change-email-verification";
        await mailer.send(verificationMail({ config, to: user.email, token, locale: mailLocale(request), change }));
      },
    },
    // The link goes to the new address and the change happens only when it is used (verified or not);
    // the notice to the old address is sent by requestEmailChange.
    changeEmail: { enabled: true },
  } satisfies { emailVerification: BetterAuthOptions["emailVerification"]; changeEmail: NonNullable<BetterAuthOptions["user"]>["changeEmail"] };
}

export async function isEmailVerified({ db, userId }: { db: Db; userId: string }): Promise<boolean> {
  const row = await db.selectFrom("user").select("emailVerified").where("id", "=", userId).executeTakeFirst();
  return Boolean(row?.emailVerified);
}

/** Sends the signed-in user a new verification link; false when the address is verified already. */
export async function resendVerification({ headers, email, locale, auth = getAuth() }: { headers: Headers; email: string; locale: Locale; auth?: Auth }): Promise<boolean> {
  try {
    await withMailLocale(locale, () => auth.api.sendVerificationEmail({ body: { email }, headers }));
    return true;
  } catch (error) {
    if (authErrorCode(error) === "EMAIL_ALREADY_VERIFIED") return false;
    throw error;
  }
}

export type EmailChangeRequest = { ok: true } | { ok: false; reason: "same" };

/**
 * Mails a link to the new address (the change happens when it is used) and a notice to the current one.
 * An address another account uses gets no mail, and the answer is the same (no account lookup by form).
 */
export async function requestEmailChange({ headers, user, newEmail, locale, config, mailer, auth = getAuth() }: { headers: Headers; user: { email: string }; newEmail: string; locale: Locale; config: Pick<AppConfig, "publicUrl">; mailer: Mailer; auth?: Auth }): Promise<EmailChangeRequest> {
  if (newEmail.toLowerCase() === user.email.toLowerCase()) return { ok: false, reason: "same" };
  await withMailLocale(locale, () => auth.api.changeEmail({ body: { newEmail }, headers }));
  await mailer.send(noticeMail({ config, to: user.email, locale, kind: "emailChangeNotice", params: { email: newEmail.toLowerCase() } }));
  return { ok: true };
}

/**
 * Tells the account's address that its password was changed, naming its passkeys: a passkey added
 * with a stolen session outlives the new password, so the mail says where to remove one.
 */
export async function sendPasswordChangedNotice({ email, passkeys = [], locale, config, mailer }: { email: string; passkeys?: string[]; locale: Locale; config: Pick<AppConfig, "publicUrl">; mailer: Mailer }): Promise<void> {
  const list: MailList | undefined = passkeys.length
    ? {
        label: translate(locale, "account.email.passwordNotice.passkeys"),
        items: passkeys.map((name) => name || translate(locale, "account.passkeys.manage.defaultName")),
        linkText: translate(locale, "account.email.passwordNotice.passkeysLink"),
        url: `${config.publicUrl}/settings/personal`,
      }
    : undefined;
  await mailer.send(noticeMail({ config, to: email, locale, kind: "passwordNotice", ...(list ? { list } : {}) }));
}

/**
 * `codeStep`: the link was opened where the user is not signed in and their account has two-factor on,
 * so instead of signing them in it leads to the code step (app/features/auth/two-factor-plugin.server.ts).
 */
export type EmailLinkResult = { ok: true; kind: "verified" | "changed"; setCookies: Headers; codeStep?: string } | { ok: false; reason: "invalid" | "expired" | "taken" };

/** Uses a link from a verification or change-of-address mail; the answer's cookies sign the user in (or refresh their session). */
export async function applyEmailLink({ db, token, headers, auth = getAuth() }: { db: Db; token: string; headers: Headers; auth?: Auth }): Promise<EmailLinkResult> {
  const payload = readEmailToken(token);
  if (!payload?.email) return { ok: false, reason: "invalid" };
  const change = Boolean(payload.updateTo);
  // The new address was taken by another account since the link was sent (a spent link finds no old address: invalid).
  if (payload.updateTo) {
    const holders = await db.selectFrom("user").select("email").where("email", "in", [payload.email, payload.updateTo]).execute();
    if (holders.length === 2) return { ok: false, reason: "taken" };
  }
  try {
    const answer = await auth.api.verifyEmail({ query: { token }, headers, returnHeaders: true });
    const codeStep = codeStepOf(answer.response);
    return { ok: true, kind: change ? "changed" : "verified", setCookies: answer.headers, ...(codeStep ? { codeStep } : {}) };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "TOKEN_EXPIRED") return { ok: false, reason: "expired" };
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND" || code === "INVALID_USER") return { ok: false, reason: "invalid" };
    throw error;
  }
}

/** Where the two-factor hook sends a user whose link would have signed them in without their code. */
function codeStepOf(response: unknown): string | null {
  if (typeof response !== "object" || response === null || !("twoFactorRedirect" in response) || !("redirectTo" in response)) return null;
  return response.twoFactorRedirect === true && typeof response.redirectTo === "string" ? response.redirectTo : null;
}

/** After a password change in settings or by a reset link: the notice mail, in the page's language. A failed mail is logged, never undoes the change. */
export async function notifyPasswordChanged({ user, locale, db, config, mailer }: { user: { id: string; email: string }; locale: Locale; db: Db; config: Pick<AppConfig, "publicUrl">; mailer: Mailer }): Promise<void> {
  try {
    await sendPasswordChangedNotice({ email: user.email, passkeys: await passkeyNamesOf(db, user.id), locale, config, mailer });
  } catch (error) {
    logger.error({ err: error }, "password change notice failed");
  }
}

export type EmailIntentResult = FormFailure & { intent: "email"; saved?: MessageKey; savedParams?: Record<string, string> };

/** The "email" intent of /settings/personal: validates, limits, and asks Better Auth to mail the new address. */
export async function changeEmailIntent({ request, context, user }: { request: Request; context: Readonly<RouterContextProvider>; user: { id: string; email: string } }) {
  const form = await parseForm(request, changeEmailSchema);
  await enforceRateLimit(context, "email-change", user.id, authRateLimits.emailChange);
  const { config, mailer } = getServices();
  const result = await requestEmailChange({ headers: request.headers, user, newEmail: form.newEmail, locale: getLocale(request), config, mailer });
  if (!result.ok) return actionFailure<EmailIntentResult>("INVALID_INPUTS", { intent: "email", fieldErrors: { newEmail: "account.email.same" } });
  return data<EmailIntentResult>({ intent: "email", saved: "account.email.sent", savedParams: { email: form.newEmail } });
}

// Two-factor (TOTP and backup codes) through Better Auth's twoFactor plugin, called server-side by our
// forms (docs/decisions/012): enrolment and turning it off in /settings/personal, the code step of sign-in.
import { APIError } from "better-auth/api";
import { renderSVG } from "uqr";
import { getAuth, type Auth } from "./auth.server.ts";
import { authErrorCode } from "./auth-actions.server.ts";
import type { Locale } from "#app/i18n/i18n.ts";
import { safeRedirectPath } from "#app/lib/safe-redirect.ts";
import { translate } from "#app/i18n/i18n.ts";
import type { Db } from "#server/db/db.server.ts";
import { logger } from "#server/logger.server.ts";
import { actionMail, type Mailer } from "#server/mail/mail.server.ts";

/** Whether the user has two-factor turned on. */
export async function isTwoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("user").select("twoFactorEnabled").where("id", "=", userId).executeTakeFirst();
  return Boolean(row?.twoFactorEnabled);
}

/** Whether the user has a password (accounts made with Google or OpenID Connect may have none). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("account").select("password").where("userId", "=", userId).where("providerId", "=", "credential").executeTakeFirst();
  return Boolean(row?.password);
}

/**
 * How a change to two-factor is confirmed: the password, or, for an account without one, a current
 * code from the authenticator app (checked first; Better Auth then needs no password for it).
 */
export type TwoFactorConfirmation = { password: string } | { appCode: string };

async function confirmWithAppCode(auth: Auth, headers: Headers, confirmation: TwoFactorConfirmation): Promise<boolean> {
  if (!("appCode" in confirmation)) return true;
  try {
    await auth.api.verifyTOTP({ body: { code: confirmation.appCode.replace(/\s+/g, "") }, headers });
    return true;
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_CODE" || code === "TOTP_NOT_ENABLED" || code === "ACCOUNT_TEMPORARILY_LOCKED") return false;
    throw error;
  }
}

const passwordOf = (confirmation: TwoFactorConfirmation) => ("password" in confirmation ? { password: confirmation.password } : {});

/** The QR code of an otpauth:// URI as an SVG data URL (made on the server; the page only shows it). */
export function qrDataUrl(uri: string): string {
  const svg = renderSVG(uri, { border: 2, pixelSize: 6 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** The base-32 secret of an otpauth:// URI, for typing into an app by hand. */
export function secretOf(uri: string): string | null {
  try {
    const url = new URL(uri);
    if (url.protocol !== "otpauth:") return null;
    return url.searchParams.get("secret");
  } catch {
    return null;
  }
}

export interface Enrolment {
  totpUri: string;
  secret: string;
  qr: string;
}

/** Step one of enrolment: the password is checked (an account without one has none to give) and a new, not yet verified secret is made. */
export async function startEnrolment({ auth = getAuth(), headers, password }: { auth?: Auth; headers: Headers; password: string | null }): Promise<{ ok: true; enrolment: Enrolment } | { ok: false; reason: "wrongPassword" | "alreadyOn" }> {
  try {
    const answer = await auth.api.enableTwoFactor({ body: { ...(password === null ? {} : { password }), method: "totp" }, headers });
    const totpUri = "totpURI" in answer && answer.totpURI ? answer.totpURI : "";
    return { ok: true, enrolment: { totpUri, secret: secretOf(totpUri) ?? "", qr: qrDataUrl(totpUri) } };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_PASSWORD") return { ok: false, reason: "wrongPassword" };
    if (code === "TOTP_ALREADY_ENABLED") return { ok: false, reason: "alreadyOn" };
    throw error;
  }
}

/** Step two: a first code from the app turns two-factor on; the answer carries the backup codes (shown once) and a new session cookie. */
export async function finishEnrolment({ auth = getAuth(), headers, code, userId }: { auth?: Auth; headers: Headers; code: string; userId: string }): Promise<{ ok: true; backupCodes: string[]; setCookies: Headers } | { ok: false }> {
  try {
    const { headers: answerHeaders } = await auth.api.verifyTOTP({ body: { code: code.replace(/\s+/g, "") }, headers, returnHeaders: true });
    const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
    return { ok: true, backupCodes, setCookies: setCookiesOf(answerHeaders) };
  } catch (error) {
    const errorCode = authErrorCode(error);
    if (errorCode === "INVALID_CODE" || errorCode === "TOTP_NOT_ENABLED") return { ok: false };
    throw error;
  }
}

/** Turning two-factor off needs the password (or an app code without one); the answer carries a new session cookie. */
export async function disableTwoFactor({ auth = getAuth(), headers, confirmation }: { auth?: Auth; headers: Headers; confirmation: TwoFactorConfirmation }): Promise<{ ok: true; setCookies: Headers } | { ok: false }> {
  try {
    if (!(await confirmWithAppCode(auth, headers, confirmation))) return { ok: false };
    const { headers: answerHeaders } = await auth.api.disableTwoFactor({ body: passwordOf(confirmation), headers, returnHeaders: true });
    return { ok: true, setCookies: setCookiesOf(answerHeaders) };
  } catch (error) {
    if (authErrorCode(error) === "INVALID_PASSWORD") return { ok: false };
    throw error;
  }
}

/** Ten new backup codes (the old ones stop working), confirmed like turning two-factor off. */
export async function regenerateBackupCodes({ auth = getAuth(), headers, confirmation }: { auth?: Auth; headers: Headers; confirmation: TwoFactorConfirmation }): Promise<{ ok: true; backupCodes: string[] } | { ok: false; reason: "wrongConfirmation" | "notOn" }> {
  try {
    if (!(await confirmWithAppCode(auth, headers, confirmation))) return { ok: false, reason: "wrongConfirmation" };
    const { backupCodes } = await auth.api.generateBackupCodes({ body: passwordOf(confirmation), headers });
    return { ok: true, backupCodes };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_PASSWORD") return { ok: false, reason: "wrongConfirmation" };
    if (code === "TWO_FACTOR_NOT_ENABLED") return { ok: false, reason: "notOn" };
    throw error;
  }
}

export type CodeStepResult = { ok: true; setCookies: Headers } | { ok: false; reason: "wrongCode" | "expired" | "tooManyAttempts" | "locked"; setCookies: Headers };

/** The code step of sign-in: a code from the app or a backup code (each backup code works once). */
export async function verifySignInCode({ auth = getAuth(), headers, code, backup, trustDevice }: { auth?: Auth; headers: Headers; code: string; backup: boolean; trustDevice: boolean }): Promise<CodeStepResult> {
  try {
    const { headers: answerHeaders } = backup
      ? await auth.api.verifyBackupCode({ body: { code: code.trim(), trustDevice }, headers, returnHeaders: true })
      : await auth.api.verifyTOTP({ body: { code: code.replace(/\s+/g, ""), trustDevice }, headers, returnHeaders: true });
    return { ok: true, setCookies: setCookiesOf(answerHeaders) };
  } catch (error) {
    const errorCode = authErrorCode(error);
    const setCookies = new Headers();
    const errorHeaders = (error as { headers?: Headers }).headers;
    if (errorHeaders instanceof Headers) for (const cookie of errorHeaders.getSetCookie()) setCookies.append("Set-Cookie", cookie);
    // Another browser used the same backup code at the same moment (Better Auth's CONFLICT): that one won.
    if (errorCode === "INVALID_CODE" || errorCode === "INVALID_BACKUP_CODE" || isBackupCodeRace(error)) return { ok: false, reason: "wrongCode", setCookies };
    if (errorCode === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return { ok: false, reason: "tooManyAttempts", setCookies };
    if (errorCode === "ACCOUNT_TEMPORARILY_LOCKED") return { ok: false, reason: "locked", setCookies };
    if (errorCode === "INVALID_TWO_FACTOR_COOKIE" || errorCode === "TOTP_NOT_ENABLED") return { ok: false, reason: "expired", setCookies };
    throw error;
  }
}

/** Better Auth's answer when the backup codes changed between its read and its write (a concurrent use). */
function isBackupCodeRace(error: unknown): boolean {
  return error instanceof APIError && error.statusCode === 409;
}

/** Where a right password goes when Better Auth asks for the code step; null when the user is signed in. */
export function twoFactorStepPath(signInAnswer: unknown, redirectTo: string | undefined): string | null {
  const asksForCode = typeof signInAnswer === "object" && signInAnswer !== null && "twoFactorRedirect" in signInAnswer && signInAnswer.twoFactorRedirect === true;
  if (!asksForCode) return null;
  const target = safeRedirectPath(redirectTo, "");
  return target ? `/sign-in/two-factor?redirectTo=${encodeURIComponent(target)}` : "/sign-in/two-factor";
}

/** Better Auth's Set-Cookie headers, as headers a React Router answer can carry. */
function setCookiesOf(answerHeaders: Headers): Headers {
  const headers = new Headers();
  for (const cookie of answerHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** A security e-mail when two-factor is turned on or off, in the page's language; a failure is logged, never shown. */
export async function sendTwoFactorChangedMail({ mailer, publicUrl, to, locale, enabled }: { mailer: Mailer; publicUrl: string; to: string; locale: Locale; enabled: boolean }): Promise<void> {
  const which = enabled ? "on" : "off";
  try {
    await mailer.send(
      actionMail({
        to,
        subject: translate(locale, `account.twoFactor.mail.${which}.subject`),
        intro: translate(locale, `account.twoFactor.mail.${which}.intro`),
        action: translate(locale, "account.twoFactor.mail.action"),
        url: `${publicUrl}/settings/personal`,
        outro: translate(locale, "account.twoFactor.mail.outro"),
      }),
    );
  } catch (error) {
    logger.error({ err: error }, "two-factor security mail failed");
  }
}

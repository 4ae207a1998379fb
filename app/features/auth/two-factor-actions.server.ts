// The two-factor forms of /settings/personal: turn on (password, then a first code), turn off and
// new backup codes (password). An account without a password confirms with a code from its app instead.
import { data, type RouterContextProvider } from "react-router";
import type { FormFailure } from "#app/components/form/form-errors.ts";
import type { MessageKey } from "#app/i18n/i18n.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { getServices } from "#server/services.server.ts";
import { parseForm, unexpectedFailure } from "#app/components/form/form-actions.server.ts";
import { answerAfterSessionChange } from "./auth-actions.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { requireUser, type SessionUser } from "./session.server.ts";
import { twoFactorAppCodeSchema, twoFactorNoPasswordStartSchema, twoFactorPasswordSchema, twoFactorRequirementSchema, twoFactorVerifySchema } from "./two-factor-schemas.ts";
import { disableTwoFactor, finishEnrolment, hasPassword, isTwoFactorEnabled, qrDataUrl, regenerateBackupCodes, secretOf, sendTwoFactorChangedMail, startEnrolment, type Enrolment, type TwoFactorConfirmation } from "./two-factor.server.ts";
import { saveTwoFactorRequirement, workspaceRequiresTwoFactor } from "./two-factor-requirement.server.ts";
import { actionFailure } from "#app/lib/action-failure.ts";

export const twoFactorIntents = ["twoFactorStart", "twoFactorVerify", "twoFactorDisable", "twoFactorBackupCodes"] as const;
export type TwoFactorIntent = (typeof twoFactorIntents)[number];

export const isTwoFactorIntent = (intent: unknown): intent is TwoFactorIntent => (twoFactorIntents as readonly unknown[]).includes(intent);

/** What the two-factor card is answered: the enrolment to show, the backup codes (once), errors. */
export type TwoFactorResult = FormFailure & { intent: TwoFactorIntent; saved?: MessageKey; enrolment?: Enrolment; backupCodes?: string[] };

/** The card's state for the page's loader; `hasPassword` picks how changes are confirmed. */
export async function twoFactorSettings(user: SessionUser): Promise<{ enabled: boolean; required: boolean; hasPassword: boolean }> {
  const { db } = getServices();
  const [enabled, withPassword] = await Promise.all([isTwoFactorEnabled(db, user.id), hasPassword(db, user.id)]);
  if (enabled) return { enabled, required: false, hasPassword: withPassword };
  const { workspaceId } = await getActiveMembership({ db, user });
  return { enabled, required: await workspaceRequiresTwoFactor(db, workspaceId), hasPassword: withPassword };
}

/** Turning on: the password of an account that has one; nothing more of one without. */
async function readStartPassword(request: Request, withPassword: boolean): Promise<string | null> {
  if (withPassword) return (await parseForm(request, twoFactorPasswordSchema)).password;
  await parseForm(request, twoFactorNoPasswordStartSchema);
  return null;
}

/** The password, or an app code for an account without one: decided here from the account, never from the form. */
async function readConfirmation(request: Request, withPassword: boolean): Promise<TwoFactorConfirmation> {
  if (withPassword) return { password: (await parseForm(request, twoFactorPasswordSchema)).password };
  return { appCode: (await parseForm(request, twoFactorAppCodeSchema)).code };
}

/** Handles one of the two-factor intents of /settings/personal. */
export async function twoFactorAction({ request, context, intent }: { request: Request; context: Readonly<RouterContextProvider>; intent: TwoFactorIntent }) {
  const user = requireUser({ request, context });
  const { config, mailer } = getServices();
  const mail = (enabled: boolean) => sendTwoFactorChangedMail({ mailer, publicUrl: config.publicUrl, to: user.email, locale: getLocale(request), enabled });
  const withPassword = await hasPassword(getServices().db, user.id);
  // A wrong password or app code is shown on the field the form has.
  const wrongConfirmation: Record<string, MessageKey> = withPassword ? { password: "account.twoFactor.wrongPassword" } : { code: "account.twoFactor.wrongCode" };
  // Parsed before the try: a form that fails its schema is a 400 with field messages, not a server error.
  const startPassword = intent === "twoFactorStart" ? await readStartPassword(request, withPassword) : null;
  const confirmation = intent === "twoFactorDisable" || intent === "twoFactorBackupCodes" ? await readConfirmation(request, withPassword) : null;
  const verifyForm = intent === "twoFactorVerify" ? await parseForm(request, twoFactorVerifySchema) : null;
  try {
    if (intent === "twoFactorStart") {
      const started = await startEnrolment({ headers: request.headers, password: startPassword });
      if (started.ok) return data<TwoFactorResult>({ intent, enrolment: started.enrolment });
      if (started.reason === "alreadyOn") return actionFailure<TwoFactorResult>("BAD_REQUEST", { intent, formError: "account.twoFactor.alreadyOn" });
      return actionFailure<TwoFactorResult>("INVALID_INPUTS", { intent, fieldErrors: { password: "account.twoFactor.wrongPassword" } });
    }
    if (verifyForm) {
      const form = verifyForm;
      const finished = await finishEnrolment({ headers: request.headers, code: form.code, userId: user.id });
      if (finished.ok) {
        await mail(true);
        return answerAfterSessionChange(request, { path: "/settings/personal", notice: "two-factor-on", setCookies: finished.setCookies }, () =>
          data<TwoFactorResult>({ intent, saved: "account.twoFactor.enabled", backupCodes: finished.backupCodes }, { headers: finished.setCookies }),
        );
      }
      // A wrong code: the same QR code and key again (from the URI the form carried, which is only shown back).
      const secret = form.totpUri ? secretOf(form.totpUri) : null;
      const enrolment = form.totpUri && secret ? { totpUri: form.totpUri, secret, qr: qrDataUrl(form.totpUri) } : undefined;
      return actionFailure<TwoFactorResult>(
        enrolment ? "INVALID_INPUTS" : "BAD_REQUEST",
        enrolment ? { intent, enrolment, fieldErrors: { code: "account.twoFactor.wrongCode" } } : { intent: "twoFactorStart", formError: "account.twoFactor.restart" },
      );
    }
    if (!confirmation) throw new Error(`two-factor intent ${intent} without a confirmation`);
    if (intent === "twoFactorBackupCodes") {
      const made = await regenerateBackupCodes({ headers: request.headers, confirmation });
      if (made.ok) return data<TwoFactorResult>({ intent, saved: "account.twoFactor.backupCodes.regenerated", backupCodes: made.backupCodes });
      if (made.reason === "notOn") return actionFailure<TwoFactorResult>("BAD_REQUEST", { intent, formError: "account.twoFactor.backupCodes.notOn" });
      return actionFailure<TwoFactorResult>("INVALID_INPUTS", { intent, fieldErrors: wrongConfirmation });
    }
    const off = await disableTwoFactor({ headers: request.headers, confirmation });
    if (!off.ok) return actionFailure<TwoFactorResult>("INVALID_INPUTS", { intent, fieldErrors: wrongConfirmation });
    await mail(false);
    return answerAfterSessionChange(request, { path: "/settings/personal", notice: "two-factor-off", setCookies: off.setCookies }, () => data<TwoFactorResult>({ intent, saved: "account.twoFactor.disabled" }, { headers: off.setCookies }));
  } catch (error) {
    return unexpectedFailure(context, error, `two-factor ${intent}`);
  }
}

/** Settings → Workspace: the owner turns the two-factor requirement on or off. */
export async function twoFactorRequirementAction({ request, user, membership }: { request: Request; user: SessionUser; membership: { workspaceId: string } }) {
  const form = await parseForm(request, twoFactorRequirementSchema);
  const saved = await saveTwoFactorRequirement({ db: getServices().db, userId: user.id, workspaceId: membership.workspaceId, required: form.required === "on" });
  if (!saved.ok) return actionFailure<FormFailure & { intent: "twoFactorRequirement" }>("BAD_REQUEST", { intent: "twoFactorRequirement", formError: "account.twoFactor.workspace.ownerFirst" });
  return data<FormFailure & { intent: "twoFactorRequirement"; saved: MessageKey }>({ intent: "twoFactorRequirement", saved: "account.twoFactor.workspace.saved" });
}

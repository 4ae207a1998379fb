import { Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { data } from "react-router";
import { PasswordField, SubmitButton, TextField } from "#app/components/form/fields.tsx";
import type { FormFailure } from "#app/components/form/form-errors.ts";
import { readForm } from "#app/components/form/form-data.server.ts";
import { ValidatedForm } from "#app/components/form/validated-form.tsx";
import { answerFormFailures, parseForm, unexpectedFailure, unknownIntentAnswer } from "#app/components/form/form-actions.server.ts";
import { answerAfterSessionChange } from "#app/features/auth/auth-actions.server.ts";
import { changePassword, updateProfile } from "#app/features/auth/profile.server.ts";
import { changePasswordSchema, profileSchema } from "#app/features/auth/schemas.ts";
import { requireUser } from "#app/features/auth/session.server.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import type { Route } from "./+types/personal";
import { SectionCard } from "#app/components/section-card.tsx";
import { isTwoFactorIntent, twoFactorAction, twoFactorSettings, type TwoFactorResult } from "#app/features/auth/two-factor-actions.server.ts";
import { TwoFactorSettings } from "#app/features/auth/two-factor-settings.tsx";
import { changeEmailIntent, isEmailVerified, notifyPasswordChanged } from "#app/features/auth/email-verification.server.ts";
import { EmailSettingsCard, LinkedAccountsCard } from "#app/features/auth/email-settings.tsx";
import { linkAccountIntent, listLinkedProviders } from "#app/features/auth/linked-accounts.server.ts";
import { getServices } from "#server/services.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { listUserSessions, sessionsIntent } from "#app/features/auth/sessions.server.ts";
import { SessionsSettings } from "#app/features/auth/sessions-settings.tsx";
import { listUserPasskeys, passkeyConfirmationOf, passkeysIntent } from "#app/features/auth/passkeys.server.ts";
import { PasskeySettings } from "#app/features/auth/passkey-settings.tsx";
import { DataExportSettings } from "#app/features/data-export/data-export-settings.tsx";
import { actionFailure } from "#app/lib/action-failure.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "settings.personal.meta");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  const sessions = (await listUserSessions({ headers: request.headers })) ?? [];
  const passkeys = await listUserPasskeys({ headers: request.headers });
  const emailVerified = await isEmailVerified({ db: getServices().db, userId: user.id });
  const linkedProviders = await listLinkedProviders({ headers: request.headers });
  const twoFactor = await twoFactorSettings(user);
  const passkeyConfirmation = await passkeyConfirmationOf(getServices().db, user.id);
  return { firstName: user.firstName, lastName: user.lastName, sessions, passkeys, passkeyConfirmation, email: user.email, emailVerified, linkedProviders, twoFactor };
}

type Result = FormFailure & { intent?: string; saved?: MessageKey; savedParams?: Record<string, string> };

/** Named intents, each handled by one feature function; anything else is a 400 and changes nothing. */
export async function action(args: Route.ActionArgs) {
  return answerFormFailures(async () => {
    requireUser(args);
    const form = await readForm(args.request.clone());
    const intent = form.intent;
    if (intent === "profile") return profileAction(args);
    if (intent === "password") return passwordAction(args);
    if (isTwoFactorIntent(intent)) return twoFactorAction({ ...args, intent });
    if (intent === "email") return changeEmailIntent({ ...args, user: requireUser(args) });
    if (intent === "link") return linkAccountIntent({ ...args, user: requireUser(args) });
    if (intent === "revokeSession" || intent === "revokeOtherSessions") {
      const { answer, status } = await sessionsIntent({ request: args.request, intent, form });
      return data<Result>(answer, { status });
    }
    if (intent === "passkeyRename" || intent === "passkeyRemove") {
      const { answer, status } = await passkeysIntent({ request: args.request, intent, form, user: requireUser(args) });
      return data<Result>(answer, { status });
    }
    return unknownIntentAnswer();
  });
}

async function profileAction({ request }: Route.ActionArgs) {
  const form = await parseForm(request, profileSchema);
  await updateProfile({ headers: request.headers, firstName: form.firstName, lastName: form.lastName });
  return data<Result>({ intent: "profile", saved: "settings.profile.saved" });
}

async function passwordAction({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, changePasswordSchema);
  try {
    const change = await changePassword({ headers: request.headers, currentPassword: form.currentPassword, newPassword: form.newPassword });
    const { config, db, mailer } = getServices();
    if (change.ok) await notifyPasswordChanged({ user: requireUser({ request, context }), locale: getLocale(request), db, config, mailer });
    if (change.ok) return answerAfterSessionChange(request, { path: "/settings/personal", notice: "password-changed", setCookies: change.setCookies }, () => data<Result>({ intent: "password", saved: "settings.password.saved" }, { headers: change.setCookies }));
    if (change.reason === "wrongCurrent") return actionFailure<Result>("INVALID_INPUTS", { intent: "password", fieldErrors: { currentPassword: "settings.password.wrongCurrent" } });
    return actionFailure<Result>("BAD_REQUEST", { intent: "password", formError: "settings.password.noPassword" });
  } catch (error) {
    return unexpectedFailure(context, error, "password change");
  }
}

export default function PersonalSettings({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t } = useI18n();
  const actionData = answer as Result | undefined;
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData : null);
  useEffect(() => {
    if (actionData?.saved) notifications.show({ color: "green", message: t(actionData.saved, actionData.savedParams) });
    // An answer no form owns (an unknown intent): a toast, since no form would show it.
    else if (actionData?.formError && !actionData.intent) notifications.show({ color: "red", message: t(actionData.formError as MessageKey) });
  }, [actionData, t]);
  return (
    <Stack gap="lg" maw={560}>
      <SectionCard titleId="profile-title" title={t("settings.profile.title")}>
        <ValidatedForm schema={profileSchema} result={resultFor("profile")}>
          <input type="hidden" name="intent" value="profile" />
          <Stack gap="md">
            <TextField name="firstName" label={t("auth.firstName")} defaultValue={loaderData.firstName} autoComplete="given-name" required withAsterisk />
            <TextField name="lastName" label={t("auth.lastName")} defaultValue={loaderData.lastName} autoComplete="family-name" required withAsterisk />
            <SubmitButton style={{ alignSelf: "flex-start" }}>{t("settings.profile.save")}</SubmitButton>
          </Stack>
        </ValidatedForm>
      </SectionCard>
      <EmailSettingsCard email={loaderData.email} verified={loaderData.emailVerified} result={resultFor("email")} />
      <LinkedAccountsCard providers={loaderData.linkedProviders} verified={loaderData.emailVerified} result={resultFor("link")} />
      <SectionCard titleId="password-title" title={t("settings.password.title")}>
        <ValidatedForm schema={changePasswordSchema} result={resultFor("password")}>
          <input type="hidden" name="intent" value="password" />
          <Stack gap="md">
            <PasswordField name="currentPassword" label={t("settings.password.current")} autoComplete="current-password" required withAsterisk />
            <PasswordField name="newPassword" label={t("settings.password.new")} description={t("auth.passwordHint")} autoComplete="new-password" required withAsterisk />
            <SubmitButton style={{ alignSelf: "flex-start" }}>{t("settings.password.submit")}</SubmitButton>
          </Stack>
        </ValidatedForm>
      </SectionCard>
      <TwoFactorSettings enabled={loaderData.twoFactor.enabled} required={loaderData.twoFactor.required} hasPassword={loaderData.twoFactor.hasPassword} result={actionData?.intent?.startsWith("twoFactor") ? (actionData as TwoFactorResult) : null} />
      <PasskeySettings passkeys={loaderData.passkeys} confirmation={loaderData.passkeyConfirmation} />
      <SessionsSettings sessions={loaderData.sessions} />
      {/* A member who must turn two-factor on first gets no export (the route answers 403 until then). */}
      {!loaderData.twoFactor.required && <DataExportSettings />}
    </Stack>
  );
}

import { Card, Stack, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { data } from "react-router";
import { PasswordField, SubmitButton, TextField } from "#app/components/form/fields.tsx";
import type { FormFailure } from "#app/components/form/form-errors.ts";
import { readForm } from "#app/components/form/form-data.server.ts";
import { ValidatedForm } from "#app/components/form/validated-form.tsx";
import { answerFormFailures, auth, authErrorCode, parseForm, unexpectedFailure } from "#app/features/auth/auth-actions.server.ts";
import { changePasswordSchema, profileSchema } from "#app/features/auth/schemas.ts";
import { requireUser } from "#app/features/auth/session.server.ts";
import { pageMeta } from "#app/features/marketing/meta.ts";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import { joinName } from "#app/features/auth/names.ts";
import type { Route } from "./+types/personal";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "settings.personal.meta");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  return { firstName: user.firstName, lastName: user.lastName };
}

type Result = FormFailure & { intent?: string; saved?: MessageKey };

export async function action({ request, context }: Route.ActionArgs) {
  return answerFormFailures(async () => {
    requireUser({ request, context });
    const intent = (await readForm(request.clone())).intent;
    if (intent === "profile") {
      const form = await parseForm(request, profileSchema);
      await auth().api.updateUser({ body: { name: joinName(form.firstName, form.lastName), firstName: form.firstName, lastName: form.lastName }, headers: request.headers });
      return data<Result>({ intent, saved: "settings.profile.saved" });
    }
    if (intent === "password") {
      const form = await parseForm(request, changePasswordSchema);
      try {
        const { headers } = await auth().api.changePassword({
          body: { currentPassword: form.currentPassword, newPassword: form.newPassword, revokeOtherSessions: true },
          headers: request.headers,
          returnHeaders: true,
        });
        return data<Result>({ intent, saved: "settings.password.saved" }, { headers });
      } catch (error) {
        const code = authErrorCode(error);
        if (code === "INVALID_PASSWORD") return data<Result>({ intent, fieldErrors: { currentPassword: "settings.password.wrongCurrent" } }, { status: 400 });
        if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return data<Result>({ intent, formError: "settings.password.noPassword" }, { status: 400 });
        return unexpectedFailure(context, error, "password change");
      }
    }
    return data<Result>({ formError: "form.malformed" }, { status: 400 });
  });
}

export default function PersonalSettings({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t } = useI18n();
  const actionData = answer as Result | undefined;
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData : null);
  useEffect(() => {
    if (actionData?.saved) notifications.show({ color: "green", message: t(actionData.saved) });
  }, [actionData, t]);
  return (
    <Stack gap="lg" maw={560}>
      <Card withBorder padding="lg" component="section" aria-labelledby="profile-title">
        <Title order={2} fz="lg" mb="md" id="profile-title">
          {t("settings.profile.title")}
        </Title>
        <ValidatedForm schema={profileSchema} result={resultFor("profile")}>
          <input type="hidden" name="intent" value="profile" />
          <Stack gap="md">
            <TextField name="firstName" label={t("auth.firstName")} defaultValue={loaderData.firstName} autoComplete="given-name" required withAsterisk />
            <TextField name="lastName" label={t("auth.lastName")} defaultValue={loaderData.lastName} autoComplete="family-name" required withAsterisk />
            <SubmitButton style={{ alignSelf: "flex-start" }}>{t("settings.profile.save")}</SubmitButton>
          </Stack>
        </ValidatedForm>
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="password-title">
        <Title order={2} fz="lg" mb="md" id="password-title">
          {t("settings.password.title")}
        </Title>
        <ValidatedForm schema={changePasswordSchema} result={resultFor("password")}>
          <input type="hidden" name="intent" value="password" />
          <Stack gap="md">
            <PasswordField name="currentPassword" label={t("settings.password.current")} autoComplete="current-password" required withAsterisk />
            <PasswordField name="newPassword" label={t("settings.password.new")} description={t("auth.passwordHint")} autoComplete="new-password" required withAsterisk />
            <SubmitButton style={{ alignSelf: "flex-start" }}>{t("settings.password.submit")}</SubmitButton>
          </Stack>
        </ValidatedForm>
      </Card>
    </Stack>
  );
}

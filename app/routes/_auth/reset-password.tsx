import { Button, Stack, Text } from "@mantine/core";
import { data, Link, redirect } from "react-router";
import { PasswordField, SubmitButton } from "#app/components/form/fields.tsx";
import type { FormFailure } from "#app/components/form/form-errors.ts";
import { ValidatedForm } from "#app/components/form/validated-form.tsx";
import { AuthCard } from "#app/features/auth/auth-card.tsx";
import { answerFormFailures, parseForm, unexpectedFailure } from "#app/components/form/form-actions.server.ts";
import { auth, authErrorCode } from "#app/features/auth/auth-actions.server.ts";
import { isResetTokenUsable } from "#app/features/auth/reset-token.server.ts";
import { getServices } from "#server/services.server.ts";
import { resetPasswordSchema } from "#app/features/auth/schemas.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useI18n } from "#app/i18n/context.tsx";
import type { Route } from "./+types/reset-password";
import { actionFailure } from "#app/lib/action-failure.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.reset.meta");

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = await isResetTokenUsable({ db: getServices().db, token });
  return data({ token, usable }, { status: usable ? 200 : 410 });
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerFormFailures(async () => {
    const form = await parseForm(request, resetPasswordSchema);
    try {
      await auth().api.resetPassword({ body: { newPassword: form.password, token: form.token } });
    } catch (error) {
      const code = authErrorCode(error);
      if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") return actionFailure<FormFailure & { expired: true }>("GONE", { expired: true });
      return unexpectedFailure(context, error, "password reset");
    }
    return redirect("/sign-in?notice=password-reset");
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const expired = !loaderData.usable || (actionData && "expired" in actionData);
  if (expired) {
    return (
      <AuthCard title={t("auth.reset.invalidTitle")}>
        <Stack gap="md">
          <Text>{t("auth.reset.invalidBody")}</Text>
          <Button component={Link} to="/forgot-password" fullWidth>
            {t("auth.reset.requestNew")}
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("auth.reset.title")}>
      <ValidatedForm schema={resetPasswordSchema} result={actionData}>
        <input type="hidden" name="token" value={loaderData.token} />
        <Stack gap="md">
          <PasswordField name="password" label={t("auth.reset.newPassword")} description={t("auth.passwordHint")} autoComplete="new-password" required withAsterisk />
          <SubmitButton fullWidth>{t("auth.reset.submit")}</SubmitButton>
        </Stack>
      </ValidatedForm>
    </AuthCard>
  );
}

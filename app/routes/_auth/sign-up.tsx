import { Anchor, Group, Stack, Text } from "@mantine/core";
import { Link, redirect, useSearchParams } from "react-router";
import { PasswordField, SubmitButton, TextField } from "#app/components/form/fields.tsx";
import { ValidatedForm } from "#app/components/form/validated-form.tsx";
import { AuthCard, ExternalSignIn } from "#app/features/auth/auth-card.tsx";
import { answerFormFailures, forwardActionHeaders, enforceRateLimit, parseForm, unexpectedFailure } from "#app/components/form/form-actions.server.ts";
import { auth, authErrorCode, externalProviders } from "#app/features/auth/auth-actions.server.ts";
import { signUpSchema } from "#app/features/auth/schemas.ts";
import { requireAnonymous, safeRedirectPath } from "#app/features/auth/session.server.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { joinName } from "#app/features/auth/names.ts";
import { withMailLocale } from "#app/features/auth/email-verification.server.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { authRateLimits } from "#server/rate-limit.server.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/sign-up";
import { actionFailure } from "#app/lib/action-failure.ts";

export const headers: Route.HeadersFunction = forwardActionHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.signUp.meta");

export async function loader({ context }: Route.LoaderArgs) {
  requireAnonymous({ context });
  return { providers: externalProviders() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerFormFailures(async () => {
    const form = await parseForm(request, signUpSchema);
    await enforceRateLimit(context, "sign-up", "", { ...authRateLimits.signUp, max: getServices().config.signUpLimitPerHour });
    try {
      // The verification mail goes out in the page's language.
      const { headers } = await withMailLocale(getLocale(request), () =>
        auth().api.signUpEmail({
          body: { name: joinName(form.firstName, form.lastName), firstName: form.firstName, lastName: form.lastName, email: form.email, password: form.password },
          headers: request.headers,
          returnHeaders: true,
        }),
      );
      return redirect(safeRedirectPath(form.redirectTo), { headers });
    } catch (error) {
      const code = authErrorCode(error);
      if (code?.startsWith("USER_ALREADY_EXISTS")) return actionFailure("INVALID_INPUTS", { fieldErrors: { email: "auth.error.emailTaken" }, formError: "auth.error.emailTaken" }, { status: 422 });
      if (code === "PASSWORD_TOO_SHORT") return actionFailure("INVALID_INPUTS", { fieldErrors: { password: "validation.passwordTooShort" } });
      if (code === "PASSWORD_TOO_LONG") return actionFailure("INVALID_INPUTS", { fieldErrors: { password: "validation.passwordTooLong" } });
      if (code === "INVALID_EMAIL") return actionFailure("INVALID_INPUTS", { fieldErrors: { email: "validation.email" } });
      return unexpectedFailure(context, error, "sign-up");
    }
  });
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [before, after] = t("auth.privacyNotice").split("{privacy}");
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? undefined;
  return (
    <AuthCard
      title={t("auth.signUp.title")}
      subtitle={t("auth.signUp.subtitle")}
      footer={
        <>
          {t("auth.haveAccount")}{" "}
          <Anchor component={Link} to={redirectTo ? `/sign-in?redirectTo=${encodeURIComponent(redirectTo)}` : "/sign-in"}>
            {t("auth.signInLink")}
          </Anchor>
        </>
      }
    >
      <ExternalSignIn providers={loaderData.providers} redirectTo={redirectTo} />
      <ValidatedForm schema={signUpSchema} result={actionData}>
        <Stack gap="md">
          {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
          <Group grow align="flex-start" wrap="wrap">
            <TextField name="firstName" label={t("auth.firstName")} autoComplete="given-name" required withAsterisk miw={150} />
            <TextField name="lastName" label={t("auth.lastName")} autoComplete="family-name" required withAsterisk miw={150} />
          </Group>
          <TextField name="email" type="email" label={t("auth.email")} autoComplete="email" required withAsterisk />
          <PasswordField name="password" label={t("auth.password")} description={t("auth.passwordHint")} autoComplete="new-password" required withAsterisk />
          <SubmitButton fullWidth>{t("auth.next")}</SubmitButton>
          <Text size="xs" c="dimmed">
            {before}
            <Anchor component={Link} to="/privacy" size="xs">
              {t("auth.privacyLink")}
            </Anchor>
            {after}
          </Text>
        </Stack>
      </ValidatedForm>
    </AuthCard>
  );
}

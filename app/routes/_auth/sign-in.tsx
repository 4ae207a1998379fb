import { Anchor, Group, Stack } from "@mantine/core";
import { Link, redirect, useSearchParams } from "react-router";
import { CheckboxField, PasswordField, SubmitButton, TextField } from "#app/components/form/fields.tsx";
import { ValidatedForm } from "#app/components/form/validated-form.tsx";
import { AuthCard, ExternalSignIn } from "#app/features/auth/auth-card.tsx";
import { PasskeySignIn } from "#app/features/auth/passkey-sign-in.tsx";
import { answerFormFailures, forwardActionHeaders, enforceRateLimit, parseForm, unexpectedFailure } from "#app/components/form/form-actions.server.ts";
import { auth, authErrorCode, externalProviders } from "#app/features/auth/auth-actions.server.ts";
import { signInSchema } from "#app/features/auth/schemas.ts";
import { twoFactorStepPath } from "#app/features/auth/two-factor.server.ts";
import { requireAnonymous, safeRedirectPath } from "#app/features/auth/session.server.ts";
import { useNoticeToast } from "#app/components/use-notice-toast.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { authRateLimits } from "#server/rate-limit.server.ts";
import type { Route } from "./+types/sign-in";
import { actionFailure } from "#app/lib/action-failure.ts";

export const headers: Route.HeadersFunction = forwardActionHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.signIn.meta");

export async function loader({ context }: Route.LoaderArgs) {
  requireAnonymous({ context });
  return { providers: externalProviders() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerFormFailures(async () => {
    const form = await parseForm(request, signInSchema);
    await enforceRateLimit(context, "sign-in", form.email, authRateLimits.signIn);
    try {
      const { headers, response } = await auth().api.signInEmail({
        body: { email: form.email, password: form.password, rememberMe: form.remember === "on" },
        headers: request.headers,
        returnHeaders: true,
      });
      // Two-factor on (and this device not trusted): the code step next, no session yet.
      const codeStep = twoFactorStepPath(response, form.redirectTo);
      if (codeStep) return redirect(codeStep, { headers });
      return redirect(safeRedirectPath(form.redirectTo), { headers });
    } catch (error) {
      const code = authErrorCode(error);
      // A wrong e-mail and a wrong password get the same answer.
      if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || code === "INVALID_PASSWORD") {
        return actionFailure("UNAUTHORIZED", { formError: "auth.error.invalidCredentials" });
      }
      return unexpectedFailure(context, error, "sign-in");
    }
  });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? undefined;
  useNoticeToast();
  return (
    <AuthCard
      title={t("auth.signIn.title")}
      subtitle={t("auth.signIn.subtitle")}
      footer={
        <>
          {t("auth.noAccount")}{" "}
          <Anchor component={Link} to={redirectTo ? `/sign-up?redirectTo=${encodeURIComponent(redirectTo)}` : "/sign-up"}>
            {t("auth.signUpLink")}
          </Anchor>
        </>
      }
    >
      <ExternalSignIn providers={loaderData.providers} redirectTo={redirectTo} />
      <ValidatedForm schema={signInSchema} result={actionData}>
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <Stack gap="md">
          <TextField name="email" type="email" label={t("auth.email")} autoComplete="email" required withAsterisk />
          <PasswordField name="password" label={t("auth.password")} autoComplete="current-password" required withAsterisk />
          <Group justify="space-between">
            <CheckboxField name="remember" label={t("auth.rememberMe")} />
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t("auth.forgotPassword")}
            </Anchor>
          </Group>
          <SubmitButton fullWidth>{t("auth.logIn")}</SubmitButton>
        </Stack>
      </ValidatedForm>
      <Stack gap="xs" mt="md">
        <PasskeySignIn redirectTo={redirectTo} />
      </Stack>
    </AuthCard>
  );
}

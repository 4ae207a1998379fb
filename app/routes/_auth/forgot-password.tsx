import { Anchor, Stack } from "@mantine/core";
import { Link, redirect } from "react-router";
import { SubmitButton, TextField } from "#app/components/form/fields.tsx";
import { ValidatedForm } from "#app/components/form/validated-form.tsx";
import { AuthCard } from "#app/features/auth/auth-card.tsx";
import { answerFormFailures, forwardActionHeaders, parseForm, rateLimitedAnswer, unexpectedFailure } from "#app/components/form/form-actions.server.ts";
import { requestPasswordResetMail, type ResetRequestResult } from "#app/features/auth/password-reset.server.ts";
import { forgotPasswordSchema } from "#app/features/auth/schemas.ts";
import { requireAnonymous } from "#app/features/auth/session.server.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { requestContext } from "#server/context.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/forgot-password";

export const headers: Route.HeadersFunction = forwardActionHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.forgot.meta");

export async function loader({ context }: Route.LoaderArgs) {
  requireAnonymous({ context });
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerFormFailures(async () => {
    const { email } = await parseForm(request, forgotPasswordSchema);
    let result: ResetRequestResult;
    try {
      // The same answer whether or not the e-mail has an account, and once its mails for the hour are spent.
      result = await requestPasswordResetMail({ email, clientIp: context.get(requestContext).clientIp, headers: request.headers, limiter: getServices().limiter });
    } catch (error) {
      return unexpectedFailure(context, error, "password reset request");
    }
    if (!result.ok) return rateLimitedAnswer(result.retryAfterSeconds);
    return redirect("/sign-in?notice=reset-sent");
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <AuthCard
      title={t("auth.forgot.title")}
      subtitle={t("auth.forgot.subtitle")}
      footer={
        <Anchor component={Link} to="/sign-in">
          {t("auth.forgot.backToSignIn")}
        </Anchor>
      }
    >
      <ValidatedForm schema={forgotPasswordSchema} result={actionData}>
        <Stack gap="md">
          <TextField name="email" type="email" label={t("auth.email")} autoComplete="email" required withAsterisk />
          <SubmitButton fullWidth>{t("auth.forgot.submit")}</SubmitButton>
        </Stack>
      </ValidatedForm>
    </AuthCard>
  );
}

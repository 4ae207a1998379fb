import { Anchor, Stack } from "@mantine/core";
import { Link, redirect, useSearchParams } from "react-router";
import { CheckboxField, SubmitButton, TextField } from "#app/components/form/fields.tsx";
import { ValidatedForm } from "#app/components/form/validated-form.tsx";
import { AuthCard } from "#app/features/auth/auth-card.tsx";
import { answerFormFailures, enforceRateLimit, forwardActionHeaders, parseForm, unexpectedFailure } from "#app/components/form/form-actions.server.ts";
import { requireAnonymous, safeRedirectPath } from "#app/features/auth/session.server.ts";
import { twoFactorStepSchema } from "#app/features/auth/two-factor-schemas.ts";
import { verifySignInCode } from "#app/features/auth/two-factor.server.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { authRateLimits } from "#server/rate-limit.server.ts";
import type { Route } from "./+types/two-factor";
import { actionFailure } from "#app/lib/action-failure.ts";

export const headers: Route.HeadersFunction = forwardActionHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "account.twoFactor.step.meta");

/** Better Auth's cookie for a sign-in waiting for its code (set after a right password). */
const hasCodeStep = (request: Request) => /(^|;\s*)(__Secure-)?better-auth\.two_factor=/.test(request.headers.get("cookie") ?? "");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous({ context });
  if (!hasCodeStep(request)) throw redirect("/sign-in");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerFormFailures(async () => {
    requireAnonymous({ context });
    const form = await parseForm(request, twoFactorStepSchema);
    await enforceRateLimit(context, "two-factor", "", authRateLimits.signIn);
    try {
      const result = await verifySignInCode({ headers: request.headers, code: form.code, backup: form.backup === "on", trustDevice: form.trust === "on" });
      if (result.ok) return redirect(safeRedirectPath(form.redirectTo), { headers: result.setCookies });
      if (result.reason === "wrongCode") return actionFailure("INVALID_INPUTS", { fieldErrors: { code: "account.twoFactor.wrongCode" } }, { headers: result.setCookies });
      if (result.reason === "locked") return actionFailure("RATE_LIMITED", { formError: "account.twoFactor.step.locked" }, { headers: result.setCookies });
      // The step expired or took too many wrong codes: back to the password, saying why.
      const notice = result.reason === "tooManyAttempts" ? "two-factor-attempts" : "two-factor-expired";
      const headers = new Headers(result.setCookies);
      return redirect(`/sign-in?notice=${notice}${form.redirectTo ? `&redirectTo=${encodeURIComponent(form.redirectTo)}` : ""}`, { headers });
    } catch (error) {
      return unexpectedFailure(context, error, "two-factor sign-in");
    }
  });
}

export default function TwoFactorStep({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? undefined;
  const backup = params.get("method") === "backup";
  const other = new URLSearchParams(params);
  if (backup) other.delete("method");
  else other.set("method", "backup");
  const otherQuery = other.toString();
  return (
    <AuthCard
      title={t("account.twoFactor.step.title")}
      subtitle={t(backup ? "account.twoFactor.step.backupSubtitle" : "account.twoFactor.step.subtitle")}
      footer={
        <Anchor component={Link} to="/sign-in">
          {t("account.twoFactor.step.back")}
        </Anchor>
      }
    >
      <ValidatedForm key={backup ? "backup" : "app"} schema={twoFactorStepSchema} result={actionData}>
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        {backup && <input type="hidden" name="backup" value="on" />}
        <Stack gap="md">
          {backup ? (
            <TextField name="code" label={t("account.twoFactor.step.backupCode")} autoComplete="off" autoCapitalize="off" spellCheck={false} required withAsterisk />
          ) : (
            <TextField name="code" label={t("account.twoFactor.code")} inputMode="numeric" autoComplete="one-time-code" maxLength={7} required withAsterisk />
          )}
          <CheckboxField name="trust" label={t("account.twoFactor.step.trust")} />
          <SubmitButton fullWidth>{t("account.twoFactor.step.submit")}</SubmitButton>
          <Anchor component={Link} to={`/sign-in/two-factor${otherQuery ? `?${otherQuery}` : ""}`} size="sm" ta="center" replace>
            {t(backup ? "account.twoFactor.step.useApp" : "account.twoFactor.step.useBackup")}
          </Anchor>
        </Stack>
      </ValidatedForm>
    </AuthCard>
  );
}

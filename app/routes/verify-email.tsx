import { Button, Stack, Text } from "@mantine/core";
import { data, Link, redirect } from "react-router";
import { AuthCard } from "#app/features/auth/auth-card.tsx";
import { answerFormFailures, enforceRateLimit, forwardActionHeaders, unknownIntentAnswer } from "#app/components/form/form-actions.server.ts";
import { applyEmailLink, resendVerification } from "#app/features/auth/email-verification.server.ts";
import { requireUser } from "#app/features/auth/session.server.ts";
import { readForm } from "#app/components/form/form-data.server.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { authRateLimits } from "#server/rate-limit.server.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/verify-email";

export const headers: Route.HeadersFunction = forwardActionHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "account.email.link.meta");

/** The link from a verification or change-of-address mail: Better Auth checks it; we answer with a page or a redirect. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // No link at all (the banner's form posted without JavaScript lands here too): back to the app.
  if (!token) return redirect("/dashboard");
  const result = await applyEmailLink({ db: getServices().db, token, headers: request.headers });
  if (result.ok) {
    const headers = new Headers();
    for (const cookie of result.setCookies.getSetCookie()) headers.append("Set-Cookie", cookie);
    const notice = `/dashboard?notice=${result.kind === "changed" ? "email-changed" : "email-verified"}`;
    // Two-factor is on and this browser was not signed in: the address is verified, then the code step.
    if (result.codeStep) return redirect(`/sign-in/two-factor?redirectTo=${encodeURIComponent(notice)}`, { headers });
    return redirect(notice, { headers });
  }
  const message: MessageKey = result.reason === "expired" ? "account.email.link.expired" : result.reason === "taken" ? "account.email.link.taken" : "account.email.link.invalid";
  return data({ message }, { status: 410 });
}

export type ResendResult = { sent?: MessageKey; email?: string; formError?: string; formErrorParams?: Record<string, string | number> };

/** "Send again" on the banner: a new verification link to the signed-in user's address, within the limit. */
export async function action({ request, context }: Route.ActionArgs) {
  return answerFormFailures(async () => {
    const user = requireUser({ request, context });
    if ((await readForm(request)).intent !== "resend") return unknownIntentAnswer();
    await enforceRateLimit(context, "verification-email", user.id, authRateLimits.verificationEmail);
    const sent = await resendVerification({ headers: request.headers, email: user.email, locale: getLocale(request) });
    return data<ResendResult>({ sent: sent ? "account.email.resent" : "account.email.alreadyVerified", email: user.email });
  });
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <AuthCard title={t("account.email.link.invalidTitle")}>
      <Stack gap="md">
        <Text>{t(loaderData.message)}</Text>
        <Button component={Link} to="/dashboard" fullWidth>
          {t("account.email.link.continue")}
        </Button>
      </Stack>
    </AuthCard>
  );
}

import { Alert, Button, Stack, Text } from "@mantine/core";
import { data, Form, Link, redirect } from "react-router";
import { AuthCard } from "#app/features/auth/auth-card.tsx";
import { getUser } from "#app/features/auth/session.server.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { acceptInvitation, findInvitation } from "#app/features/workspace/members.server.ts";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/invite";
import { actionFailure } from "#app/lib/action-failure.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "invite.meta");

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await findInvitation({ db: getServices().db, token: params.token });
  const user = getUser(context);
  const status = found.status;
  return data(
    {
      status,
      workspaceName: found.status === "valid" ? found.workspaceName : null,
      invitedEmail: found.status === "valid" ? found.email : null,
      signedInAs: user?.email ?? null,
    },
    // A dead link is a real "gone": crawlers and the browser see it too.
    { status: status === "valid" ? 200 : 410, headers: { "Referrer-Policy": "no-referrer" } },
  );
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const user = getUser(context);
  if (!user) return redirect(`/sign-in?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  const result = await acceptInvitation({ db: getServices().db, token: params.token, user });
  if (result.ok) return redirect("/dashboard?notice=joined");
  return actionFailure(result.reason === "seatLimit" ? "CONFLICT" : "BAD_REQUEST", { reason: result.reason, email: result.email });
}

const deadLinks: Record<string, MessageKey> = {
  unknown: "invite.unknown",
  expired: "invite.expired",
  used: "invite.used",
};

export default function Invite({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useI18n();
  const here = `/invite/${params.token}`;
  if (loaderData.status !== "valid") {
    return (
      <AuthCard title={t("invite.deadTitle")}>
        <Stack gap="md">
          <Text>{t(deadLinks[loaderData.status] ?? "invite.unknown")}</Text>
          <Button component={Link} to={loaderData.signedInAs ? "/dashboard" : "/"} variant="default">
            {t(loaderData.signedInAs ? "invite.toDashboard" : "status.backHome")}
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  const failure = actionData && !actionData.ok ? actionData : null;
  const failureMessage =
    failure?.reason === "wrongAccount"
      ? t("invite.wrongAccount", { email: failure.email ?? "" })
      : failure?.reason === "seatLimit"
        ? t("invite.seatLimit")
        : failure
          ? t(deadLinks[failure.reason] ?? "invite.unknown")
          : null;
  const wrongAccount = loaderData.signedInAs !== null && loaderData.signedInAs !== loaderData.invitedEmail;
  return (
    <AuthCard title={t("invite.title", { workspace: loaderData.workspaceName ?? "" })} subtitle={t("invite.subtitle", { email: loaderData.invitedEmail ?? "" })}>
      <Stack gap="md">
        {failureMessage ? (
          <Alert color="red" role="alert">
            {failureMessage}
          </Alert>
        ) : null}
        {loaderData.signedInAs ? (
          wrongAccount ? (
            <Alert color="yellow">{t("invite.wrongAccount", { email: loaderData.invitedEmail ?? "" })}</Alert>
          ) : (
            <Form method="post">
              <Button type="submit" fullWidth>
                {t("invite.accept", { workspace: loaderData.workspaceName ?? "" })}
              </Button>
            </Form>
          )
        ) : (
          <>
            <Button component={Link} to={`/sign-up?redirectTo=${encodeURIComponent(here)}`} fullWidth>
              {t("invite.signUp")}
            </Button>
            <Button component={Link} to={`/sign-in?redirectTo=${encodeURIComponent(here)}`} variant="default" fullWidth>
              {t("invite.signIn")}
            </Button>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}

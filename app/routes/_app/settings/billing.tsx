import { Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { redirect, useRouteLoaderData } from "react-router";
import { EmptyState } from "~/components/empty-state.tsx";
import { TextField } from "~/components/form/fields.tsx";
import type { FormFailure } from "~/components/form/form-errors.ts";
import { ValidatedForm } from "~/components/form/validated-form.tsx";
import { PendingFeatureButton } from "~/components/pending-feature-button.tsx";
import { planLabel } from "~/components/shell/plan-label.ts";
import { answerFormFailures, auth, parseForm } from "~/features/auth/auth-actions.server.ts";
import { deleteAccountConfirmation, deleteAccountSchema } from "~/features/auth/schemas.ts";
import { requireUser } from "~/features/auth/session.server.ts";
import { getUsageByTemplate } from "~/features/billing/credits.server.ts";
import { pageMeta } from "~/features/marketing/meta.ts";
import { templateTypeLabel } from "~/features/templates/template-label.ts";
import { requireMembership } from "~/features/workspace/active-workspace.server.ts";
import { useI18n } from "~/i18n/context.tsx";
import { deleteSoleOwnedWorkspaces } from "../../../../server/auth/workspaces.server.ts";
import { getServices } from "../../../../server/services.server.ts";
import type { Route } from "./+types/billing";
import type { loader as layoutLoader } from "../layout.tsx";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "settings.billing.meta");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { membership } = await requireMembership({ request, context });
  const { db } = getServices();
  const workspace = await db.selectFrom("workspace").select("periodStart").where("id", "=", membership.workspaceId).executeTakeFirstOrThrow();
  return { usage: await getUsageByTemplate(db, membership.workspaceId, workspace.periodStart) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerFormFailures(async () => {
    const user = requireUser({ request, context });
    await parseForm(request, deleteAccountSchema);
    const { db } = getServices();
    // Expire the cookies first, then remove the workspace data and the user (sessions, accounts and outputs cascade).
    const { headers } = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
    await deleteSoleOwnedWorkspaces(db, user.id);
    await (await auth().$context).internalAdapter.deleteUser(user.id);
    return redirect("/sign-in?notice=account-deleted", { headers });
  });
}

export default function BillingSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/_app/layout");
  if (!layout) return null;
  const { plan, balance } = layout.billing;
  const total = balance.allowance + balance.bonus;
  const number = (n: number) => n.toLocaleString(locale === "es" ? "es-ES" : "en-US");
  const dateFormat = new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-US", { dateStyle: "long" });
  const paymentsPending = t("billing.paymentsPending");
  const usageTotal = loaderData.usage.reduce((sum, row) => sum + row.words, 0);
  const renewal =
    plan.kind === "trial"
      ? t(plan.daysLeft === 1 ? "billing.trialEndsOne" : "billing.trialEnds", { days: plan.daysLeft, date: dateFormat.format(new Date(plan.endsAt)) })
      : plan.kind === "trialEnded"
        ? t("billing.trialEnded", { date: dateFormat.format(new Date(plan.endedAt)) })
        : t("billing.renews", { days: plan.daysLeft, date: dateFormat.format(new Date(plan.renewsAt)) });

  return (
    <Stack gap="lg" maw={860}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="lg" component="section" aria-labelledby="credits-title">
          <Title order={2} fz="lg" mb="md" id="credits-title">
            {t("billing.credits.title")}
          </Title>
          <Text fz={32} fw={700} lh={1.2}>
            {number(balance.available)}
          </Text>
          <Text size="sm" c="dimmed" mb="sm">
            {t("billing.credits.available")}
          </Text>
          <Progress value={total > 0 ? Math.min(100, (balance.used / total) * 100) : 0} aria-label={t("shell.panel.usedAria")} mb="sm" />
          <SimpleGrid cols={3}>
            <div>
              <Text size="xs" c="dimmed">
                {t("dashboard.credits.plan")}
              </Text>
              <Text fw={600}>{number(balance.allowance)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t("dashboard.credits.bonus")}
              </Text>
              <Text fw={600}>{number(balance.bonus)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t("billing.credits.used")}
              </Text>
              <Text fw={600}>{number(balance.used)}</Text>
            </div>
          </SimpleGrid>
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="subscription-title">
          <Title order={2} fz="lg" mb="md" id="subscription-title">
            {t("billing.subscription.title")}
          </Title>
          <Text fw={700} fz="xl">
            {planLabel(plan, t)}
          </Text>
          <Text size="sm" c="dimmed" mb="md">
            {renewal}
          </Text>
          <Group gap="sm">
            <PendingFeatureButton reason={paymentsPending} variant="default">
              {t("billing.editPayment")}
            </PendingFeatureButton>
            <PendingFeatureButton reason={paymentsPending}>{t("billing.editPlan")}</PendingFeatureButton>
          </Group>
          <Text size="xs" c="dimmed" mt="sm">
            {paymentsPending}
          </Text>
        </Card>
      </SimpleGrid>

      <Card withBorder padding="lg" component="section" aria-labelledby="usage-title" id="usage" style={{ scrollMarginTop: 80 }}>
        <Title order={2} fz="lg" mb={4} id="usage-title">
          {t("billing.usage.title")}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t("billing.usage.period", { start: dateFormat.format(new Date(balance.periodStart)), end: dateFormat.format(new Date(balance.periodEnd)) })}
        </Text>
        {loaderData.usage.length === 0 ? (
          <EmptyState title={t("billing.usage.emptyTitle")}>{t("billing.usage.emptyBody")}</EmptyState>
        ) : (
          <Stack gap="sm">
            {loaderData.usage.map((row) => (
              <div key={row.templateId}>
                <Group justify="space-between" mb={4}>
                  <Text size="sm">{templateTypeLabel(row.templateId, locale)}</Text>
                  <Text size="sm" c="dimmed">
                    {t("billing.usage.row", { words: row.words, generations: row.generations })}
                  </Text>
                </Group>
                <Progress value={usageTotal > 0 ? (row.words / usageTotal) * 100 : 0} aria-label={templateTypeLabel(row.templateId, locale)} />
              </div>
            ))}
          </Stack>
        )}
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby="invoices-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg" id="invoices-title">
            {t("billing.invoices.title")}
          </Title>
          <PendingFeatureButton reason={paymentsPending} variant="default" size="xs">
            {t("billing.invoices.history")}
          </PendingFeatureButton>
        </Group>
        <Text size="sm" c="dimmed">
          {t("billing.invoices.empty")}
        </Text>
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby="cancel-title" style={{ borderColor: "var(--mantine-color-red-6)" }}>
        <Title order={2} fz="lg" mb="xs" id="cancel-title">
          {t("billing.cancel.title")}
        </Title>
        <Text size="sm" mb="md">
          {t("settings.delete.warning")}
        </Text>
        <ValidatedForm schema={deleteAccountSchema} result={actionData as FormFailure | undefined} reloadDocument>
          <Stack gap="md">
            <TextField name="confirmation" label={t("settings.delete.confirmLabel", { word: deleteAccountConfirmation })} autoComplete="off" required withAsterisk />
            <Button type="submit" color="red" style={{ alignSelf: "flex-start" }}>
              {t("billing.cancel.submit")}
            </Button>
          </Stack>
        </ValidatedForm>
      </Card>
    </Stack>
  );
}

import { Alert, Anchor, Button, Card, Code, Group, Modal, Radio, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useState, type ReactNode } from "react";
import { data, Form, Link, redirect, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { ConfirmAction } from "#app/components/confirm-action.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { TextField } from "#app/components/form/fields.tsx";
import { readForm } from "#app/components/form/form-data.server.ts";
import type { FormFailure } from "#app/components/form/form-errors.ts";
import { ValidatedForm } from "#app/components/form/validated-form.tsx";
import { PendingFeatureButton } from "#app/components/pending-feature-button.tsx";
import { planLabel } from "#app/components/shell/plan-label.ts";
import { deleteAccount } from "#app/features/auth/account-deletion.server.ts";
import { answerFormFailures, parseForm, unknownIntentAnswer } from "#app/components/form/form-actions.server.ts";
import { auth } from "#app/features/auth/auth-actions.server.ts";
import { deleteAccountConfirmation, deleteAccountSchema } from "#app/features/auth/schemas.ts";
import { requireUser } from "#app/features/auth/session.server.ts";
import { BillingPeriodControl } from "#app/features/billing/billing-period-control.tsx";
import { CreditBalanceFigures } from "#app/features/billing/credit-balance-figures.tsx";
import { getWorkspaceBilling, type PlanState } from "#app/features/billing/credits.server.ts";
import { getWorkspacePayments, openBillingPortal, setCancelAtPeriodEnd, startCheckout } from "#app/features/billing/stripe.server.ts";
import { UsageChart } from "#app/features/billing/usage-chart.tsx";
import { getDailyUsage, getUsageByTemplate } from "#app/features/billing/usage.server.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { timeZoneFromCookies } from "#app/features/time-zone/time-zone.ts";
import { requireMembership } from "#app/features/auth/active-workspace.server.ts";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey, Translate } from "#app/i18n/i18n.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { getWorkspaceOwnerEmail, listWorkspacesNeedingNewOwner } from "#app/features/workspace/workspaces.server.ts";
import { billingPeriods, getPlan, isBillingPeriod, isPlanId, planIds, plans, type BillingPeriod, type PlanId } from "#app/lib/plans.ts";
import { intlTag } from "#app/lib/intl.ts";
import { requestContext } from "#server/context.ts";
import { logger } from "#server/logger.server.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/billing";
import type { loader as layoutLoader } from "#app/routes/_app/layout.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { actionFailure } from "#app/lib/action-failure.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "settings.billing.meta");

const checkoutOutcomes = ["success", "cancelled", "failed"] as const;
type CheckoutOutcome = (typeof checkoutOutcomes)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, membership } = await requireMembership({ request, context });
  const { db, config } = getServices();
  const workspaceId = membership.workspaceId;
  const { balance } = await getWorkspaceBilling({ db, workspaceId, trialWords: config.billing.trialWords });
  // Days and dates in the user's own time zone (the browser names it in a cookie).
  const timeZone = timeZoneFromCookies(request.headers.get("cookie")) ?? "UTC";
  const [usage, daily, payments, ownerEmail, needOwner] = await Promise.all([
    getUsageByTemplate({ db, workspaceId, since: balance.periodStart }),
    getDailyUsage({ db, workspaceId, since: balance.periodStart, timeZone }),
    getWorkspacePayments({ db, workspaceId }),
    getWorkspaceOwnerEmail({ db, workspaceId }),
    listWorkspacesNeedingNewOwner({ db, userId: user.id }),
  ]);
  const url = new URL(request.url);
  const plan = url.searchParams.get("plan");
  const period = url.searchParams.get("period") ?? "monthly";
  const checkout = url.searchParams.get("checkout");
  return {
    usage,
    daily,
    timeZone,
    payments: { configured: config.billing.stripe !== undefined, isOwner: membership.role === "owner", ...payments },
    ownerEmail: ownerEmail ?? user.email,
    /** A workspace this user owns alone that has members: deleting the account waits for a new owner. */
    transferFirst: needOwner[0]?.name ?? null,
    chosen: isPlanId(plan) && isBillingPeriod(period) ? { plan, period } : null,
    checkout: (checkoutOutcomes as readonly string[]).includes(checkout ?? "") ? (checkout as CheckoutOutcome) : null,
  };
}

type Result = FormFailure & { intent?: string; saved?: MessageKey };

const paymentIntents = ["checkout", "portal", "cancelSubscription", "resumeSubscription"] as const;
type PaymentIntent = (typeof paymentIntents)[number];
const checkoutSchema = z.object({ plan: z.enum(planIds), period: z.enum(billingPeriods).default("monthly") });

/** Named intents, each handled by one feature function; anything else is a 400 and changes nothing. */
export async function action(args: Route.ActionArgs) {
  return answerFormFailures(async () => {
    requireUser(args);
    const intent = (await readForm(args.request.clone())).intent;
    if (intent === "delete") return deleteAccountAction(args);
    if ((paymentIntents as readonly string[]).includes(intent ?? "")) return paymentAction(args, intent as PaymentIntent);
    return unknownIntentAnswer();
  });
}

async function deleteAccountAction({ request, context }: Route.ActionArgs) {
  const { db, config } = getServices();
  const user = requireUser({ request, context });
  await parseForm(request, deleteAccountSchema);
  const deletion = await deleteAccount({ db, config, auth: auth(), userId: user.id });
  if (deletion.ok) {
    // The sessions went with the user; this only expires the cookies in the same answer.
    const { headers } = await auth()
      .api.signOut({ headers: request.headers, returnHeaders: true })
      .catch(() => ({ headers: new Headers() }));
    return redirect("/sign-in?notice=account-deleted", { headers });
  }
  if (deletion.reason === "transferOwnership") {
    return actionFailure<Result>("CONFLICT", { intent: "delete", formError: "settings.delete.transferFirst", formErrorParams: { workspace: deletion.workspaces[0] ?? "" } });
  }
  logger.error({ err: deletion.error, requestId: context.get(requestContext).requestId }, "could not cancel a subscription before deleting an account");
  return actionFailure<Result>("UPSTREAM_FAILED", { intent: "delete", formError: "credits.error.cancelBeforeDelete" });
}

/** Checkout, the customer portal, cancel and resume: owners only, and only with payments configured. */
async function paymentAction({ request, context }: Route.ActionArgs, intent: PaymentIntent) {
  const { db, config } = getServices();
  const { user, membership } = await requireMembership({ request, context });
  const workspaceId = membership.workspaceId;
  if (membership.role !== "owner") return actionFailure<Result>("FORBIDDEN", { intent, formError: "credits.billing.ownerOnly" });
  if (!config.billing.stripe) return actionFailure<Result>("CONFLICT", { intent, formError: "billing.paymentsPending" });
  const form = await readForm(request);
  try {
    switch (intent) {
      case "checkout": {
        const parsed = checkoutSchema.safeParse(form);
        if (!parsed.success) return actionFailure<Result>("UNKNOWN_PLAN", { intent, formError: "credits.error.unknownPlan" });
        const { url } = await startCheckout({ db, config, workspaceId, email: user.email, ...parsed.data, locale: getLocale(request) });
        return redirect(url, 303);
      }
      case "portal": {
        const portal = await openBillingPortal({ db, config, workspaceId });
        return portal.ok ? redirect(portal.url, 303) : actionFailure<Result>("CONFLICT", { intent, formError: "credits.billing.noPaymentDetails" });
      }
      case "cancelSubscription":
      case "resumeSubscription": {
        const cancel = intent === "cancelSubscription";
        const change = await setCancelAtPeriodEnd({ db, config, workspaceId, cancel });
        if (!change.ok) return actionFailure<Result>("CONFLICT", { intent, formError: "credits.billing.noSubscription" });
        return data<Result>({ intent, saved: cancel ? "credits.billing.cancelled" : "credits.billing.resumed" });
      }
    }
  } catch (error) {
    const { requestId } = context.get(requestContext);
    logger.error({ err: error, requestId, intent }, "stripe request failed");
    return actionFailure<Result>("UPSTREAM_FAILED", { intent, formError: "credits.billing.stripeFailed", formErrorParams: { requestId } });
  }
}

function StripeForm({ intent, children, extra }: { intent: string; children: ReactNode; extra?: Record<string, string> }) {
  return (
    <Form method="post" reloadDocument>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

function renewalText(plan: PlanState, t: Translate, date: (iso: string) => string): string {
  switch (plan.kind) {
    case "trial":
      return t("billing.trialEnds", { days: plan.daysLeft, date: date(plan.endsAt) });
    case "trialEnded":
      return t("billing.trialEnded", { date: date(plan.endedAt) });
    case "none":
      return t("credits.billing.noPlan", { date: date(plan.since) });
    case "paid":
      if (plan.cancelAtPeriodEnd) return t("credits.billing.endsAt", { days: plan.daysLeft, date: date(plan.renewsAt) });
      if (plan.daysLeft === 0) return t("credits.billing.renewsToday", { date: date(plan.renewsAt) });
      return t("billing.renews", { days: plan.daysLeft, date: date(plan.renewsAt) });
  }
}

/** Without payments, how a plan gets set: the operator command, with this workspace's owner filled in. */
function OperatorNote({ email }: { email: string }) {
  const { t } = useI18n();
  return (
    <Stack gap={4} mt="sm">
      <Text size="xs" c="dimmed">
        {t("billing.paymentsPending")} {t("credits.billing.operatorNote")}
      </Text>
      <Code block fz="xs" style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
        npm run plan -- set {email} &lt;starter|pro|enterprise&gt; [monthly|yearly]
      </Code>
    </Stack>
  );
}

/** Plan and period picker that continues to Stripe Checkout. */
function ChoosePlanModal({ opened, onClose, initial }: { opened: boolean; onClose: () => void; initial: { plan: PlanId; period: BillingPeriod } }) {
  const { t } = useI18n();
  const [plan, setPlan] = useState<PlanId>(initial.plan);
  const [period, setPeriod] = useState<BillingPeriod>(initial.period);
  return (
    <Modal opened={opened} onClose={onClose} title={t("credits.billing.choosePlan")} centered closeButtonProps={{ "aria-label": t("credits.billing.closeChooser") }}>
      <StripeForm intent="checkout" extra={{ plan, period }}>
        <Stack gap="md">
          <BillingPeriodControl value={period} onChange={setPeriod} />
          <Radio.Group value={plan} onChange={(value) => isPlanId(value) && setPlan(value)} label={t("credits.billing.planLabel")}>
            <Stack gap="xs" mt="xs">
              {plans.map((option) => (
                <Radio
                  key={option.id}
                  value={option.id}
                  label={`${t(option.name)} · $${option.price[period]}${t(period === "monthly" ? "plans.perMonth" : "plans.perYear")}`}
                  description={t("plans.words", { words: option.words })}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Button type="submit">{t("credits.billing.checkout")}</Button>
        </Stack>
      </StripeForm>
    </Modal>
  );
}

export default function BillingSettings({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const actionData = answer as Result | undefined;
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/_app/layout");
  const [choosing, chooser] = useDisclosure(false);
  const { payments, chosen, checkout } = loaderData;

  useEffect(() => {
    if (actionData?.saved) notifications.show({ color: "green", message: t(actionData.saved) });
    else if (actionData?.formError && actionData.intent && actionData.intent !== "delete") {
      notifications.show({ color: "red", message: t(actionData.formError as MessageKey, actionData.formErrorParams) });
    }
  }, [actionData, t]);
  useEffect(() => {
    if (checkout === "success") notifications.show({ color: "green", message: t("credits.billing.checkoutSuccess") });
    if (checkout === "cancelled") notifications.show({ message: t("credits.billing.checkoutCancelled") });
  }, [checkout, t]);

  if (!layout) return null;
  const { plan, balance } = layout.billing;
  const dateFormat = new Intl.DateTimeFormat(intlTag(locale), { dateStyle: "long", timeZone: loaderData.timeZone });
  const date = (iso: string) => dateFormat.format(new Date(iso));
  const paymentsPending = t("billing.paymentsPending");
  const canPay = payments.configured && payments.isOwner;
  const blockedReason = !payments.configured ? paymentsPending : t("credits.billing.ownerOnly");
  const initialChoice = chosen ?? { plan: plan.kind === "paid" ? plan.planId : "pro", period: plan.kind === "paid" ? plan.period : "monthly" };

  const editPlan = !canPay ? (
    <PendingFeatureButton reason={blockedReason}>{t("billing.editPlan")}</PendingFeatureButton>
  ) : payments.liveSubscription ? (
    <StripeForm intent="portal">
      <Button type="submit">{t("billing.editPlan")}</Button>
    </StripeForm>
  ) : (
    <Button onClick={chooser.open}>{t("billing.editPlan")}</Button>
  );
  const paymentDetails = (label: string, size?: "xs") =>
    canPay && payments.hasCustomer ? (
      <StripeForm intent="portal">
        <Button type="submit" variant="default" size={size}>
          {label}
        </Button>
      </StripeForm>
    ) : (
      <PendingFeatureButton reason={canPay ? t("credits.billing.noPaymentDetails") : blockedReason} variant="default" size={size}>
        {label}
      </PendingFeatureButton>
    );

  return (
    <Stack gap="lg" maw={860}>
      {chosen && plan.kind !== "paid" ? (
        <Alert icon={<IconInfoCircle size={18} aria-hidden />} title={t("credits.billing.selectedPlan", { plan: t(getPlan(chosen.plan).name), period: t(chosen.period === "monthly" ? "pricing.period.monthly" : "pricing.period.yearly") })}>
          {canPay ? (
            <StripeForm intent="checkout" extra={{ plan: chosen.plan, period: chosen.period }}>
              <Group gap="sm">
                <Text size="sm">{t("credits.billing.selectedPlanNext")}</Text>
                <Button type="submit" size="xs">
                  {t("credits.billing.checkout")}
                </Button>
              </Group>
            </StripeForm>
          ) : payments.configured ? (
            <Text size="sm">{t("credits.billing.ownerOnly")}</Text>
          ) : (
            <OperatorNote email={loaderData.ownerEmail} />
          )}
        </Alert>
      ) : null}
      {checkout === "failed" ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t("credits.billing.checkoutFailed")}
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard titleId="credits-title" title={t("billing.credits.title")}>
          <CreditBalanceFigures balance={balance} testId="billing-available" withUsed />
          <Text size="xs" c="dimmed" mt="sm">
            {t("credits.billing.noRollover")}
          </Text>
        </SectionCard>
        <SectionCard titleId="subscription-title" title={t("billing.subscription.title")}>
          <Text fw={700} fz="xl">
            {planLabel(plan, t)}
          </Text>
          {plan.kind === "paid" ? (
            <Text size="sm" c="dimmed">
              {t(plan.period === "yearly" ? "credits.billing.billedYearly" : "credits.billing.billedMonthly")}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed" mb="md" data-testid="renewal">
            {renewalText(plan, t, date)}
          </Text>
          {plan.kind === "paid" && plan.paymentFailed ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} mb="md">
              {t("credits.billing.paymentFailed")}
            </Alert>
          ) : null}
          <Group gap="sm">
            {paymentDetails(t("billing.editPayment"))}
            {editPlan}
            {canPay && payments.liveSubscription && plan.kind === "paid" ? (
              plan.cancelAtPeriodEnd ? (
                <StripeForm intent="resumeSubscription">
                  <Button type="submit" variant="subtle">
                    {t("credits.billing.resumeSubscription")}
                  </Button>
                </StripeForm>
              ) : (
                <ConfirmAction
                  size="sm"
                  question={t("credits.billing.cancelQuestion", { date: date(plan.renewsAt) })}
                  confirmLabel={t("credits.billing.cancelSubscription")}
                  renderConfirm={(confirm) => <StripeForm intent="cancelSubscription">{confirm}</StripeForm>}
                >
                  {t("credits.billing.cancelSubscription")}
                </ConfirmAction>
              )
            ) : null}
          </Group>
          {!payments.configured ? <OperatorNote email={loaderData.ownerEmail} /> : null}
        </SectionCard>
      </SimpleGrid>

      <Card withBorder padding="lg" component="section" aria-labelledby="usage-title" id="usage" style={{ scrollMarginTop: 80 }}>
        <Title order={2} fz="lg" mb={4} id="usage-title">
          {t("billing.usage.title")}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {balance.periodEnd
            ? t("billing.usage.period", { start: date(balance.periodStart), end: date(balance.periodEnd) })
            : t("credits.usage.openPeriod", { start: date(balance.periodStart) })}
          {plan.kind === "trial" ? ` · ${t("credits.usage.trialEndsIn", { days: plan.daysLeft })}` : ""}
          {plan.kind === "paid" ? ` · ${t(plan.cancelAtPeriodEnd ? "credits.usage.endsIn" : "credits.usage.renewsIn", { days: plan.daysLeft })}` : ""}
        </Text>
        {loaderData.usage.length === 0 ? (
          <EmptyState title={t("billing.usage.emptyTitle")}>{t("billing.usage.emptyBody")}</EmptyState>
        ) : (
          <UsageChart daily={loaderData.daily} byTemplate={loaderData.usage} periodStart={balance.periodStart} periodEnd={balance.periodEnd} timeZone={loaderData.timeZone} />
        )}
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby="invoices-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg" id="invoices-title">
            {t("billing.invoices.title")}
          </Title>
          {paymentDetails(t("billing.invoices.history"), "xs")}
        </Group>
        <Text size="sm" c="dimmed">
          {payments.configured && payments.hasCustomer ? t("credits.billing.invoicesInPortal") : t("billing.invoices.empty")}
        </Text>
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby="cancel-title" style={{ borderColor: "var(--mantine-color-red-6)" }}>
        <Title order={2} fz="lg" mb="xs" id="cancel-title">
          {t("billing.cancel.title")}
        </Title>
        <Text size="sm" mb="md">
          {t("settings.delete.warning")}
          {payments.liveSubscription ? ` ${t("credits.billing.deleteCancels")}` : ""}
        </Text>
        {loaderData.transferFirst !== null ? (
          <Alert variant="light" color="yellow" icon={<IconAlertTriangle aria-hidden />} mb="md">
            {t("settings.delete.transferFirst", { workspace: loaderData.transferFirst })}{" "}
            <Anchor component={Link} to="/settings/workspace#members">
              {t("settings.delete.toMembers")}
            </Anchor>
          </Alert>
        ) : null}
        <ValidatedForm schema={deleteAccountSchema} result={actionData?.intent === "delete" || !actionData?.intent ? (actionData as FormFailure | undefined) : undefined} reloadDocument>
          <input type="hidden" name="intent" value="delete" />
          <Stack gap="md">
            <TextField name="confirmation" label={t("settings.delete.confirmLabel", { word: deleteAccountConfirmation })} autoComplete="off" required withAsterisk />
            <Button type="submit" color="red" style={{ alignSelf: "flex-start" }}>
              {t("billing.cancel.submit")}
            </Button>
          </Stack>
        </ValidatedForm>
      </Card>
      {canPay && !payments.liveSubscription ? <ChoosePlanModal opened={choosing} onClose={chooser.close} initial={initialChoice} /> : null}
    </Stack>
  );
}

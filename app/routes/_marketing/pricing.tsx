import { Badge, Button, Card, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck, IconShieldCheck } from "@tabler/icons-react";
import { Link } from "react-router";
import { billingPeriods, plans, sharedFeatures, type Plan } from "#app/lib/plans.ts";
import { BillingPeriodScope, BillingPeriodToggle, ForPeriod } from "#app/features/marketing/billing-period-toggle.tsx";
import { Faq } from "#app/features/marketing/faq.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useSupportEmail } from "#app/features/marketing/use-support-email.ts";
import belowTheFold from "#app/features/marketing/below-the-fold.module.css";
import { useI18n } from "#app/i18n/context.tsx";
import type { Route } from "./+types/pricing";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pricing.meta.title", "pricing.meta.description");

/** A plan with both periods' price and "Start Now" link; the toggle shows one (see billing-period-toggle.tsx). */
function PlanCard({ plan }: { plan: Plan }) {
  const { t } = useI18n();
  const titleId = `plan-${plan.id}`;
  return (
    <Card withBorder padding="xl" radius="lg" shadow={plan.mostPopular ? "md" : undefined} style={plan.mostPopular ? { borderColor: "var(--mantine-primary-color-filled)", borderWidth: 2 } : undefined} component="section" aria-labelledby={titleId}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="center">
          <Title order={2} fz="xl" id={titleId}>
            {t(plan.name)}
          </Title>
          {plan.mostPopular && <Badge>{t("plans.mostPopular")}</Badge>}
        </Group>
        <Text c="dimmed" size="sm">
          {t(plan.tagline)}
        </Text>
        <Group gap={4} align="baseline">
          <Text fz={40} fw={800} data-testid={`price-${plan.id}`}>
            {billingPeriods.map((period) => (
              <ForPeriod key={period} period={period}>
                ${plan.price[period]}
              </ForPeriod>
            ))}
          </Text>
          <Text c="dimmed">
            <ForPeriod period="monthly">{t("plans.perMonth")}</ForPeriod>
            <ForPeriod period="yearly">{t("plans.perYear")}</ForPeriod>
          </Text>
        </Group>
        <List spacing={6} size="sm" icon={<ThemeIcon size={20} radius="xl" variant="light"><IconCheck size={14} aria-hidden="true" /></ThemeIcon>}>
          <List.Item fw={600}>{t("plans.words", { words: plan.words })}</List.Item>
          <List.Item>{t(plan.maxUsers === 1 ? "plans.users.one" : "plans.users.unlimited")}</List.Item>
          <List.Item>{t(plan.stores)}</List.Item>
          {sharedFeatures.map((feature) => (
            <List.Item key={feature}>{t(feature)}</List.Item>
          ))}
        </List>
        {/* /billing/start decides: sign up first, Stripe Checkout, or billing (see routes/resources/billing-start.ts). */}
        {billingPeriods.map((period) => (
          <ForPeriod key={period} period={period}>
            <Button component={Link} to={`/billing/start?plan=${plan.id}&period=${period}`} reloadDocument mt="auto" fullWidth size="md" variant={plan.mostPopular ? "filled" : "light"} aria-label={`${t("plans.startNow")}: ${t(plan.name)}`}>
              {t("plans.startNow")}
            </Button>
          </ForPeriod>
        ))}
      </Stack>
    </Card>
  );
}

export default function Pricing() {
  const supportEmail = useSupportEmail();
  const { t } = useI18n();
  return (
    <>
      <Container size="lg" py={{ base: 48, sm: 72 }}>
        <BillingPeriodScope>
          <Stack align="center" ta="center" gap="md" mb={40}>
            <Title order={1}>{t("pricing.title")}</Title>
            <Text c="dimmed" maw={620}>
              {t("pricing.subtitle")}
            </Text>
            <Group gap="sm">
              <BillingPeriodToggle />
              <Badge variant="light" color="brand" size="lg">
                {t("pricing.saveHint")}
              </Badge>
            </Group>
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </SimpleGrid>
        </BillingPeriodScope>
        <Card withBorder radius="lg" padding="xl" mt={48} id="guarantee" component="section" aria-labelledby="guarantee-title" className={belowTheFold.section}>
          <Group wrap="nowrap" align="flex-start" gap="lg">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
              <IconShieldCheck size={28} />
            </ThemeIcon>
            <Stack gap={4}>
              <Title order={2} fz="lg" id="guarantee-title">
                {t("pricing.guarantee.title")}
              </Title>
              <Text c="dimmed">{t("pricing.guarantee.body", { email: supportEmail })}</Text>
            </Stack>
          </Group>
        </Card>
      </Container>
      <Faq supportEmail={supportEmail} />
    </>
  );
}

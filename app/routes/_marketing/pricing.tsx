import { Badge, Button, Card, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck, IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { BillingPeriodControl } from "#app/features/billing/billing-period-control.tsx";
import { plans, sharedFeatures, type BillingPeriod, type Plan } from "#app/lib/plans.ts";
import { Faq } from "#app/features/marketing/faq.tsx";
import { pageMeta } from "#app/features/marketing/meta.ts";
import { StaticMarkup } from "#app/features/marketing/static-markup.tsx";
import { useSupportEmail } from "#app/features/marketing/use-support-email.ts";
import belowTheFold from "#app/features/marketing/below-the-fold.module.css";
import { useI18n } from "#app/i18n/context.tsx";
import type { Route } from "./+types/pricing";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "pricing.meta.title", "pricing.meta.description");

function PlanCard({ plan, period }: { plan: Plan; period: BillingPeriod }) {
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
            ${plan.price[period]}
          </Text>
          <Text c="dimmed">{t(period === "monthly" ? "plans.perMonth" : "plans.perYear")}</Text>
        </Group>
        {/* The same whatever the billing period: adopted from the server's HTML (see StaticMarkup). */}
        <StaticMarkup>
          <List spacing={6} size="sm" icon={<ThemeIcon size={20} radius="xl" variant="light"><IconCheck size={14} aria-hidden="true" /></ThemeIcon>}>
            <List.Item fw={600}>{t("plans.words", { words: plan.words })}</List.Item>
            <List.Item>{t(plan.maxUsers === 1 ? "plans.users.one" : "plans.users.unlimited")}</List.Item>
            <List.Item>{t(plan.stores)}</List.Item>
            {sharedFeatures.map((feature) => (
              <List.Item key={feature}>{t(feature)}</List.Item>
            ))}
          </List>
        </StaticMarkup>
        {/* /billing/start decides: sign up first, Stripe Checkout, or billing (see routes/resources/billing-start.ts). */}
        <Button component={Link} to={`/billing/start?plan=${plan.id}&period=${period}`} reloadDocument mt="auto" fullWidth size="md" variant={plan.mostPopular ? "filled" : "light"} aria-label={`${t("plans.startNow")}: ${t(plan.name)}`}>
          {t("plans.startNow")}
        </Button>
      </Stack>
    </Card>
  );
}

export default function Pricing() {
  const supportEmail = useSupportEmail();
  const { t } = useI18n();
  const [period, setPeriod] = useState<BillingPeriod>("monthly");
  return (
    <>
      <Container size="lg" py={{ base: 48, sm: 72 }}>
        <Stack align="center" ta="center" gap="md" mb={40}>
          <Title order={1}>{t("pricing.title")}</Title>
          <Text c="dimmed" maw={620}>
            {t("pricing.subtitle")}
          </Text>
          <Group gap="sm">
            <BillingPeriodControl value={period} onChange={setPeriod} />
            <Badge variant="light" color="brand" size="lg">
              {t("pricing.saveHint")}
            </Badge>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} />
          ))}
        </SimpleGrid>
        <StaticMarkup>
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
        </StaticMarkup>
      </Container>
      <Faq supportEmail={supportEmail} />
    </>
  );
}

import { Anchor, Badge, Divider, Drawer, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { usedPercent } from "#app/features/billing/credit-balance-figures.tsx";
import type { WorkspaceBilling } from "#app/features/billing/credits.server.ts";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import { planLabel } from "./plan-label.ts";
import { intlTag } from "#app/lib/intl.ts";

const news: { date: string; title: MessageKey; body: MessageKey }[] = [
  { date: "2026-11-20", title: "shell.news.titles.title", body: "shell.news.titles.body" },
  { date: "2026-11-12", title: "shell.news.streaming.title", body: "shell.news.streaming.body" },
  { date: "2026-11-03", title: "shell.news.members.title", body: "shell.news.members.body" },
];

interface SidePanelProps {
  opened: boolean;
  onClose: () => void;
  billing: WorkspaceBilling;
}

/** The right-hand panel: this period's usage and what changed lately. */
export function SidePanel({ opened, onClose, billing }: SidePanelProps) {
  const { t, locale } = useI18n();
  const { balance } = billing;
  const dateFormat = new Intl.DateTimeFormat(intlTag(locale), { dateStyle: "medium", timeZone: "UTC" });
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="sm">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* Mantine renders a <header>; inside a dialog it is not the page's banner. */}
        <Drawer.Header role="none">
          <Drawer.Title>{t("shell.panel.title")}</Drawer.Title>
          <Drawer.CloseButton aria-label={t("shell.panel.close")} />
        </Drawer.Header>
        <Drawer.Body>
          <Stack gap="lg">
            <Stack gap="xs" component="section" aria-labelledby="panel-usage">
              <Group justify="space-between">
                <Title order={3} fz="md" id="panel-usage">
                  {t("shell.panel.usage")}
                </Title>
                <Badge variant="light">{planLabel(billing.plan, t)}</Badge>
              </Group>
              <Progress value={usedPercent(balance)} aria-label={t("shell.panel.usedAria")} />
              <Text size="sm">{t("shell.panel.words", { used: balance.used, total: balance.allowance + balance.bonus })}</Text>
              <Text size="sm" c="dimmed">
                {t("shell.panel.available", { available: balance.available })}
              </Text>
              <Anchor component={Link} to="/settings/billing#usage" size="sm" onClick={onClose}>
                {t("dashboard.credits.details")}
              </Anchor>
            </Stack>
            <Divider />
            <Stack gap="sm" component="section" aria-labelledby="panel-news">
              <Title order={3} fz="md" id="panel-news">
                {t("shell.panel.news")}
              </Title>
              {news.map((item) => (
                <Stack gap={2} key={item.title}>
                  <Text size="xs" c="dimmed">
                    {dateFormat.format(new Date(item.date))}
                  </Text>
                  <Text size="sm" fw={600}>
                    {t(item.title)}
                  </Text>
                  <Text size="sm">{t(item.body)}</Text>
                </Stack>
              ))}
            </Stack>
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

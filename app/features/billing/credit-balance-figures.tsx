import { Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { useI18n } from "#app/i18n/context.tsx";
import type { CreditBalance } from "./credits.server.ts";
import { intlTag } from "#app/lib/intl.ts";

/** The share of this period's words used, 0–100, for the usage bars. */
export function usedPercent(balance: CreditBalance): number {
  const total = balance.allowance + balance.bonus;
  return total > 0 ? Math.min(100, (balance.used / total) * 100) : 0;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** The words available in large type, the usage bar, then the plan's and bonus words (and the words used). */
export function CreditBalanceFigures({ balance, testId, withUsed = false }: { balance: CreditBalance; testId: string; withUsed?: boolean }) {
  const { t, locale } = useI18n();
  const number = (n: number) => n.toLocaleString(intlTag(locale));
  return (
    <Stack gap="sm">
      <div>
        <Text fz={32} fw={700} lh={1.2} data-testid={testId}>
          {number(balance.available)}
        </Text>
        <Text size="sm" c="dimmed">
          {t("dashboard.credits.words")}
        </Text>
      </div>
      <Progress value={usedPercent(balance)} aria-label={t("shell.panel.usedAria")} size="sm" />
      <SimpleGrid cols={withUsed ? 3 : 2}>
        <Figure label={t("dashboard.credits.plan")} value={number(balance.allowance)} />
        <Figure label={t("dashboard.credits.bonus")} value={number(balance.bonus)} />
        {withUsed ? <Figure label={t("billing.credits.used")} value={number(balance.used)} /> : null}
      </SimpleGrid>
    </Stack>
  );
}

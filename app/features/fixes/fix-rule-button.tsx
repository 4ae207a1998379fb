// "Fix all that fail this rule" on /catalog (issue 33 item 6): starts a fix job through POST /api/fixes and
// opens its progress; nothing changes on a listing until a person accepts its proposal.
import { Alert, Button, Card, Group, Text } from "@mantine/core";
import { IconWand } from "@tabler/icons-react";
import { useI18n } from "#app/i18n/context.tsx";
import { parseFixRule } from "./fix-request.ts";
import { useStartFix } from "./use-start-fix.ts";

/** The button, for a rule our lint checks (Amazon's own issues are fixed on Amazon); nothing for other rules. */
export function FixRuleButton({ rule, listings }: { rule: string; listings: number }) {
  const { t } = useI18n();
  const { start, busy, error } = useStartFix();
  if (!rule.startsWith("lint:") || !parseFixRule(rule) || listings === 0) return null;

  return (
    <Card withBorder padding="md" mb="sm">
      <Group gap="sm" align="center" wrap="wrap">
        <Button onClick={() => void start({ rule })} loading={busy} leftSection={<IconWand size={16} aria-hidden />}>
          {t("catalog.fix.button", { count: listings })}
        </Button>
        <Text size="sm" c="dimmed" style={{ flex: "1 1 220px" }}>
          {t("catalog.fix.hint")}
        </Text>
        {error && (
          <Alert color="red" role="alert" w="100%">
            {error}
          </Alert>
        )}
      </Group>
    </Card>
  );
}

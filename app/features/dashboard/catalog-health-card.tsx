import { Anchor, Group, Stack, Text, Title, Card } from "@mantine/core";
import { Link } from "react-router";
import { RuleCount, ScoreBadge } from "#app/features/catalog/catalog-page.tsx";
import { ruleKey, type RuleTotal } from "#app/features/catalog/types.ts";
import { useI18n } from "#app/i18n/context.tsx";

export interface CatalogHealthSummary {
  listings: number;
  audited: number;
  failing: number;
  averageScore: number | null;
  topRules: RuleTotal[];
}

/** The dashboard's view of the catalog audit: the average score, how many fail, and the three rules most listings break. */
export function CatalogHealthCard({ summary }: { summary: CatalogHealthSummary }) {
  const { t } = useI18n();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="catalog-health">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="catalog-health">
          {t("catalog.dashboard.title")}
        </Title>
        <Anchor component={Link} to="/catalog" size="sm">
          {t("catalog.dashboard.seeAll")}
        </Anchor>
      </Group>
      {summary.listings === 0 ? (
        <Text size="sm" c="dimmed">
          {t("catalog.dashboard.empty")}
        </Text>
      ) : (
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            {summary.averageScore !== null && <ScoreBadge score={Math.round(summary.averageScore)} />}
            <Text size="sm" data-testid="dashboard-catalog-figures">
              {t("catalog.dashboard.figures", { score: summary.averageScore ?? "–", failing: summary.failing, listings: summary.listings })}
            </Text>
          </Group>
          <Text size="sm" fw={600}>
            {t("catalog.dashboard.topRules")}
          </Text>
          {summary.topRules.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("catalog.dashboard.noRules")}
            </Text>
          ) : (
            <Stack gap={4} component="ol" style={{ paddingInlineStart: 20, margin: 0 }}>
              {summary.topRules.map((rule) => (
                <li key={ruleKey(rule)}>
                  <RuleCount rule={rule} to={`/catalog?${new URLSearchParams({ rule: ruleKey(rule) })}`} />
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Card>
  );
}

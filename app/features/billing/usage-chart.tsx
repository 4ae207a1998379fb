import "@mantine/charts/styles.css";
import { Box, ColorSwatch, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { templateTypeLabel } from "#app/templates/template-label.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { templates } from "#app/templates/registry.ts";
import { dayIn } from "#app/features/time-zone/time-zone.ts";
import type { DailyUsage, TemplateUsage } from "./usage.server.ts";
import { intlTag } from "#app/lib/intl.ts";

const palette = ["brand.6", "teal.6", "orange.6", "grape.6", "cyan.6", "pink.6"];
const dayMs = 86_400_000;
/** Longer periods (a yearly plan) are drawn per month instead of per day. */
const maxDailyBars = 62;

const subscribeToNothing = () => () => undefined;

// The chart is only drawn in the browser (below), so its library (Mantine charts with Recharts) is
// loaded when it is first drawn: the server never loads it, and other pages' scripts never carry it.
const BarChart = lazy(() => import("@mantine/charts").then((charts) => ({ default: charts.BarChart })));

function colorOf(templateId: string): string {
  const index = templates.findIndex((t) => t.id === templateId);
  return palette[(index === -1 ? templates.length : index) % palette.length]!;
}

interface Bucket {
  key: string;
  label: string;
}

/** Every day (or month) of `timeZone` from the period's start to `until`, so quiet days show as gaps. */
function bucketsOf(periodStart: string, until: Date, timeZone: string, locale: string): { buckets: Bucket[]; monthly: boolean } {
  // Calendar days as UTC midnights: adding days never meets a clock change.
  const start = new Date(dayIn(timeZone, new Date(periodStart)) + "T00:00:00Z");
  const end = new Date(dayIn(timeZone, until) + "T00:00:00Z");
  const days = Math.max(1, Math.round((end.getTime() - start.getTime()) / dayMs) + 1);
  const monthly = days > maxDailyBars;
  const format = new Intl.DateTimeFormat(locale, monthly ? { month: "short", year: "2-digit", timeZone: "UTC" } : { month: "short", day: "numeric", timeZone: "UTC" });
  const buckets: Bucket[] = [];
  if (monthly) {
    const cursor = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
    while (cursor.getTime() <= end.getTime()) {
      buckets.push({ key: cursor.toISOString().slice(0, 7), label: format.format(cursor) });
      cursor.setUTCMonth(cursor.getUTCMonth() + 1);
    }
  } else {
    for (let i = 0; i < days; i++) {
      const day = new Date(start.getTime() + i * dayMs);
      buckets.push({ key: day.toISOString().slice(0, 10), label: format.format(day) });
    }
  }
  return { buckets, monthly };
}

interface UsageChartProps {
  daily: DailyUsage[];
  byTemplate: TemplateUsage[];
  periodStart: string;
  periodEnd: string | null;
  /** The zone whose days `daily` counts (the user's; UTC when unknown). */
  timeZone: string;
}

/** Words per day (stacked by template) over the period, and the period's words per template. */
export function UsageChart({ daily, byTemplate, periodStart, periodEnd, timeZone }: UsageChartProps) {
  const { t, locale } = useI18n();
  const intlLocale = intlTag(locale);
  const number = (n: number) => n.toLocaleString(intlLocale);
  // The chart measures its box in the browser; the server renders a placeholder of the same height.
  const mounted = useSyncExternalStore(subscribeToNothing, () => true, () => false);

  // The whole period when it has an end (quiet and future days show as gaps), else up to today.
  const end = periodEnd ? new Date(Date.parse(periodEnd) - 1) : new Date();
  const { buckets, monthly } = bucketsOf(periodStart, end, timeZone, intlLocale);
  const templateIds = [...new Set(daily.map((row) => row.templateId))];
  const rows = buckets.map((bucket) => {
    const row: Record<string, string | number> = { label: bucket.label };
    for (const id of templateIds) row[id] = 0;
    return row;
  });
  const index = new Map(buckets.map((bucket, i) => [bucket.key, i]));
  for (const entry of daily) {
    const i = index.get(monthly ? entry.day.slice(0, 7) : entry.day);
    if (i !== undefined) rows[i]![entry.templateId] = Number(rows[i]![entry.templateId] ?? 0) + entry.words;
  }
  const total = daily.reduce((sum, row) => sum + row.words, 0);
  const series = templateIds.map((id) => ({ name: id, label: templateTypeLabel(id, locale), color: colorOf(id) }));
  const chartTitle = t(monthly ? "credits.usage.perMonth" : "credits.usage.perDay");

  return (
    <Stack gap="lg">
      <div>
        <Title order={3} fz="md" mb="xs" id="usage-chart-title">
          {chartTitle}
        </Title>
        <Box role="img" aria-labelledby="usage-chart-title" aria-describedby="usage-chart-summary" h={240}>
          {mounted ? (
            <Suspense fallback={null}>
              <BarChart
                h={240}
                data={rows}
                dataKey="label"
                type="stacked"
                series={series}
                valueFormatter={number}
                gridAxis="x"
                tickLine="none"
                maxBarWidth={28}
                yAxisProps={{ width: 48, allowDecimals: false }}
                tooltipAnimationDuration={150}
              />
            </Suspense>
          ) : null}
        </Box>
        <Group gap="md" mt="xs" aria-hidden>
          {series.map((entry) => (
            <Group key={entry.name} gap={6} wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${entry.color.replace(".", "-")})`} size={12} withShadow={false} />
              <Text size="xs">{entry.label}</Text>
            </Group>
          ))}
        </Group>
        <Text size="xs" c="dimmed" mt={4} id="usage-chart-summary">
          {t("credits.usage.summary", { words: total, timeZone })}
        </Text>
      </div>
      <div>
        <Title order={3} fz="md" mb="xs">
          {t("credits.usage.byTemplate")}
        </Title>
        <Stack gap="sm">
          {byTemplate.map((row) => (
            <div key={row.templateId}>
              <Group justify="space-between" mb={4} gap="xs">
                <Text size="sm">{templateTypeLabel(row.templateId, locale)}</Text>
                <Text size="sm" c="dimmed">
                  {t("billing.usage.row", { words: row.words, generations: row.generations })}
                </Text>
              </Group>
              <Progress value={total > 0 ? (row.words / total) * 100 : 0} color={colorOf(row.templateId)} aria-label={templateTypeLabel(row.templateId, locale)} />
            </div>
          ))}
        </Stack>
      </div>
    </Stack>
  );
}

import "@mantine/charts/styles.css";
import { Box, Text, Title } from "@mantine/core";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { useI18n } from "#app/i18n/context.tsx";
import { intlTag } from "#app/lib/intl.ts";
import type { HealthPoint } from "./types.ts";

const subscribeToNothing = () => () => undefined;
// Drawn only in the browser, loaded when first drawn (as the billing page's usage chart).
const LineChart = lazy(() => import("@mantine/charts").then((charts) => ({ default: charts.LineChart })));

/** The catalog's average score and failing listings after each import or audit. */
export function HealthChart({ points }: { points: HealthPoint[] }) {
  const { t, locale } = useI18n();
  const mounted = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  const format = new Intl.DateTimeFormat(intlTag(locale), { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  const data = points.map((point) => ({ label: format.format(new Date(point.at)), averageScore: point.averageScore ?? 0, failing: point.failing }));
  const latest = points.at(-1);
  return (
    <div>
      <Title order={3} fz="md" mb="xs" id="health-chart-title">
        {t("catalog.chart.title")}
      </Title>
      {points.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("catalog.chart.empty")}
        </Text>
      ) : (
        <>
          <Box role="img" aria-labelledby="health-chart-title" aria-describedby="health-chart-summary" h={200}>
            {mounted ? (
              <Suspense fallback={null}>
                <LineChart
                  h={200}
                  data={data}
                  dataKey="label"
                  series={[
                    { name: "averageScore", label: t("catalog.chart.average"), color: "teal.7" },
                    { name: "failing", label: t("catalog.chart.failing"), color: "red.7", yAxisId: "right" },
                  ]}
                  withRightYAxis
                  yAxisProps={{ domain: [0, 100], width: 36 }}
                  rightYAxisProps={{ allowDecimals: false, width: 36 }}
                  withLegend
                  curveType="linear"
                  tickLine="none"
                  tooltipAnimationDuration={150}
                />
              </Suspense>
            ) : null}
          </Box>
          <Text size="xs" c="dimmed" mt={4} id="health-chart-summary">
            {t("catalog.chart.summary", { count: points.length, score: latest?.averageScore ?? "–" })}
          </Text>
        </>
      )}
    </div>
  );
}

// The pieces of /catalog (issue 33 item 5): totals, the filter form, the audited listings. Native form
// controls: the filters work without JavaScript and by keyboard, and the page reads at 375 px.
import type { CSSProperties } from "react";
import { Anchor, Badge, Button, Card, Checkbox, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Form, Link } from "react-router";
import { useI18n } from "#app/i18n/context.tsx";
import classes from "./catalog.module.css";
import { ruleKeyLabel, ruleLabel } from "./rule-label.ts";
import type { ListingSelection } from "./selection-toolbar.tsx";
import { catalogSorts, ruleKey, type CatalogFilter, type CatalogRow, type CatalogTotals, type RuleTotal } from "./types.ts";

/** The page's address for these filters (empty values left out), with extra parameters. */
export function catalogHref(filter: Partial<CatalogFilter>, extra: Record<string, string> = {}, path = "/catalog"): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== "" && !(key === "sort" && value === "score")) params.set(key, String(value));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

// Badge text dark enough on its light background (axe: 4.5:1); yellow's and teal's own darkest shades are not.
const darkText = (color: string) => ({ "--badge-color": color === "yellow" || color === "teal" ? "var(--mantine-color-text)" : `var(--mantine-color-${color}-9)` }) as CSSProperties;

export function ScoreBadge({ score }: { score: number }) {
  const { t } = useI18n();
  const color = score >= 90 ? "teal" : score >= 60 ? "yellow" : "red";
  return (
    <Badge variant="light" color={color} style={darkText(color)} size="lg">
      {t("catalog.list.score", { score })}
    </Badge>
  );
}

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** A rule and how many listings break it, the rule a link to the catalog filtered by it (also on the dashboard). */
export function RuleCount({ rule, to, ariaLabel }: { rule: RuleTotal; to: string; ariaLabel?: string }) {
  const { t } = useI18n();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Anchor component={Link} to={to} size="sm" aria-label={ariaLabel} style={{ overflowWrap: "anywhere" }}>
        {ruleLabel(rule, t)}
      </Anchor>
      <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {t("catalog.byRule.row", { count: rule.listings })}
      </Text>
    </Group>
  );
}

export function CatalogTotalsCard({ totals, filter }: { totals: CatalogTotals; filter: CatalogFilter }) {
  const { t } = useI18n();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="catalog-totals">
      <Title order={2} fz="lg" mb="md" id="catalog-totals">
        {t("catalog.totals.title")}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" mb="lg">
        <Figure label={t("catalog.totals.listings")} value={totals.listings} testId="catalog-listings" />
        <Figure label={t("catalog.totals.failing")} value={totals.failing} testId="catalog-failing" />
        <Figure label={t("catalog.totals.average")} value={totals.averageScore ?? "–"} testId="catalog-average" />
        <Figure label={t("catalog.totals.warnings")} value={totals.bySeverity.warning} testId="catalog-warnings" />
        <Figure label={t("catalog.totals.ours")} value={totals.bySource.lint} testId="catalog-ours" />
        <Figure label={t("catalog.totals.amazon")} value={totals.bySource.amazon} testId="catalog-amazon" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <div>
          <Title order={3} fz="md" mb="xs">
            {t("catalog.byRule")}
          </Title>
          {totals.byRule.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("catalog.totals.none")}
            </Text>
          ) : (
            <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {totals.byRule.slice(0, 10).map((rule) => (
                <li key={ruleKey(rule)}>
                  <RuleCount rule={rule} to={catalogHref({ ...filter, rule: ruleKey(rule) })} ariaLabel={t("catalog.byRule.filterAria", { rule: ruleLabel(rule, t) })} />
                </li>
              ))}
            </Stack>
          )}
        </div>
        <div>
          <Title order={3} fz="md" mb="xs">
            {t("catalog.byStore")}
          </Title>
          <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {totals.byStore.map((store) => (
              <Group key={store.marketplace} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Anchor component={Link} to={catalogHref({ ...filter, store: store.marketplace })} size="sm">
                  {store.marketplace}
                </Anchor>
                <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                  {t("catalog.byStore.row", { failing: store.failing, listings: store.listings })}
                </Text>
              </Group>
            ))}
          </Stack>
        </div>
      </SimpleGrid>
    </Card>
  );
}

export function CatalogFilters({ filter, totals }: { filter: CatalogFilter; totals: CatalogTotals }) {
  const { t } = useI18n();
  const any = { value: "", label: t("catalog.filters.any") };
  // A rule chosen from a link stays choosable even when it is not among the totals' first thirty.
  const rules = totals.byRule.map((rule) => ({ value: ruleKey(rule), label: ruleLabel(rule, t) }));
  if (filter.rule && !rules.some((rule) => rule.value === filter.rule)) rules.unshift({ value: filter.rule, label: ruleKeyLabel(filter.rule, t) });
  const stores = totals.byStore.map((store) => store.marketplace);
  if (filter.store && !stores.includes(filter.store)) stores.unshift(filter.store);
  return (
    <Form method="get" aria-labelledby="catalog-filters">
      <Title order={2} fz="lg" mb="sm" id="catalog-filters">
        {t("catalog.filters.title")}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <NativeSelect name="rule" label={t("catalog.filters.rule")} defaultValue={filter.rule ?? ""} data={[any, ...rules]} />
        <NativeSelect
          name="severity"
          label={t("catalog.filters.severity")}
          defaultValue={filter.severity ?? ""}
          data={[any, { value: "error", label: t("catalog.severity.error") }, { value: "warning", label: t("catalog.severity.warning") }]}
        />
        <NativeSelect name="store" label={t("catalog.filters.store")} defaultValue={filter.store ?? ""} data={[any, ...stores.map((store) => ({ value: store, label: store }))]} />
        <NativeSelect name="sort" label={t("catalog.filters.sort")} defaultValue={filter.sort} data={catalogSorts.map((sort) => ({ value: sort, label: t(`catalog.sort.${sort}`) }))} />
        <NumberInput name="min" label={t("catalog.filters.min")} defaultValue={filter.min ?? ""} min={0} max={100} allowDecimal={false} allowNegative={false} />
        <NumberInput name="max" label={t("catalog.filters.max")} defaultValue={filter.max ?? ""} min={0} max={100} allowDecimal={false} allowNegative={false} />
        <Checkbox name="changed" value="1" label={t("catalog.filters.changed")} defaultChecked={filter.changed === "1"} mt={{ base: 0, xs: 28 }} />
      </SimpleGrid>
      <Group mt="md" gap="sm">
        <Button type="submit" variant="default">
          {t("catalog.filters.apply")}
        </Button>
        <Anchor component={Link} to="/catalog" size="sm">
          {t("catalog.filters.clear")}
        </Anchor>
      </Group>
    </Form>
  );
}

/** The listings of this page; with a selection, a checkbox on each and "select all on this page" above. */
export function CatalogList({ items, selection }: { items: CatalogRow[]; selection?: ListingSelection }) {
  const { t } = useI18n();
  if (items.length === 0) return <Text c="dimmed">{t("catalog.list.empty")}</Text>;
  const chosen = selection ? items.filter((item) => selection.has(item.listingId)).length : 0;
  return (
    <>
      {selection && (
        <Checkbox
          className={classes.selectAll}
          label={t("catalog.select.all")}
          checked={chosen === items.length}
          indeterminate={chosen > 0 && chosen < items.length}
          onChange={(event) => selection.set(items.map((item) => item.listingId), event.currentTarget.checked)}
        />
      )}
      <ul className={classes.list} aria-label={t("catalog.list.title")}>
        {items.map((item) => (
          <li key={item.listingId} className={classes.row}>
            {selection && (
              // A native checkbox: 25 Mantine ones added ~5 ms of server rendering and 24 KB to the page (bench/catalog.ts).
              <input
                type="checkbox"
                className={classes.select}
                aria-label={t("catalog.select.row", { title: item.title || t("catalog.list.untitled") })}
                checked={selection.has(item.listingId)}
                onChange={(event) => selection.set([item.listingId], event.currentTarget.checked)}
              />
            )}
            <div className={classes.main}>
              <Link to={`/listings/${item.listingId}`} className={classes.title}>
                {item.title || t("catalog.list.untitled")}
              </Link>
              <p className={classes.meta}>
                {t("catalog.list.meta", { store: item.marketplace, errors: item.errors, warnings: item.warnings, missing: item.missing })}
                {item.coverage === null ? "" : ` · ${t("catalog.list.coverage", { coverage: Math.round(item.coverage) })}`}
              </p>
              {item.rules.length > 0 && (
                <div className={classes.tags}>
                  {item.rules.slice(0, 4).map((rule) => (
                    <span key={rule} className={classes.tag}>
                      {ruleKeyLabel(rule, t)}
                    </span>
                  ))}
                  {item.rules.length > 4 && <span className={classes.more}>{t("catalog.list.more", { count: item.rules.length - 4 })}</span>}
                </div>
              )}
            </div>
            <div className={classes.tags}>
              {item.changedSinceImport && <span className={classes.changed}>{t("catalog.list.changed")}</span>}
              <ScoreBadge score={item.score} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

import { Alert, Anchor, Button, Card, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { IconBrandAmazon, IconDownload, IconRefresh } from "@tabler/icons-react";
import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { requireMembership } from "#app/features/auth/active-workspace.server.ts";
import { getRunningAudit, runCatalogAudit } from "#app/features/catalog/audit.server.ts";
import { catalogTotals, listCatalogPage, listHealthPoints } from "#app/features/catalog/catalog.server.ts";
import { CatalogFilters, CatalogList, CatalogTotalsCard, catalogHref } from "#app/features/catalog/catalog-page.tsx";
import { readCatalogFilterLeniently } from "#app/features/catalog/catalog-query.ts";
import { HealthChart } from "#app/features/catalog/health-chart.tsx";
import { SelectionToolbar, useListingSelection } from "#app/features/catalog/selection-toolbar.tsx";
import { ruleKey } from "#app/features/catalog/types.ts";
import { maxFixListings } from "#app/features/fixes/fix-request.ts";
import { FixRuleButton } from "#app/features/fixes/fix-rule-button.tsx";
import { FixSelectedButton } from "#app/features/fixes/fix-selected-button.tsx";
import { BulkPublishButton } from "#app/features/publish/bulk-publish.tsx";
import { mayPublish } from "#app/features/publish/permissions.server.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { InvalidCursorError } from "#app/lib/cursor.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/catalog";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "catalog.meta");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, membership } = await requireMembership({ request, context });
  const { workspaceId } = membership;
  const url = new URL(request.url);
  const filter = readCatalogFilterLeniently(url);
  const { db } = getServices();
  const [totals, points, running, publisher] = await Promise.all([catalogTotals({ db, workspaceId }), listHealthPoints({ db, workspaceId }), getRunningAudit({ db, workspaceId }), mayPublish({ db, workspaceId, userId: user.id })]);
  let cursor = url.searchParams.get("cursor");
  let page;
  try {
    page = await listCatalogPage({ db, workspaceId, filter, cursor });
  } catch (error) {
    // A cursor from an old or edited address: start from the first page.
    if (!(error instanceof InvalidCursorError)) throw error;
    cursor = null;
    page = await listCatalogPage({ db, workspaceId, filter });
  }
  return { filter, totals, points, running: running ?? null, page, cursor, mayPublish: publisher };
}

/** "Run audit": small catalogs are audited before the answer; a large one goes on in slices and the page shows how far. */
export async function action({ request, context }: Route.ActionArgs) {
  const { membership } = await requireMembership({ request, context });
  const run = await runCatalogAudit({ db: getServices().db }, membership.workspaceId);
  return { run };
}

export default function Catalog({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { filter, totals, points, running, page, cursor, mayPublish: maySend } = loaderData;
  const navigation = useNavigation();
  const auditing = navigation.state === "submitting" && navigation.formMethod === "POST";
  const revalidator = useRevalidator();
  // One fix job holds at most maxFixListings, so a selection stops there.
  const selection = useListingSelection({ max: maxFixListings });
  // While a large audit runs, the page asks for its progress every two seconds.
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => window.clearInterval(timer);
  }, [running, revalidator]);

  const header = (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Stack gap={4} style={{ flex: "1 1 300px" }}>
        <Title order={1}>{t("catalog.title")}</Title>
        <Text c="dimmed">{t("catalog.subtitle")}</Text>
      </Stack>
      {totals.listings > 0 && (
        <Group gap="sm">
          <Button component={Link} to="/settings/workspace#amazon" variant="default" leftSection={<IconBrandAmazon size={16} aria-hidden />}>
            {t("catalog.importAmazon")}
          </Button>
          <Button component="a" href={catalogHref(filter, {}, "/catalog/export")} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
            {t("catalog.export")}
          </Button>
          <Form method="post">
            <Button type="submit" loading={auditing} disabled={running !== null} leftSection={<IconRefresh size={16} aria-hidden />}>
              {t("catalog.runAudit")}
            </Button>
          </Form>
        </Group>
      )}
    </Group>
  );

  if (totals.listings === 0) {
    return (
      <Stack gap="lg">
        {header}
        <Card withBorder padding="xl">
          <EmptyState
            title={t("catalog.empty.title")}
            action={
              <Group justify="center" gap="md" mt="xs">
                <Button component={Link} to="/settings/workspace#amazon">
                  {t("catalog.empty.amazon")}
                </Button>
                <Button component={Link} to="/jobs" variant="default">
                  {t("catalog.empty.jobs")}
                </Button>
              </Group>
            }
          >
            {t("catalog.empty.body")}
          </EmptyState>
        </Card>
      </Stack>
    );
  }

  const notice = actionData?.run ? (actionData.run.finished ? t("catalog.notice.audited", { count: totals.audited }) : actionData.run.started ? t("catalog.notice.started") : t("catalog.notice.alreadyRunning")) : null;
  const nextHref = page.nextCursor ? catalogHref(filter, { cursor: page.nextCursor }) : null;
  return (
    <Stack gap="lg">
      {header}
      {notice && (
        <Alert color={actionData?.run.finished ? "teal" : "blue"} role="status">
          {notice}
        </Alert>
      )}
      {running && (
        <Card withBorder padding="md">
          <Text size="sm" mb={6}>
            {t("catalog.running", { done: running.audited, total: running.listings })}
          </Text>
          <Progress value={running.listings > 0 ? (100 * running.audited) / running.listings : 0} aria-label={t("catalog.runningAria")} />
        </Card>
      )}
      {totals.audited < totals.listings && !running && (
        <Alert color="yellow" role="status">
          {t("catalog.notAudited", { count: totals.listings - totals.audited })}
        </Alert>
      )}
      <CatalogTotalsCard totals={totals} filter={filter} />
      <Card withBorder padding="lg" component="section" aria-label={t("catalog.chart.title")}>
        <HealthChart points={points} />
      </Card>
      <Card withBorder padding="lg">
        <CatalogFilters key={catalogHref(filter)} filter={filter} totals={totals} />
      </Card>
      <section aria-labelledby="catalog-list">
        <Title order={2} fz="lg" mb="sm" id="catalog-list">
          {t("catalog.list.title")}
        </Title>
        {filter.rule && <FixRuleButton rule={filter.rule} listings={totals.byRule.find((rule) => ruleKey(rule) === filter.rule)?.listings ?? 0} />}
        <CatalogList items={page.items} selection={selection} />
        <SelectionToolbar selection={selection}>
          <FixSelectedButton listingIds={selection.ids} onStarted={selection.clear} />
          {maySend && <BulkPublishButton listingIds={selection.ids} onStarted={selection.clear} />}
        </SelectionToolbar>
      </section>
      {(cursor || nextHref) && (
        <Group justify="space-between">
          {cursor ? (
            <Anchor component={Link} to={catalogHref(filter)}>
              {t("catalog.firstPage")}
            </Anchor>
          ) : (
            <span />
          )}
          {nextHref && (
            <Button component={Link} to={nextHref} variant="default">
              {t("catalog.nextPage")}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

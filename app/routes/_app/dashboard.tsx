import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useSyncExternalStore } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { CreditBalanceFigures } from "#app/features/billing/credit-balance-figures.tsx";
import { greetingKey, hourIn } from "#app/features/dashboard/greeting.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { listLatestOutputs } from "#app/features/outputs/outputs.server.ts";
import { listPinnedTemplateIds } from "#app/templates/pins.server.ts";
import { templateTypeLabel } from "#app/templates/template-label.ts";
import { timeZoneFromCookies } from "#app/features/time-zone/time-zone.ts";
import { requireUser } from "#app/features/auth/session.server.ts";
import { JobProgressBar, JobStatusBadge } from "#app/features/jobs/job-ui.tsx";
import { listActiveJobs } from "#app/features/jobs/jobs.server.ts";
import { jobName } from "#app/features/fixes/fix-job-name.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { getCatalogHealthSummary } from "#app/features/catalog/catalog.server.ts";
import { CatalogHealthCard } from "#app/features/dashboard/catalog-health-card.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import { getTemplateById, templatePath } from "#app/templates/registry.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/dashboard";
import type { loader as layoutLoader } from "./layout.tsx";
import { SectionCard } from "#app/components/section-card.tsx";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "dashboard.meta");


export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  const { db } = getServices();
  const membership = getActiveMembership({ db, user });
  const [pinnedIds, latest, jobs, catalogHealth] = await Promise.all([
    listPinnedTemplateIds({ db, userId: user.id }),
    listLatestOutputs({ db, userId: user.id, limit: 6 }),
    membership.then(({ workspaceId }) => listActiveJobs({ db, workspaceId })),
    membership.then(({ workspaceId }) => getCatalogHealthSummary({ db, workspaceId })),
  ]);
  // The server guesses the greeting from the browser's time zone cookie; the page corrects it on arrival.
  const serverHour = hourIn(timeZoneFromCookies(request.headers.get("cookie")));
  // Not "catalog": that name is the i18n catalog every matched loader may send (page-meta.ts reads it).
  return { pinnedIds, latest, serverHour, jobs, catalogHealth };
}

function subscribeToClock(onChange: () => void): () => void {
  const timer = window.setInterval(onChange, 60_000);
  return () => window.clearInterval(timer);
}

/** The browser's hour (checked every minute); during server rendering, the server's guess. */
function useLocalHour(serverHour: number | null): number | null {
  return useSyncExternalStore(subscribeToClock, () => new Date().getHours(), () => serverHour);
}

/** A dashboard section's heading, with a link to the whole list when there is one. */
function SectionHeading({ id, title, seeAll, mb }: { id: string; title: string; seeAll?: { to: string; label: string }; mb?: "md" }) {
  return (
    <Group justify="space-between" mb={mb}>
      <Title order={2} fz="lg" id={id}>
        {title}
      </Title>
      {seeAll ? (
        <Anchor component={Link} to={seeAll.to} size="sm">
          {seeAll.label}
        </Anchor>
      ) : null}
    </Group>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/_app/layout");
  const hour = useLocalHour(loaderData.serverHour);
  const firstName = layout?.user.firstName ?? "";
  const greeting = hour === null ? t("dashboard.greeting.neutral", { firstName }) : `${t(greetingKey(hour))}, ${firstName}!`;
  const pinned = loaderData.pinnedIds.map((id) => getTemplateById(id)).filter((tpl) => tpl !== undefined);
  const balance = layout?.billing.balance;
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} data-testid="greeting">
          {greeting}
        </Title>
        <Text c="dimmed">{t("dashboard.overview")}</Text>
      </Stack>
      {loaderData.jobs.length > 0 ? (
        <Card withBorder padding="lg" component="section" aria-labelledby="running-jobs">
          <SectionHeading id="running-jobs" title={t("jobs.dashboard.title")} seeAll={{ to: "/jobs", label: t("jobs.dashboard.seeAll") }} mb="md" />
          <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {loaderData.jobs.map((job) => (
              <Stack key={job.id} gap={6} component="li">
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Anchor component={Link} to={`/jobs/${job.id}`} fw={600} size="sm" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                    {jobName(job, t)}
                  </Anchor>
                  <JobStatusBadge status={job.status} pauseReason={job.pauseReason} />
                </Group>
                <JobProgressBar done={job.done} failed={job.failed} total={job.total} size="sm" label={t("jobs.progressAria", { file: jobName(job, t), finished: job.done + job.failed, total: job.total })} />
                <Text size="xs" c="dimmed">
                  {t("jobs.item.progress", { done: job.done, total: job.total })}
                  {job.failed > 0 ? ` · ${t("jobs.item.failed", { count: job.failed })}` : ""}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Card>
      ) : null}
      <CatalogHealthCard summary={loaderData.catalogHealth} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="lg" component="section" aria-labelledby="favorite-templates">
          <SectionHeading id="favorite-templates" title={t("dashboard.favorites.title")} seeAll={{ to: "/templates", label: t("dashboard.favorites.seeAll") }} mb="md" />
          {pinned.length === 0 ? (
            <EmptyState title={t("dashboard.favorites.emptyTitle")}>{t("dashboard.favorites.emptyBody")}</EmptyState>
          ) : (
            <Stack gap="xs">
              {pinned.map((template) => (
                <Paper key={template.id} component={Link} to={templatePath(template)} withBorder p="sm" radius="md" className="link-card">
                  <Group wrap="nowrap">
                    <ThemeIcon variant="light" size="lg" aria-hidden>
                      <template.icon size={20} />
                    </ThemeIcon>
                    <div style={{ flex: 1 }}>
                      <Text fw={600} size="sm">
                        {template.name[locale]}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {template.description[locale]}
                      </Text>
                    </div>
                    <IconArrowRight size={16} aria-hidden />
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </Card>
        <SectionCard titleId="credit-balance" title={t("dashboard.credits.title")}>
          {balance ? (
            <Stack gap="sm">
              <CreditBalanceFigures balance={balance} testId="credits-available" />
              <Anchor component={Link} to="/settings/billing#usage" size="sm">
                {t("dashboard.credits.details")}
              </Anchor>
            </Stack>
          ) : null}
        </SectionCard>
      </SimpleGrid>
      <Stack gap="md" component="section" aria-labelledby="latest-outputs">
        <SectionHeading id="latest-outputs" title={t("dashboard.latest.title")} seeAll={loaderData.latest.length > 0 ? { to: "/history", label: t("dashboard.latest.seeAll") } : undefined} />
        {loaderData.latest.length === 0 ? (
          <Card withBorder>
            <EmptyState title={t("dashboard.latest.emptyTitle")} link={{ to: "/templates", label: t("dashboard.latest.emptyAction") }}>
              {t("dashboard.latest.emptyBody")}
            </EmptyState>
          </Card>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {loaderData.latest.map((output) => (
              <Card key={output.id} withBorder padding="md">
                <Badge variant="light" mb="xs">
                  {templateTypeLabel(output.templateId, locale)}
                </Badge>
                <Text size="sm" lineClamp={4} style={{ whiteSpace: "pre-line" }}>
                  {output.content}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}

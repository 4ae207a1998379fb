import { Anchor, Card, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { ListPageHeader } from "#app/components/list-page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { isActiveJob, JobProgressBar, JobStatusBadge, usePolled } from "#app/features/jobs/job-ui.tsx";
import { listJobs } from "#app/features/jobs/jobs.server.ts";
import { jobName } from "#app/features/fixes/fix-job-name.ts";
import type { JobListItem } from "#app/features/jobs/types.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { formatRelativeTime } from "#app/features/outputs/relative-time.ts";
import { useNow } from "#app/features/outputs/use-now.ts";
import { requireMembership } from "#app/features/auth/active-workspace.server.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/jobs";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "jobs.meta");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { membership } = await requireMembership({ request, context });
  const jobs = await listJobs({ db: getServices().db, workspaceId: membership.workspaceId });
  return { list: { jobs }, now: Date.now() };
}

const anyActive = (list: { jobs: JobListItem[] }) => list.jobs.some((job) => isActiveJob(job.status));

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const now = useNow(loaderData.now) ?? loaderData.now;
  // While a job runs, the list follows it (GET /api/jobs every 3 s); finished lists stay as loaded.
  const [{ jobs }] = usePolled("/api/jobs", loaderData.list, anyActive, 3000);
  return (
    <Stack gap="lg">
      <ListPageHeader title={t("jobs.title")} subtitle={t("jobs.subtitle")} newTo="/jobs/new" newLabel={t("jobs.new")} />
      {jobs.length === 0 ? (
        <Card withBorder padding="xl">
          <EmptyState title={t("jobs.empty.title")} link={{ to: "/jobs/new", label: t("jobs.empty.action") }}>
            {t("jobs.empty.body")}
          </EmptyState>
        </Card>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("jobs.listLabel")}>
          {jobs.map((job) => (
            <Card key={job.id} withBorder padding="md" component="li">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <Anchor component={Link} to={`/jobs/${job.id}`} fw={600} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                    {jobName(job, t)}
                  </Anchor>
                  <JobStatusBadge status={job.status} pauseReason={job.pauseReason} />
                </Group>
                <JobProgressBar done={job.done} failed={job.failed} total={job.total} size="sm" label={t("jobs.progressAria", { file: jobName(job, t), finished: job.done + job.failed, total: job.total })} />
                <Text size="sm" c="dimmed">
                  {[
                    t("jobs.item.progress", { done: job.done, total: job.total }),
                    job.failed > 0 ? t("jobs.item.failed", { count: job.failed }) : null,
                    t("jobs.item.started", { when: formatRelativeTime(job.createdAt, now, locale, t("outputs.justNow")) }),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </Text>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { isActiveJob, JobProgressBar, JobStatusBadge, usePolled } from "#app/features/jobs/job-ui.tsx";
import { listJobs } from "#app/features/jobs/jobs.server.ts";
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
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t("jobs.title")}</Title>
          <Text c="dimmed">{t("jobs.subtitle")}</Text>
        </Stack>
        <Button component={Link} to="/jobs/new" leftSection={<IconPlus size={18} aria-hidden />}>
          {t("jobs.new")}
        </Button>
      </Group>
      {jobs.length === 0 ? (
        <Card withBorder padding="xl">
          <EmptyState
            title={t("jobs.empty.title")}
            action={
              <Button component={Link} to="/jobs/new" mt="xs">
                {t("jobs.empty.action")}
              </Button>
            }
          >
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
                    {job.fileName}
                  </Anchor>
                  <JobStatusBadge status={job.status} pauseReason={job.pauseReason} />
                </Group>
                <JobProgressBar done={job.done} failed={job.failed} total={job.total} size="sm" label={t("jobs.progressAria", { file: job.fileName, finished: job.done + job.failed, total: job.total })} />
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

import { Alert, Anchor, Button, Card, Chip, Group, Menu, Modal, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload, IconPlayerPause, IconPlayerPlay, IconRefresh, IconX } from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import { DownloadMenuItem } from "#app/components/download-menu-item.tsx";
import { getJobRunner } from "#app/features/jobs/job-runner.server.ts";
import { formatTimeLeft, isActiveJob, JobFigure, JobProgressBar, JobStatusBadge, LintBadge, RowStatusBadge, usePolled } from "#app/features/jobs/job-ui.tsx";
import { getJobProgress, listJobRows, writtenListingIds } from "#app/features/jobs/jobs.server.ts";
import { jobName } from "#app/features/fixes/fix-job-name.ts";
import { BulkPublishButton } from "#app/features/publish/bulk-publish.tsx";
import { mayPublish } from "#app/features/publish/permissions.server.ts";
import cardTable from "#app/components/card-table.module.css";
import type { JobProgress, JobRowView } from "#app/features/jobs/types.ts";
import { metaTranslator } from "#app/lib/page-meta.ts";
import { formatRelativeTime } from "#app/features/outputs/relative-time.ts";
import { useNow } from "#app/features/outputs/use-now.ts";
import { sectionLabels } from "#app/features/listings/section-labels.ts";
import { requireMembership } from "#app/features/auth/active-workspace.server.ts";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import { readApiError } from "#app/lib/errors.ts";
import { intlTag } from "#app/lib/intl.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/job";

const pageSize = 50;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaTranslator(matches);
  return [{ title: t("jobs.job.meta", { file: loaderData ? jobName({ ...loaderData.job, fix: loaderData.job.options.fix }, t) : "" }) }];
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, membership } = await requireMembership({ request, context });
  const { db } = getServices();
  const job = await getJobProgress({ db, workspaceId: membership.workspaceId, id: params.id, rowWords: getJobRunner().rowWords });
  if (!job) throw data(null, { status: 404 });
  const rows = await listJobRows({ db, workspaceId: membership.workspaceId, jobId: job.id, limit: pageSize });
  // A finished fix job offers to publish what it fixed (issue 34 item 3): the plan skips a listing whose accepted
  // copy is already live (its proposal not accepted yet), so every listing it wrote is offered.
  const fixed = job.options.fix !== undefined && !isActiveJob(job.status) && job.done > 0 && (await mayPublish({ db, workspaceId: membership.workspaceId, userId: user.id }));
  const publishIds = fixed ? await writtenListingIds({ db, workspaceId: membership.workspaceId, jobId: job.id }) : [];
  return { job, rows, now: Date.now(), publishIds };
}

type Filter = "all" | "failed" | "done" | "queued";
const filters: { value: Filter; label: MessageKey; count: (job: JobProgress) => number }[] = [
  { value: "all", label: "jobs.rows.filter.all", count: (job) => job.total },
  { value: "failed", label: "jobs.rows.filter.failed", count: (job) => job.failed },
  { value: "done", label: "jobs.rows.filter.done", count: (job) => job.done },
  { value: "queued", label: "jobs.rows.filter.queued", count: (job) => job.queued },
];

type Action = "pause" | "resume" | "cancel" | "retry-failed";
const actionNotices: Record<Action, MessageKey> = {
  pause: "jobs.notice.paused",
  resume: "jobs.notice.resumed",
  cancel: "jobs.notice.cancelled",
  "retry-failed": "jobs.notice.retried",
};

/** Another job is a fresh page: nothing of this one's state carries over. */
export default function JobRoute({ loaderData }: Route.ComponentProps) {
  return <JobView key={loaderData.job.id} loaderData={loaderData} />;
}

function JobView({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t, locale } = useI18n();
  const now = useNow(loaderData.now) ?? loaderData.now;
  const number = (n: number) => n.toLocaleString(intlTag(locale));
  // The job, every 1.5 s while it runs or waits (only GET /api/jobs/:id; the page itself is not reloaded).
  const [job, setJob] = usePolled(`/api/jobs/${encodeURIComponent(loaderData.job.id)}`, loaderData.job, (current) => isActiveJob(current.status) || current.running > 0);
  // A fix job that finishes while watched: the page's data again, for its "publish" action.
  const revalidator = useRevalidator();
  const finishedHere = !isActiveJob(job.status) && isActiveJob(loaderData.job.status) && loaderData.job.options.fix !== undefined;
  useEffect(() => {
    if (finishedHere && revalidator.state === "idle") void revalidator.revalidate();
  }, [finishedHere, revalidator]);
  const [busy, setBusy] = useState<Action | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);

  // The rows: a page in file order, more on demand; fetched again as rows finish.
  const [filter, setFilter] = useState<Filter>("all");
  const [rows, setRows] = useState<{ items: JobRowView[]; nextAfter: number | null }>(loaderData.rows);
  const [rowsError, setRowsError] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const rowsRequest = useRef<AbortController | null>(null);

  const fetchRows = useCallback(
    async ({ status, after = 0, limit = pageSize, append = false }: { status: Filter; after?: number; limit?: number; append?: boolean }) => {
      rowsRequest.current?.abort();
      const controller = new AbortController();
      rowsRequest.current = controller;
      const query = new URLSearchParams({ after: String(after), limit: String(Math.min(500, limit)) });
      if (status !== "all") query.set("status", status);
      try {
        const response = await fetch(`/api/jobs/${encodeURIComponent(loaderData.job.id)}/rows?${query}`, { signal: controller.signal, headers: { Accept: "application/json" } });
        if (!response.ok) throw new Error(String(response.status));
        const page = (await response.json()) as { items: JobRowView[]; nextAfter: number | null };
        if (controller.signal.aborted) return;
        setRows((current) => (append ? { items: [...current.items, ...page.items], nextAfter: page.nextAfter } : page));
        setRowsError(false);
      } catch {
        if (!controller.signal.aborted) setRowsError(true);
      }
    },
    [loaderData.job.id],
  );
  useEffect(() => () => rowsRequest.current?.abort(), []);

  // A row finished (or started, or was cancelled): the rows shown so far are fetched again.
  const signature = `${job.done}/${job.failed}/${job.running}/${job.queued}/${job.cancelled}`;
  const seenSignature = useRef(signature);
  const shown = rows.items.length;
  useEffect(() => {
    if (seenSignature.current === signature) return;
    seenSignature.current = signature;
    void fetchRows({ status: filter, limit: Math.max(pageSize, shown) });
  }, [signature, filter, shown, fetchRows]);

  const chooseFilter = (value: string) => {
    const next = value as Filter;
    setFilter(next);
    void fetchRows({ status: next });
  };
  const loadMore = async () => {
    if (rows.nextAfter === null) return;
    setLoadingMore(true);
    await fetchRows({ status: filter, after: rows.nextAfter, append: true });
    setLoadingMore(false);
  };

  const act = async (action: Action) => {
    setBusy(action);
    try {
      const response = await fetch(`/api/jobs/${encodeURIComponent(job.id)}/${action}`, { method: "POST", headers: { Accept: "application/json" } });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        notifications.show({ color: "red", message: readApiError(body)?.error ?? t("jobs.action.failed") });
        return;
      }
      const result = body as { job: JobProgress; changed: boolean };
      setJob(result.job);
      const notice: MessageKey = result.changed ? actionNotices[action] : action === "retry-failed" ? "jobs.notice.nothingToRetry" : "jobs.notice.unchanged";
      notifications.show({ color: result.changed ? "brand" : "yellow", message: t(notice) });
    } catch {
      notifications.show({ color: "red", message: t("jobs.action.failed") });
    } finally {
      setBusy(null);
      setConfirmCancel(false);
    }
  };

  const finished = job.done + job.failed;
  const remaining = job.queued + job.running;
  const percent = job.total > 0 ? Math.floor((finished / job.total) * 100) : 100;
  const active = isActiveJob(job.status);
  const timeLeft = job.status === "running" ? formatTimeLeft(job.etaSeconds, t) : job.status === "paused" ? t("jobs.status.paused") : t("jobs.eta.none");
  const sections = new Intl.ListFormat(intlTag(locale), { style: "long", type: "conjunction" }).format(job.options.sections.map((section) => t(sectionLabels[section])));
  const exportHref = (format: "flatfile" | "csv" | "jsonl") => `/api/jobs/${encodeURIComponent(job.id)}/export?format=${format}`;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to="/jobs" size="sm">
          ← {t("jobs.title")}
        </Anchor>
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
            {jobName({ ...job, fix: job.options.fix }, t)}
          </Title>
          <JobStatusBadge status={job.status} pauseReason={job.pauseReason} />
          {loaderData.publishIds.length > 0 && <BulkPublishButton listingIds={loaderData.publishIds} label={t("amazon.bulk.fixJobAction", { count: loaderData.publishIds.length })} />}
        </Group>
        <Text size="sm" c="dimmed">
          {t("jobs.job.summary", { total: job.total, sections, marketplace: job.options.marketplace })} · {t("jobs.job.started", { when: formatRelativeTime(job.createdAt, now, locale, t("outputs.justNow")) })}
        </Text>
      </Stack>

      <Card withBorder padding="lg" component="section" aria-labelledby="progress-heading">
        <Stack gap="md">
          <Group justify="space-between" align="baseline" gap="xs">
            <Title order={2} fz="lg" id="progress-heading">
              {t("jobs.progress.title")}
            </Title>
            <Text fw={700} data-testid="job-percent">
              {percent}%
            </Text>
          </Group>
          <JobProgressBar done={job.done} failed={job.failed} total={job.total} size="xl" label={t("jobs.progress.label")} />
          <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="md" verticalSpacing="xs">
            <JobFigure label={t("jobs.progress.done")} value={number(job.done)} testId="job-done" />
            <JobFigure label={t("jobs.progress.failed")} value={number(job.failed)} testId="job-failed" />
            <JobFigure label={t("jobs.progress.remaining")} value={number(remaining)} testId="job-remaining" />
            <JobFigure label={t("jobs.progress.rate")} value={job.rowsPerMinute === null ? "–" : number(job.rowsPerMinute)} testId="job-rate" />
            <JobFigure label={t("jobs.progress.eta")} value={timeLeft} testId="job-eta" />
          </SimpleGrid>
          <Group gap="xs" wrap="wrap">
            {job.status === "running" && (
              <Button variant="default" leftSection={<IconPlayerPause size={16} aria-hidden />} onClick={() => void act("pause")} loading={busy === "pause"} disabled={busy !== null}>
                {t("jobs.pause")}
              </Button>
            )}
            {job.status === "paused" && (
              <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => void act("resume")} loading={busy === "resume"} disabled={busy !== null}>
                {t("jobs.resume")}
              </Button>
            )}
            {job.failed > 0 && job.status !== "cancelled" && (
              <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void act("retry-failed")} loading={busy === "retry-failed"} disabled={busy !== null}>
                {t("jobs.retry")}
              </Button>
            )}
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
                  {t("jobs.downloads")}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <DownloadMenuItem href={exportHref("flatfile")}>
                  {t("jobs.download.flatfile")}
                </DownloadMenuItem>
                <DownloadMenuItem href={exportHref("csv")}>
                  {t("jobs.download.csv")}
                </DownloadMenuItem>
                <DownloadMenuItem href={exportHref("jsonl")}>
                  {t("jobs.download.jsonl")}
                </DownloadMenuItem>
              </Menu.Dropdown>
            </Menu>
            {active && (
              <Button variant="subtle" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={() => setConfirmCancel(true)} disabled={busy !== null}>
                {t("jobs.cancel")}
              </Button>
            )}
          </Group>
          {/* Says so when the job changes state (paused, waiting for words, finished, cancelled). */}
          <div aria-live="polite" data-testid="job-state">
            {job.status === "paused" && job.pauseReason === "words" ? (
              <Alert color="yellow" variant="light" title={t("jobs.pausedWords.title")}>
                <Stack gap={4}>
                  <Text size="sm">{t("jobs.pausedWords.body")}</Text>
                  <Anchor component={Link} to="/settings/billing" size="sm" fw={600} c="inherit" underline="always">
                    {t("jobs.words.plans")}
                  </Anchor>
                </Stack>
              </Alert>
            ) : job.status === "paused" ? (
              <Alert color="gray" variant="light">
                {t("jobs.pausedUser")}
              </Alert>
            ) : job.status === "completed" ? (
              <Alert color={job.failed > 0 ? "yellow" : "teal"} variant="light">
                {t("jobs.finished", { count: job.done })}
                {job.failed > 0 ? ` ${t("jobs.finishedFailed", { count: job.failed })}` : ""}
              </Alert>
            ) : job.status === "cancelled" ? (
              <Alert color="gray" variant="light">
                {t("jobs.cancelledNote", { count: job.cancelled })}
              </Alert>
            ) : null}
          </div>
        </Stack>
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="rows-heading">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Title order={2} fz="lg" id="rows-heading">
            {t("jobs.rows.title")}
          </Title>
          <Chip.Group value={filter} onChange={chooseFilter}>
            <Group gap={6} role="radiogroup" aria-label={t("jobs.rows.filter")}>
              {filters.map((option) => (
                <Chip key={option.value} value={option.value} size="sm" variant="outline">
                  {t(option.label)} · {number(option.count(job))}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Group>
        {rowsError ? (
          <Text size="sm" c="red.9" role="alert">
            {t("jobs.rows.loadFailed")}
          </Text>
        ) : null}
        {rows.items.length === 0 ? (
          <Card withBorder padding="lg">
            <Text c="dimmed" ta="center">
              {t("jobs.rows.empty")}
            </Text>
          </Card>
        ) : (
          <Table className={cardTable.cardTable} verticalSpacing="sm" data-testid="job-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("jobs.rows.row")}</Table.Th>
                <Table.Th scope="col">{t("jobs.rows.product")}</Table.Th>
                <Table.Th scope="col">{t("jobs.rows.store")}</Table.Th>
                <Table.Th scope="col">{t("jobs.rows.status")}</Table.Th>
                <Table.Th scope="col">{t("jobs.rows.lint")}</Table.Th>
                <Table.Th scope="col">{t("jobs.rows.coverage")}</Table.Th>
                <Table.Th scope="col">{t("jobs.rows.reason")}</Table.Th>
                <Table.Th scope="col">{t("jobs.rows.listing")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.items.map((row) => (
                <Table.Tr key={row.id} data-status={row.status}>
                  <Table.Td data-nowrap data-label={t("jobs.rows.row")}>{row.rowNumber}</Table.Td>
                  <Table.Td data-label={t("jobs.rows.product")}>
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500}>
                        {row.productName || "–"}
                      </Text>
                      {row.brand ? (
                        <Text size="xs" c="dimmed">
                          {row.brand}
                        </Text>
                      ) : null}
                    </div>
                  </Table.Td>
                  <Table.Td data-nowrap data-label={t("jobs.rows.store")}>
                    <Text size="sm">{row.marketplace}</Text>
                  </Table.Td>
                  <Table.Td data-nowrap data-label={t("jobs.rows.status")}>
                    <RowStatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td data-nowrap data-label={t("jobs.rows.lint")} data-empty={row.passed === null || undefined}>
                    {row.passed === null ? null : <LintBadge passed={row.passed} />}
                  </Table.Td>
                  <Table.Td data-nowrap data-label={t("jobs.rows.coverage")} data-empty={row.coverage === null || undefined}>
                    {row.coverage === null ? null : <Text size="sm">{row.coverage}%</Text>}
                  </Table.Td>
                  <Table.Td data-label={t("jobs.rows.reason")} data-empty={!row.error || undefined}>
                    {row.error ? (
                      <Text size="sm" c="red.9">
                        {row.error}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td data-nowrap data-label={t("jobs.rows.listing")} data-empty={!row.listingId || undefined}>
                    {row.listingId ? (
                      <Anchor component={Link} to={`/listings/${row.listingId}`} size="sm" aria-label={t("jobs.rows.openAria", { row: row.rowNumber })}>
                        {t("jobs.rows.open")}
                      </Anchor>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {rows.nextAfter !== null ? (
          <Group justify="center">
            <Button variant="default" onClick={() => void loadMore()} loading={loadingMore}>
              {t("jobs.rows.loadMore")}
            </Button>
          </Group>
        ) : null}
      </Stack>

      <Modal opened={confirmCancel} onClose={() => setConfirmCancel(false)} title={t("jobs.cancel.title")} centered closeButtonProps={{ "aria-label": t("common.close") }}>
        <Stack gap="md">
          <Text size="sm">{t("jobs.cancel.body")}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirmCancel(false)}>
              {t("jobs.cancel.keep")}
            </Button>
            <Button color="red" onClick={() => void act("cancel")} loading={busy === "cancel"}>
              {t("jobs.cancel.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

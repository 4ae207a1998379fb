// Settings → Personal: "Your data". Asks for an export (POST /settings/data-export), follows its progress
// (polling the same route) and offers the download when it is ready; the same link arrives by e-mail.
import { Alert, Button, Group, Progress, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { SectionCard } from "#app/components/section-card.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import { intlTag } from "#app/lib/intl.ts";
import { dataExportLinkHours, dataExportStateSchema, type DataExportState } from "./types.ts";

const endpoint = "/settings/data-export";
const pollMs = 1000;

export function DataExportSettings() {
  const { t, locale } = useI18n();
  // One fetcher for the status (load) and the request (its form): its data is always the newest answer.
  const fetcher = useFetcher<unknown>({ key: "data-export" });
  const [searchParams] = useSearchParams();
  const linkProblem = searchParams.get("dataExport");
  const parsed = fetcher.data === undefined ? undefined : dataExportStateSchema.safeParse(fetcher.data);
  const state: DataExportState | null = parsed?.success ? parsed.data : null;
  const current = state?.export ?? null;
  const pending = current?.status === "queued" || current?.status === "running";

  // The first status once the page is in the browser, then every second while an export is being prepared.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data === undefined) void fetcher.load(endpoint);
  }, [fetcher]);
  useEffect(() => {
    if (!pending || fetcher.state !== "idle") return;
    const timer = setTimeout(() => void fetcher.load(endpoint), pollMs);
    return () => clearTimeout(timer);
  }, [pending, fetcher, current?.progress]);
  // Only the request's answer says whether it started one.
  const started = state?.started;
  const failed = parsed !== undefined && !parsed.success;
  useEffect(() => {
    if (failed) notifications.show({ color: "red", message: t("dataExport.error.requestFailed") });
    else if (started !== undefined) notifications.show({ color: started ? "green" : "blue", message: t(started ? "dataExport.started" : "dataExport.alreadyPreparing") });
  }, [fetcher.data, failed, started, t]);

  const dateFormat = new Intl.DateTimeFormat(intlTag(locale), { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });
  const size = (bytes: number) => new Intl.NumberFormat(intlTag(locale), { style: "unit", unit: bytes >= 1_000_000 ? "megabyte" : "kilobyte", maximumFractionDigits: 1 }).format(bytes >= 1_000_000 ? bytes / 1_000_000 : Math.max(0.1, bytes / 1000));
  const requestButton = (label: string) => (
    <fetcher.Form method="post" action={endpoint}>
      <input type="hidden" name="intent" value="request" />
      <Button type="submit" variant={current?.status === "ready" ? "default" : "filled"} loading={fetcher.state === "submitting"} disabled={fetcher.data === undefined}>
        {label}
      </Button>
    </fetcher.Form>
  );

  return (
    <SectionCard titleId="data-export-title" title={t("dataExport.title")} intro={t("dataExport.intro", { hours: dataExportLinkHours })}>
      {linkProblem === "expired" || linkProblem === "notFound" ? (
        <Alert color="red" role="alert">
          {t(linkProblem === "expired" ? "dataExport.error.expired" : "dataExport.error.notFound")}
        </Alert>
      ) : null}
      {pending && current ? (
        <Stack gap={6} aria-live="polite">
          <Text size="sm" fw={500}>
            {t("dataExport.preparing")}
          </Text>
          <Progress.Root
            role="progressbar"
            aria-label={t("dataExport.progressLabel")}
            aria-valuemin={0}
            aria-valuemax={Math.max(current.total, 1)}
            aria-valuenow={Math.min(current.progress, Math.max(current.total, 1))}
            aria-valuetext={t("dataExport.progress", { done: current.progress, total: current.total })}
          >
            {/* A sliver while queued, so the stripes show the work has begun. */}
            <Progress.Section value={Math.max(4, current.total > 0 ? Math.round((current.progress / current.total) * 100) : 0)} animated withAria={false} />
          </Progress.Root>
          <Text size="xs" c="dimmed">
            {t("dataExport.progress", { done: current.progress, total: current.total })}
          </Text>
        </Stack>
      ) : null}
      {current?.status === "ready" && current.downloadUrl ? (
        <Stack gap="sm">
          <Text size="sm" role="status">
            {t("dataExport.ready", { size: size(current.bytes ?? 0), date: dateFormat.format(new Date(current.expiresAt ?? current.createdAt)) })}
          </Text>
          <Group gap="sm">
            <Button component="a" href={current.downloadUrl} download>
              {t("dataExport.download")}
            </Button>
            {requestButton(t("dataExport.requestAgain"))}
          </Group>
        </Stack>
      ) : null}
      {current?.status === "failed" ? (
        <Alert color="red" role="alert">
          {t("dataExport.failed")}
        </Alert>
      ) : null}
      {!pending && current?.status !== "ready" ? requestButton(t("dataExport.request")) : null}
    </SectionCard>
  );
}

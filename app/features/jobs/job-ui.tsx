// Pieces the bulk job pages share (issue 18): status badges, the progress bar, the time left, and polling.
// Browser-safe, and only type imports from the server side.
import { Badge, Progress, Text, type MantineSize } from "@mantine/core";
import { useEffect, useState, type CSSProperties } from "react";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey, Translate } from "#app/i18n/i18n.ts";
import type { JobStatus, PauseReason, RowStatus } from "./types.ts";

/**
 * A badge's text colour, dark enough on its light background (the `c` prop does not reach a Badge's label);
 * and never shrunk to "RUN…" by a narrow table column or row.
 */
const badgeStyle = (color?: string) => ({ minWidth: "max-content", ...(color ? { "--badge-color": `var(--mantine-color-${color})` } : {}) }) as CSSProperties;

const jobBadges: Record<JobStatus, { label: MessageKey; color?: string; text?: string }> = {
  running: { label: "jobs.status.running", color: "blue", text: "blue-9" },
  paused: { label: "jobs.status.paused", color: "yellow", text: "yellow-9" },
  cancelled: { label: "jobs.status.cancelled", color: "gray", text: "gray-8" },
  completed: { label: "jobs.status.completed" },
};

export function JobStatusBadge({ status, pauseReason }: { status: JobStatus; pauseReason: PauseReason | null }) {
  const { t } = useI18n();
  const badge = jobBadges[status];
  return (
    <Badge variant="light" color={badge.color} style={badgeStyle(badge.text)} data-testid="job-status">
      {status === "paused" && pauseReason === "words" ? t("jobs.status.pausedWords") : t(badge.label)}
    </Badge>
  );
}

const rowBadges: Record<RowStatus, { label: MessageKey; color?: string; text?: string }> = {
  queued: { label: "jobs.rowStatus.queued", color: "gray", text: "gray-8" },
  running: { label: "jobs.rowStatus.running", color: "blue", text: "blue-9" },
  done: { label: "jobs.rowStatus.done" },
  failed: { label: "jobs.rowStatus.failed", color: "red", text: "red-9" },
  cancelled: { label: "jobs.rowStatus.cancelled", color: "gray", text: "gray-8" },
};

export function RowStatusBadge({ status }: { status: RowStatus }) {
  const { t } = useI18n();
  const badge = rowBadges[status];
  return (
    <Badge variant="light" color={badge.color} style={badgeStyle(badge.text)}>
      {t(badge.label)}
    </Badge>
  );
}

export function LintBadge({ passed }: { passed: boolean }) {
  const { t } = useI18n();
  return passed ? (
    <Badge variant="light" style={badgeStyle()}>
      {t("jobs.rows.lintPasses")}
    </Badge>
  ) : (
    <Badge variant="light" color="red" style={badgeStyle("red-9")}>
      {t("jobs.rows.lintFails")}
    </Badge>
  );
}

/**
 * Done (brand colour) and failed (red) rows of the total, as one progress bar: the bar itself carries the
 * role, name and value; its two coloured sections are drawing only.
 */
export function JobProgressBar({ done, failed, total, label, size = "md" }: { done: number; failed: number; total: number; label: string; size?: MantineSize }) {
  const { t } = useI18n();
  const share = (n: number) => (total > 0 ? Math.min(100, (n / total) * 100) : 0);
  const finished = done + failed;
  return (
    <Progress.Root
      size={size}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.max(total, 1)}
      aria-valuenow={Math.min(finished, Math.max(total, 1))}
      aria-valuetext={t("jobs.progress.valueText", { finished, total, done, failed })}
    >
      <Progress.Section value={share(done)} withAria={false} />
      <Progress.Section value={share(failed)} color="red.8" withAria={false} />
    </Progress.Root>
  );
}

/** "about 4 min", "about 1 h 20 min", "under a minute"; "not known yet" without a rate. */
export function formatTimeLeft(seconds: number | null, t: Translate): string {
  if (seconds === null) return t("jobs.eta.unknown");
  if (seconds < 60) return t("jobs.eta.lessThanMinute");
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t("jobs.eta.minutes", { count: minutes });
  return t("jobs.eta.hours", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

export const isActiveJob = (status: JobStatus) => status === "running" || status === "paused";

/**
 * `initial` (a loader's answer), kept fresh from `url` every `intervalMs` while `active(data)` holds: one
 * request at a time, none while the tab is hidden, stopped when the page goes (AbortController). New loader
 * data replaces what was polled.
 */
export function usePolled<T>(url: string, initial: T, active: (data: T) => boolean, intervalMs = 1500): [T, (data: T) => void] {
  const [state, setState] = useState({ source: initial, data: initial });
  if (state.source !== initial) setState({ source: initial, data: initial });
  const polling = active(state.data);
  useEffect(() => {
    if (!polling) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (document.visibilityState !== "hidden") {
        try {
          const response = await fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } });
          if (response.ok) {
            const data = (await response.json()) as T;
            if (!controller.signal.aborted) setState((current) => ({ source: current.source, data }));
          }
        } catch {
          // Offline for a moment, or the page is going: the next tick tries again.
        }
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void tick(), intervalMs);
    };
    timer = setTimeout(() => void tick(), intervalMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [url, polling, intervalMs]);
  return [state.data, (data: T) => setState((current) => ({ source: current.source, data }))];
}

/** One figure of a job's numbers: a small label over a big value, with an optional hint under it. */
export function JobFigure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </div>
  );
}

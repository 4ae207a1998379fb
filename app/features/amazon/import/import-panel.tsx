// "Import from Amazon" on a connection of the Amazon card (issue 33 item 3): pick every store or one, start,
// follow the run (the jobs pages' polling of the JSON API), pause and resume. The API lets any member import;
// the card, read-only for members, shows them the run without its buttons.
import { Alert, Button, Group, NativeSelect, Progress, Stack, Text } from "@mantine/core";
import { IconPlayerPause, IconPlayerPlay, IconRefresh } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useI18n } from "#app/i18n/context.tsx";
import type { AmazonStoreView } from "../card.server.ts";
import type { ImportRunView } from "./import-runs.server.ts";

const pollMs = 1500;

async function readJson<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? response.statusText);
  return body;
}

export function ImportPanel({ connectionId, stores, regionName, canStart }: { connectionId: string; stores: AmazonStoreView[]; regionName: string; canStart: boolean }) {
  const { t } = useI18n();
  const [run, setRun] = useState<ImportRunView | null>(null);
  const [store, setStore] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  // The connection's latest run, once the page is there.
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/amazon/imports", { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => readJson<{ imports: ImportRunView[] }>(response))
      .then(({ imports }) => setRun(imports.find((entry) => entry.connectionId === connectionId) ?? null))
      .catch(() => undefined);
    return () => controller.abort();
  }, [connectionId]);

  // While it runs, its progress every moment or so.
  const runId = run?.id;
  const running = run?.status === "running";
  useEffect(() => {
    if (!runId || !running) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      fetch(`/api/amazon/imports/${encodeURIComponent(runId)}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) => readJson<{ import: ImportRunView }>(response))
        .then(({ import: latest }) => setRun(latest))
        .catch(() => undefined);
    }, pollMs);
    return () => (clearInterval(timer), controller.abort());
  }, [runId, running]);

  async function send(url: string, body?: unknown) {
    setSending(true);
    setError(null);
    try {
      const answer = await readJson<{ import: ImportRunView }>(await fetch(url, { method: "POST", headers: { Accept: "application/json", "Content-Type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
      setRun(answer.import);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  }

  const active = run?.status === "running" || run?.status === "paused";
  const percent = run?.total ? Math.min(100, Math.round((run.seen / run.total) * 100)) : 0;
  const status = !run
    ? null
    : run.status === "running"
      ? run.total
        ? t("amazon.import.running", { seen: run.seen, total: run.total })
        : t("amazon.import.runningStart", { seen: run.seen })
      : run.status === "paused"
        ? run.pauseReason === "needs_reauthorization"
          ? t("amazon.import.pausedReauth")
          : t("amazon.import.paused", { seen: run.seen })
        : run.status === "completed"
          ? t("amazon.import.completed", { created: run.created, updated: run.updated, unchanged: run.unchanged, flagged: run.flagged })
          : t("amazon.import.failed", { error: run.error ?? "" });

  return (
    <Stack gap={6} aria-label={t("amazon.import.progressLabel")} role="group">
      {status ? (
        <div role="status" aria-live="polite">
          <Text size="sm">{status}</Text>
          {run?.status === "running" ? <Progress value={percent} size="sm" mt={4} aria-label={t("amazon.import.progressLabel")} /> : null}
        </div>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      {canStart ? (
        <Group gap="xs" align="flex-end" wrap="wrap">
          {!active ? (
            <>
              {stores.length > 1 ? (
                <NativeSelect size="xs" aria-label={t("amazon.stores")} value={store} onChange={(event) => setStore(event.currentTarget.value)} data={[{ value: "", label: t("amazon.import.allStores") }, ...stores.map((entry) => ({ value: entry.marketplaceId, label: entry.label }))]} />
              ) : null}
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} aria-hidden />}
                loading={sending}
                aria-label={store ? t("amazon.import.storeAria", { store: stores.find((entry) => entry.marketplaceId === store)?.label ?? store }) : t("amazon.import.allAria", { region: regionName })}
                onClick={() => void send("/api/amazon/imports", { connectionId, ...(store ? { marketplaceId: store } : {}) })}
              >
                {t("amazon.import.all")}
              </Button>
            </>
          ) : run?.status === "running" ? (
            <Button size="xs" variant="default" leftSection={<IconPlayerPause size={14} aria-hidden />} loading={sending} onClick={() => void send(`/api/amazon/imports/${encodeURIComponent(run.id)}/pause`)}>
              {t("amazon.import.pause")}
            </Button>
          ) : run && run.pauseReason === "user" ? (
            <Button size="xs" variant="default" leftSection={<IconPlayerPlay size={14} aria-hidden />} loading={sending} onClick={() => void send(`/api/amazon/imports/${encodeURIComponent(run.id)}/resume`)}>
              {t("amazon.import.resume")}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

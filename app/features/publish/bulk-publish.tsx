// "Publish selected" (issue 34 item 3): the plan of the chosen listings in a review (how many go to which store and
// by which path, how many are skipped and why), Confirm or Cancel, then a progress bar per batch (its status asked
// every 2 s) ending in a summary with links to the listings that failed.
import { Alert, Anchor, Button, Group, List, Loader, Modal, Progress, Stack, Text } from "@mantine/core";
import { IconCloudUpload } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import { callPublishApi, PublishCallError } from "./publish-ui.tsx";
import { bulkBatchAnswerSchema, bulkPlanAnswerSchema, bulkStartAnswerSchema, type BulkBatchAnswer, type BulkPlanAnswer, type BulkSkipReason, type BulkStartAnswer } from "./types.ts";

const pollMs = 2_000;

const reasonLabels = {
  notFound: "amazon.bulk.reason.notFound",
  notLinked: "amazon.bulk.reason.notLinked",
  notConnected: "amazon.bulk.reason.notConnected",
  needsReauthorization: "amazon.bulk.reason.needsReauthorization",
  inProgress: "amazon.bulk.reason.inProgress",
  lint: "amazon.bulk.reason.lint",
  schema: "amazon.bulk.reason.schema",
  unchanged: "amazon.bulk.reason.unchanged",
  notAtAmazon: "amazon.bulk.reason.notAtAmazon",
} as const satisfies Record<BulkSkipReason, MessageKey>;

const pathLabels = { patches: "amazon.bulk.path.patches", feed: "amazon.bulk.path.feed" } as const satisfies Record<"patches" | "feed", MessageKey>;

type Step = { step: "idle" } | { step: "planning" } | { step: "review"; plan: BulkPlanAnswer; starting: boolean } | { step: "progress"; started: BulkStartAnswer };

/** The skipped listings counted by reason, in the order reasons are listed. */
function skippedByReason(reasons: readonly (BulkSkipReason | null)[]): [BulkSkipReason, number][] {
  const counts = new Map<BulkSkipReason, number>();
  for (const reason of reasons) if (reason) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return (Object.keys(reasonLabels) as BulkSkipReason[]).flatMap((reason) => (counts.has(reason) ? [[reason, counts.get(reason)!] as [BulkSkipReason, number]] : []));
}

function Review({ plan }: { plan: BulkPlanAnswer }) {
  const { t } = useI18n();
  const skipped = skippedByReason(plan.listings.map((listing) => listing.reason));
  const skippedCount = plan.listings.filter((listing) => !listing.ready).length;
  return (
    <Stack gap="sm">
      {plan.groups.length > 0 ? (
        <div>
          <Text fw={600} size="sm">
            {t("amazon.bulk.sendHeading")}
          </Text>
          <List size="sm" data-testid="bulk-groups">
            {plan.groups.map((group) => (
              <List.Item key={group.store}>{t("amazon.bulk.groupLine", { count: group.count, store: group.store, path: t(pathLabels[group.path]) })}</List.Item>
            ))}
          </List>
        </div>
      ) : (
        <Alert color="yellow" role="status">
          {t("amazon.bulk.nothingReady")}
        </Alert>
      )}
      {skippedCount > 0 && (
        <div>
          <Text fw={600} size="sm">
            {t("amazon.bulk.skippedHeading", { count: skippedCount })}
          </Text>
          <List size="sm" data-testid="bulk-skipped">
            {skipped.map(([reason, count]) => (
              <List.Item key={reason}>{t("amazon.bulk.reasonLine", { reason: t(reasonLabels[reason]), count })}</List.Item>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}

/** One batch's bar, its status asked every 2 s until nothing more will be sent. */
function BatchProgress({ batchId, onFinished }: { batchId: string; onFinished: (batch: BulkBatchAnswer["batch"]) => void }) {
  const { t } = useI18n();
  const [batch, setBatch] = useState<BulkBatchAnswer["batch"] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const networkMessage = t("amazon.publish.error.network");
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current = true;
    const poll = async () => {
      try {
        const answer = await callPublishApi(`/api/publish-batches/${encodeURIComponent(batchId)}`, bulkBatchAnswerSchema, { networkMessage });
        if (!current) return;
        setBatch(answer.batch);
        setError(null);
        if (answer.batch.finished) return onFinished(answer.batch);
      } catch (caught) {
        if (current) setError(caught instanceof PublishCallError ? caught.message : networkMessage);
      }
      if (current) timer = setTimeout(() => void poll(), pollMs);
    };
    void poll();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [batchId, networkMessage, onFinished]);
  if (!batch) return error ? <Alert color="red">{error}</Alert> : <Loader size="sm" aria-label={t("amazon.bulk.progressTitle")} />;
  const count = batch.listings.length;
  const sent = count - batch.counts.queued - batch.counts.sending;
  const label = t("amazon.bulk.progressLabel", { store: batch.store, sent, count });
  return (
    <Stack gap={4}>
      <Text size="sm">{label}</Text>
      <Progress value={count === 0 ? 100 : (sent / count) * 100} aria-label={label} animated={!batch.finished} data-testid="bulk-progress" />
      {error && (
        <Text size="sm" c="red.8">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function Summary({ batches }: { batches: readonly BulkBatchAnswer["batch"][] }) {
  const { t } = useI18n();
  const listings = batches.flatMap((batch) => batch.listings);
  const failed = listings.filter((listing) => listing.status === "failed");
  const submitted = listings.filter((listing) => listing.status !== "failed" && listing.status !== "sending").length;
  return (
    <Stack gap="xs" role="status" data-testid="bulk-summary">
      <Text fw={600}>{t("amazon.bulk.summary", { submitted, failed: failed.length })}</Text>
      <Text size="sm">{t("amazon.bulk.summaryNote")}</Text>
      {failed.length > 0 && (
        <div>
          <Text fw={600} size="sm">
            {t("amazon.bulk.failedHeading")}
          </Text>
          <List size="sm">
            {failed.map((listing) => (
              <List.Item key={listing.publicationId}>
                <Anchor component={Link} to={`/listings/${encodeURIComponent(listing.listingId)}`}>
                  {listing.sku}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}

function Running({ started }: { started: BulkStartAnswer }) {
  const [finished, setFinished] = useState<Record<string, BulkBatchAnswer["batch"]>>({});
  const [onFinished] = useState(() => (batch: BulkBatchAnswer["batch"]) => setFinished((done) => ({ ...done, [batch.id]: batch })));
  const all = started.batches.every((batch) => finished[batch.id]);
  return (
    <Stack gap="md">
      {started.batches.map((batch) => (
        <BatchProgress key={batch.id} batchId={batch.id} onFinished={onFinished} />
      ))}
      {all && <Summary batches={started.batches.map((batch) => finished[batch.id]!)} />}
    </Stack>
  );
}

/** The action and its dialog; shown only to members who may publish. */
export function BulkPublishButton({ listingIds, onStarted, label }: { listingIds: readonly string[]; onStarted?: () => void; label?: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<Step>({ step: "idle" });
  const [error, setError] = useState<string | null>(null);
  const networkMessage = t("amazon.publish.error.network");
  const close = () => {
    if (state.step === "progress") onStarted?.();
    setState({ step: "idle" });
    setError(null);
  };

  async function review() {
    setError(null);
    setState({ step: "planning" });
    try {
      const plan = await callPublishApi("/api/publish-batches/preview", bulkPlanAnswerSchema, { method: "POST", body: { listingIds }, networkMessage });
      setState({ step: "review", plan, starting: false });
    } catch (caught) {
      setError(caught instanceof PublishCallError ? caught.message : networkMessage);
      setState({ step: "review", plan: { listings: [], groups: [] }, starting: false });
    }
  }

  async function confirm(plan: BulkPlanAnswer) {
    setError(null);
    setState({ step: "review", plan, starting: true });
    try {
      const started = await callPublishApi("/api/publish-batches", bulkStartAnswerSchema, { method: "POST", body: { listingIds }, networkMessage });
      setState({ step: "progress", started });
    } catch (caught) {
      setError(caught instanceof PublishCallError ? caught.message : networkMessage);
      setState({ step: "review", plan, starting: false });
    }
  }

  const title = state.step === "progress" ? t("amazon.bulk.progressTitle") : t("amazon.bulk.reviewTitle");
  return (
    <>
      <Button variant="light" onClick={() => void review()} disabled={listingIds.length === 0} leftSection={<IconCloudUpload size={16} aria-hidden />}>
        {label ?? t("amazon.bulk.action")}
      </Button>
      <Modal.Root opened={state.step !== "idle"} onClose={close} size="lg" centered>
        <Modal.Overlay />
        <Modal.Content>
          {/* Mantine renders a <header>; inside a dialog it is not the page's banner. */}
          <Modal.Header role="none">
            <Modal.Title fw={700}>{title}</Modal.Title>
            <Modal.CloseButton aria-label={t("common.close")} />
          </Modal.Header>
          <Modal.Body>
            <Stack gap="md">
              {state.step === "planning" && (
                <Group gap="sm" role="status">
                  <Loader size="sm" aria-hidden />
                  <Text size="sm">{t("amazon.bulk.checking")}</Text>
                </Group>
              )}
              {state.step === "review" && state.plan.listings.length > 0 && <Review plan={state.plan} />}
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              {state.step === "review" && (
                <Group justify="flex-end">
                  <Button variant="default" onClick={close}>
                    {t("amazon.bulk.cancel")}
                  </Button>
                  <Button onClick={() => void confirm(state.plan)} loading={state.starting} disabled={state.plan.groups.length === 0}>
                    {t("amazon.bulk.confirm")}
                  </Button>
                </Group>
              )}
              {state.step === "progress" && (
                <>
                  <Running started={state.started} />
                  <Group justify="flex-end">
                    <Button variant="default" onClick={close}>
                      {t("amazon.bulk.close")}
                    </Button>
                  </Group>
                </>
              )}
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}

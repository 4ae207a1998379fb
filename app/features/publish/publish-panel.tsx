// "Publish to Amazon" on the listing page (issue 34 items 2 and 4): the link to Seller Central (or the SKU form),
// the status of the last publish at Amazon, followed while it settles (polls with back-off), the review drawer
// for publishing and rolling back, and the publication log.
import { Alert, Button, Group, Loader, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconArrowBackUp, IconCloudUpload, IconRefresh } from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useI18n } from "#app/i18n/context.tsx";
import { intlTag } from "#app/lib/intl.ts";
import { AmazonLinkForm } from "./amazon-link-form.tsx";
import { PublicationLog } from "./publication-log.tsx";
import { PublishReview } from "./publish-review.tsx";
import { callPublishApi, IssueList, PublishCallError, StatusBadge, storeLabel } from "./publish-ui.tsx";
import { publicationsAnswerSchema, unsettledStatuses, type Publication, type PublicationsAnswer } from "./types.ts";

type Loaded = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; answer: PublicationsAnswer };

// Looks again soon after sending, then less and less often (Amazon's own checks take seconds to minutes).
const pollFirstMs = 1000;
const pollGrowth = 1.5;
const pollMaxMs = 10_000;
// "Pending at Amazon" is checked again by the server later; the page only looks now and then.
const pendingPollMs = 30_000;

/** The listing's publications and link, read again on demand. */
function usePublications(listingId: string) {
  const { t } = useI18n();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const networkMessage = t("amazon.publish.error.network");
  const fetchAnswer = useCallback(async (): Promise<Loaded> => {
    try {
      return { state: "ready", answer: await callPublishApi(`/api/listings/${encodeURIComponent(listingId)}/publications`, publicationsAnswerSchema, { networkMessage }) };
    } catch (error) {
      return { state: "failed", message: error instanceof PublishCallError ? error.message : networkMessage };
    }
  }, [listingId, networkMessage]);
  // quiet (a poll): a failure keeps what is shown, and the next poll tries again.
  const load = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoaded({ state: "loading" });
      const result = await fetchAnswer();
      if (result.state === "ready" || !quiet) setLoaded(result);
    },
    [fetchAnswer],
  );
  useEffect(() => {
    let current = true;
    void fetchAnswer().then((result) => current && setLoaded(result));
    return () => {
      current = false;
    };
  }, [fetchAnswer]);
  return { loaded, load, setLoaded };
}

function Progress({ publication }: { publication: Publication }) {
  const { t, locale } = useI18n();
  const date = new Intl.DateTimeFormat(intlTag(locale), { dateStyle: "medium", timeStyle: "short" }).format(new Date(publication.updatedAt));
  switch (publication.status) {
    case "sending":
    case "submitted":
      return (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Loader size="xs" mt={3} aria-hidden />
          <Text size="sm">{t(publication.status === "sending" ? "amazon.publish.progress.sending" : "amazon.publish.progress.submitted")}</Text>
        </Group>
      );
    case "pending":
      return <Text size="sm">{t("amazon.publish.progress.pending")}</Text>;
    case "live":
      return <Text size="sm">{t(publication.kind === "rollback" ? "amazon.publish.result.liveRollback" : "amazon.publish.result.live", { date })}</Text>;
    case "rejected":
      return (
        <Stack gap="xs">
          <Text size="sm">{t("amazon.publish.result.rejected")}</Text>
          <IssueList issues={publication.issues} label={t("amazon.publish.log.issuesLabel")} />
        </Stack>
      );
    case "failed":
      return <Text size="sm">{t("amazon.publish.result.failed", { error: publication.error ?? t("amazon.publish.result.failedUnknown") })}</Text>;
    default:
      return null;
  }
}

/**
 * `blocked` names why nothing may be published right now (unsaved edits, a rewrite running): what is published
 * is the saved version. `onChanged` runs when a publish settles, since it saves versions of the listing.
 */
export function PublishPanel({ listingId, store, dir, blocked, onChanged }: { listingId: string; store: string; dir: "rtl" | "ltr"; blocked: string | null; onChanged: () => void }) {
  const { t } = useI18n();
  const { loaded, load, setLoaded } = usePublications(listingId);
  const [review, setReview] = useState<"publish" | "rollback" | null>(null);
  const [reviewKind, setReviewKind] = useState<"publish" | "rollback">("publish");
  const panelRef = useRef<HTMLElement>(null);

  const answer = loaded.state === "ready" ? loaded.answer : null;
  const last = answer?.publications.find((publication) => publication.kind !== "preview") ?? null;
  const unsettled = last !== null && unsettledStatuses.includes(last.status);

  // Polls while the last publication is still moving at Amazon, backing off; a new status starts over.
  const followKey = last && unsettled ? `${last.id}:${last.status}` : null;
  const [polls, setPolls] = useState({ key: followKey, count: 0 });
  if (polls.key !== followKey) setPolls({ key: followKey, count: 0 });
  useEffect(() => {
    if (!followKey) return;
    const pending = followKey.endsWith(":pending");
    const delay = pending ? pendingPollMs : Math.min(pollMaxMs, pollFirstMs * pollGrowth ** polls.count);
    const timer = setTimeout(() => void load(true).finally(() => setPolls((current) => (current.key === followKey ? { ...current, count: current.count + 1 } : current))), delay);
    return () => clearTimeout(timer);
  }, [followKey, polls.count, load]);

  // A publish that settles (live, rejected, failed) saved versions of the listing: the page reads them.
  const settledKey = last && !unsettled ? `${last.id}:${last.status}` : null;
  const seenSettled = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (seenSettled.current !== undefined && settledKey && settledKey !== seenSettled.current) onChanged();
    if (loaded.state === "ready") seenSettled.current = settledKey;
  }, [settledKey, loaded.state, onChanged]);

  // Each opening is a fresh review (its own preview), hence the key.
  const [reviewRun, setReviewRun] = useState(0);
  const open = (kind: "publish" | "rollback") => {
    setReviewKind(kind);
    setReview(kind);
    setReviewRun((run) => run + 1);
  };
  const onSent = (publication: Publication) => {
    setReview(null);
    if (answer) setLoaded({ state: "ready", answer: { ...answer, publications: [publication, ...answer.publications.filter((entry) => entry.id !== publication.id)] } });
    void load(true);
    onChanged();
    // On a phone the panel may sit above the fold once the drawer closes: bring the progress into view.
    requestAnimationFrame(() => panelRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
  };
  // A review leaves a preview row in the log, sent or not.
  const closeReview = () => {
    setReview(null);
    void load(true);
  };
  const onNotLinked = useCallback(() => {
    // The SKU form is on the panel: the drawer gives way to it.
    setReview(null);
    void load(true);
  }, [load]);

  const mayPublish = answer?.mayPublish ?? false;
  const canRollBack = last !== null && last.kind === "publish" && (last.status === "live" || last.status === "pending");
  const busy = unsettled && last?.status !== "pending";

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="publish-heading" ref={panelRef} style={{ scrollMarginTop: 80 }} data-testid="publish-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Title order={2} fz="md" id="publish-heading">
              {t("amazon.publish.title")}
            </Title>
            {answer?.link ? <StatusBadge status={last?.status ?? "none"} /> : null}
          </Group>
          {answer?.link ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {t("amazon.publish.linked", { sku: answer.link.sku, store: storeLabel(answer.link.store) })}
            </Text>
          ) : null}
        </Group>

        {loaded.state === "loading" ? (
          // A status, since axe allows a name only on an element with a role.
          <Stack gap="xs" role="status" aria-busy="true" aria-label={t("amazon.publish.loading")}>
            <Skeleton height={12} width="60%" />
            <Skeleton height={30} width={180} />
          </Stack>
        ) : loaded.state === "failed" ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
            <Stack gap="xs">
              <Text size="sm">{t("amazon.publish.loadFailed", { error: loaded.message })}</Text>
              <Group>
                <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void load()}>
                  {t("amazon.publish.retry")}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : !answer?.link ? (
          <AmazonLinkForm listingId={listingId} store={store} disabled={!mayPublish} onLinked={(link) => answer && setLoaded({ state: "ready", answer: { ...answer, link } })} />
        ) : (
          <>
            <div role="status" aria-live="polite" data-testid="publish-progress">
              {last ? <Progress publication={last} /> : <Text size="sm">{t("amazon.publish.never")}</Text>}
            </div>
            <Group gap="xs" wrap="wrap">
              <Button leftSection={<IconCloudUpload size={16} aria-hidden />} onClick={() => open("publish")} disabled={!mayPublish || blocked !== null || busy}>
                {t("amazon.publish.button")}
              </Button>
              {canRollBack ? (
                <Button variant="default" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => open("rollback")} disabled={!mayPublish || blocked !== null}>
                  {t("amazon.publish.rollback")}
                </Button>
              ) : null}
            </Group>
            {!mayPublish ? (
              <Text size="sm" c="dimmed">
                {t("amazon.publish.notAllowed")}
              </Text>
            ) : blocked ? (
              <Text size="sm" c="dimmed">
                {blocked}
              </Text>
            ) : null}
          </>
        )}
        {!mayPublish && answer && !answer.link ? (
          <Text size="sm" c="dimmed">
            {t("amazon.publish.notAllowed")}
          </Text>
        ) : null}
        {answer ? <PublicationLog listingId={listingId} publications={answer.publications} /> : null}
      </Stack>
      <PublishReview key={reviewRun} listingId={listingId} kind={reviewKind} opened={review !== null} dir={dir} onClose={closeReview} onSent={onSent} onNotLinked={onNotLinked} />
    </Paper>
  );
}

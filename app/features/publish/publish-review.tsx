// The review before anything leaves for Amazon (issue 34 item 2): the preview is asked for when the drawer opens
// (our rules → Amazon's product type → live vs ours → Amazon's VALIDATION_PREVIEW), shown as steps, and only
// "Publish" (or "Roll back") sends it. A rollback whose live copy changed at Amazon shows the three versions and asks.
import { Alert, Badge, Button, Checkbox, Drawer, Grid, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCloudUpload, IconRefresh } from "@tabler/icons-react";
import { useCallback, useEffect, useState, type CSSProperties } from "react";
import { sectionLabels } from "#app/features/listings/section-labels.ts";
import type { SectionName } from "#app/features/rules/types.ts";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import { attributeLabel, callPublishApi, DiffValues, IssueList, PublishCallError, schemaProblemText, sectionLabel, storeLabel } from "./publish-ui.tsx";
import { publicationAnswerSchema, publishPreviewAnswerSchema, type Publication, type PublishBlocker, type PublishedCopy, type PublishPreview, type ThreeWay } from "./types.ts";

const blockerLabels = {
  lint: "amazon.publish.blocker.lint",
  schema: "amazon.publish.blocker.schema",
  amazon: "amazon.publish.blocker.amazon",
  unchanged: "amazon.publish.blocker.unchanged",
  liveChanged: "amazon.publish.blocker.liveChanged",
} as const satisfies Record<PublishBlocker, MessageKey>;

type Loaded = { state: "loading" } | { state: "failed"; error: PublishCallError } | { state: "ready"; preview: PublishPreview };

/** What a failed call leaves the review to do: check again, or (not linked) go back to the panel's SKU form. */
/** A preview or a send that failed: the reason and, unless only linking or an owner can help, check again. */
function ReviewFailure({ error, onRetry, title }: { error: PublishCallError; onRetry: () => void; title?: string }) {
  const { t } = useI18n();
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} title={title}>
      <Stack gap="xs">
        <Text size="sm">{error.message}</Text>
        {error.code !== "AMAZON_NOT_LINKED" && error.code !== "PUBLISH_FORBIDDEN" ? (
          <Group>
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
              {t("amazon.publish.review.checkAgain")}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

function Step({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={3} fz="md" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Step 1: every reason not to send, at its field: our rules' errors by section, the schema's problems by attribute. */
function Checks({ preview }: { preview: PublishPreview }) {
  const { t } = useI18n();
  // A rollback puts back what was live: our rules' errors are shown, but they do not stop it (the server's rule).
  const lintOnlyShown = preview.kind === "rollback" && preview.lint.errors.length > 0 && !preview.blockers.includes("lint");
  const fields = new Map<string, { label: string; problems: { source: string; text: string }[] }>();
  const at = (key: string, label: string) => fields.get(key) ?? fields.set(key, { label, problems: [] }).get(key)!;
  for (const error of preview.lint.errors) at(`section:${error.section}`, sectionLabel(error.section, t)).problems.push({ source: t("amazon.publish.review.ourRules"), text: error.message });
  for (const problem of preview.schema.problems) at(`attribute:${problem.attribute}`, attributeLabel(problem.attribute, t)).problems.push({ source: t("amazon.publish.review.productType", { productType: preview.productType }), text: schemaProblemText(problem, t) });
  return (
    <Step id="review-checks" title={t("amazon.publish.review.stepChecks")}>
      {fields.size === 0 ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">{t("amazon.publish.review.checksPass", { productType: preview.productType })}</Text>
        </Group>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {[...fields.entries()].map(([key, field]) => (
            <Paper key={key} component="li" withBorder p="sm" radius="md" data-testid="review-field-problems" style={{ borderColor: "var(--mantine-color-red-4)" }}>
              <Text size="sm" fw={600}>
                {field.label}
              </Text>
              <Stack gap={2} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
                {field.problems.map((problem, index) => (
                  <Text key={index} size="sm" component="li" style={{ overflowWrap: "anywhere" }}>
                    <Text span size="xs" c="dimmed">
                      {problem.source}:{" "}
                    </Text>
                    {problem.text}
                  </Text>
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {lintOnlyShown ? (
        <Text size="sm" c="dimmed" data-testid="rollback-lint-note">
          {t("amazon.publish.review.rollbackLintNote")}
        </Text>
      ) : null}
      {preview.highlightsNotSent ? (
        <Alert color="yellow" variant="light" data-testid="highlights-not-sent">
          {t("amazon.publish.review.highlightsNotSent", { store: storeLabel(preview.store) })}
        </Alert>
      ) : null}
    </Step>
  );
}

/** Step 2: each attribute, live at Amazon vs what we send, words marked; unchanged ones named in one line (groups, not regions: the builder's sections behind are regions of the same names). */
function Changes({ preview, dir }: { preview: PublishPreview; dir: "rtl" | "ltr" }) {
  const { t } = useI18n();
  const changed = preview.diff.filter((entry) => entry.changed);
  const unchanged = preview.diff.filter((entry) => !entry.changed);
  return (
    <Step id="review-changes" title={t("amazon.publish.review.stepChanges")}>
      {changed.length === 0 ? (
        <Text size="sm">{t("amazon.publish.review.nothingChanges")}</Text>
      ) : (
        changed.map((entry) => (
          <Paper key={entry.attribute} withBorder p="sm" radius="md" role="group" aria-labelledby={`diff-${entry.attribute}`} data-attribute={entry.attribute}>
            <Group gap="xs" mb="xs">
              <Title order={4} fz="sm" id={`diff-${entry.attribute}`}>
                {attributeLabel(entry.attribute, t)}
              </Title>
              <Text size="xs" c="dimmed" ff="monospace">
                {entry.attribute}
              </Text>
            </Group>
            <Grid gap="md">
              {(
                [
                  ["old", "amazon.publish.review.live", entry.live, entry.ours],
                  ["new", "amazon.publish.review.ours", entry.ours, entry.live],
                ] as const
              ).map(([side, label, values, other]) => (
                <Grid.Col span={{ base: 12, sm: 6 }} key={side}>
                  <Text size="xs" c="dimmed" fw={600} mb={4}>
                    {t(label)}
                  </Text>
                  <DiffValues values={values} other={other} side={side} dir={dir} />
                </Grid.Col>
              ))}
            </Grid>
          </Paper>
        ))
      )}
      {unchanged.length > 0 ? (
        <Text size="sm" c="dimmed">
          {t("amazon.publish.review.unchanged", { fields: unchanged.map((entry) => attributeLabel(entry.attribute, t)).join(", ") })}
        </Text>
      ) : null}
    </Step>
  );
}

/** Step 3: what Amazon's VALIDATION_PREVIEW answered, each issue in plain words with its code and what to do. */
function AmazonPreview({ preview }: { preview: PublishPreview }) {
  const { t } = useI18n();
  const valid = preview.amazon.status === "VALID";
  if (preview.amazon.status === "NOT_SENT")
    return (
      <Step id="review-amazon" title={t("amazon.publish.review.stepAmazon")}>
        <Text size="sm" c="dimmed">
          {t("amazon.publish.review.amazonNotAsked")}
        </Text>
      </Step>
    );
  return (
    <Step id="review-amazon" title={t("amazon.publish.review.stepAmazon")}>
      <Group gap="xs">
        <Badge variant="light" color={valid ? "teal" : "red"} style={{ "--badge-color": valid ? "var(--mantine-color-text)" : "var(--mantine-color-red-9)" } as CSSProperties}>
          {t(valid ? "amazon.publish.review.amazonValid" : "amazon.publish.review.amazonInvalid")}
        </Badge>
      </Group>
      {preview.amazon.issues.length === 0 ? <Text size="sm">{t("amazon.publish.review.noIssues")}</Text> : <IssueList issues={preview.amazon.issues} label={t("amazon.publish.review.stepAmazon")} />}
    </Step>
  );
}

const threeWaySections: readonly SectionName[] = ["title", "itemHighlights", "bullets", "description", "searchTerms"];
const sectionValues = (copy: PublishedCopy, section: SectionName): string[] => (section === "bullets" ? copy.bullets : [copy[section]]);

/** A rollback over a live copy someone changed at Amazon: before, what we published and live now, for each section that differs. */
function ThreeWayCompare({ threeWay, dir }: { threeWay: ThreeWay; dir: "rtl" | "ltr" }) {
  const { t } = useI18n();
  const differing = threeWaySections.filter((section) => JSON.stringify(sectionValues(threeWay.live, section)) !== JSON.stringify(sectionValues(threeWay.published, section)) || JSON.stringify(sectionValues(threeWay.live, section)) !== JSON.stringify(sectionValues(threeWay.before, section)));
  const columns = [
    ["before", "amazon.publish.threeWay.before"],
    ["published", "amazon.publish.threeWay.published"],
    ["live", "amazon.publish.threeWay.live"],
  ] as const;
  return (
    <Step id="review-three-way" title={t("amazon.publish.threeWay.title")}>
      <Text size="sm">{t("amazon.publish.threeWay.intro")}</Text>
      {differing.map((section) => (
        <Paper key={section} withBorder p="sm" radius="md" role="group" aria-labelledby={`three-way-${section}`}>
          <Title order={4} fz="sm" mb="xs" id={`three-way-${section}`}>
            {t(sectionLabels[section])}
          </Title>
          <Grid gap="md">
            {columns.map(([side, label]) => (
              <Grid.Col key={side} span={{ base: 12, md: 4 }}>
                <Text size="xs" c="dimmed" fw={600} mb={4}>
                  {t(label)}
                </Text>
                {/* Each column marks what it has that the live copy (or, for live, the copy to restore) lacks. */}
                <DiffValues values={sectionValues(threeWay[side], section)} other={sectionValues(side === "live" ? threeWay.before : threeWay.live, section)} side={side === "live" ? "old" : "new"} dir={dir} />
              </Grid.Col>
            ))}
          </Grid>
        </Paper>
      ))}
    </Step>
  );
}

/**
 * The review drawer. `kind` rollback previews the kept live copy; confirming sends the preview's id (and, over a
 * live copy changed at Amazon, the seller's explicit consent) and hands the publication row to the panel.
 */
export function PublishReview({ listingId, kind, opened, dir, onClose, onSent, onNotLinked }: { listingId: string; kind: "publish" | "rollback"; opened: boolean; dir: "rtl" | "ltr"; onClose: () => void; onSent: (publication: Publication) => void; onNotLinked: () => void }) {
  const { t } = useI18n();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [confirmLive, setConfirmLive] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<PublishCallError | null>(null);
  const networkMessage = t("amazon.publish.error.network");

  const fetchPreview = useCallback(async (): Promise<Loaded> => {
    try {
      const { preview } = await callPublishApi(`/api/listings/${encodeURIComponent(listingId)}/publish/preview`, publishPreviewAnswerSchema, { method: "POST", body: { kind }, networkMessage });
      return { state: "ready", preview };
    } catch (error) {
      const failure = error instanceof PublishCallError ? error : new PublishCallError(networkMessage, null);
      if (failure.code === "AMAZON_NOT_LINKED") onNotLinked();
      return { state: "failed", error: failure };
    }
  }, [listingId, kind, networkMessage, onNotLinked]);

  // Opened (the panel mounts a fresh review each time): ask for the preview once.
  useEffect(() => {
    if (!opened) return;
    let current = true;
    void fetchPreview().then((result) => current && setLoaded(result));
    return () => {
      current = false;
    };
  }, [opened, fetchPreview]);

  const check = async () => {
    setLoaded({ state: "loading" });
    setSendError(null);
    setConfirmLive(false);
    setLoaded(await fetchPreview());
  };

  const preview = loaded.state === "ready" ? loaded.preview : null;
  // A rollback over a live copy changed at Amazon passes its checks but waits for the seller's tick.
  const liveChanged = preview?.blockers.includes("liveChanged") ?? false;
  const mayConfirm = preview !== null && preview.canPublish && (!liveChanged || confirmLive);

  const send = async () => {
    if (!preview) return;
    setSending(true);
    setSendError(null);
    try {
      const { publication } = await callPublishApi(`/api/listings/${encodeURIComponent(listingId)}/publish`, publicationAnswerSchema, { method: "POST", body: { previewId: preview.id, confirmLiveChange: confirmLive }, networkMessage });
      onSent(publication);
    } catch (error) {
      setSendError(error instanceof PublishCallError ? error : new PublishCallError(networkMessage, null));
    } finally {
      setSending(false);
    }
  };

  const title = t(kind === "rollback" ? "amazon.publish.review.rollbackTitle" : "amazon.publish.review.title");
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="xl">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* Mantine renders a <header>; inside a dialog it is not the page's banner. */}
        <Drawer.Header role="none">
          <Drawer.Title fw={700} fz="lg">
            {title}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={t("common.close")} />
        </Drawer.Header>
        <Drawer.Body>
          {loaded.state === "loading" ? (
            <Group gap="sm" role="status" aria-live="polite" py="md">
              <Loader size="sm" aria-hidden />
              <Text size="sm">{t("amazon.publish.review.checking")}</Text>
            </Group>
          ) : loaded.state === "failed" ? (
            <ReviewFailure error={loaded.error} onRetry={() => void check()} title={t("amazon.publish.review.failedTitle")} />
          ) : preview ? (
            <Stack gap="lg">
              <Text size="sm" c="dimmed" data-testid="review-target">
                {t("amazon.publish.review.target", { store: storeLabel(preview.store), sku: preview.sku, productType: preview.productType })}
              </Text>
              {preview.canPublish && !liveChanged ? (
                <Alert color="teal" variant="light" icon={<IconCheck aria-hidden />} role="status">
                  {t(kind === "rollback" ? "amazon.publish.review.readyRollback" : "amazon.publish.review.ready")}
                </Alert>
              ) : (
                <Alert color={preview.canPublish ? "yellow" : "red"} variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" title={t(preview.canPublish ? "amazon.publish.review.askTitle" : "amazon.publish.review.blockedTitle")}>
                  <Stack gap={4} component="ul" style={{ margin: 0, paddingInlineStart: 18 }}>
                    {preview.blockers.map((blocker) => (
                      <Text key={blocker} size="sm" component="li">
                        {t(blockerLabels[blocker])}
                      </Text>
                    ))}
                  </Stack>
                </Alert>
              )}
              {preview.threeWay ? <ThreeWayCompare threeWay={preview.threeWay} dir={dir} /> : null}
              <Checks preview={preview} />
              <Changes preview={preview} dir={dir} />
              <AmazonPreview preview={preview} />
              {sendError ? <ReviewFailure error={sendError} onRetry={() => void check()} /> : null}
              <Stack gap="sm" component="section" aria-labelledby="review-confirm" pb="md">
                <Title order={3} fz="md" id="review-confirm">
                  {t("amazon.publish.review.stepConfirm")}
                </Title>
                {preview.threeWay ? (
                  <Checkbox label={t("amazon.publish.threeWay.confirm")} checked={confirmLive} onChange={(event) => setConfirmLive(event.currentTarget.checked)} data-testid="confirm-live-change" />
                ) : null}
                <Text size="sm" c="dimmed">
                  {t(kind === "rollback" ? "amazon.publish.review.confirmRollbackHint" : "amazon.publish.review.confirmHint", { sku: preview.sku, store: storeLabel(preview.store) })}
                </Text>
                <Group gap="xs" justify="flex-end" wrap="wrap">
                  <Button variant="default" onClick={onClose}>
                    {t("common.cancel")}
                  </Button>
                  <Button leftSection={<IconCloudUpload size={16} aria-hidden />} onClick={() => void send()} loading={sending} disabled={!mayConfirm}>
                    {t(kind === "rollback" ? "amazon.publish.review.confirmRollback" : "amazon.publish.review.confirm")}
                  </Button>
                </Group>
              </Stack>
            </Stack>
          ) : null}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

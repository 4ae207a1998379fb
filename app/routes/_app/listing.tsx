import { Alert, Anchor, Badge, Button, Grid, Group, Menu, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload, IconHistory, IconPlayerStopFilled, IconPlus, IconSparkles, IconDeviceFloppy, IconWand } from "@tabler/icons-react";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type CSSProperties } from "react";
import { data, Form, Link, useFetcher, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { DownloadMenuItem } from "#app/components/download-menu-item.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { FactsFields } from "#app/features/listings/facts-form.tsx";
import { sectionLabels } from "#app/features/listings/section-labels.ts";
import { factsFieldErrors } from "#app/features/listings/facts-errors.ts";
import { copySections, lintCopy } from "#app/features/listings/listing-lint.ts";
import { keywordCoverage } from "#app/features/keywords/coverage.ts";
import type { Keyword } from "#app/features/keywords/import.ts";
import { KeywordPanel } from "#app/features/keywords/keyword-panel.tsx";
import { packSearchTerms } from "#app/features/keywords/pack.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import { getListing, listFamily, ListingChangedError, saveListingVersion } from "#app/features/listings/listings.server.ts";
import { LocalizeButton, SiblingLinks } from "#app/features/listings/siblings.tsx";
import { SectionCardFrame, SectionText } from "#app/features/listings/section-editor.tsx";
import { ViolationList } from "#app/features/rules/violation-list.tsx";
import { listingCopySchema, listingFactsSchema, maxSavedBullets, type ListingCopy, type ListingFacts } from "#app/features/listings/types.ts";
import { useListingGeneration } from "#app/features/listings/use-listing-generation.ts";
import { languageLabel } from "#app/features/marketplaces/marketplace-select.tsx";
import { getMarketplace, offlineLanguages } from "#app/features/marketplaces/registry.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import type { SectionName } from "#app/features/rules/types.ts";
import { requireMembership } from "#app/features/auth/active-workspace.server.ts";
import { hasOpenProposal } from "#app/features/fixes/proposals.server.ts";
import { PublishPanel } from "#app/features/publish/publish-panel.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import { translate } from "#app/i18n/i18n.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/listing";
import { actionFailure } from "#app/lib/action-failure.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "listings.builder.meta");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { membership } = await requireMembership({ request, context });
  const { db } = getServices();
  const listing = await getListing({ db, workspaceId: membership.workspaceId, id: params.id });
  if (!listing) throw data(null, { status: 404 });
  const { otherBrands, marketplaces: stores } = await getListingSettings({ db, workspaceId: membership.workspaceId });
  const family = listing.familyId ? await listFamily({ db, workspaceId: membership.workspaceId, familyId: listing.familyId }) : [];
  const proposal = await hasOpenProposal({ db, workspaceId: membership.workspaceId, listingId: listing.id });
  return { listing, otherBrands, stores, family, offline: getServices().config.ai.offline, proposal };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, membership } = await requireMembership({ request, context });
  const locale = getLocale(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "save") return actionFailure("BAD_REQUEST", { formError: translate(locale, "form.malformed") });
  let raw: { facts?: unknown; copy?: unknown; version?: unknown };
  try {
    raw = JSON.parse(String(form.get("listing") ?? "{}")) as typeof raw;
  } catch {
    return actionFailure("BAD_REQUEST", { formError: translate(locale, "form.malformed") });
  }
  const facts = listingFactsSchema.safeParse(raw.facts);
  if (!facts.success) return actionFailure("INVALID_LISTING", { formError: translate(locale, "listings.builder.factsInvalid"), fieldErrors: factsFieldErrors(facts.error, locale) });
  const copy = listingCopySchema.safeParse(raw.copy);
  if (!copy.success) return actionFailure("INVALID_LISTING", { formError: translate(locale, "listings.error.sectionTooLong") });
  const { db } = getServices();
  const current = await getListing({ db, workspaceId: membership.workspaceId, id: params.id });
  if (!current) throw data(null, { status: 404 });
  // Saved from an older version than the one stored: someone else saved in between.
  if (typeof raw.version === "number" && raw.version !== current.version) return actionFailure("LISTING_CHANGED", { formError: translate(locale, "api.error.listingChanged") });
  try {
    const saved = await saveListingVersion({ db, workspaceId: membership.workspaceId, listingId: params.id, userId: user.id, copy: copy.data, facts: facts.data, source: "edited" });
    if (!saved) throw data(null, { status: 404 });
    return { ok: true as const, version: saved.listing.version, passed: saved.listing.passed };
  } catch (error) {
    if (error instanceof ListingChangedError) return actionFailure("LISTING_CHANGED", { formError: translate(locale, "api.error.listingChanged") });
    throw error;
  }
}

/** Another listing (a sibling, say) is a fresh builder: nothing of this one's state carries over. */
export default function ListingBuilderRoute({ loaderData }: Route.ComponentProps) {
  return <ListingBuilder key={loaderData.listing.id} loaderData={loaderData} />;
}

function ListingBuilder({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t, locale } = useI18n();
  const { listing, otherBrands } = loaderData;
  const ruleSet = getRuleSet(listing.ruleSetId)!;
  const marketplace = getMarketplace(listing.marketplace)!;
  const language = listing.language.language;
  const dir = listing.language.rightToLeft ? "rtl" : "ltr";
  const [facts, setFacts] = useState<ListingFacts>(listing.facts);
  const [copy, setCopy] = useState<ListingCopy>(listing.copy);
  const [baseVersion, setBaseVersion] = useState(listing.version);
  const [dirty, setDirty] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const generation = useListingGeneration(listing.id);
  const fetcher = useFetcher<typeof action>();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const sectionsRef = useRef<HTMLDivElement>(null);

  // A newer version arrived from the server (a restore, another member): take it unless editing.
  // (Adjusted while rendering, as React advises for state that follows props.)
  const [seenVersion, setSeenVersion] = useState(listing.version);
  if (listing.version !== seenVersion && !dirty && !generation.running) {
    setSeenVersion(listing.version);
    setFacts(listing.facts);
    setCopy(listing.copy);
    setBaseVersion(listing.version);
  }

  // The keyword bank and its coverage (a deferred copy keeps typing smooth with thousands of phrases).
  const [bank, setBank] = useState<Keyword[]>(listing.keywords);
  const deferredCopy = useDeferredValue(copy);
  const coverage = useMemo(() => keywordCoverage({ sections: copySections(deferredCopy, ruleSet), keywords: bank, language }), [deferredCopy, ruleSet, bank, language]);
  const [beforeFill, setBeforeFill] = useState<string | null>(null);
  const fill = async () => {
    const result = packSearchTerms({ ruleSet, language, brand: facts.brand, otherBrands, sections: copySections(copy, ruleSet), keywords: bank });
    setBeforeFill(copy.searchTerms);
    edit((c) => ({ ...c, searchTerms: result.searchTerms }));
    notifications.show({ color: "brand", message: t("keywords.filled", { covered: result.coveredNow.length, left: result.notFitting.length }) });
  };
  const undoFill = () => {
    if (beforeFill === null) return;
    const previous = beforeFill;
    edit((c) => ({ ...c, searchTerms: previous }));
    setBeforeFill(null);
  };

  // The listing's store: its phone and price formats, and the claims it restricts.
  const report = useMemo(() => lintCopy({ ruleSet, language, brand: facts.brand, otherBrands, store: marketplace, copy }), [ruleSet, language, facts.brand, otherBrands, marketplace, copy]);
  const errorCount = useMemo(() => {
    const s = report.sections;
    return [s.title, s.itemHighlights, ...(s.bullets ?? []), s.bulletList, s.description, s.searchTerms].flatMap((section) => section?.violations ?? []).filter((violation) => violation.severity === "error").length;
  }, [report]);

  const edit = (change: (copy: ListingCopy) => ListingCopy) => {
    setCopy(change);
    setDirty(true);
  };

  // Nothing lost: leaving with unsaved edits asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const write = async (sections?: SectionName[]) => {
    setProblem(null);
    // On a phone the sections sit below the header: bring what is being written into view.
    const target = sections?.length === 1 ? document.getElementById(`section-${sections[0]}`) : sectionsRef.current;
    target?.scrollIntoView({ behavior: "smooth", block: "start" });
    const before = copy;
    // Each finished section shows at once (checked as it lands); a failed run puts everything back.
    const result = await generation.start({
      sections,
      interruptedMessage: t("generation.error.interrupted"),
      onSection: (section, content) => setCopy((current) => (section === "bullets" ? { ...current, bullets: [...content] } : { ...current, [section]: Array.isArray(content) ? content.join("\n") : content })),
    });
    if (result.ok) {
      setCopy(result.copy);
      setBaseVersion(result.version);
      setSeenVersion(result.version);
      setDirty(false);
      // A revalidation now would interrupt the arrival's pending navigation that drops ?write=1 and keep it in
      // the address (a short write can finish first): then this navigation drops it and reloads the data.
      if (new URLSearchParams(window.location.search).has("write")) void navigate(`/listings/${listing.id}`, { replace: true, preventScrollReset: true });
      else revalidator.revalidate();
      notifications.show({ color: result.passed ? "teal" : "yellow", message: t(result.passed ? "listings.builder.writtenPasses" : "listings.builder.writtenFails", { version: result.version }) });
    } else {
      setCopy(before);
      if (!result.cancelled) setProblem(result.message);
    }
  };

  // Arriving from "New listing": write it at once (and drop ?write=1, so a reload does not write again).
  const autoStarted = useRef(false);
  useEffect(() => {
    if (autoStarted.current || searchParams.get("write") !== "1") return;
    autoStarted.current = true;
    void navigate(`/listings/${listing.id}`, { replace: true, preventScrollReset: true });
    if (listing.version === 0) queueMicrotask(() => void write());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  const save = () => {
    fetcher.submit({ intent: "save", listing: JSON.stringify({ facts, copy, version: baseVersion }) }, { method: "post" });
  };
  // A save's answer, taken once when it arrives.
  const [handledSave, setHandledSave] = useState<typeof fetcher.data>(undefined);
  if (fetcher.state === "idle" && fetcher.data && fetcher.data !== handledSave) {
    const result = fetcher.data;
    setHandledSave(result);
    if (result.ok) {
      setBaseVersion(result.version);
      setSeenVersion(result.version);
      setDirty(false);
      setProblem(null);
    } else {
      setProblem(result.formError ?? null);
    }
  }

  // A publish saves versions of the listing (the live copy before, what was sent): read them in.
  const revalidateListing = useCallback(() => revalidator.revalidate(), [revalidator]);

  const saving = fetcher.state !== "idle";
  // Nothing written or typed yet: say so, and offer to write it (or to start typing), instead of five empty boxes flagged too short.
  const [manual, setManual] = useState(false);
  const unwritten = baseVersion === 0 && !dirty && !manual && !generation.running && copy.title === "" && copy.bullets.length === 0 && copy.description === "";
  const running = generation.running;
  const live = (section: SectionName) => {
    const state = generation.live[section];
    if (!state) return undefined;
    return (
      <Stack gap={4} role="status" aria-live="polite">
        {state.attempt > 0 && (
          <Text size="xs" c="dimmed" fw={500}>
            {t("listings.builder.rewriting", { attempt: state.attempt })}
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }} dir={dir} data-testid={`live-${section}`}>
          {state.text || t("listings.builder.writing")}
        </Text>
      </Stack>
    );
  };
  const frame = (section: SectionName) => ({
    id: `section-${section}`,
    title: t(sectionLabels[section]),
    running,
    busy: running && generation.live[section] !== undefined && !generation.live[section]?.finished,
    live: live(section),
    onRegenerate: () => void write([section]),
  });
  const sections = report.sections;
  const bulletViolations = [...(sections.bullets ?? []).flatMap((bullet) => bullet.violations), ...(sections.bulletList?.violations ?? [])];
  const exportHref = (format: "flatfile" | "json") => `/api/listings/${listing.id}/export?format=${format}${report.passed ? "" : "&force=1"}`;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor component={Link} to="/listings" size="sm">
            ← {t("listings.title")}
          </Anchor>
          <Title order={1} style={{ overflowWrap: "anywhere" }}>
            {facts.brand} {facts.productName}
          </Title>
          <Group gap="xs">
            <Badge variant="outline" color="gray" style={{ "--badge-color": "var(--mantine-color-gray-8)" } as CSSProperties}>
              {marketplace.id}
            </Badge>
            {marketplace.languages.length > 1 && (
              <Badge variant="outline" color="gray" style={{ "--badge-color": "var(--mantine-color-gray-8)" } as CSSProperties}>
                {languageLabel(language, locale)}
              </Badge>
            )}
            {listing.writtenIn && listing.writtenIn !== language && (
              <Badge variant="light" color="yellow" style={{ "--badge-color": "var(--mantine-color-yellow-9)" } as CSSProperties} data-testid="written-in" title={t("listings.writtenInHint", { written: languageLabel(listing.writtenIn, locale), language: languageLabel(language, locale) })}>
                {t("listings.writtenIn", { language: languageLabel(listing.writtenIn, locale) })}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {t("listings.builder.ruleSet", { name: ruleSet.name })}
            </Text>
            <Text size="sm" c="dimmed" data-testid="version">
              {dirty ? t("listings.builder.unsaved", { version: baseVersion }) : t("listings.builder.version", { version: baseVersion })}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs">
          {running ? (
            <Button key="stop" color="red" variant="light" leftSection={<IconPlayerStopFilled size={16} aria-hidden />} onClick={generation.stop}>
              {t("generator.stop")}
            </Button>
          ) : (
            <Button key="write" leftSection={<IconSparkles size={16} aria-hidden />} onClick={() => void write()}>
              {baseVersion === 0 ? t("listings.builder.write") : t("listings.builder.rewriteAll")}
            </Button>
          )}
          <Button variant="default" leftSection={<IconDeviceFloppy size={16} aria-hidden />} onClick={save} disabled={!dirty || running} loading={saving}>
            {t("listings.builder.save")}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} disabled={dirty || running || baseVersion === 0}>
                {t("listings.builder.export")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {!report.passed && <Menu.Label maw={260}>{t("listings.builder.exportFails", { count: errorCount })}</Menu.Label>}
              <DownloadMenuItem href={exportHref("flatfile")}>
                {t("listings.builder.exportFlatFile")}
              </DownloadMenuItem>
              <DownloadMenuItem href={exportHref("json")}>
                {t("listings.builder.exportJson")}
              </DownloadMenuItem>
            </Menu.Dropdown>
          </Menu>
          {loaderData.proposal ? (
            <Button variant="light" component={Link} to={`/listings/${listing.id}/proposal`} leftSection={<IconWand size={16} aria-hidden />}>
              {t("fixes.listing.review")}
            </Button>
          ) : (
            !report.passed &&
            baseVersion > 0 && (
              <Form method="post" action={`/listings/${listing.id}/proposal`}>
                <input type="hidden" name="intent" value="fix" />
                <Button type="submit" variant="light" leftSection={<IconWand size={16} aria-hidden />} disabled={dirty || running}>
                  {t("fixes.listing.fix")}
                </Button>
              </Form>
            )
          )}
          <Button variant="subtle" component={Link} to={`/listings/${listing.id}/versions`} leftSection={<IconHistory size={16} aria-hidden />}>
            {t("listings.builder.versions")}
          </Button>
          <LocalizeButton listingId={listing.id} current={listing.marketplace} stores={loaderData.stores} disabled={running || dirty || baseVersion === 0} />
        </Group>
      </Group>

      {loaderData.family.length > 1 && <SiblingLinks family={loaderData.family} current={listing.id} />}
      {loaderData.offline && !offlineLanguages.has(language) && (
        <Alert color="yellow" variant="light" data-testid="offline-english">
          {t("listings.offlineEnglish", { language: languageLabel(language, locale) })}
        </Alert>
      )}
      {listing.writtenIn && listing.writtenIn !== language && !(loaderData.offline && !offlineLanguages.has(language)) && (
        <Alert color="yellow" variant="light" data-testid="written-in-hint">
          {t("listings.writtenInHint", { written: languageLabel(listing.writtenIn, locale), language: languageLabel(language, locale) })}
        </Alert>
      )}
      {!ruleSet.phrases[language] && (
        <Alert color="gray" variant="light">
          {t("listings.wordListsEnglish", { language: languageLabel(language, locale) })}
        </Alert>
      )}
      {problem && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)} closeButtonLabel={t("common.close")}>
          {problem}
        </Alert>
      )}
      {generation.offline && running && (
        <Alert color="gray" variant="light">
          {t("generator.offlineBody")}
        </Alert>
      )}
      {baseVersion > 0 && !running && (
        <Alert color={report.passed ? "teal" : "red"} variant="light" role="status" data-testid="lint-summary">
          {report.passed ? t("listings.builder.passes") : t("listings.builder.fails", { count: errorCount })}
        </Alert>
      )}

      {baseVersion > 0 && (
        <PublishPanel
          listingId={listing.id}
          store={listing.marketplace}
          dir={dir}
          blocked={running ? t("amazon.publish.writingNow") : dirty ? t("amazon.publish.saveFirst") : null}
          onChanged={revalidateListing}
        />
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md" ref={sectionsRef} style={{ scrollMarginTop: 80 }}>
            {unwritten && (
              <Paper withBorder p="lg" radius="md">
                <EmptyState
                  title={t("listings.builder.emptyTitle")}
                  action={
                    <Group gap="xs" justify="center">
                      <Button leftSection={<IconSparkles size={16} aria-hidden />} onClick={() => void write()}>
                        {t("listings.builder.write")}
                      </Button>
                      <Button variant="default" onClick={() => setManual(true)}>
                        {t("listings.builder.writeMyself")}
                      </Button>
                    </Group>
                  }
                >
                  {t("listings.builder.emptyBody")}
                </EmptyState>
              </Paper>
            )}
            {!unwritten && (
              <>
                <SectionCardFrame {...frame("title")} violations={sections.title?.violations ?? []} copyText={copy.title}>
                  <SectionText id="title" label={t("listings.section.title")} value={copy.title} report={sections.title} disabled={running} dir={dir} onChange={(title) => edit((c) => ({ ...c, title }))} />
                </SectionCardFrame>
                {ruleSet.sections.itemHighlights && (
                  <SectionCardFrame {...frame("itemHighlights")} violations={sections.itemHighlights?.violations ?? []} copyText={copy.itemHighlights}>
                    <SectionText id="itemHighlights" label={t("listings.section.itemHighlights")} value={copy.itemHighlights} report={sections.itemHighlights} disabled={running} dir={dir} onChange={(itemHighlights) => edit((c) => ({ ...c, itemHighlights }))} />
                  </SectionCardFrame>
                )}
                <SectionCardFrame {...frame("bullets")} violations={bulletViolations} copyText={copy.bullets.join("\n")}>
                  <Stack gap="md">
                    {copy.bullets.map((bullet, index) => (
                      <SectionText
                        key={index}
                        id={`bullet-${index + 1}`}
                        label={t("listings.bullet.label", { n: index + 1 })}
                        value={bullet}
                        report={sections.bullets?.[index]}
                        disabled={running}
                        dir={dir}
                        onChange={(text) => edit((c) => ({ ...c, bullets: c.bullets.map((b, i) => (i === index ? text : b)) }))}
                        onRemove={() => edit((c) => ({ ...c, bullets: c.bullets.filter((_, i) => i !== index) }))}
                      />
                    ))}
                    <ViolationList violations={sections.bulletList?.violations ?? []} />
                    <Group>
                      <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => edit((c) => ({ ...c, bullets: [...c.bullets, ""] }))} disabled={running || copy.bullets.length >= maxSavedBullets}>
                        {t("listings.bullet.add")}
                      </Button>
                    </Group>
                  </Stack>
                </SectionCardFrame>
                <SectionCardFrame {...frame("description")} violations={sections.description?.violations ?? []} copyText={copy.description}>
                  <SectionText id="description" label={t("listings.section.description")} value={copy.description} report={sections.description} disabled={running} dir={dir} onChange={(description) => edit((c) => ({ ...c, description }))} />
                </SectionCardFrame>
                <SectionCardFrame {...frame("searchTerms")} violations={sections.searchTerms?.violations ?? []} copyText={copy.searchTerms}>
                  <SectionText id="searchTerms" label={t("listings.section.searchTerms")} value={copy.searchTerms} report={sections.searchTerms} unit="bytes" disabled={running} dir={dir} onChange={(searchTerms) => edit((c) => ({ ...c, searchTerms }))} />
                </SectionCardFrame>
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 2, md: 1 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="keywords-heading" mb="md">
            <KeywordPanel
              listingId={listing.id}
              bank={bank}
              report={coverage}
              hasHighlights={Boolean(ruleSet.sections.itemHighlights)}
              disabled={running}
              canUndoFill={beforeFill !== null}
              onBankChange={setBank}
              onFill={() => void fill()}
              onUndoFill={undoFill}
              language={language}
              store={listing.marketplace}
            />
          </Paper>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="facts-heading">
            <Stack gap="sm">
              <Title order={2} fz="md" id="facts-heading">
                {t("listings.builder.facts")}
              </Title>
              <Text size="xs" c="dimmed">
                {t("listings.builder.factsHint")}
              </Text>
              <FactsFields
                compact
                values={facts}
                errors={fetcher.data && !fetcher.data.ok && "fieldErrors" in fetcher.data ? (fetcher.data.fieldErrors as Record<string, string>) : undefined}
                disabled={running}
                onChange={(name, value) => {
                  setFacts((current) => ({ ...current, [name]: value }));
                  setDirty(true);
                }}
              />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

import { Alert, Badge, Button, FileButton, Group, Modal, RingProgress, SegmentedControl, Stack, Table, Text, Textarea, Title, VisuallyHidden } from "@mantine/core";
import { IconArrowBackUp, IconClipboardText, IconFileImport, IconWand } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import { readApiError } from "#app/lib/errors.ts";
import { intlTag } from "#app/lib/intl.ts";
import { indexedFields, type CoverageReport, type IndexedField } from "./coverage.ts";
import { maxImportBytes, parseKeywordLines, type Keyword, type KeywordImport } from "./import.ts";
import { describeScriptMismatch, keywordScriptMismatch } from "./script.ts";

const chipLetters: Record<IndexedField, { letter: string; label: MessageKey }> = {
  title: { letter: "T", label: "listings.section.title" },
  itemHighlights: { letter: "H", label: "listings.section.itemHighlights" },
  bullets: { letter: "B", label: "listings.section.bullets" },
  description: { letter: "D", label: "listings.section.description" },
  searchTerms: { letter: "S", label: "listings.section.searchTerms" },
};

type Preview = Extract<KeywordImport, { ok: true }>;

/** The keyword bank beside the sections: score, phrases with their placement, import, and "Fill search terms". */
export function KeywordPanel({
  listingId,
  bank,
  report,
  hasHighlights,
  disabled,
  canUndoFill,
  onBankChange,
  onFill,
  onUndoFill,
  language,
  store,
}: {
  listingId: string;
  /** The listing's language and store: a bank in another script gets a warning. */
  language: string;
  store: string;
  bank: Keyword[];
  report: CoverageReport;
  hasHighlights: boolean;
  disabled: boolean;
  canUndoFill: boolean;
  onBankChange(bank: Keyword[]): void;
  onFill(): void;
  onUndoFill(): void;
}) {
  const { t, locale } = useI18n();
  const [filter, setFilter] = useState<"all" | "missing">("all");
  const [sort, setSort] = useState<"volume" | "phrase">("volume");
  const [shown, setShown] = useState(50);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [pasteOpen, setPasteOpen] = useState(false);
  const [pasteText, setPasteText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const number = useMemo(() => new Intl.NumberFormat(intlTag(locale)), [locale]);
  const fields = indexedFields.filter((field) => field !== "itemHighlights" || hasHighlights);

  const rows = useMemo(() => {
    const list = report.keywords.filter((keyword) => filter === "all" || keyword.match !== "exact");
    return sort === "volume" ? [...list].sort((a, b) => (b.volume ?? -1) - (a.volume ?? -1)) : [...list].sort((a, b) => a.phrase.localeCompare(b.phrase, locale));
  }, [report, filter, sort, locale]);
  const missing = report.keywords.filter((keyword) => keyword.match === "none").length;
  const mismatch = useMemo(() => keywordScriptMismatch(bank.map((keyword) => keyword.phrase), language), [bank, language]);

  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    if (file.size > maxImportBytes) {
      setProblem(t("keywords.error.tooLarge", { mb: maxImportBytes / 1024 / 1024 }));
      return;
    }
    setBusy(true);
    try {
      const response = await fetch("/api/keywords/import", { method: "POST", headers: { "Content-Type": "application/octet-stream" }, body: file });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) setProblem(readApiError(body)?.error ?? t("keywords.importFailed"));
      else setPreview(body as Preview);
    } catch {
      setProblem(t("keywords.importFailed"));
    } finally {
      setBusy(false);
    }
  };

  const previewPaste = async () => {
    const result = await parseKeywordLines(pasteText);
    if (!result.ok) {
      setProblem(t(result.reason === "tooMany" ? "keywords.error.tooManyFound" : "keywords.error.empty", { count: result.count ?? 0, max: 5000 }));
      return;
    }
    setPasteOpen(false);
    setPreview(result);
  };

  const save = async (keywords: Keyword[]) => {
    setBusy(true);
    setProblem(null);
    try {
      const response = await fetch(`/api/listings/${encodeURIComponent(listingId)}/keywords`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ keywords }) });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        setProblem(readApiError(body)?.error ?? t("keywords.saveFailed"));
        return;
      }
      onBankChange((body as { keywords: Keyword[] }).keywords);
      setPreview(null);
      setPasteText("");
    } catch {
      setProblem(t("keywords.saveFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="keyword-panel">
      <Group justify="space-between" wrap="nowrap" align="center">
        <Stack gap={2}>
          <Title order={2} fz="md" id="keywords-heading">
            {t("keywords.title")}
          </Title>
          <Text size="xs" c="dimmed">
            {bank.length === 0 ? t("keywords.emptyHint") : t("keywords.summary", { count: bank.length, missing })}
          </Text>
        </Stack>
        <RingProgress
          size={72}
          thickness={7}
          roundCaps
          sections={[{ value: report.score, color: report.score >= 80 ? "brand" : report.score >= 50 ? "yellow" : "red" }]}
          label={
            <Text ta="center" fw={700} size="sm" data-testid="coverage-score" aria-label={t("keywords.scoreLabel", { score: report.score })}>
              {report.score}
            </Text>
          }
        />
      </Group>
      {mismatch && (
        <Alert color="yellow" variant="light" data-testid="keyword-script-warning">
          {describeScriptMismatch(mismatch, store, t)}
        </Alert>
      )}
      {problem && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)} closeButtonLabel={t("common.close")}>
          {problem}
        </Alert>
      )}
      <Group gap="xs">
        <FileButton onChange={(file) => void upload(file)} accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain">
          {(props) => (
            <Button {...props} size="compact-sm" variant="light" leftSection={<IconFileImport size={14} aria-hidden />} loading={busy} disabled={disabled}>
              {t("keywords.import")}
            </Button>
          )}
        </FileButton>
        <Button size="compact-sm" variant="light" leftSection={<IconClipboardText size={14} aria-hidden />} onClick={() => setPasteOpen(true)} disabled={disabled}>
          {t("keywords.paste")}
        </Button>
      </Group>
      {bank.length > 0 && (
        <>
          <Group gap="xs">
            <Button size="compact-sm" leftSection={<IconWand size={14} aria-hidden />} onClick={onFill} disabled={disabled}>
              {t("keywords.fill")}
            </Button>
            {canUndoFill && (
              <Button size="compact-sm" variant="subtle" leftSection={<IconArrowBackUp size={14} aria-hidden />} onClick={onUndoFill} disabled={disabled}>
                {t("keywords.undoFill")}
              </Button>
            )}
          </Group>
          <Group gap="xs" wrap="wrap">
            <ChoiceControl label={t("keywords.filter.label")} value={filter} onChange={setFilter} choices={{ all: t("keywords.filter.all"), missing: t("keywords.filter.missing") }} />
            <ChoiceControl label={t("keywords.sort.label")} value={sort} onChange={setSort} choices={{ volume: t("keywords.sort.volume"), phrase: t("keywords.sort.phrase") }} />
          </Group>
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("keywords.listLabel")}>
            {rows.slice(0, shown).map((keyword) => {
              const where = keyword.fields.map((field) => t(chipLetters[field].label)).join(", ");
              const state = keyword.match === "exact" ? t("keywords.match.exact", { fields: where }) : keyword.match === "words" ? t("keywords.match.words", { fields: where }) : t("keywords.match.none");
              return (
                <Group key={keyword.phrase} component="li" justify="space-between" wrap="nowrap" gap="xs" py={6} style={{ borderTop: "1px solid var(--mantine-color-default-border)" }} data-match={keyword.match}>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {keyword.phrase}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {keyword.volume === null ? t("keywords.noVolume") : t("keywords.volume", { volume: number.format(keyword.volume) })}
                      <VisuallyHidden>{` · ${state}`}</VisuallyHidden>
                    </Text>
                  </Stack>
                  <Group gap={2} wrap="nowrap" aria-hidden="true">
                    {fields.map((field) => {
                      const here = keyword.fields.includes(field);
                      return (
                        <Badge key={field} size="xs" radius="sm" w={22} px={0} variant={here ? (keyword.match === "exact" ? "filled" : "light") : "outline"} color={here ? "brand" : "gray"} title={t(chipLetters[field].label)} style={here ? undefined : { opacity: 0.55 }}>
                          {chipLetters[field].letter}
                        </Badge>
                      );
                    })}
                  </Group>
                </Group>
              );
            })}
          </Stack>
          {rows.length > shown && (
            <Button size="compact-sm" variant="subtle" onClick={() => setShown((count) => count + 100)}>
              {t("keywords.showMore", { count: rows.length - shown })}
            </Button>
          )}
          {rows.length === 0 && (
            <Text size="sm" c="dimmed">
              {t("keywords.allExact")}
            </Text>
          )}
        </>
      )}

      <Modal opened={pasteOpen} onClose={() => setPasteOpen(false)} title={t("keywords.pasteTitle")} size="lg">
        <Stack gap="sm">
          <Textarea label={t("keywords.pasteLabel")} description={t("keywords.pasteHint")} value={pasteText} onChange={(event) => setPasteText(event.currentTarget.value)} autosize minRows={6} maxRows={14} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPasteOpen(false)}>
              {t("common.cancel")}
            </Button>
            <Button onClick={previewPaste} disabled={pasteText.trim() === ""}>
              {t("keywords.previewButton")}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={preview !== null} onClose={() => setPreview(null)} title={t("keywords.previewTitle")} size="lg">
        {preview && (
          <Stack gap="sm">
            <Text size="sm">
              {t(`keywords.format.${preview.format}`, { phrase: preview.phraseColumn ?? "", volume: preview.volumeColumn ?? "—" })} {t("keywords.previewCount", { count: preview.keywords.length })}
            </Text>
            {(preview.counts.duplicates > 0 || preview.counts.badVolume > 0 || preview.counts.tooLong > 0) && (
              <Text size="xs" c="dimmed">
                {t("keywords.previewCounts", { duplicates: preview.counts.duplicates, badVolume: preview.counts.badVolume, tooLong: preview.counts.tooLong })}
              </Text>
            )}
            <Table.ScrollContainer minWidth={280} type="native">
              <Table striped verticalSpacing={4} fz="sm" aria-label={t("keywords.previewTitle")}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("keywords.column.phrase")}</Table.Th>
                    <Table.Th ta="end">{t("keywords.column.volume")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.keywords.slice(0, 10).map((keyword) => (
                    <Table.Tr key={keyword.phrase}>
                      <Table.Td>{keyword.phrase}</Table.Td>
                      <Table.Td ta="end">{keyword.volume === null ? "—" : number.format(keyword.volume)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPreview(null)}>
                {t("common.cancel")}
              </Button>
              <Button onClick={() => void save([...bank, ...preview.keywords])} loading={busy}>
                {t("keywords.addToBank", { count: preview.keywords.length })}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

/** A small segmented choice whose value is one of `choices`' keys. */
function ChoiceControl<Value extends string>({ label, value, onChange, choices }: { label: string; value: Value; onChange: (value: Value) => void; choices: Record<Value, string> }) {
  return (
    <SegmentedControl
      size="xs"
      value={value}
      onChange={(picked) => onChange(picked as Value)}
      data={(Object.entries(choices) as [Value, string][]).map(([choice, text]) => ({ value: choice, label: text }))}
      aria-label={label}
    />
  );
}

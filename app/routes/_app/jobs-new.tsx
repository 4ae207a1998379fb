import { Alert, Anchor, Badge, Button, Card, Checkbox, FileButton, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconFileSpreadsheet, IconPlayerPlay, IconUpload } from "@tabler/icons-react";
import { Fragment, useEffect, useRef, useState, type DragEvent } from "react";
import { Link, useNavigate } from "react-router";
import { getWorkspaceBilling } from "#app/features/billing/credits.server.ts";
import { catalogFields, columnLetter, maxCatalogBytes, maxCatalogRows, reportFields, requiredCatalogFields, type CatalogField, type CatalogMapping, type ReportField } from "#app/features/jobs/catalog-import/catalog-file.ts";
import type { ReportRecognition } from "#app/features/jobs/catalog-import/seller-central.ts";
import { getJobRunner } from "#app/features/jobs/job-runner.server.ts";
import { JobFigure } from "#app/features/jobs/job-ui.tsx";
import classes from "#app/features/jobs/jobs.module.css";
import type { JobProgress } from "#app/features/jobs/types.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { MarketplaceSelect } from "#app/features/marketplaces/marketplace-select.tsx";
import { getMarketplace, marketplaces, ruleSetFor } from "#app/features/marketplaces/registry.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import { sectionLabels } from "#app/features/listings/section-labels.ts";
import { sectionNames, type SectionName } from "#app/features/rules/types.ts";
import { requireMembership } from "#app/features/auth/active-workspace.server.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { readApiError } from "#app/lib/errors.ts";
import { intlTag } from "#app/lib/intl.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/jobs-new";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "jobs.new.meta");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { membership } = await requireMembership({ request, context });
  const { db, config } = getServices();
  const workspaceId = membership.workspaceId;
  const [{ ruleSetId, marketplaces: stores }, billing] = await Promise.all([getListingSettings({ db, workspaceId }), getWorkspaceBilling({ db, workspaceId, trialWords: config.billing.trialWords })]);
  // The words one row reserves for each choice of sections: the job's own estimate (its runner's).
  const runner = getJobRunner();
  const wordsPerRow: Record<string, number> = {};
  for (let mask = 1; mask < 1 << sectionNames.length; mask++) {
    const sections = sectionNames.filter((_, i) => mask & (1 << i));
    wordsPerRow[sections.join(",")] = runner.rowWords({ sections, marketplace: stores[0]!, ruleSetId });
  }
  // Stores whose rules have no item highlights (yet): the job leaves that section out there.
  const noHighlights = marketplaces.filter((marketplace) => !getRuleSet(ruleSetFor(marketplace, ruleSetId))?.sections.itemHighlights).map((marketplace) => marketplace.id);
  return { stores, available: billing.balance.available, wordsPerRow, noHighlights, limits: { maxRows: maxCatalogRows, maxMegabytes: maxCatalogBytes / 1024 / 1024 } };
}

/** POST /api/jobs/preview's answer. */
interface CatalogPreview {
  fileName: string;
  format: string;
  encoding: string;
  columns: string[];
  sample: string[][];
  rows: number;
  emptyRowsSkipped: number;
  mapping: CatalogMapping;
  /** Whether the file is a Seller Central report (mapped by its names), or why it is not one. */
  report: ReportRecognition;
}

/** A field the page offers a column for: the facts' and, for a Seller Central report, its SKU, ASIN and description. */
type MappedField = CatalogField | ReportField;
type FieldErrors = Partial<Record<MappedField | "brandForAll" | "sections" | "marketplace", string>>;

const requiredFields: readonly CatalogField[] = requiredCatalogFields;
const acceptedFiles = ".csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const shownSampleRows = 5;

export default function NewJob({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const number = (n: number) => n.toLocaleString(intlTag(locale));
  const { limits } = loaderData;

  // Everything chosen stays here until the job starts: an error never loses the file, the mapping or the options.
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CatalogPreview | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [mapping, setMapping] = useState<CatalogMapping | null>(null);
  const [sections, setSections] = useState<SectionName[]>([...sectionNames]);
  const [marketplaceId, setMarketplaceId] = useState(loaderData.stores[0] ?? marketplaces[0]!.id);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [startError, setStartError] = useState<{ message: string; billing: boolean } | null>(null);
  const [starting, setStarting] = useState(false);
  const mapHeading = useRef<HTMLHeadingElement>(null);
  // Set when the first preview arrives; the effect focuses the mapping step's heading after React has put it on the page.
  const [focusMapHeading, setFocusMapHeading] = useState(false);
  useEffect(() => {
    if (!focusMapHeading || !mapHeading.current) return;
    mapHeading.current.focus();
    setFocusMapHeading(false);
  }, [focusMapHeading, preview]);
  const started = useRef(false);

  // A file read and mapped is work: leaving the page asks first (until the job has started).
  useEffect(() => {
    if (!preview) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!started.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [preview]);

  const readCatalog = async (chosen: File | null) => {
    if (!chosen) return;
    setUploadError(null);
    if (chosen.size > limits.maxMegabytes * 1024 * 1024) {
      setUploadError(t("jobs.error.tooLarge", limits));
      return;
    }
    setReading(chosen.name);
    try {
      const form = new FormData();
      form.append("file", chosen);
      const response = await fetch("/api/jobs/preview", { method: "POST", body: form, headers: { Accept: "application/json" } });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        setUploadError(readApiError(body)?.error ?? t("jobs.upload.failed"));
        return;
      }
      const next = body as CatalogPreview;
      const hadPreview = preview !== null;
      setFile(chosen);
      setPreview(next);
      setMapping(next.mapping);
      setFieldErrors({});
      setStartError(null);
      // The next step's heading takes the focus once it is on the page (the effect below), so keyboards
      // and screen readers go on from there.
      if (!hadPreview) setFocusMapHeading(true);
    } catch {
      setUploadError(t("jobs.upload.failed"));
    } finally {
      setReading(null);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void readCatalog(event.dataTransfer.files[0] ?? null);
  };

  const marketplace = getMarketplace(marketplaceId) ?? marketplaces[0]!;
  const hasHighlights = !loaderData.noHighlights.includes(marketplace.id);
  const written = sectionNames.filter((section) => sections.includes(section) && (section !== "itemHighlights" || hasHighlights));
  const perRow = written.length > 0 ? (loaderData.wordsPerRow[written.join(",")] ?? 0) : 0;
  const rows = preview?.rows ?? 0;
  const needed = rows * perRow;
  const available = loaderData.available;

  const fieldLabel = (field: MappedField) => t(`jobs.map.field.${field}`);
  // A report's own columns get a field only when the file is one of Seller Central's reports.
  const shownFields: readonly MappedField[] = preview?.report.report ? [...catalogFields, ...reportFields] : catalogFields;
  const columnLabel = (index: number) => {
    const name = preview?.columns[index]?.trim();
    return name ? `${name} (${columnLetter(index)})` : t("jobs.map.column", { letter: columnLetter(index) });
  };

  const check = (): FieldErrors => {
    const errors: FieldErrors = {};
    if (!mapping) return errors;
    for (const field of requiredFields) {
      if (mapping[field] !== null || (field === "brand" && mapping.brandForAll?.trim())) continue;
      // A brand column not chosen: the field beside it takes the brand typed once, and says so.
      if (field === "brand") errors.brandForAll = t("jobs.error.brandForAll");
      else errors[field] = t("jobs.error.missingColumn", { field: t(`jobs.field.${field}`) });
    }
    const byColumn = new Map<number, MappedField[]>();
    for (const field of shownFields) {
      const column = mapping[field];
      if (column !== null && column !== undefined) byColumn.set(column, [...(byColumn.get(column) ?? []), field]);
    }
    for (const fields of byColumn.values()) if (fields.length > 1) for (const field of fields) errors[field] = t("jobs.error.columnTwice");
    if (written.length === 0) errors.sections = t("jobs.options.noSections");
    return errors;
  };

  const focusFirstError = (errors: Partial<Record<string, string>>) => {
    const first = [...shownFields.flatMap((field) => (field === "brand" ? ["brand", "brandForAll"] : [field])), "sections", "marketplace"].find((field) => errors[field]);
    if (first) requestAnimationFrame(() => document.getElementById(`job-field-${first}`)?.focus());
  };

  const start = async () => {
    if (!file || !mapping || starting) return;
    setStartError(null);
    const errors = check();
    if (Object.keys(errors).length > 0) {
      setFieldErrors(errors);
      setStartError({ message: errors.sections && Object.keys(errors).length === 1 ? errors.sections : t("jobs.error.mapping"), billing: false });
      focusFirstError(errors);
      return;
    }
    setFieldErrors({});
    setStarting(true);
    try {
      const form = new FormData();
      form.append("file", file);
      form.append("mapping", JSON.stringify(mapping));
      form.append("options", JSON.stringify({ sections: written, marketplace: marketplace.id }));
      const response = await fetch("/api/jobs", { method: "POST", body: form, headers: { Accept: "application/json" } });
      const body: unknown = await response.json().catch(() => null);
      if (response.status === 201) {
        started.current = true;
        await navigate(`/jobs/${(body as { job: JobProgress }).job.id}`);
        return;
      }
      const error = readApiError(body);
      const serverErrors: FieldErrors = { ...(error?.fieldErrors ?? {}) };
      if (error?.code === "UNKNOWN_MARKETPLACE") serverErrors.marketplace = error.error;
      setFieldErrors(serverErrors);
      focusFirstError(serverErrors);
      setStartError({ message: error?.error ?? t("jobs.start.failed"), billing: error?.code === "NO_CREDITS" });
    } catch {
      setStartError({ message: t("jobs.start.failed"), billing: false });
    } finally {
      setStarting(false);
    }
  };

  const setField = (field: MappedField, value: string) => {
    setMapping((current) => {
      if (!current) return current;
      const next: CatalogMapping = { ...current, [field]: value === "" ? null : Number(value) };
      // The further bullet columns go with the key-feature column the report proposed.
      if (field === "keyFeatures") delete next.keyFeaturesMore;
      return next;
    });
    setFieldErrors((current) => {
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });
  };

  const setBrandForAll = (value: string) => {
    setMapping((current) => (current ? { ...current, brandForAll: value } : current));
    setFieldErrors(({ brandForAll: _typed, brand: _column, ...rest }) => rest);
  };

  /** What the page says of the file: the report recognised, or why it is read as the seller's own catalog. */
  const reportNote = (report: ReportRecognition): string => {
    if (report.report === "allListings") return t("jobs.map.report.allListings");
    if (report.report === "flatFile") return t("jobs.map.report.flatFile", { template: report.templateType ?? "" });
    const why = (report: ReportRecognition["misses"][number] | undefined) =>
      [...(report && report.missing.length > 0 ? [t("jobs.map.report.missingColumns", { columns: report.missing.join(", ") })] : []), ...(report?.noTemplateRow ? [t("jobs.map.report.noTemplateRow")] : [])].join(t("jobs.map.report.separator"));
    return t("jobs.map.report.none", { allListings: why(report.misses.find((miss) => miss.report === "allListings")), flatFile: why(report.misses.find((miss) => miss.report === "flatFile")) });
  };

  const chooseButton = (label: string, variant: "filled" | "default") => (
    <FileButton onChange={(chosen) => void readCatalog(chosen)} accept={acceptedFiles}>
      {(props) => (
        <Button {...props} variant={variant} leftSection={<IconUpload size={16} aria-hidden />} loading={reading !== null}>
          {label}
        </Button>
      )}
    </FileButton>
  );

  const billingLink = (
    <Anchor component={Link} to="/settings/billing" size="sm" fw={600} c="inherit" underline="always">
      {t("jobs.words.plans")}
    </Anchor>
  );

  return (
    <Stack gap="lg" maw={1040}>
      <Stack gap={4}>
        <Anchor component={Link} to="/jobs" size="sm">
          ← {t("jobs.title")}
        </Anchor>
        <Title order={1}>{t("jobs.new.title")}</Title>
        <Text c="dimmed">{t("jobs.new.subtitle")}</Text>
      </Stack>

      {!preview ? (
        <Card withBorder padding="lg" component="section" aria-labelledby="upload-heading">
          <Stack gap="md">
            <Title order={2} fz="lg" id="upload-heading">
              {t("jobs.upload.title")}
            </Title>
            <div
              className={classes.dropArea}
              data-dragging={dragging || undefined}
              role="group"
              aria-label={t("jobs.upload.dropArea")}
              onDragEnter={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragOver={(event) => event.preventDefault()}
              onDragLeave={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
              }}
              onDrop={onDrop}
            >
              <Stack align="center" gap="sm">
                <IconFileSpreadsheet size={40} stroke={1.4} aria-hidden color="var(--mantine-color-brand-8)" />
                <Text fw={600}>{t("jobs.upload.drop")}</Text>
                {chooseButton(t("jobs.upload.choose"), "filled")}
                <Text size="sm" c="dimmed" maw={520}>
                  {t("jobs.upload.limits", limits)}
                </Text>
                {reading ? (
                  <Text size="sm" role="status">
                    {t("jobs.upload.reading", { file: reading })}
                  </Text>
                ) : null}
              </Stack>
            </div>
            {uploadError ? (
              <Alert color="red" role="alert" data-testid="upload-error" withCloseButton onClose={() => setUploadError(null)} closeButtonLabel={t("common.close")}>
                {uploadError}
              </Alert>
            ) : null}
            <Text size="sm">
              <Anchor href="/samples/catalog-sample.csv" download="catalog-sample.csv">
                {t("jobs.upload.sample")}
              </Anchor>
              {" · "}
              <Text span c="dimmed" size="sm">
                {t("jobs.upload.sampleHint")}
              </Text>
            </Text>
          </Stack>
        </Card>
      ) : (
        <>
          <Card withBorder padding="md">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: "anywhere" }} data-testid="file-summary">
                  {t("jobs.map.fileSummary", { file: preview.fileName, rows: preview.rows })}
                </Text>
                {preview.emptyRowsSkipped > 0 ? (
                  <Text size="sm" c="dimmed">
                    {t("jobs.map.emptySkipped", { count: preview.emptyRowsSkipped })}
                  </Text>
                ) : null}
              </Stack>
              {chooseButton(t("jobs.map.otherFile"), "default")}
            </Group>
            {uploadError ? (
              <Alert color="red" role="alert" mt="sm" data-testid="upload-error" withCloseButton onClose={() => setUploadError(null)} closeButtonLabel={t("common.close")}>
                {uploadError}
              </Alert>
            ) : null}
          </Card>

          <Card withBorder padding="lg" component="section" aria-labelledby="map-heading">
            <Stack gap="md">
              <div>
                <Title order={2} fz="lg" id="map-heading" ref={mapHeading} tabIndex={-1} className={classes.focusTarget}>
                  {t("jobs.map.title")}
                </Title>
                <Text size="sm" c="dimmed">
                  {t("jobs.map.hint")}
                </Text>
                <Text size="sm" c={preview.report.report ? undefined : "dimmed"} fw={preview.report.report ? 600 : undefined} mt={4} data-testid="report-note" style={{ overflowWrap: "anywhere" }}>
                  {reportNote(preview.report)}
                </Text>
              </div>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
                {shownFields.map((field) => {
                  const column = mapping?.[field] ?? null;
                  const example = column === null ? undefined : preview.sample[0]?.[column]?.trim();
                  const exampleText = column === null ? undefined : example ? t("jobs.map.example", { value: example.length > 60 ? `${example.slice(0, 60)}…` : example }) : t("jobs.map.exampleEmpty");
                  const more = field === "keyFeatures" && mapping?.keyFeaturesMore?.length ? t("jobs.map.keyFeaturesMore", { columns: mapping.keyFeaturesMore.map((index) => columnLabel(index)).join(", ") }) : undefined;
                  const hint = field === "keywords" ? t("jobs.map.keywordsHint") : field === "marketplace" ? t("jobs.map.marketplaceHint") : field === "description" ? t("jobs.map.descriptionHint") : more;
                  const select = (
                    <NativeSelect
                      key={field}
                      id={`job-field-${field}`}
                      label={fieldLabel(field)}
                      withAsterisk={(requiredFields as readonly MappedField[]).includes(field)}
                      aria-required={(requiredFields as readonly MappedField[]).includes(field) || undefined}
                      value={column === null ? "" : String(column)}
                      onChange={(event) => setField(field, event.currentTarget.value)}
                      error={fieldErrors[field]}
                      description={[exampleText, hint].filter(Boolean).join(" · ") || undefined}
                      data={[{ value: "", label: t("jobs.map.notInFile") }, ...preview.columns.map((_, index) => ({ value: String(index), label: columnLabel(index) }))]}
                      inputWrapperOrder={["label", "input", "description", "error"]}
                      styles={{ description: { overflowWrap: "anywhere" } }}
                    />
                  );
                  // Without a brand column the brand is typed once, next to the brand's field.
                  if (field !== "brand" || mapping?.brand !== null) return select;
                  return (
                    <Fragment key={field}>
                      {select}
                      <TextInput
                        id="job-field-brandForAll"
                        label={t("jobs.map.brandForAll")}
                        description={t("jobs.map.brandForAllHint")}
                        value={mapping.brandForAll ?? ""}
                        onChange={(event) => setBrandForAll(event.currentTarget.value)}
                        maxLength={100}
                        error={fieldErrors.brandForAll}
                        inputWrapperOrder={["label", "input", "description", "error"]}
                      />
                    </Fragment>
                  );
                })}
              </SimpleGrid>
              <Stack gap={6}>
                <Title order={3} fz="md">
                  {t("jobs.map.previewTitle")}
                </Title>
                <div className={classes.previewScroll} role="region" aria-label={t("jobs.map.previewLabel", { file: preview.fileName })} tabIndex={0}>
                  <Table className={classes.previewTable} striped withColumnBorders verticalSpacing="xs" fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        {preview.columns.map((name, index) => {
                          const fields = shownFields.filter((field) => mapping?.[field] === index || (field === "keyFeatures" && mapping?.keyFeaturesMore?.includes(index)));
                          return (
                            <Table.Th key={index} scope="col">
                              <Stack gap={4}>
                                <span>{name.trim() ? name : t("jobs.map.column", { letter: columnLetter(index) })}</span>
                                {fields.map((field) => (
                                  <Badge key={field} variant="light" size="sm" style={{ textTransform: "none" }}>
                                    → {fieldLabel(field)}
                                  </Badge>
                                ))}
                              </Stack>
                            </Table.Th>
                          );
                        })}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {preview.sample.slice(0, shownSampleRows).map((cells, row) => (
                        <Table.Tr key={row}>
                          {preview.columns.map((_, index) => (
                            <Table.Td key={index}>
                              <span className={classes.previewCell}>{cells[index] ?? ""}</span>
                            </Table.Td>
                          ))}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </div>
                <Text size="xs" c="dimmed">
                  {t("jobs.map.previewMore", { shown: Math.min(shownSampleRows, preview.sample.length, preview.rows), total: preview.rows })}
                </Text>
              </Stack>
            </Stack>
          </Card>

          <Card withBorder padding="lg" component="section" aria-labelledby="options-heading">
            <Stack gap="md">
              <Title order={2} fz="lg" id="options-heading">
                {t("jobs.options.title")}
              </Title>
              <Checkbox.Group
                id="job-field-sections"
                label={t("jobs.options.sections")}
                value={sections}
                onChange={(value) => {
                  setSections(value as SectionName[]);
                  setFieldErrors(({ sections: _dropped, ...rest }) => rest);
                }}
                error={fieldErrors.sections}
              >
                <Group gap="md" mt={6}>
                  {sectionNames.map((section) => (
                    <Checkbox
                      key={section}
                      value={section}
                      label={t(sectionLabels[section])}
                      disabled={section === "itemHighlights" && !hasHighlights}
                      description={section === "itemHighlights" && !hasHighlights ? t("jobs.options.noHighlights") : undefined}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
              <MarketplaceSelect
                value={marketplaceId}
                stores={loaderData.stores}
                onChange={(id) => {
                  setMarketplaceId(id);
                  setFieldErrors(({ marketplace: _dropped, ...rest }) => rest);
                }}
                label={t("jobs.options.defaultStore")}
                description={t("jobs.options.defaultStoreHint")}
                error={fieldErrors.marketplace}
              />
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" data-testid="job-numbers">
                <JobFigure label={t("jobs.numbers.products")} value={number(rows)} testId="job-rows" />
                <JobFigure label={t("jobs.numbers.skipped")} value={number(preview.emptyRowsSkipped)} />
                <JobFigure label={t("jobs.numbers.reserve")} value={number(needed)} hint={t("jobs.numbers.reserveHint", { perRow })} testId="job-words-needed" />
                <JobFigure label={t("jobs.numbers.available")} value={number(available)} testId="job-words-available" />
              </SimpleGrid>
              {perRow > 0 && available < perRow ? (
                <Alert color="red" variant="light" data-testid="words-too-few">
                  <Stack gap={4}>
                    <Text size="sm">{t("jobs.error.noWords", { needed: perRow, available })}</Text>
                    {billingLink}
                  </Stack>
                </Alert>
              ) : needed > available ? (
                <Alert color="yellow" variant="light" data-testid="words-will-pause">
                  <Stack gap={4}>
                    <Text size="sm">{t("jobs.words.willPause", { needed, available })}</Text>
                    {billingLink}
                  </Stack>
                </Alert>
              ) : null}
              {startError ? (
                <Alert color="red" role="alert" data-testid="start-error" withCloseButton onClose={() => setStartError(null)} closeButtonLabel={t("common.close")}>
                  <Stack gap={4}>
                    <Text size="sm">{startError.message}</Text>
                    {startError.billing ? billingLink : null}
                  </Stack>
                </Alert>
              ) : null}
              <Group>
                <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => void start()} loading={starting}>
                  {t("jobs.start")}
                </Button>
              </Group>
            </Stack>
          </Card>
        </>
      )}
    </Stack>
  );
}

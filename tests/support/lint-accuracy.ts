// The lint measured on real listings (issue 31): tests/fixtures/real-listings/listings.jsonl holds live
// listings from public data sets, labels.jsonl what a careful reviewer raises in a sample of their sections
// (LABELLING.md). A violation the lint raises counts as found when a label of the same code overlaps it;
// a label counts as caught when such a violation overlaps it. Read by npm run bench and a unit test.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getMarketplace, ruleSetFor } from "#app/features/marketplaces/registry.ts";
import { lintListing } from "#app/features/rules/lint.ts";
import { defaultRuleSetId, getRuleSet } from "#app/features/rules/registry.ts";
import type { ListingSections, SectionReport, Severity, ViolationCode } from "#app/features/rules/types.ts";

export const corpusDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/real-listings");

export interface CorpusListing {
  id: string;
  source: string;
  marketplace: string;
  language: string;
  asin?: string;
  brand?: string;
  title?: string;
  bullets?: string[];
  description?: string;
  searchTerms?: string;
}

export type LabelledSectionName = "title" | "bullets" | "description" | "searchTerms";

export interface SectionLabel {
  listing: string;
  section: LabelledSectionName;
  index?: number;
  violations: { code: string; text?: string; occurrence?: number }[];
  ambiguous?: boolean;
  notes?: string;
}

/** Length and count rules are arithmetic, held by unit tests; the corpus measures what the copy says (LABELLING.md). */
export const arithmeticCodes: ReadonlySet<string> = new Set(["too_long", "too_short", "bytes_over", "bullet_count", "bullets_total_too_long"]);

export const targets = { errorPrecision: 0.95, errorRecall: 0.9, warningPrecision: 0.85 } as const;

function readJsonLines<T>(file: string): T[] {
  return readFileSync(path.join(corpusDir, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}

export function loadCorpus(): { listings: Map<string, CorpusListing>; labels: SectionLabel[] } {
  const listings = new Map(readJsonLines<CorpusListing>("listings.jsonl").map((listing) => [listing.id, listing]));
  return { listings, labels: readJsonLines<SectionLabel>("labels.jsonl") };
}

/** The fixed slice the unit test holds: every other labelled section, in the file's order (labels are only appended). */
export function fixedSlice(labels: readonly SectionLabel[]): SectionLabel[] {
  return labels.filter((_, i) => i % 2 === 0);
}

function sectionText(listing: CorpusListing, label: SectionLabel): string | undefined {
  if (label.section === "bullets") return listing.bullets?.[label.index ?? 0];
  return listing[label.section];
}

/** Where a labelled text stands in the section: its `occurrence`-th appearance (exact, then ignoring case). */
function spanOf(text: string, needle: string, occurrence = 1): [number, number] | null {
  for (const haystack of [text, text.toLowerCase()]) {
    const wanted = haystack === text ? needle : needle.toLowerCase();
    let at = -1;
    for (let n = 0; n < occurrence; n++) {
      at = haystack.indexOf(wanted, at + 1);
      if (at === -1) break;
    }
    if (at !== -1) return [at, at + wanted.length];
  }
  return null;
}

export interface CodeFigures {
  code: string;
  severity: Severity;
  /** Violations the lint raised that a label confirms / does not. */
  truePositives: number;
  falsePositives: number;
  /** Labels the lint caught / missed. */
  caught: number;
  missed: number;
}

export interface AccuracyReport {
  sections: number;
  skippedAmbiguous: number;
  /** Labels whose text is not in the section (a labelling slip; counted nowhere else). */
  unresolved: { listing: string; section: string; code: string; text?: string }[];
  byCode: CodeFigures[];
  errors: { precision: number; recall: number; raised: number; labelled: number };
  warnings: { precision: number; recall: number; raised: number; labelled: number };
  /** Examples for whoever improves the rules: what was raised wrongly and what was missed. */
  falsePositives: { listing: string; section: string; code: string; text: string }[];
  misses: { listing: string; section: string; code: string; text: string }[];
  lintMs: { p50: number; p99: number };
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

/** Lints each labelled section's listing as the store's rule set does today and compares with the labels. */
export function measureLintAccuracy(listings: ReadonlyMap<string, CorpusListing>, labels: readonly SectionLabel[]): AccuracyReport {
  const figures = new Map<string, CodeFigures>();
  const tally = (code: string, severity: Severity) => {
    const key = `${code}:${severity}`;
    let entry = figures.get(key);
    if (!entry) figures.set(key, (entry = { code, severity, truePositives: 0, falsePositives: 0, caught: 0, missed: 0 }));
    return entry;
  };
  const report: AccuracyReport = { sections: 0, skippedAmbiguous: 0, unresolved: [], byCode: [], errors: { precision: 0, recall: 0, raised: 0, labelled: 0 }, warnings: { precision: 0, recall: 0, raised: 0, labelled: 0 }, falsePositives: [], misses: [], lintMs: { p50: 0, p99: 0 } };
  const timings: number[] = [];

  for (const label of labels) {
    if (label.ambiguous) {
      report.skippedAmbiguous++;
      continue;
    }
    const listing = listings.get(label.listing);
    const text = listing && sectionText(listing, label);
    if (!listing || text === undefined) throw new Error(`label for ${label.listing} ${label.section}${label.index ?? ""}: no such listing or section`);
    const marketplace = getMarketplace(listing.marketplace);
    if (!marketplace) throw new Error(`listing ${listing.id}: unknown store ${listing.marketplace}`);
    const ruleSet = getRuleSet(ruleSetFor(marketplace, defaultRuleSetId))!;
    const sections: ListingSections = { title: listing.title, bullets: listing.bullets, description: listing.description, searchTerms: listing.searchTerms };
    const input = { ruleSet, language: listing.language, brand: listing.brand, store: marketplace, sections };
    const lint = lintListing(input);
    // Timed again, warm, as the builder runs it on every keystroke (the first call per language compiles its word
    // lists): the median of five runs, so a garbage collection or the scheduler does not stand for the listing.
    const runs: number[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      lintListing(input);
      runs.push(performance.now() - started);
    }
    timings.push(runs.sort((a, b) => a - b)[2]!);
    const section: SectionReport | undefined = label.section === "bullets" ? lint.sections.bullets?.[label.index ?? 0] : lint.sections[label.section];
    const raised = (section?.violations ?? []).filter((violation) => !arithmeticCodes.has(violation.code));
    const checks = (label.section === "bullets" ? ruleSet.sections.bullets : ruleSet.sections[label.section]).checks;
    report.sections++;

    const expected = label.violations.flatMap((violation) => {
      if (arithmeticCodes.has(violation.code)) return [];
      const span = violation.text === undefined ? ([0, text.length] as [number, number]) : spanOf(text, violation.text, violation.occurrence);
      if (!span) {
        report.unresolved.push({ listing: label.listing, section: label.section, code: violation.code, ...(violation.text !== undefined ? { text: violation.text } : {}) });
        return [];
      }
      // A code the rule set does not check in this section is a miss at the severity it has elsewhere (error if none).
      const severity: Severity = checks[violation.code as ViolationCode] ?? "error";
      return [{ code: violation.code, start: span[0], end: span[1], severity }];
    });
    const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start === a.end || b.start === b.end || (a.start < b.end && a.end > b.start);
    const where = label.section === "bullets" ? `bullets[${label.index ?? 0}]` : label.section;
    for (const violation of raised) {
      const confirmed = expected.some((want) => want.code === violation.code && overlaps(want, violation));
      const entry = tally(violation.code, violation.severity);
      if (confirmed) entry.truePositives++;
      else {
        entry.falsePositives++;
        report.falsePositives.push({ listing: label.listing, section: where, code: violation.code, text: text.slice(violation.start, violation.end) });
      }
    }
    for (const want of expected) {
      const found = raised.some((violation) => violation.code === want.code && overlaps(want, violation));
      const entry = tally(want.code, want.severity);
      if (found) entry.caught++;
      else {
        entry.missed++;
        report.misses.push({ listing: label.listing, section: where, code: want.code, text: text.slice(want.start, want.end) });
      }
    }
  }

  report.byCode = [...figures.values()].sort((a, b) => a.severity.localeCompare(b.severity) || a.code.localeCompare(b.code));
  for (const severity of ["error", "warning"] as const) {
    const rows = report.byCode.filter((row) => row.severity === severity);
    const tp = rows.reduce((sum, row) => sum + row.truePositives, 0);
    const fp = rows.reduce((sum, row) => sum + row.falsePositives, 0);
    const caught = rows.reduce((sum, row) => sum + row.caught, 0);
    const missed = rows.reduce((sum, row) => sum + row.missed, 0);
    report[severity === "error" ? "errors" : "warnings"] = { precision: ratio(tp, tp + fp), recall: ratio(caught, caught + missed), raised: tp + fp, labelled: caught + missed };
  }
  timings.sort((a, b) => a - b);
  const at = (p: number) => timings[Math.min(timings.length - 1, Math.floor(timings.length * p))] ?? 0;
  report.lintMs = { p50: at(0.5), p99: at(0.99) };
  return report;
}

export const precisionOf = (row: CodeFigures) => ratio(row.truePositives, row.truePositives + row.falsePositives);
export const recallOf = (row: CodeFigures) => ratio(row.caught, row.caught + row.missed);

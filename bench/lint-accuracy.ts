// The lint on real listings (issue 31): precision and recall per code and overall on the labelled sample of
// tests/fixtures/real-listings, against targets, and the lint's time per listing there.
import { loadCorpus, measureLintAccuracy, precisionOf, recallOf, targets, type AccuracyReport } from "#tests/support/lint-accuracy.ts";

export function runLintAccuracyBench(): AccuracyReport {
  const { listings, labels } = loadCorpus();
  return measureLintAccuracy(listings, labels);
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const mark = (ok: boolean) => (ok ? "" : " !");

export function printLintAccuracy(report: AccuracyReport): void {
  const { errors, warnings } = report;
  console.log(`\nLint on real listings (${report.sections} labelled sections, ${report.skippedAmbiguous} ambiguous left out):`);
  console.log(`  errors:   precision ${percent(errors.precision)}${mark(errors.precision >= targets.errorPrecision)} (target >= ${percent(targets.errorPrecision)}), recall ${percent(errors.recall)}${mark(errors.recall >= targets.errorRecall)} (target >= ${percent(targets.errorRecall)}); ${errors.raised} raised, ${errors.labelled} labelled`);
  console.log(`  warnings: precision ${percent(warnings.precision)}${mark(warnings.precision >= targets.warningPrecision)} (target >= ${percent(targets.warningPrecision)}), recall ${percent(warnings.recall)}; ${warnings.raised} raised, ${warnings.labelled} labelled`);
  for (const row of report.byCode) {
    console.log(`    ${row.code.padEnd(22)} ${row.severity.padEnd(7)} precision ${percent(precisionOf(row)).padStart(6)} (${row.truePositives}/${row.truePositives + row.falsePositives})  recall ${percent(recallOf(row)).padStart(6)} (${row.caught}/${row.caught + row.missed})`);
  }
  if (report.unresolved.length > 0) console.log(`  ${report.unresolved.length} labels name text that is not in their section (left out)`);
  console.log(`  lint per listing (median of five warm runs each): p50 ${report.lintMs.p50.toFixed(3)} ms, p99 ${report.lintMs.p99.toFixed(3)} ms${mark(report.lintMs.p99 <= 1)} (target p99 <= 1 ms)`);
}

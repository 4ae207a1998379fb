// The lint on real sellers' copy (issue 31): a fixed slice of the labelled corpus (tests/fixtures/real-listings,
// every other labelled section) must stay at the targets, so no change to a rule makes the lint noisier or
// blinder on real listings without this test saying so. npm run bench prints the whole set per code.
import { describe, expect, it } from "vitest";
import { fixedSlice, loadCorpus, measureLintAccuracy, targets } from "#tests/support/lint-accuracy.ts";

describe("the lint on a fixed slice of real, labelled listings", () => {
  const { listings, labels } = loadCorpus();
  const slice = fixedSlice(labels);
  const report = measureLintAccuracy(listings, slice);

  it("holds at least 200 labelled sections, with violations and clean sections both", () => {
    expect(report.sections).toBeGreaterThanOrEqual(200);
    expect(slice.some((label) => label.violations.length === 0)).toBe(true);
    expect(report.errors.labelled).toBeGreaterThan(0);
    expect(report.warnings.labelled).toBeGreaterThan(0);
    expect(report.unresolved).toEqual([]);
  });

  it(`errors: precision >= ${targets.errorPrecision}, recall >= ${targets.errorRecall}`, () => {
    expect(report.errors.precision).toBeGreaterThanOrEqual(0.95);
    expect(report.errors.recall).toBeGreaterThanOrEqual(0.9);
  });

  it(`warnings: precision >= ${targets.warningPrecision}`, () => {
    expect(report.warnings.precision).toBeGreaterThanOrEqual(0.85);
  });
});

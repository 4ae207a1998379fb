import { describe, expect, it } from "vitest";
import { getRuleSet } from "#app/features/rules/registry.ts";
import type { ListingCopy } from "#app/features/listings/types.ts";
import { auditListing, healthScore, readAmazonIssues } from "./health.ts";

const ruleSet = getRuleSet("amazon-2026-07")!;
const goodBullets = [
  "Three sizes for every job: small for fruit, medium for bread and large for carving, so the right board is always at hand.",
  "Deep juice groove: catches juices from roasts and ripe tomatoes, so the counter stays dry while you slice.",
  "Solid bamboo: dense, hard-wearing bamboo that is kind to knife edges and does not soak up smells.",
];
const passing: ListingCopy = {
  title: "Acme Bamboo Cutting Board Set, 3 Sizes, Deep Juice Groove",
  itemHighlights: "Three sizes, deep juice groove, solid bamboo that is kind to knives",
  bullets: goodBullets,
  description: "The Acme Bamboo Cutting Board Set gives every kitchen job its own board.",
  searchTerms: "chopping block butcher serving tray",
};
const base = { ruleSet, language: "en", brand: "Acme", store: { country: "US", currency: "USD" }, keywords: [], amazonIssues: [] };

describe("healthScore (decision 037's worked examples)", () => {
  it("is 100 with nothing found and no bank", () => expect(healthScore({ errors: 0, warnings: 0, missing: 0, coverage: null })).toBe(100));
  it("takes 25 per error, at most 75", () => {
    expect(healthScore({ errors: 1, warnings: 0, missing: 0, coverage: null })).toBe(75);
    expect(healthScore({ errors: 4, warnings: 0, missing: 0, coverage: null })).toBe(25);
  });
  it("takes 5 per warning (at most 20), 4 per empty section (at most 20) and a tenth of the uncovered share", () => {
    expect(healthScore({ errors: 0, warnings: 2, missing: 0, coverage: null })).toBe(90);
    expect(healthScore({ errors: 0, warnings: 9, missing: 0, coverage: null })).toBe(80);
    expect(healthScore({ errors: 0, warnings: 0, missing: 2, coverage: null })).toBe(92);
    expect(healthScore({ errors: 0, warnings: 0, missing: 0, coverage: 40 })).toBe(94);
    // 1 error, 1 warning, 1 empty section, 70% coverage: 100 - 25 - 5 - 4 - 3.
    expect(healthScore({ errors: 1, warnings: 1, missing: 1, coverage: 70 })).toBe(63);
  });
  it("never goes below 0", () => expect(healthScore({ errors: 9, warnings: 9, missing: 9, coverage: 0 })).toBe(0));
});

describe("auditListing", () => {
  it("scores copy that passes the lint at 100", () => {
    const health = auditListing({ ...base, copy: passing });
    expect(health).toMatchObject({ score: 100, errors: 0, warnings: 0, missing: 0, coverage: null, findings: [] });
  });

  it("counts the lint's error for a title over 75 characters (the 2026 rule) and not under the 2025 rules", () => {
    const copy = { ...passing, title: "Acme Bamboo Cutting Board Set with Deep Juice Groove, Three Sizes for Every Kitchen Job" };
    const health = auditListing({ ...base, copy });
    expect(health.errors).toBe(1);
    expect(health.findings).toContainEqual({ source: "lint", code: "too_long", severity: "error", count: 1 });
    expect(health.score).toBe(75);
    expect(auditListing({ ...base, ruleSet: getRuleSet("amazon-2025-01")!, copy }).findings.some((finding) => finding.code === "too_long")).toBe(false);
  });

  it("counts Amazon's ERROR like ours, its WARNING as a warning, and ignores INFO", () => {
    const amazonIssues = readAmazonIssues(
      JSON.stringify([
        { code: "90220", message: "'item_name' is required but not supplied.", severity: "ERROR", attributeNames: ["item_name"] },
        { code: "18027", message: "Image too small", severity: "WARNING" },
        { code: "100", message: "FYI", severity: "INFO" },
        { nonsense: true },
      ]),
    );
    const health = auditListing({ ...base, copy: passing, amazonIssues });
    expect(health).toMatchObject({ errors: 1, warnings: 1, score: 70 });
    expect(health.findings).toEqual([
      { source: "amazon", code: "90220", severity: "error", count: 1 },
      { source: "amazon", code: "18027", severity: "warning", count: 1 },
    ]);
  });

  it("counts empty sections (item highlights only where the rule set has them) besides what the lint says of them", () => {
    const copy = { ...passing, description: "", searchTerms: "" };
    expect(auditListing({ ...base, copy })).toMatchObject({ missing: 2, score: 92 });
    const nothing = auditListing({ ...base, copy: { title: "", itemHighlights: "", bullets: [], description: "", searchTerms: "" } });
    // The lint's too_short (title) and bullet_count are errors: 100 - 50 - 5 × 4.
    expect(nothing).toMatchObject({ errors: 2, missing: 5, score: 30 });
    expect(auditListing({ ...base, ruleSet: getRuleSet("amazon-2025-01")!, copy: { ...passing, itemHighlights: "" } }).missing).toBe(0);
  });

  it("weighs keyword coverage only where a bank exists, with a finding below 50", () => {
    const keywords = [{ phrase: "bamboo cutting board", volume: 100 }, { phrase: "wooden spoon", volume: 300 }];
    const health = auditListing({ ...base, copy: passing, keywords });
    expect(health.coverage).toBe(25);
    expect(health.score).toBe(93);
    expect(health.findings).toContainEqual({ source: "coverage", code: "low", severity: "warning", count: 1 });
  });
});

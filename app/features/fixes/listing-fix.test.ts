// The fix of one listing (issue 33 item 6) on real sellers' listings (tests/fixtures/real-listings): only the
// failing sections are rewritten, a title over 75 characters becomes a compliant title plus item highlights
// that keep what was cut, and passing sections come back exactly as they were. The offline writer's fix.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { planListingFix, sectionErrorsOf } from "#app/features/listings/listing-fix.ts";
import { lintCopy } from "#app/features/listings/listing-lint.ts";
import { fixListingOffline } from "#app/features/listings/offline-listing/fix.ts";
import { emptyCopy, type ListingCopy, type ListingFacts } from "#app/features/listings/types.ts";
import { getMarketplace } from "#app/features/marketplaces/registry.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";

interface RealListing {
  id: string;
  marketplace: string;
  language: string;
  title: string;
  bullets: string[];
}
const real: RealListing[] = readFileSync(new URL("../../../tests/fixtures/real-listings/listings.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as RealListing);

const ruleSet = getRuleSet("amazon-2026-07")!;
const factsOf = (listing: RealListing): ListingFacts => {
  const brand = listing.title.split(/\s+/)[0]!;
  return { brand, productName: listing.title.slice(0, 150), productType: "", keyFeatures: "", targetAudience: "", wordsToAvoid: "", tone: "Professional" };
};
const copyOf = (listing: RealListing): ListingCopy => ({ ...emptyCopy(), title: listing.title, bullets: listing.bullets });
const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

// English listings of amazon.com whose title is over 75 characters: the 2026 rule's everyday case.
const longTitles = real.filter((listing) => listing.marketplace === "amazon.com" && [...listing.title].length > 90 && [...listing.title].length < 200).slice(0, 40);

describe("the fix of one listing", () => {
  it("has long-title listings to work on", () => expect(longTitles.length).toBeGreaterThanOrEqual(20));

  it("rewrites a title over 75 characters as a compliant title plus item highlights that keep the words cut", () => {
    let kept = 0;
    for (const listing of longTitles) {
      const facts = factsOf(listing);
      const store = getMarketplace(listing.marketplace)!;
      const live = copyOf(listing);
      const plan = planListingFix({ ruleSet, language: "en", brand: facts.brand, store, copy: live });
      expect(plan.sections, listing.id).toContain("title");
      expect(plan.sections, listing.id).toContain("itemHighlights");
      expect(plan.cutFromTitle, listing.id).not.toBe("");
      const fixed = fixListingOffline({ facts, ruleSet, language: "en", plan });
      const report = lintCopy({ ruleSet, language: "en", brand: facts.brand, store, copy: fixed });
      expect(sectionErrorsOf(report, "title"), `${listing.id}: ${fixed.title}`).toEqual([]);
      expect(sectionErrorsOf(report, "itemHighlights"), `${listing.id}: ${fixed.itemHighlights}`).toEqual([]);
      expect([...fixed.title].length).toBeLessThanOrEqual(75);
      // Every word the title lost is in the highlights (unless the highlights' own 125 characters ran out).
      const lost = words(listing.title).filter((word) => !words(fixed.title).includes(word));
      const inHighlights = lost.filter((word) => words(fixed.itemHighlights).includes(word));
      if (inHighlights.length === lost.length) kept++;
      expect(inHighlights.length, `${listing.id}: ${listing.title} → ${fixed.title} + ${fixed.itemHighlights}`).toBeGreaterThan(0);
    }
    expect(kept / longTitles.length).toBeGreaterThan(0.6);
  });

  it("leaves passing sections exactly as they are", () => {
    for (const listing of longTitles) {
      const facts = factsOf(listing);
      const store = getMarketplace(listing.marketplace)!;
      const live = copyOf(listing);
      const plan = planListingFix({ ruleSet, language: "en", brand: facts.brand, store, copy: live });
      const fixed = fixListingOffline({ facts, ruleSet, language: "en", plan });
      const untouched = (["bullets", "description", "searchTerms"] as const).filter((section) => !plan.sections.includes(section));
      for (const section of untouched) expect(fixed[section], `${listing.id} ${section}`).toEqual(live[section]);
      for (const section of plan.sections) expect(sectionErrorsOf(lintCopy({ ruleSet, language: "en", brand: facts.brand, store, copy: fixed }), section), `${listing.id} ${section}`).toEqual([]);
    }
  });

  it("fixes nothing in a listing that passes", () => {
    const listing = longTitles[0]!;
    const facts = factsOf(listing);
    const store = getMarketplace(listing.marketplace)!;
    const first = planListingFix({ ruleSet, language: "en", brand: facts.brand, store, copy: copyOf(listing) });
    const fixed = fixListingOffline({ facts, ruleSet, language: "en", plan: first });
    const again = planListingFix({ ruleSet, language: "en", brand: facts.brand, store, copy: fixed });
    expect(again.sections).toEqual([]);
    expect(fixListingOffline({ facts, ruleSet, language: "en", plan: again })).toBe(fixed);
  });

  it("under January 2025's rules (no item highlights, 200 characters) a 150-character title passes and is kept", () => {
    const old = getRuleSet("amazon-2025-01")!;
    const listing = longTitles.find((item) => [...item.title].length < 190)!;
    const facts = factsOf(listing);
    const plan = planListingFix({ ruleSet: old, language: "en", brand: facts.brand, store: getMarketplace("amazon.com")!, copy: copyOf(listing) });
    expect(plan.sections).not.toContain("title");
    expect(plan.sections).not.toContain("itemHighlights");
  });
});

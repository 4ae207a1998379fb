import { describe, expect, it } from "vitest";
import { keywordCoverage, keywordWeights, matchKeyword, indexSections } from "./coverage.ts";
import { singular, tokenize } from "./words.ts";

const listing = {
  title: "Acme Bamboo Cutting Board Set, 3 Sizes with Juice Groove",
  itemHighlights: "Non-slip feet, 6mm thick, kind to knives",
  bullets: ["Three sizes: small for fruit, large for carving roasts.", "Deep juice groove keeps the counter dry."],
  description: "Solid bamboo boards for home cooks. Café-style serving platters too.",
  searchTerms: "chopping block butcher serving tray charcuterie",
};
const fields = indexSections(listing);
const match = (phrase: string) => matchKeyword(fields, phrase);

describe("words", () => {
  it.each([
    ["boards", "board"],
    ["batteries", "battery"],
    ["boxes", "box"],
    ["brushes", "brush"],
    ["glass", "glass"],
    ["bus", "bus"],
    ["cactus", "cactus"],
    ["yes", "yes"],
    ["mats", "mat"],
  ])("counts %s as %s", (plural, one) => expect(singular(plural)).toBe(one));
  it("splits hyphens, digits from letters, and folds accents", () => {
    expect(tokenize("Non-slip 6mm Café").map((token) => token.key)).toEqual(["non", "slip", "6", "mm", "cafe"]);
  });
});

describe("matchKeyword", () => {
  it("finds a phrase standing together in a field, case-insensitive", () => expect(match("bamboo cutting board")).toEqual({ match: "exact", fields: ["title"] }));
  it("counts singular and plural alike", () => {
    expect(match("bamboo cutting boards")).toEqual({ match: "exact", fields: ["title"] });
    expect(match("juice grooves")).toEqual({ match: "exact", fields: ["title", "bullets"] });
    expect(match("bamboo board")).toEqual({ match: "exact", fields: ["description"] });
  });
  it("matches hyphenated and spaced words alike", () => {
    expect(match("non slip")).toEqual({ match: "exact", fields: ["itemHighlights"] });
    expect(match("non-slip cutting board")).toMatchObject({ match: "words" });
  });
  it("matches numbers with or without a space before the unit", () => {
    expect(match("6 mm")).toMatchObject({ match: "exact" });
    expect(match("6mm thick")).toMatchObject({ match: "exact", fields: ["itemHighlights"] });
  });
  it("matches accented and plain spellings alike", () => {
    expect(match("cafe style")).toMatchObject({ match: "exact", fields: ["description"] });
    expect(match("café serving platter")).toMatchObject({ match: "words" });
  });
  it("is words-only when every word is somewhere but not together, and lists where", () => {
    expect(match("bamboo serving tray")).toEqual({ match: "words", fields: ["title", "description", "searchTerms"] });
  });
  it("does not run a phrase across two bullets", () => {
    expect(match("carving roasts deep juice")).toMatchObject({ match: "words" });
  });
  it("ignores stop words for words-only matching but keeps them in exact phrases", () => {
    expect(match("board for bamboo")).toMatchObject({ match: "words" });
    expect(match("kind to knives")).toMatchObject({ match: "exact" });
  });
  it("is none when a word is missing anywhere", () => {
    expect(match("bamboo cheese board")).toEqual({ match: "none", fields: [] });
    expect(match("marble")).toEqual({ match: "none", fields: [] });
  });
  it("handles repeated words and phrases longer than any field", () => {
    expect(match("board board")).toMatchObject({ match: "words" });
    expect(match(`${listing.title} extra long tail words that never appear`)).toMatchObject({ match: "none" });
    expect(match(listing.title)).toMatchObject({ match: "exact", fields: ["title"] });
  });
  it("finds nothing in an empty listing or for an empty phrase", () => {
    expect(matchKeyword(indexSections({}), "board")).toEqual({ match: "none", fields: [] });
    expect(match("  ")).toEqual({ match: "none", fields: [] });
  });
});

describe("keywordCoverage", () => {
  it("weighs by volume, exact above words-only", () => {
    const report = keywordCoverage({ sections: listing, keywords: [{ phrase: "bamboo cutting board", volume: 600 }, { phrase: "bamboo serving tray", volume: 200 }, { phrase: "marble board", volume: 200 }] });
    expect(report.keywords.map((k) => k.match)).toEqual(["exact", "words", "none"]);
    expect(report.score).toBe(70); // (600 + 100) / 1000
  });
  it("weighs every phrase 1 without volumes", () => {
    expect(keywordCoverage({ sections: listing, keywords: [{ phrase: "bamboo" }, { phrase: "marble" }] }).score).toBe(50);
  });
  it("gives a phrase without a volume the smallest volume given", () => {
    expect(keywordWeights([{ phrase: "a", volume: 500 }, { phrase: "b" }, { phrase: "c", volume: 50 }])).toEqual([500, 50, 50]);
  });
  it("is 0 for an empty bank and 100 when every phrase is exact", () => {
    expect(keywordCoverage({ sections: listing, keywords: [] }).score).toBe(0);
    expect(keywordCoverage({ sections: listing, keywords: [{ phrase: "juice groove", volume: 10 }] }).score).toBe(100);
  });
});

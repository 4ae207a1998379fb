import { describe, expect, it } from "vitest";
import { lintListing } from "#app/features/rules/lint.ts";
import { amazon202607 } from "#app/features/rules/rule-sets/amazon-2026-07.ts";
import { keywordCoverage } from "./coverage.ts";
import { packSearchTerms } from "./pack.ts";

const sections = {
  title: "Acme Bamboo Cutting Board Set, 3 Sizes with Juice Groove",
  itemHighlights: "Non-slip feet, kind to knives",
  bullets: ["Three sizes for every job.", "Deep juice groove keeps the counter dry."],
  description: "Solid bamboo boards for home cooks.",
  searchTerms: "",
};
const pack = (keywords: { phrase: string; volume?: number }[], extra: { brand?: string; otherBrands?: string[] } = {}) =>
  packSearchTerms({ ruleSet: amazon202607, brand: "Acme", sections, keywords, ...extra });

describe("packSearchTerms", () => {
  it("adds only the words uncovered phrases lack, highest volume first", () => {
    const result = pack([
      { phrase: "wooden chopping block", volume: 100 },
      { phrase: "butcher block", volume: 900 },
      { phrase: "bamboo cutting board", volume: 5000 },
    ]);
    expect(result.searchTerms).toBe("butcher block wooden chopping");
    expect(result.coveredNow).toEqual(["butcher block", "wooden chopping block"]);
    expect(result.notFitting).toEqual([]);
  });
  it("never repeats a word of the title, highlights or bullets, nor its plural", () => {
    const result = pack([{ phrase: "bamboo boards for kitchen", volume: 10 }, { phrase: "grooves tray", volume: 5 }]);
    expect(result.searchTerms).toBe("kitchen tray");
  });
  it("leaves out stop words, brands (the listing's and the workspace's), ASINs and subjective or temporary words", () => {
    const result = pack(
      [
        { phrase: "board for the kitchen", volume: 50 },
        { phrase: "globex board", volume: 40 },
        { phrase: "best board", volume: 30 },
        { phrase: "new board", volume: 20 },
        { phrase: "b0c1234567", volume: 10 },
      ],
      { otherBrands: ["Globex"] },
    );
    expect(result.searchTerms).toBe("kitchen");
    expect(result.notFitting).toEqual(["globex board", "best board", "new board", "b0c1234567"]);
  });
  it("stays within the byte limit with multi-byte text, and says what did not fit", () => {
    const keywords = Array.from({ length: 60 }, (_, i) => ({ phrase: `planche découpe ${"é".repeat(3)}${i}`, volume: 1000 - i }));
    const result = pack(keywords);
    expect(result.bytes).toBeLessThanOrEqual(249);
    expect(new TextEncoder().encode(result.searchTerms).length).toBe(result.bytes);
    expect(result.notFitting.length).toBeGreaterThan(0);
    expect(result.coveredNow[0]).toBe(keywords[0]!.phrase);
  });
  it("writes lower case, single spaces, no punctuation, no repeated word, and passes the lint", () => {
    const result = pack([{ phrase: "Serving Tray, Charcuterie!", volume: 3 }, { phrase: "charcuterie platter", volume: 2 }, { phrase: "Serving platter", volume: 1 }]);
    expect(result.searchTerms).toBe("serving tray charcuterie platter");
    const lint = lintListing({ ruleSet: amazon202607, brand: "Acme", sections: { searchTerms: result.searchTerms } });
    expect(lint.passed).toBe(true);
  });
  it("raises coverage to cover what fits", () => {
    const keywords = [{ phrase: "butcher block", volume: 900 }, { phrase: "wooden chopping block", volume: 100 }, { phrase: "bamboo cutting board", volume: 5000 }];
    const before = keywordCoverage({ sections, keywords }).score;
    const after = keywordCoverage({ sections: { ...sections, searchTerms: pack(keywords).searchTerms }, keywords }).score;
    expect(after).toBeGreaterThan(before);
    expect(keywordCoverage({ sections: { ...sections, searchTerms: pack(keywords).searchTerms }, keywords }).keywords.every((k) => k.match !== "none")).toBe(true);
  });
  it("keeps the field's own words after the packed ones, as room allows, without repeats or title words", () => {
    const result = packSearchTerms({ ruleSet: amazon202607, brand: "Acme", sections: { ...sections, searchTerms: "butcher serving tray bamboo acme best" }, keywords: [{ phrase: "butcher block", volume: 9 }] });
    expect(result.searchTerms).toBe("butcher block serving tray");
  });
  it("is empty for an empty bank", () => {
    expect(pack([])).toEqual({ searchTerms: "", bytes: 0, limit: 249, coveredNow: [], notFitting: [] });
  });
});

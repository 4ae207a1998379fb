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

describe("packing and coverage in German, Japanese and Arabic, counted in UTF-8 bytes", () => {
  const bytes = (text: string) => new TextEncoder().encode(text).length;
  type PackInput = Parameters<typeof packSearchTerms>[0];
  /** Packs in `language` and expects these search terms, counted in UTF-8 bytes, passing the lint in that language. */
  function expectPacked(language: string, sections: PackInput["sections"], keywords: PackInput["keywords"], searchTerms: string) {
    const result = packSearchTerms({ ruleSet: amazon202607, language, brand: "Acme", sections, keywords });
    expect(result.searchTerms).toBe(searchTerms);
    expect(result.bytes).toBe(bytes(result.searchTerms));
    expect(lintListing({ ruleSet: amazon202607, language, brand: "Acme", sections: { searchTerms: result.searchTerms } }).passed).toBe(true);
    return result;
  }

  it("German: umlauts and ß are two bytes each, stop words stay out, and the lint passes in German", () => {
    const german = { title: "Acme Schneidebrett-Set aus Bambus, 3 Größen mit Saftrille", bullets: ["Drei Größen für jede Aufgabe in der Küche."], searchTerms: "" };
    const keywords = [
      { phrase: "schneidebrett bambus", volume: 9000 },
      { phrase: "küchenbrett für die küche", volume: 5000 },
      { phrase: "frühstücksbrettchen", volume: 3000 },
      { phrase: "servierbrett groß", volume: 1000 },
    ];
    // "küche" stands in a bullet and "bambus" in the title: only the words they lack are added.
    const result = expectPacked("de", german, keywords, "küchenbrett frühstücksbrettchen servierbrett groß");
    // ü, ü, ü and ß: one extra byte each.
    expect(result.bytes).toBe(result.searchTerms.length + 4);
    const before = keywordCoverage({ language: "de", sections: german, keywords });
    const after = keywordCoverage({ language: "de", sections: { ...german, searchTerms: result.searchTerms }, keywords });
    expect(after.score).toBeGreaterThan(before.score);
    expect(after.keywords.map((keyword) => keyword.match)).not.toContain("none");
  });

  it("Japanese: a kana or kanji is three bytes, the title's words are found inside unspaced text, and the limit holds", () => {
    const japanese = { title: "Acme 竹製まな板 3枚セット 食洗機対応", bullets: ["溝付きで汁がこぼれにくい"], searchTerms: "" };
    const keywords = Array.from({ length: 40 }, (_, i) => ({ phrase: `カッティングボード${"竹木桜檜楓栗杉松梅桃"[i % 10]}${i}`, volume: 1000 - i }));
    keywords.unshift({ phrase: "まな板", volume: 5000 });
    const result = packSearchTerms({ ruleSet: amazon202607, language: "ja", brand: "Acme", sections: japanese, keywords });
    expect(result.searchTerms.split(" ")).not.toContain("まな板");
    expect(result.bytes).toBe(bytes(result.searchTerms));
    expect(result.bytes).toBeLessThanOrEqual(249);
    expect(result.bytes).toBe([...result.searchTerms].reduce((sum, char) => sum + (/[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}ー]/u.test(char) ? 3 : 1), 0));
    const coverage = keywordCoverage({ language: "ja", sections: japanese, keywords: [{ phrase: "まな板", volume: 1 }, { phrase: "食洗機対応 まな板", volume: 1 }] });
    expect(coverage.keywords.map((keyword) => keyword.match)).toEqual(["exact", "words"]);
  });

  it("Arabic: letters are two bytes, the text keeps its order, and the lint passes in Arabic", () => {
    const arabic = { title: "Acme لوح تقطيع من خشب البامبو، 3 مقاسات", bullets: ["ثلاثة مقاسات لكل مهمة في المطبخ."], searchTerms: "" };
    const keywords = [
      { phrase: "لوح تقطيع خشب", volume: 900 },
      { phrase: "لوح تقديم", volume: 500 },
      { phrase: "أدوات المطبخ", volume: 100 },
    ];
    // "لوح" and "خشب" stand in the title already.
    const result = expectPacked("ar", arabic, keywords, "تقديم أدوات");
    expect(result.bytes).toBe(2 * result.searchTerms.replace(/ /g, "").length + 1);
  });
});

import { describe, expect, it } from "vitest";
import { applySafeFixes, dropBannedCharacters, removeRepeatedWords, trimToBytes } from "./fixes.ts";
import { countBytes, lintListing } from "./lint.ts";
import { amazon202607 } from "./rule-sets/amazon-2026-07.ts";

describe("dropBannedCharacters", () => {
  it.each([
    ["Bamboo Board! Set of 3", "Bamboo Board Set of 3"],
    ["Is This The Board? Bamboo", "Is This The Board Bamboo"],
    ["Board {3 Pack} Bamboo", "Board 3 Pack Bamboo"],
    ["Bamboo_Board $ Kitchen ^ Set", "Bamboo Board Kitchen Set"],
    ["Bamboo ¬ Board ¦ Set", "Bamboo Board Set"],
    ["Bamboo Board! , Set", "Bamboo Board, Set"],
    ["Bamboo Board , Set", "Bamboo Board , Set"],
    ["Bamboo Board, Set of 3", "Bamboo Board, Set of 3"],
  ])("%j → %j", (title, fixed) => {
    expect(dropBannedCharacters(title, amazon202607)).toBe(fixed);
  });

  it("keeps the brand's own characters", () => {
    expect(dropBannedCharacters("Yahoo! Kitchen Bamboo Board!", amazon202607, "Yahoo! Kitchen")).toBe("Yahoo! Kitchen Bamboo Board");
    expect(dropBannedCharacters("YAHOO! KITCHEN Board", amazon202607, "Yahoo! Kitchen")).toBe("YAHOO! KITCHEN Board");
    // A capital İ before the brand is one unit folded, so the brand is found where it stands.
    expect(dropBannedCharacters("İnce $mart Kitchen Board", amazon202607, "$mart Kitchen")).toBe("İnce $mart Kitchen Board");
  });

  it("drops full-width forms of the banned characters, as lint.ts flags them", () => {
    const title = "ステンレス水筒！ 大容量？ 保冷保温";
    expect(lintListing({ ruleSet: amazon202607, language: "ja", sections: { title } }).sections.title!.violations.map((v) => v.code)).toEqual(["banned_character", "banned_character"]);
    const fixed = dropBannedCharacters(title, amazon202607, undefined, "ja");
    expect(fixed).toBe("ステンレス水筒 大容量 保冷保温");
    expect(lintListing({ ruleSet: amazon202607, language: "ja", sections: { title: fixed } }).sections.title!.violations).toEqual([]);
  });
});

describe("removeRepeatedWords", () => {
  it.each([
    ["board cutting board", "board cutting"],
    ["Teak teak TEAK block", "Teak block"],
    ["  serving   tray  serving  ", "serving tray"],
    ["chopping block butcher", "chopping block butcher"],
    ["", ""],
  ])("%j → %j", (terms, fixed) => {
    expect(removeRepeatedWords(terms)).toBe(fixed);
  });

  it("reads words as lint.ts does: full-width as ASCII, Turkish İ and I", () => {
    expect(removeRepeatedWords("ＴＥＡＫ teak block")).toBe("ＴＥＡＫ block");
    expect(removeRepeatedWords("ÇELİK termos çelik", "tr")).toBe("ÇELİK termos");
    expect(removeRepeatedWords("ISI yalıtımlı ısı", "tr")).toBe("ISI yalıtımlı");
    // Outside Turkish, dotless ı is a letter of its own.
    expect(removeRepeatedWords("ISI yalıtımlı ısı")).toBe("ISI yalıtımlı ısı");
  });
});

describe("trimToBytes", () => {
  it("cuts at the last whole word that fits", () => {
    expect(trimToBytes("alpha beta gamma", 10)).toBe("alpha beta");
    expect(trimToBytes("alpha beta gamma", 9)).toBe("alpha");
    expect(trimToBytes("alpha beta gamma", 16)).toBe("alpha beta gamma");
    expect(trimToBytes("alpha", 3)).toBe("");
  });

  it("counts UTF-8 bytes, not characters", () => {
    // "tábua" is 6 bytes; "é" 2.
    expect(trimToBytes("tábua corte", 6)).toBe("tábua");
    expect(trimToBytes("tábua corte", 5)).toBe("");
    const long = Array.from({ length: 60 }, (_, i) => `palavra${i}é`).join(" ");
    const trimmed = trimToBytes(long, 249);
    expect(countBytes(trimmed)).toBeLessThanOrEqual(249);
    expect(countBytes(trimmed)).toBeGreaterThan(249 - 12);
    expect(long.startsWith(trimmed)).toBe(true);
  });
});

describe("applySafeFixes", () => {
  it("fixes what it may and says so; the result passes those rules", () => {
    const sections = {
      title: "Bambu Co Bamboo Board! Set of 3",
      searchTerms: `${Array.from({ length: 40 }, (_, i) => `term${i}`).join(" ")} term1 term2`,
      bullets: ["Left as written: only $19.99!"],
    };
    const { sections: fixed, applied } = applySafeFixes({ ruleSet: amazon202607, brand: "Bambu Co", sections });
    expect(applied).toEqual(["banned_characters_dropped", "repeated_words_removed", "search_terms_trimmed"]);
    expect(fixed.title).toBe("Bambu Co Bamboo Board Set of 3");
    expect(fixed.bullets).toEqual(sections.bullets);
    const report = lintListing({ ruleSet: amazon202607, brand: "Bambu Co", sections: fixed });
    const codes = (section: "title" | "searchTerms") => report.sections[section]!.violations.map((v) => v.code);
    expect(codes("title")).not.toContain("banned_character");
    expect(codes("searchTerms")).not.toContain("bytes_over");
    expect(codes("searchTerms")).not.toContain("repeated_word");
    // A price in a bullet is not a safe fix: it stays, and lint still reports it.
    expect(report.sections.bullets![0]!.violations.map((v) => v.code)).toContain("price_or_shipping");
  });

  it("changes nothing in copy that already passes", () => {
    const sections = { title: "Bambu Co Bamboo Cutting Board Set of 3", searchTerms: "chopping block butcher" };
    expect(applySafeFixes({ ruleSet: amazon202607, brand: "Bambu Co", sections })).toEqual({ sections, applied: [] });
  });
});

import { describe, expect, it } from "vitest";
import { keywordScriptMismatch, scriptOfLanguage } from "./script.ts";

describe("keywordScriptMismatch", () => {
  it("accepts a bank in the store's script, brands and model numbers in another script included", () => {
    expect(keywordScriptMismatch(["schneidebrett bambus", "küchenbrett holz", "acme brett", "3er set"], "de")).toBeNull();
    expect(keywordScriptMismatch(["まな板", "カッティングボード", "iphone ケース", "acme まな板", "tpu"], "ja")).toBeNull();
    expect(keywordScriptMismatch(["لوح تقطيع", "لوح خشب البامبو", "acme"], "ar")).toBeNull();
    expect(keywordScriptMismatch(["planche à découper", "découpe bambou"], "fr")).toBeNull();
  });

  it("warns when most phrases are in another script, naming it and how many", () => {
    expect(keywordScriptMismatch(["cutting board", "bamboo board", "まな板"], "ja")).toEqual({ expected: "japanese", found: "latin", outside: 2, total: 3 });
    expect(keywordScriptMismatch(["まな板", "カッティングボード", "竹 まな板"], "de")).toEqual({ expected: "latin", found: "japanese", outside: 3, total: 3 });
    expect(keywordScriptMismatch(["разделочная доска", "доска бамбук"], "pl")).toMatchObject({ expected: "latin", found: "cyrillic" });
    expect(keywordScriptMismatch(["cutting board", "chopping board"], "ar")).toMatchObject({ expected: "arabic", found: "latin" });
  });

  it("ignores phrases without letters, and an empty bank", () => {
    expect(keywordScriptMismatch([], "ja")).toBeNull();
    expect(keywordScriptMismatch(["123", "45 × 30", "1,5"], "ja")).toBeNull();
    expect(keywordScriptMismatch(["123", "cutting board", "まな板", "竹 まな板"], "ja")).toBeNull();
  });

  it("knows each registry language's script", () => {
    expect(["en", "de", "fr", "es", "it", "pt", "nl", "sv", "pl", "tr"].map(scriptOfLanguage)).toEqual(Array(10).fill("latin"));
    expect(scriptOfLanguage("ja")).toBe("japanese");
    expect(scriptOfLanguage("ar")).toBe("arabic");
  });
});

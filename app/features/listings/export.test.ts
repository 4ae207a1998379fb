import { describe, expect, it } from "vitest";
import { getMarketplace } from "#app/features/marketplaces/registry.ts";
import { amazon202501 } from "#app/features/rules/rule-sets/amazon-2025-01.ts";
import { amazon202607 } from "#app/features/rules/rule-sets/amazon-2026-07.ts";
import { exportFileName, toFlatFile, toFlatFileRows, toListingsApiJson } from "./export.ts";
import type { ListingCopy, ListingFacts } from "./types.ts";

const facts: ListingFacts = { brand: "Acme", productName: "Bamboo Cutting Board Set", productType: "Cutting board", keyFeatures: "", targetAudience: "", wordsToAvoid: "", tone: "Professional" };
const copy: ListingCopy = {
  title: "Acme Bamboo Cutting Board Set, 3 Sizes with Juice Groove",
  itemHighlights: "3 sizes, juice groove, solid bamboo",
  bullets: ["Three sizes: small, medium and large for every job.", "Juice groove:\tkeeps the counter dry.", "Solid bamboo: hard wearing and kind to knives."],
  description: "Made from solid bamboo.\n\nWash by hand.",
  searchTerms: "chopping board serving tray butcher block",
};

describe("toFlatFile", () => {
  it("writes one header row and one row, with Seller Central's column names", () => {
    const [header, row, end] = toFlatFile({ facts, copy, ruleSet: amazon202607 }).split("\n");
    expect(header!.split("\t")).toEqual(["item_name", "brand_name", "item_highlights", "bullet_point1", "bullet_point2", "bullet_point3", "bullet_point4", "bullet_point5", "product_description", "generic_keywords"]);
    const cells = row!.split("\t");
    expect(cells).toHaveLength(10);
    expect(cells[0]).toBe(copy.title);
    expect(cells[2]).toBe("3 sizes, juice groove, solid bamboo");
    expect(cells[4]).toBe("Juice groove: keeps the counter dry.");
    expect(cells[6]).toBe("");
    expect(cells[8]).toBe("Made from solid bamboo.<br><br>Wash by hand.");
    expect(end).toBe("");
  });
  it("has no item-highlights column under the January 2025 rules", () => {
    expect(toFlatFile({ facts, copy, ruleSet: amazon202501 }).split("\n")[0]).not.toContain("item_highlights");
  });
  it("keeps non-ASCII text as UTF-8 characters", () => {
    const flat = toFlatFile({ facts: { ...facts, brand: "Küchenglück" }, copy: { ...copy, title: "Küchenglück Schneidebrett – 3 Größen" }, ruleSet: amazon202501 });
    expect(flat).toContain("Küchenglück Schneidebrett – 3 Größen");
  });
  it("writes no cell a spreadsheet would run as a formula, also where trimming uncovers one", () => {
    const hostile: ListingCopy = { ...copy, title: '=HYPERLINK("http://evil.example","Click")', itemHighlights: "+SUM(1,2)", bullets: ["-2+3+cmd|' /C calc'!A0", "@SUM(A1)", "\t=1+1 after a tab", "\r\n ＝1+1"], searchTerms: "-120" };
    const cells = toFlatFile({ facts: { ...facts, brand: "@Acme" }, copy: hostile, ruleSet: amazon202607 }).split("\n")[1]!.split("\t");
    expect(cells).toEqual([`'=HYPERLINK("http://evil.example","Click")`, "'@Acme", "'+SUM(1,2)", "'-2+3+cmd|' /C calc'!A0", "'@SUM(A1)", "'=1+1 after a tab", "'＝1+1", "", copy.description.replace(/\n/g, "<br>"), "-120"]);
  });
});

describe("toFlatFileRows", () => {
  it("writes one header with every row's columns and a row per listing", () => {
    const [header, older, newer, end] = toFlatFileRows([
      { facts, copy: { ...copy, title: "=1+1" }, ruleSet: amazon202501 },
      { facts, copy, ruleSet: amazon202607 },
    ]).split("\n");
    expect(header!.split("\t").slice(0, 3)).toEqual(["item_name", "brand_name", "item_highlights"]);
    expect(older!.split("\t").slice(0, 3)).toEqual(["'=1+1", "Acme", ""]);
    expect(newer!.split("\t")[2]).toBe(copy.itemHighlights);
    expect(end).toBe("");
  });
});

describe("toListingsApiJson", () => {
  it("gives each attribute its value, language tag and marketplace id", () => {
    const json = toListingsApiJson({ facts, copy, ruleSet: amazon202607, marketplace: getMarketplace("amazon.com")! });
    const tagged = { language_tag: "en_US", marketplace_id: "ATVPDKIKX0DER" };
    expect(json.attributes.item_name).toEqual([{ value: copy.title, ...tagged }]);
    expect(json.attributes.bullet_point).toHaveLength(3);
    expect(json.attributes.bullet_point![1]).toEqual({ value: "Juice groove:\tkeeps the counter dry.", ...tagged });
    expect(json.attributes.product_description).toEqual([{ value: copy.description, ...tagged }]);
    expect(json.attributes.generic_keyword).toEqual([{ value: copy.searchTerms, ...tagged }]);
    expect(json.attributes.brand).toEqual([{ value: "Acme", ...tagged }]);
    expect(json.attributes.title_differentiation).toEqual([{ value: copy.itemHighlights, ...tagged }]);
  });
  it("leaves empty bullets out", () => {
    const json = toListingsApiJson({ facts, copy: { ...copy, bullets: ["One bullet that is long enough.", " "] }, ruleSet: amazon202501, marketplace: getMarketplace("amazon.com")! });
    expect(json.attributes.bullet_point).toHaveLength(1);
    expect(json.attributes.title_differentiation).toBeUndefined();
  });
});

describe("exportFileName", () => {
  it("names the product and version", () => {
    expect(exportFileName({ facts, version: 3, format: "flatfile" })).toBe("bamboo-cutting-board-set-v3.tsv");
    expect(exportFileName({ facts: { ...facts, productName: "Crème brûlée torch" }, version: 1, format: "json" })).toBe("creme-brulee-torch-v1.json");
    expect(exportFileName({ facts: { ...facts, productName: "!!!" }, version: 1, format: "json" })).toBe("listing-v1.json");
  });
});

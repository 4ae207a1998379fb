// Seller Central's own files read as catalogs (issue 33 item 4): the real samples in
// tests/fixtures/catalogs/seller-central/ (see its README for where each comes from), and rows of ours below a real
// template header where the sample has none.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { attributeName, catalogMappingSchema, proposeMapping, readCatalogFile, recognizeReport, reportMapping, toCatalogRows, validateMapping, type CatalogFile, type CatalogResult } from "./index.ts";

const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/catalogs/seller-central/${name}`, import.meta.url), "utf8");
const bytes = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));

function expectFile(result: CatalogResult): CatalogFile {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

const none = { brand: null, productName: null, productType: null, keyFeatures: null, targetAudience: null, keywords: null, marketplace: null };

describe("the All Listings Report (Zynk's sample of GET_MERCHANT_LISTINGS_ALL_DATA)", () => {
  const read = async () => expectFile(await readCatalogFile(bytes(fixture("all-listings-report.txt")), "All Listings Report.txt"));

  it("is recognised by its column names and mapped by them: item-name the title, seller-sku the SKU, asin1 the ASIN", async () => {
    const file = await read();
    expect(file).toMatchObject({ format: "tsv", delimiter: "\t", headerRow: 1, rowNumbers: [2, 3, 4] });
    expect(file.columns).toHaveLength(29);
    expect(recognizeReport(file)).toEqual({ report: "allListings", misses: [] });
    // item-description is empty on every row: no description; the report has no brand, no features, no store.
    expect(reportMapping("allListings", file)).toEqual({ ...none, productName: 0, sku: 3, asin: 16, description: null });
  });

  it("never proposes a y/n column as the store nor an always-empty column as key features or product type", async () => {
    const file = await read();
    // Before: item-is-marketplace (all "y") as the store, zshop-storefront-feature and zshop-category1 (all empty).
    const mapping = proposeMapping(file.columns, file.rows);
    expect(mapping).toEqual({ ...none, productName: 0 });
    expect(file.rows.map((row) => row[8])).toEqual(["y", "y", "y"]);
  });

  it("asks for the brand once instead of refusing the file, and writes it on every row with its SKU and ASIN", async () => {
    const file = await read();
    const mapping = reportMapping("allListings", file);
    expect(validateMapping(mapping, file.columns)).toMatchObject({ ok: false, missing: ["brand"] });
    const withBrand = catalogMappingSchema.parse({ ...mapping, brandForAll: "  Zynk Demo  " });
    expect(validateMapping(withBrand, file.columns)).toEqual({ ok: true, mapping: withBrand });
    const { rows, problems } = toCatalogRows(file, withBrand, { marketplace: "amazon.co.uk" });
    expect(problems).toEqual([]);
    expect(rows.map((row) => [row.index, row.facts.brand, row.facts.productName, row.sku, row.asin, row.marketplace])).toEqual([
      [2, "Zynk Demo", "Vest", "1234567", "B01I53BE4O", "amazon.co.uk"],
      [3, "Zynk Demo", "Survive The Vibe [Audio CD]", "35-GFRR-W3VC", "B004ADOCTI", "amazon.co.uk"],
      [4, "Zynk Demo", "Apple TV 2, MC572FD_A", "ATV2", "B0041IZHVO", "amazon.co.uk"],
    ]);
  });

  it("recognises the French Active Listings Report's header, which has neither asin1 nor item-description", () => {
    const columns = fixture("active-listings-fr-header.txt").trimEnd().split("\t");
    expect(columns).toHaveLength(15);
    expect(recognizeReport({ columns })).toEqual({ report: "allListings", misses: [] });
    // One row of ours under the real header.
    const rows = [["Planche à découper en bambou", "0101ABCDEF1", "PL-01", "19.90", "4", "01/01/2026 10:00:00 CET", "1", "", "11", "n", "n", "B0ABCDEFGH", "0", "DEFAULT", "Modèle par défaut"]];
    expect(reportMapping("allListings", { columns, rows })).toEqual({ ...none, productName: 0, sku: 2, asin: null, description: null });
  });
});

describe("a listings flat file downloaded from Seller Central (a SHIRT template's three rows, justocode/sales-manager)", () => {
  // Our products below the real template rows: bullet_point4 left empty, as sellers often do.
  const ours = [
    ["shirt", "TEE-RED-M", "Acme Apparel", "Acme Cotton T-Shirt, Red, M", "fashion-t-shirts", "Cotton", "Red", "Red", "mens", "M", "M", "false", "19.99", "20", "", "", "child", "TEE-PARENT", "Variation", "SizeColor", "Soft cotton tee for every day.", "100% cotton", "Regular fit", "Machine washable", "", "cotton t-shirt red tee", "2", "Migrated Template"],
    ["shirt", "TEE-BLUE-L", "Acme Apparel", "Acme Cotton T-Shirt, Blue, L", "fashion-t-shirts", "Cotton", "Blue", "Blue", "mens", "L", "L", "false", "19.99", "15", "", "", "child", "TEE-PARENT", "Variation", "SizeColor", "", "100% cotton", "", "", "", "cotton t-shirt blue", "2", "Migrated Template"],
  ];
  const text = () => fixture("shirt-template-header.txt") + ours.map((row) => row.join("\t")).join("\r\n") + "\r\n";

  it("finds the attribute names under the TemplateType= row and the labels, and is recognised", async () => {
    const file = expectFile(await readCatalogFile(bytes(text()), "Flat.File.Shirt.txt"));
    expect(file).toMatchObject({ headerRow: 3, templateType: "fptcustom", rowNumbers: [4, 5] });
    expect(recognizeReport(file)).toEqual({ report: "flatFile", templateType: "fptcustom", misses: [] });
  });

  it("maps item_sku, item_name, brand_name, product_description, bullet_point1..3 (not the empty 4th) and generic_keywords by name", async () => {
    const file = expectFile(await readCatalogFile(bytes(text())));
    const mapping = reportMapping("flatFile", file);
    expect(mapping).toEqual({ ...none, productType: 0, sku: 1, brand: 2, productName: 3, description: 20, keyFeatures: 21, keyFeaturesMore: [22, 23], keywords: 25 });
    expect(validateMapping(mapping, file.columns)).toEqual({ ok: true, mapping });
    const { rows, problems } = toCatalogRows(file, mapping, { marketplace: "amazon.com" });
    expect(problems).toEqual([]);
    expect(rows[0]).toMatchObject({ index: 4, sku: "TEE-RED-M", facts: { brand: "Acme Apparel", productName: "Acme Cotton T-Shirt, Red, M", productType: "shirt", keyFeatures: "100% cotton\nRegular fit\nMachine washable" } });
    expect(rows[0]!.keywords.map((keyword) => keyword.phrase)).toEqual(["cotton t-shirt red tee"]);
    expect(rows[1]!.facts.keyFeatures).toBe("100% cotton");
    expect(rows[0]!.asin).toBeUndefined();
  });

  it("asks for the brand when the brand_name column is empty on every row", async () => {
    const noBrand = fixture("shirt-template-header.txt") + ours.map((row) => row.map((cell, i) => (i === 2 ? "" : cell)).join("\t")).join("\r\n");
    const file = expectFile(await readCatalogFile(bytes(noBrand)));
    const mapping = reportMapping("flatFile", file);
    expect(mapping.brand).toBeNull();
    expect(validateMapping(mapping, file.columns)).toMatchObject({ ok: false, missing: ["brand"] });
    const { rows } = toCatalogRows(file, { ...mapping, brandForAll: "Acme" }, { marketplace: "amazon.com" });
    expect(rows.map((row) => row.facts.brand)).toEqual(["Acme", "Acme"]);
  });

  it("uses the description as key features only on a row without any", async () => {
    const file = expectFile(await readCatalogFile(bytes(text())));
    const mapping = { ...reportMapping("flatFile", file), keyFeatures: null, keyFeaturesMore: [] };
    const { rows } = toCatalogRows(file, mapping, { marketplace: "amazon.com" });
    expect(rows.map((row) => row.facts.keyFeatures)).toEqual(["Soft cotton tee for every day.", ""]);
  });
});

describe("a newer template's settings row and attribute names (our rows, in the shape third-party code writes)", () => {
  it("takes the attribute row and the first data row from the settings, leaving out the rows between", async () => {
    const text = [
      "TemplateType=fptcustom\tVersion=2024.0630\tTemplateSignature=U0hJUlQ=\tsettings=attributeRow=4&contentLanguageTag=en_US&dataRow=6&feedType=113",
      "Offer\t\t\t\t",
      "SKU\tProduct Type\tItem Name\tBrand Name\tBullet Point\tBullet Point",
      "contribution_sku#1.value\tproduct_type#1.value\titem_name[marketplace_id=ATVPDKIKX0DER][language_tag=en_US]#1.value\tbrand[marketplace_id=ATVPDKIKX0DER][language_tag=en_US]#1.value\tbullet_point[marketplace_id=ATVPDKIKX0DER][language_tag=en_US]#1.value\tbullet_point[marketplace_id=ATVPDKIKX0DER][language_tag=en_US]#2.value",
      "Required\tRequired\tRequired\tRequired\tOptional\tOptional",
      "MUG-1\tDRINKING_CUP\tAcme Mug 350 ml\tAcme\tStoneware\tDishwasher safe",
    ].join("\n");
    const file = expectFile(await readCatalogFile(bytes(text)));
    expect(file).toMatchObject({ headerRow: 4, rowNumbers: [6], templateType: "fptcustom" });
    expect(file.columns.map(attributeName)).toEqual(["item_sku", "feed_product_type", "item_name", "brand_name", "bullet_point1", "bullet_point2"]);
    expect(recognizeReport(file).report).toBe("flatFile");
    expect(reportMapping("flatFile", file)).toEqual({ ...none, sku: 0, productType: 1, productName: 2, brand: 3, keyFeatures: 4, keyFeaturesMore: [5], description: null });
  });
});

describe("a file that is none of these reports", () => {
  it("is an ordinary catalog, with why it is not the All Listings Report nor a flat file", () => {
    expect(recognizeReport({ columns: ["SKU", "Brand Name", "Item Name", "Bullet Points"] })).toEqual({
      report: null,
      misses: [
        { report: "allListings", missing: ["seller-sku", "item-name"] },
        { report: "flatFile", missing: ["item_sku", "item_name"], noTemplateRow: true },
      ],
    });
    // A flat file's names without the template rows above them (the seller deleted them): ordinary, and says so.
    expect(recognizeReport({ columns: ["item_sku", "item_name", "brand_name"] })).toMatchObject({ report: null, misses: [{ report: "allListings" }, { report: "flatFile", missing: [], noTemplateRow: true }] });
    // Another Seller Central report (the open listings' sku, asin, price, quantity).
    expect(recognizeReport({ columns: ["sku", "asin", "price", "quantity"] }).report).toBeNull();
  });

  it("gets a store column only when its cells name stores", () => {
    const columns = ["Brand", "Product name", "Marketplace", "Store"];
    expect(proposeMapping(columns, [["Acme", "Lamp", "yes", "amazon.de"]])).toMatchObject({ marketplace: 3 });
    expect(proposeMapping(columns, [["Acme", "Lamp", "n", "Main shop"]])).toMatchObject({ marketplace: null });
    expect(proposeMapping(columns, [["Acme", "Lamp", "DE", ""]])).toMatchObject({ marketplace: 2 });
    // Without rows (the header alone) nothing changes.
    expect(proposeMapping(columns)).toMatchObject({ marketplace: 2 });
  });

  it("refuses a report mapping that names a column twice or past the last one", () => {
    const columns = ["item-name", "seller-sku"];
    expect(validateMapping({ ...none, productName: 0, sku: 0, brandForAll: "Acme" }, columns)).toEqual({ ok: false, missing: [], duplicates: [{ column: 0, fields: ["productName", "sku"] }], outOfRange: [] });
    expect(validateMapping({ ...none, productName: 0, keyFeaturesMore: [7], brandForAll: "Acme" }, columns)).toMatchObject({ ok: false, outOfRange: ["keyFeatures"] });
    expect(catalogMappingSchema.safeParse({ brand: null, productName: 0, brandForAll: "x".repeat(101) }).success).toBe(false);
  });
});

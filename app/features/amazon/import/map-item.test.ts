// Mapping one searchListingsItems item to a listing's copy (issue 33 item 3): the store's and the language's
// values are taken, several where one is expected / none / an unknown product type are kept and flagged.
import { describe, expect, it } from "vitest";
import { getMarketplace } from "#app/features/marketplaces/registry.ts";
import { mapListingsItem, sameCopy } from "./map-item.ts";

const canada = getMarketplace("amazon.ca")!;
const us = getMarketplace("amazon.com")!;
const value = (text: string, language_tag = "en_US", marketplace_id = us.marketplaceId) => ({ value: text, language_tag, marketplace_id });

describe("mapListingsItem", () => {
  it("maps item_name, bullet_point, product_description, generic_keyword and item_highlights of the store, with the summary's ASIN and product type and Amazon's issues", () => {
    const item = mapListingsItem(
      {
        sku: "SKU-1",
        summaries: [{ marketplaceId: us.marketplaceId, asin: "B0TEST0001", productType: "LUGGAGE", itemName: "Case" }],
        attributes: {
          item_name: [value("Acme Carry-On Case"), value("Acme Valise", "fr_CA", canada.marketplaceId)],
          bullet_point: [value("Spinner wheels"), value("Fits overhead bins")],
          product_description: [value("A light case.")],
          generic_keyword: [value("luggage suitcase")],
          item_highlights: [value("Light"), value("Hard shell")],
          brand: [value("Acme")],
        },
        issues: [{ code: "90220", message: "'item_type_keyword' is required but not supplied.", severity: "ERROR", attributeNames: ["item_type_keyword"], categories: ["MISSING_ATTRIBUTE"] }, { nonsense: true }],
      },
      us,
    );
    expect(item).toEqual({
      sku: "SKU-1",
      asin: "B0TEST0001",
      productType: "LUGGAGE",
      brand: "Acme",
      languageTag: null,
      copy: { title: "Acme Carry-On Case", itemHighlights: "Light\nHard shell", bullets: ["Spinner wheels", "Fits overhead bins"], description: "A light case.", searchTerms: "luggage suitcase" },
      issues: [{ code: "90220", message: "'item_type_keyword' is required but not supplied.", severity: "ERROR", attributeNames: ["item_type_keyword"] }],
      flags: [],
    });
  });

  it("takes the listing's language in a store of two (fr_CA on amazon.ca) and says so", () => {
    const item = mapListingsItem({ sku: "SKU-2", summaries: [{ marketplaceId: canada.marketplaceId, productType: "LUGGAGE" }], attributes: { item_name: [value("Valise Acme", "fr_CA", canada.marketplaceId)], bullet_point: [value("Roulettes", "fr_CA", canada.marketplaceId)] } }, canada);
    expect(item).toMatchObject({ languageTag: "fr_CA", copy: { title: "Valise Acme", bullets: ["Roulettes"] } });
  });

  it("imports several values, none, or an unknown product type as found, and flags them", () => {
    const item = mapListingsItem({ sku: "SKU-3", summaries: [{ marketplaceId: us.marketplaceId }], attributes: { item_name: [value("First title"), value("Second title")], generic_keyword: [value("a"), value("b")] } }, us);
    expect(item?.copy).toMatchObject({ title: "First title Second title", bullets: [], description: "", searchTerms: "a b" });
    expect(item?.flags).toEqual([
      { code: "UNKNOWN_PRODUCT_TYPE" },
      { code: "SEVERAL_VALUES", attribute: "item_name" },
      { code: "NO_VALUE", attribute: "bullet_point" },
      { code: "NO_VALUE", attribute: "product_description" },
      { code: "SEVERAL_VALUES", attribute: "generic_keyword" },
    ]);
    expect(mapListingsItem({ sku: "SKU-4", summaries: [{ marketplaceId: us.marketplaceId, productType: "not a type" }], attributes: { item_name: "not an array" } }, us)?.flags).toContainEqual({ code: "UNKNOWN_PRODUCT_TYPE" });
    expect(mapListingsItem({ nothing: "here" }, us)).toBeUndefined();
  });

  it("compares copies section by section", () => {
    const copy = { title: "A", itemHighlights: "", bullets: ["x", "y"], description: "", searchTerms: "" };
    expect(sameCopy(copy, { ...copy, bullets: ["x", "y"] })).toBe(true);
    expect(sameCopy(copy, { ...copy, bullets: ["x"] })).toBe(false);
    expect(sameCopy(copy, { ...copy, title: "B" })).toBe(false);
  });
});

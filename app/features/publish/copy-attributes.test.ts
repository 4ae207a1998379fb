import { describe, expect, it } from "vitest";
import { en } from "#app/i18n/en.ts";
import { de } from "#app/i18n/de.ts";
import { es } from "#app/i18n/es.ts";
import { fr } from "#app/i18n/fr.ts";
import type { ListingCopy } from "#app/features/listings/types.ts";
import { copyToAttributes, diffAttributes, mergeAttributes, patchesFor } from "./copy-attributes.ts";
import { explainedIssueCodes, explainIssue, explainIssues } from "./issue-explanations.ts";

const us = { marketplaceId: "ATVPDKIKX0DER", languageTag: "en_US" };
const copy: ListingCopy = { title: "Steel Bottle 750 ml", itemHighlights: "Keeps cold 24 h\nLeak-proof lid", bullets: ["Double wall", " Dishwasher safe ", ""], description: "A bottle.", searchTerms: "flask thermos" };
const tagged = (value: string, languageTag = "en_US", marketplaceId = "ATVPDKIKX0DER") => ({ value, language_tag: languageTag, marketplace_id: marketplaceId });

describe("copyToAttributes", () => {
  it("gives each section Amazon's attribute, a value per bullet and highlight line, every value tagged with the store and language", () => {
    const ours = copyToAttributes(copy, us, "item_highlights");
    expect(ours.sent).toEqual(["item_name", "bullet_point", "product_description", "generic_keyword", "item_highlights"]);
    expect(ours.attributes.item_name).toEqual([tagged("Steel Bottle 750 ml")]);
    expect(ours.attributes.bullet_point).toEqual([tagged("Double wall"), tagged("Dishwasher safe")]);
    expect(ours.attributes.item_highlights).toEqual([tagged("Keeps cold 24 h"), tagged("Leak-proof lid")]);
    expect(ours.highlightsNotSent).toBe(false);
  });

  it("uses title_differentiation when that is the product type's attribute, and says highlights are not sent when it has neither", () => {
    expect(copyToAttributes(copy, us, "title_differentiation").sent).toContain("title_differentiation");
    const none = copyToAttributes(copy, us, null);
    expect(none.sent).not.toContain("item_highlights");
    expect(none.sent).not.toContain("title_differentiation");
    expect(none.highlightsNotSent).toBe(true);
    expect(copyToAttributes({ ...copy, itemHighlights: "  " }, us, null).highlightsNotSent).toBe(false);
  });
});

describe("diffAttributes and patchesFor", () => {
  const live = {
    item_name: [tagged("Steel Bottle 750 ml")],
    bullet_point: [tagged("Dishwasher safe"), tagged("Double wall")],
    product_description: [tagged("A bottle."), tagged("Une bouteille.", "fr_CA"), tagged("Other store", "en_US", "A2EUQ1WTGCTBG2")],
    generic_keyword: [tagged("flask")],
    brand: [tagged("Acme")],
  };

  it("compares live and ours per attribute in the store's language, bullets in order", () => {
    const diff = diffAttributes(copyToAttributes(copy, us, "item_highlights"), live, us);
    expect(diff).toEqual([
      { attribute: "item_name", live: ["Steel Bottle 750 ml"], ours: ["Steel Bottle 750 ml"], changed: false },
      { attribute: "bullet_point", live: ["Dishwasher safe", "Double wall"], ours: ["Double wall", "Dishwasher safe"], changed: true },
      { attribute: "product_description", live: ["A bottle."], ours: ["A bottle."], changed: false },
      { attribute: "generic_keyword", live: ["flask"], ours: ["flask thermos"], changed: true },
      { attribute: "item_highlights", live: [], ours: ["Keeps cold 24 h", "Leak-proof lid"], changed: true },
    ]);
  });

  it("replaces only what changed, keeping the store's other languages, and deletes ours when our section is empty", () => {
    const ours = copyToAttributes({ ...copy, description: "New text.", searchTerms: "" }, us, null);
    const patches = patchesFor(ours, live, us);
    expect(patches.map((patch) => `${patch.op} ${patch.path}`)).toEqual(["replace /attributes/bullet_point", "replace /attributes/product_description", "delete /attributes/generic_keyword"]);
    expect(patches[1]!.value).toEqual([tagged("New text."), tagged("Une bouteille.", "fr_CA")]);
    expect(patches[2]!.value).toEqual([{ marketplace_id: "ATVPDKIKX0DER", language_tag: "en_US" }]);
    expect(patchesFor(copyToAttributes({ ...copy, bullets: ["Dishwasher safe", "Double wall"], searchTerms: "flask", itemHighlights: "" }, us, null), live, us)).toEqual([]);
  });

  it("merges ours into the live attributes for the schema check, leaving the attributes we do not send", () => {
    const merged = mergeAttributes(live, copyToAttributes({ ...copy, searchTerms: "" }, us, null), us);
    expect(merged.brand).toEqual(live.brand);
    expect(merged.generic_keyword).toBeUndefined();
    expect(merged.product_description).toEqual([tagged("A bottle."), tagged("Une bouteille.", "fr_CA")]);
  });
});

describe("issue explanations", () => {
  it("has plain words and what to do for every code of issue 34's table, in all four languages", () => {
    for (const code of explainedIssueCodes) {
      const explanation = explainIssue(code)!;
      for (const catalog of [en, es, de, fr] as Record<string, string>[]) {
        expect(catalog[explanation.titleKey], `${code} title`).toBeTruthy();
        expect(catalog[explanation.actionKey], `${code} action`).toBeTruthy();
      }
    }
  });

  it("leaves an unknown code to Amazon's own message", () => {
    expect(explainIssue("18027")).toBeNull();
    expect(explainIssues([{ code: "18027", message: "Amazon says so", severity: "WARNING" }])).toEqual([{ code: "18027", message: "Amazon says so", severity: "WARNING", attributeNames: [], explanation: null }]);
    expect(explainIssues([{ code: "90220", message: "'brand' is required", severity: "ERROR", attributeNames: ["brand"] }])[0]!.explanation?.titleKey).toBe("amazon.publish.issue.90220.title");
  });
});

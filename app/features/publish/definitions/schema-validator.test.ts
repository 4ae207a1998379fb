// The product type validator (issue 34 item 1) on Amazon's real BRACELET schema and on our edge-case schemas:
// JSON Schema 2019-09 plus Amazon's keywords (UTF-8 byte lengths, unique items per selector combination).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { amazonMetaSchema } from "./meta-schema.ts";
import { compiledCacheSize, compiledProductType, compileProductType, InvalidProductTypeSchema, schemaChecksum, type CompiledProductType, type SchemaProblem } from "./schema-validator.ts";

const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/product-types/${name}`, import.meta.url), "utf8");
const compileFixture = (name: string) => {
  const text = fixture(`${name}.json`);
  return compileProductType(schemaChecksum(text), JSON.parse(text));
};

const us = (value: unknown, language_tag = "en_US") => ({ value, language_tag, marketplace_id: "ATVPDKIKX0DER" });
const copy = { item_name: [us("Sterling Silver Bracelet")], bullet_point: [us("Solid 925 silver"), us("Gift box included")], product_description: [us("A bracelet.")], generic_keyword: [us("bracelet chain silver")] };
const sentCopy = Object.keys(copy);

describe("Amazon's meta-schema", () => {
  it("is the fixture taken from Amazon's repository, unchanged", () => {
    expect(amazonMetaSchema).toEqual(JSON.parse(fixture("meta-schema.json")));
  });

  it("is Base64 MD5 for the checksum, as the Definitions model says", () => {
    expect(schemaChecksum("")).toBe("1B2M2Y8AsgTpgAmY7PhCfg==");
  });
});

describe("BRACELET, Amazon's real schema", () => {
  const bracelet = compileFixture("BRACELET");

  it("compiles with every keyword it uses, once per checksum", () => {
    expect(bracelet.properties.size).toBe(161);
    expect(bracelet.highlightsAttribute).toBeNull();
    expect(compileFixture("BRACELET")).toBe(bracelet);
    expect(compiledProductType(bracelet.checksum)).toBe(bracelet);
  });

  it("passes a listing's copy; the attributes we do not send are not ours to fix", () => {
    expect(bracelet.validate(copy, sentCopy)).toEqual([]);
    expect(bracelet.validate(copy, [...sentCopy, "brand"])).toEqual([expect.objectContaining({ attribute: "brand", pointer: "/brand", keyword: "required" })]);
  });

  // The whole of BRACELET compiles in seconds on a busy machine: this test alone does it.
  it("checking only the attributes we send finds what the whole schema finds about them", { timeout: 60_000 }, () => {
    const listings = [
      copy,
      { ...copy, item_name: [us("One"), us("Two")], bullet_point: [us(7)] },
      { ...copy, parentage_level: [{ value: "child", marketplace_id: "ATVPDKIKX0DER" }], child_parent_sku_relationship: [{ child_relationship_type: "variation", parent_sku: "ü".repeat(21) }] },
      { ...copy, child_parent_sku_relationship: [{ child_relationship_type: "variation", parent_sku: "P-1" }], unknown_attribute: [us("x")] },
    ];
    const sets = [sentCopy, [...sentCopy, "child_parent_sku_relationship"], ["parentage_level", "unknown_attribute"]];
    for (const attributes of listings) {
      // Without `only`: every problem of the listing, the attributes we do not send among them.
      const whole = bracelet.validate(attributes);
      expect(whole).toContainEqual(expect.objectContaining({ attribute: "brand", pointer: "/brand", keyword: "required" }));
      for (const only of sets) {
        const sorted = (problems: SchemaProblem[]) => problems.map((problem) => JSON.stringify(problem)).sort();
        expect(sorted(bracelet.validate(attributes, only))).toEqual(sorted(whole.filter((problem) => only.includes(problem.attribute))));
      }
    }
  });

  it("a required copy attribute we send empty is ours", () => {
    const { bullet_point: _, ...rest } = copy;
    expect(bracelet.validate(rest, sentCopy)).toEqual([expect.objectContaining({ attribute: "bullet_point", pointer: "/bullet_point", keyword: "required", params: { missingProperty: "bullet_point" } })]);
  });

  it("counts bytes, not characters: parent_sku holds 40 bytes of UTF-8 (maxUtf8ByteLength)", () => {
    const child = (parentSku: string) => ({
      ...copy,
      parentage_level: [{ value: "child", marketplace_id: "ATVPDKIKX0DER" }],
      child_parent_sku_relationship: [{ child_relationship_type: "variation", parent_sku: parentSku, marketplace_id: "ATVPDKIKX0DER" }],
    });
    const sent = [...sentCopy, "parentage_level", "child_parent_sku_relationship"];
    expect(bracelet.validate(child("A".repeat(40)), sent)).toEqual([]);
    expect(bracelet.validate(child("ü".repeat(20)), sent)).toEqual([]);
    // 21 characters (under maxLength 40) but 42 bytes.
    expect(bracelet.validate(child("ü".repeat(21)), sent)).toEqual([
      { attribute: "child_parent_sku_relationship", pointer: "/child_parent_sku_relationship/0/parent_sku", keyword: "maxUtf8ByteLength", params: { limit: 40, bytes: 42 }, message: "must NOT have more than 40 bytes in UTF-8" },
    ]);
    // minUtf8ByteLength 1 and minLength 1 both say so about an empty one.
    expect(bracelet.validate(child(""), sent).map((problem) => problem.keyword).sort()).toEqual(["minLength", "minUtf8ByteLength"]);
  });

  it("product_description holds 20,000 bytes: 10,000 two-byte letters pass, one more does not", () => {
    expect(bracelet.validate({ ...copy, product_description: [us("é".repeat(10_000))] }, sentCopy)).toEqual([]);
    expect(bracelet.validate({ ...copy, product_description: [us("é".repeat(10_001))] }, sentCopy)).toEqual([
      expect.objectContaining({ pointer: "/product_description/0/value", keyword: "maxUtf8ByteLength", params: { limit: 20_000, bytes: 20_002 } }),
    ]);
  });

  it("one title per marketplace and language (maxUniqueItems 1 with selectors), and a title in each language is fine", () => {
    expect(bracelet.validate({ ...copy, item_name: [us("One"), us("Two")] }, sentCopy)).toEqual([
      expect.objectContaining({
        attribute: "item_name",
        pointer: "/item_name",
        keyword: "maxUniqueItems",
        params: { limit: 1, count: 2, selectors: ["marketplace_id", "language_tag"], selection: { language_tag: "en_US", marketplace_id: "ATVPDKIKX0DER" } },
      }),
    ]);
    expect(bracelet.validate({ ...copy, item_name: [us("One"), us("Uno", "es_US")] }, sentCopy)).toEqual([]);
    // Ten bullets in one language pass, eleven do not.
    const bullets = (n: number) => Array.from({ length: n }, (_, i) => us(`Bullet ${i}`));
    expect(bracelet.validate({ ...copy, bullet_point: bullets(10) }, sentCopy)).toEqual([]);
    expect(bracelet.validate({ ...copy, bullet_point: bullets(11) }, sentCopy).map((problem) => problem.keyword)).toEqual(["maxUniqueItems"]);
  });

  it("refuses an attribute the product type does not have, at that attribute (item highlights on BRACELET)", () => {
    const problems = bracelet.validate({ ...copy, title_differentiation: [us("Solid silver")] }, [...sentCopy, "title_differentiation"]);
    expect(problems).toEqual([expect.objectContaining({ attribute: "title_differentiation", pointer: "/title_differentiation", keyword: "additionalProperties" })]);
  });

  it("reports wrong shapes at their field: a value that is not text, a missing language tag", () => {
    const problems = bracelet.validate({ ...copy, item_name: [{ value: 42, marketplace_id: "ATVPDKIKX0DER" }] }, sentCopy);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: "/item_name/0/value", keyword: "type" }),
        expect.objectContaining({ pointer: "/item_name/0/language_tag", keyword: "required" }),
      ]),
    );
  });
});

describe("our edge-case schemas", () => {
  const edge = compileFixture("SELLSCRIBE_EDGE");
  const edgeCopy = { ...copy, brand: [us("Acme")], item_name: [us("Silver bracelet")], bullet_point: [us("One"), us("Two")] };
  const keywords = (product: CompiledProductType, attributes: Record<string, unknown>) => product.validate(attributes, sentCopy).map((problem) => `${problem.pointer} ${problem.keyword}`);

  it("passes a fitting listing, with Amazon's annotations and $lifecycle in the schema", () => {
    expect(edge.validate(edgeCopy)).toEqual([]);
    expect(edge.highlightsAttribute).toBe("title_differentiation");
  });

  it("minUtf8ByteLength and maxUtf8ByteLength on the title (5 to 60 bytes)", () => {
    expect(keywords(edge, { ...edgeCopy, item_name: [us("äb")] })).toEqual(["/item_name/0/value minUtf8ByteLength"]);
    expect(keywords(edge, { ...edgeCopy, item_name: [us("äöü")] })).toEqual([]);
    expect(keywords(edge, { ...edgeCopy, item_name: [us("é".repeat(30))] })).toEqual([]);
    expect(keywords(edge, { ...edgeCopy, item_name: [us(`${"a".repeat(59)}é`)] })).toEqual(["/item_name/0/value maxUtf8ByteLength"]);
    // An emoji is four bytes.
    expect(edge.validate({ ...edgeCopy, item_name: [us("😀".repeat(16))] }, sentCopy)[0]).toMatchObject({ keyword: "maxUtf8ByteLength", params: { limit: 60, bytes: 64 } });
  });

  it("minUniqueItems and maxUniqueItems count each marketplace-and-language group on its own (2 to 3 bullets)", () => {
    const ca = (value: string, tag: string) => ({ value, language_tag: tag, marketplace_id: "A2EUQ1WTGCTBG2" });
    expect(keywords(edge, { ...edgeCopy, bullet_point: [us("One")] })).toEqual(["/bullet_point minUniqueItems"]);
    expect(keywords(edge, { ...edgeCopy, bullet_point: [us("1"), us("2"), us("3"), us("4")] })).toEqual(["/bullet_point maxUniqueItems"]);
    // Two groups of two pass; a third group of one does not, and the problem says which group.
    expect(keywords(edge, { ...edgeCopy, bullet_point: [us("1"), us("2"), ca("1", "en_CA"), ca("2", "en_CA")] })).toEqual([]);
    const problems = edge.validate({ ...edgeCopy, bullet_point: [us("1"), us("2"), ca("1", "fr_CA")] }, sentCopy);
    expect(problems).toEqual([expect.objectContaining({ keyword: "minUniqueItems", params: { limit: 2, count: 1, selectors: ["marketplace_id", "language_tag"], selection: { language_tag: "fr_CA", marketplace_id: "A2EUQ1WTGCTBG2" } } })]);
    expect(problems[0]!.message).toBe("must NOT have fewer than 2 items for language_tag fr_CA, marketplace_id A2EUQ1WTGCTBG2");
  });

  it("only: a required brand we do not send is not ours; with brand sent, it is", () => {
    const { brand: _, ...noBrand } = edgeCopy;
    expect(edge.validate(noBrand, sentCopy)).toEqual([]);
    expect(edge.validate(noBrand, [...sentCopy, "brand"])).toEqual([expect.objectContaining({ attribute: "brand", keyword: "required" })]);
  });

  it("names the highlights attribute each schema has", () => {
    expect(compileFixture("SELLSCRIBE_HIGHLIGHTS_TD").highlightsAttribute).toBe("title_differentiation");
    expect(compileFixture("SELLSCRIBE_HIGHLIGHTS_IH").highlightsAttribute).toBe("item_highlights");
    const generic = compileFixture("SELLSCRIBE_GENERIC");
    expect(generic.highlightsAttribute).toBeNull();
    expect([...generic.properties].sort()).toEqual(["bullet_point", "generic_keyword", "item_name", "product_description"]);
    expect(generic.validate(copy)).toEqual([]);
  });
});

describe("compiling", () => {
  const generic = JSON.parse(fixture("SELLSCRIBE_GENERIC.json")) as Record<string, unknown>;

  it("refuses a keyword neither JSON Schema nor Amazon's vocabulary has, and an Amazon keyword of the wrong type", () => {
    expect(() => compileProductType("unknown-keyword", { ...generic, properties: { item_name: { type: "string", maxBytes: 3 } } })).toThrow(InvalidProductTypeSchema);
    expect(() => compileProductType("wrong-type", { ...generic, properties: { item_name: { type: "string", maxUtf8ByteLength: "40" } } })).toThrow(InvalidProductTypeSchema);
    expect(() => compileProductType("not-an-object", [])).toThrow(InvalidProductTypeSchema);
    expect(compiledProductType("wrong-type")).toBeUndefined();
  });

  it(`keeps the newest ${compiledCacheSize} compiled schemas`, () => {
    const first = compileProductType("lru-0", generic);
    for (let i = 1; i <= compiledCacheSize; i++) compileProductType(`lru-${i}`, generic);
    expect(compiledProductType("lru-0")).toBeUndefined();
    expect(compiledProductType(`lru-${compiledCacheSize}`)).toBeDefined();
    expect(compileProductType("lru-0", generic)).not.toBe(first);
  });
});

import { describe, expect, it } from "vitest";
import { composeOfflineListing, type OfflineListingInput } from "./offline-listing.ts";
import { listingFactsSchema, wordsToAvoidList, type ListingCopy, type ListingFacts } from "./types.ts";
import { countBytes, countChars, lintListing } from "#app/features/rules/lint.ts";
import { amazon202501 } from "#app/features/rules/rule-sets/amazon-2025-01.ts";
import { amazon202607 } from "#app/features/rules/rule-sets/amazon-2026-07.ts";
import type { RuleSet } from "#app/features/rules/types.ts";

const ruleSets = [amazon202607, amazon202501] as const;

const facts = (input: Partial<Record<keyof ListingFacts, string>> & { brand: string; productName: string }): ListingFacts => listingFactsSchema.parse(input);

const cuttingBoard = facts({
  brand: "Acme",
  productName: "Bamboo Cutting Board Set",
  productType: "Cutting Board",
  keyFeatures: "3 sizes\nJuice groove catches liquids\nDishwasher safe\nOrganic bamboo, gentle on knives",
  targetAudience: "home cooks",
  tone: "Professional",
});

const dogLeash = facts({
  brand: "Pawly",
  productName: "Reflective Dog Leash",
  productType: "Dog Leash",
  keyFeatures: "- Reflective stitching for night walks\n- Padded handle\n- Heavy-duty steel clip\n- 5 ft long",
  targetAudience: "dog owners",
  tone: "Casual",
});

const phoneCase = facts({
  brand: "Shieldo",
  productName: "Clear Phone Case for iPhone 15",
  productType: "Phone Case",
  keyFeatures: "Military-grade drop protection; Raised edges protect camera and screen; MagSafe compatible; Slim fit",
  targetAudience: "iPhone 15 owners",
  tone: "Formal",
});

const yogaMat = facts({
  brand: "ZenFlow",
  productName: "Non-Slip Yoga Mat 6mm",
  productType: "Yoga Mat",
  keyFeatures: "• Extra thick 6 mm cushioning • Non-slip textured surface • Lightweight with carry strap • NEW IMPROVED GRIP",
  targetAudience: "beginners and yogis",
  tone: "Casual",
});

const longName = facts({
  brand: "HydroPeak",
  productName:
    "Stainless Steel Insulated Water Bottle with Leak Proof Lid and Straw, Double Wall Vacuum Insulation Keeps Drinks Cold for 24 Hours and Hot for 12 Hours, Wide Mouth Design for Gym Office Travel and Hiking Trips".slice(0, 200),
  keyFeatures: "Keeps drinks cold 24 hours\nLeak-proof lid\nBPA-free",
  tone: "Formal",
});

const bare = facts({ brand: "Nordby", productName: "Wool Throw Blanket" });

const hostile = facts({
  brand: "Acme",
  productName: "Bamboo Cutting Board!!! BEST SELLER",
  keyFeatures: "Best seller!!! $19.99, free shipping, 100% guaranteed, eco-friendly, ASIN B012345678, call 555-123-4567, visit acme.com, ™\nDEEP JUICE GROOVE 🔥\n<b>Knife friendly</b> surface",
  targetAudience: "visit www.acme.com",
  wordsToAvoid: "",
  tone: "Casual",
});

const spanish = facts({
  brand: "Cocina Viva",
  productName: "Tabla de Cortar de Bambú",
  productType: "Tabla de cortar",
  keyFeatures: "¡Oferta! envío gratis\n3 tamaños\nRanura para jugos\nApta para lavavajillas\nGarantía de por vida, 19,99 €",
  targetAudience: "cocineros caseros",
  tone: "Casual",
});

const withAvoid = facts({
  ...cuttingBoard,
  keyFeatures: "3 sizes\nJuice groove catches liquids\nDishwasher safe plastic-free design\nOrganic bamboo, gentle on knives",
  wordsToAvoid: "plastic, everyday, design\nsimple; cutting board",
});

/** Whole word, case-insensitive (what "never appears" means for a word to avoid). */
function mentions(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&").replace(/\s+/g, "[\\s-]+");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu").test(text);
}

const sectionsOf = (copy: ListingCopy) => [copy.title, copy.itemHighlights, ...copy.bullets, copy.description, copy.searchTerms];
const wordsIn = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];

function compose(input: ListingFacts, ruleSet: RuleSet, options: Partial<OfflineListingInput> = {}): ListingCopy {
  return composeOfflineListing({ facts: input, ruleSet, language: "en", ...options });
}

/** What every listing must hold, whatever the facts. */
function expectValid(copy: ListingCopy, input: ListingFacts, ruleSet: RuleSet, language = "en"): void {
  const report = lintListing({ ruleSet, language, brand: input.brand, sections: copy });
  const errors = JSON.stringify(report.sections, (key, value: unknown) => (key === "violations" && Array.isArray(value) ? value.filter((v: { severity: string }) => v.severity === "error") : value));
  expect(report.passed, errors).toBe(true);

  const { sections } = ruleSet;
  // Title: within the limits, cut cleanly.
  expect(countChars(copy.title)).toBeLessThanOrEqual(sections.title.limits.maxChars!);
  expect(countChars(copy.title)).toBeGreaterThanOrEqual(sections.title.limits.minChars!);
  expect(copy.title).not.toMatch(/[\s,;:\-–—/&(]$/);
  expect(copy.title).toBe(copy.title.trim());

  // Item highlights only where the rule set has them.
  if (sections.itemHighlights) {
    expect(copy.itemHighlights.length).toBeGreaterThan(0);
    expect(countChars(copy.itemHighlights)).toBeLessThanOrEqual(sections.itemHighlights.limits.maxChars!);
  } else {
    expect(copy.itemHighlights).toBe("");
  }

  // Five bullets with a short, capitalised header (never ALL CAPS).
  expect(copy.bullets).toHaveLength(5);
  expect(copy.bullets.length).toBeGreaterThanOrEqual(sections.bullets.minCount);
  expect(copy.bullets.length).toBeLessThanOrEqual(sections.bullets.maxCount);
  for (const bullet of copy.bullets) {
    expect(countChars(bullet)).toBeGreaterThanOrEqual(sections.bullets.limits.minChars!);
    expect(countChars(bullet)).toBeLessThanOrEqual(sections.bullets.limits.maxChars!);
    // A short header, a colon (or a dash when the seller avoids colons), then the sentence.
    expect(bullet).toMatch(/^\p{Lu}[^:–]{2,45}?(?:: | – | - )\S/u);
    expect(bullet).not.toMatch(/(?<![\p{L}\p{N}])\p{Lu}{5,}(?![\p{L}\p{N}])/u);
  }

  // Description: two to four plain paragraphs.
  const paragraphs = copy.description.split("\n\n");
  expect(paragraphs.length).toBeGreaterThanOrEqual(2);
  expect(paragraphs.length).toBeLessThanOrEqual(4);
  for (const paragraph of paragraphs) expect(paragraph.trim()).toBe(paragraph);
  expect(countChars(copy.description)).toBeLessThanOrEqual(sections.description.limits.maxChars!);
  expect(copy.description).not.toMatch(/<[^>]*>/);

  // Search terms: lower case, each word once, no brand, no title word, under the byte limit.
  const terms = copy.searchTerms.split(" ").filter(Boolean);
  expect(copy.searchTerms).toBe(copy.searchTerms.toLowerCase());
  expect(copy.searchTerms).toBe(terms.join(" "));
  expect(new Set(terms).size).toBe(terms.length);
  expect(countBytes(copy.searchTerms)).toBeLessThanOrEqual(sections.searchTerms.limits.maxBytes!);
  const titleWords = new Set(wordsIn(copy.title));
  for (const term of terms) expect(titleWords.has(term), `search term "${term}" is in the title`).toBe(false);
  for (const word of wordsIn(input.brand)) expect(terms).not.toContain(word);
  expect(mentions(copy.searchTerms, input.brand)).toBe(false);

  // The words to avoid, nowhere.
  for (const word of wordsToAvoidList(input)) for (const section of sectionsOf(copy)) expect(mentions(section, word), `"${word}" in ${JSON.stringify(section)}`).toBe(false);
}

describe("composeOfflineListing: every product passes both rule sets", () => {
  const products: [string, ListingFacts, string][] = [
    ["bamboo cutting board", cuttingBoard, "en"],
    ["dog leash", dogLeash, "en"],
    ["phone case", phoneCase, "en"],
    ["yoga mat", yogaMat, "en"],
    ["200-character product name", longName, "en"],
    ["only brand and name", bare, "en"],
    ["hostile facts", hostile, "en"],
    ["Spanish cutting board", spanish, "es"],
    ["words to avoid", withAvoid, "en"],
  ];
  for (const ruleSet of ruleSets) {
    it.each(products)(`%s (${ruleSet.id})`, (_, input, language) => {
      expectValid(composeOfflineListing({ facts: input, ruleSet, language }), input, ruleSet, language);
    });
  }
});

describe("composeOfflineListing: title", () => {
  it("puts brand, name and key features first, like an Amazon title, within 60–75 characters for July 2026", () => {
    const { title } = compose(cuttingBoard, amazon202607);
    expect(title.startsWith("Acme Bamboo Cutting Board Set")).toBe(true);
    expect(countChars(title)).toBeGreaterThanOrEqual(60);
    expect(countChars(title)).toBeLessThanOrEqual(75);
    expect(title).toMatch(/3 Sizes|Juice Groove/);
  });

  it("is longer under the January 2025 rule set, up to about 150 characters", () => {
    const short = compose(cuttingBoard, amazon202607).title;
    const long = compose(cuttingBoard, amazon202501).title;
    expect(countChars(long)).toBeGreaterThan(countChars(short));
    expect(countChars(long)).toBeLessThanOrEqual(150);
    expect(long.startsWith("Acme Bamboo Cutting Board Set")).toBe(true);
  });

  it("cuts a 200-character product name at a word boundary, never mid-word", () => {
    expect(countChars(longName.productName)).toBe(200);
    const source = new Set(wordsIn(`${longName.brand} ${longName.productName} ${longName.keyFeatures}`));
    for (const ruleSet of ruleSets) {
      const { title } = compose(longName, ruleSet);
      expect(title.startsWith("HydroPeak Stainless Steel Insulated Water Bottle")).toBe(true);
      // Every word of the title is a whole word the seller wrote (or a generic ending), the last one too.
      for (const word of wordsIn(title)) expect(source.has(word) || ["for", "everyday", "use", "gym", "office", "and", "travel"].includes(word), word).toBe(true);
    }
  });

  it("keeps the brand whole, even when it starts with a small word", () => {
    const input = facts({ brand: "The Pioneer Woman", productName: "Enamel Dutch Oven, 6 Quart", keyFeatures: "Oven safe to 400F\nEnamel interior" });
    for (const ruleSet of ruleSets) {
      const copy = compose(input, ruleSet);
      expect(copy.title.startsWith("The Pioneer Woman Enamel Dutch Oven")).toBe(true);
      expectValid(copy, input, ruleSet);
    }
  });

  it("keeps the seller's capitals (iPhone, MagSafe) and fixes shouting", () => {
    expect(compose(phoneCase, amazon202501).title).toContain("iPhone 15");
    expect(compose(phoneCase, amazon202501).title).toContain("MagSafe");
    const hostileTitle = compose(hostile, amazon202501).title;
    expect(hostileTitle).not.toMatch(/BEST|SELLER|!/);
    expect(hostileTitle.startsWith("Acme Bamboo Cutting Board")).toBe(true);
  });
});

describe("composeOfflineListing: sections", () => {
  it("writes item highlights as a short phrase list only for the July 2026 rule set", () => {
    const highlights = compose(cuttingBoard, amazon202607).itemHighlights;
    expect(highlights.split(", ").length).toBeGreaterThanOrEqual(3);
    expect(highlights.toLowerCase()).toContain("dishwasher safe");
    expect(compose(cuttingBoard, amazon202501).itemHighlights).toBe("");
  });

  it("builds a bullet from each key feature, with a benefit header", () => {
    const { bullets } = compose(cuttingBoard, amazon202607);
    for (const feature of ["3 sizes", "Juice groove catches liquids", "Dishwasher safe", "Organic bamboo"]) expect(bullets.some((bullet) => bullet.includes(feature)), feature).toBe(true);
    expect(bullets.some((bullet) => /^(Easy to clean|Simple cleanup): Dishwasher safe\./.test(bullet))).toBe(true);
  });

  it("fills up to five bullets with generic benefits when the seller gives no features", () => {
    const copy = compose(bare, amazon202607);
    expect(copy.bullets).toHaveLength(5);
    expect(new Set(copy.bullets.map((bullet) => bullet.split(":")[0])).size).toBe(5);
    expect(copy.description.split("\n\n").length).toBeGreaterThanOrEqual(2);
    expect(copy.searchTerms.length).toBeGreaterThan(0);
    expect(copy.description).toContain("Nordby Wool Throw Blanket");
  });

  it("uses the category and the audience for generic bullets (a dog leash with two features)", () => {
    const copy = compose(facts({ brand: "Pawly", productName: "Reflective Dog Leash", keyFeatures: "Padded handle\nReflective stitching", targetAudience: "dog owners", tone: "Casual" }), amazon202607);
    expect(copy.bullets).toHaveLength(5);
    expect(copy.bullets.join(" ")).toContain("dog owners");
    expect(copy.bullets.join(" ")).toMatch(/walk|pet/i);
  });

  it("keeps five bullets and every limit with more features than bullets and a very long feature", () => {
    const long = "Made from a single piece of carefully dried and oiled moso bamboo that resists warping and cracking, ".repeat(6).trim();
    const input = facts({ ...cuttingBoard, keyFeatures: ["3 sizes", "Juice groove", "Dishwasher safe", "Non-slip feet", "Hanging hole", long, "Gift box"].join("\n") });
    for (const ruleSet of ruleSets) {
      const copy = compose(input, ruleSet);
      expectValid(copy, input, ruleSet);
      expect(copy.description).toContain("hanging hole");
    }
  });

  it("keeps search terms out of the title and the brand, and adds related words", () => {
    const copy = compose(cuttingBoard, amazon202607);
    expect(copy.searchTerms).toMatch(/\bchopping\b/);
    expect(copy.searchTerms).not.toMatch(/\bacme\b/);
    expect(copy.searchTerms).not.toMatch(/\bbamboo\b/);
    expect(countBytes(copy.searchTerms)).toBeGreaterThan(100);
  });
});

describe("composeOfflineListing: hostile facts", () => {
  it("strips prices, links, phone numbers, ASINs, promises, symbols, emoji and markup from every section", () => {
    for (const ruleSet of ruleSets) {
      const copy = compose(hostile, ruleSet);
      const text = sectionsOf(copy).join("\n");
      for (const banned of ["$", "19.99", "free shipping", "guarantee", "eco-friendly", "B012345678", "ASIN", "555", "acme.com", "www", "™", "!", "🔥", "<b>", "best seller", "visit"]) expect(text.toLowerCase(), banned).not.toContain(banned.toLowerCase());
      // What was usable survives, in normal case.
      expect(text).toMatch(/deep juice groove/i);
      expect(text).not.toContain("DEEP JUICE GROOVE");
      expect(text).toMatch(/knife friendly surface/i);
    }
  });

  it("passes with a brand that carries a symbol, and with mixed-language promises", () => {
    const input = facts({ brand: "Acme™", productName: "Steel Water Bottle", keyFeatures: "Envío gratis, oferta, garantía\nKeeps drinks cold\nLimited time deal, buy now", tone: "Formal" });
    for (const ruleSet of ruleSets) {
      const copy = compose(input, ruleSet);
      expectValid(copy, input, ruleSet);
      expect(sectionsOf(copy).join(" ")).not.toMatch(/envío|oferta|garantía|limited time|buy now|™/i);
    }
  });
});

describe("composeOfflineListing: random mixes of hostile phrases (seeded)", () => {
  const pool = ["Best seller!!!", "$19.99", "free shipping", "100% guaranteed", "eco-friendly", "ASIN B012345678", "call 555-123-4567", "visit acme.com", "™", "🔥", "<b>bold</b>", "NEW", "now", "N/A", "TBD", "lorem ipsum", "oferta", "envío gratis", "garantía", "19,99 €", "antibacterial", "FDA approved", "cheap", "great gift", "perfect", "premium quality", "sale", "#1", "?", "{", "_", "board board board", "Bamboo", "3 sizes", "dishwasher safe", "non-slip", "USB-C", "iPhone 15", "SUPERGRIP", "kids 3+", "dog owners", "for", "para", "the", "your", "everyday", "diseño"];
  let state = 20260727;
  const next = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % n;
  };
  const phrase = (max: number) => Array.from({ length: 1 + next(max) }, () => pool[next(pool.length)]).join(next(3) === 0 ? ", " : " ");
  const inputs = Array.from({ length: 40 }, () =>
    listingFactsSchema.safeParse({
      brand: phrase(2).slice(0, 100),
      productName: phrase(8).slice(0, 200),
      productType: next(2) ? phrase(2).slice(0, 100) : "",
      keyFeatures: Array.from({ length: next(7) }, () => phrase(5)).join("\n").slice(0, 2000),
      targetAudience: next(2) ? phrase(2).slice(0, 200) : "",
      wordsToAvoid: Array.from({ length: next(4) }, () => pool[next(pool.length)]).join(", "),
      tone: (["Casual", "Formal", "Professional"] as const)[next(3)],
    }),
  ).flatMap((result) => (result.success ? [result.data] : []));

  it("passes lint and keeps every limit for both rule sets, in English and Spanish", () => {
    expect(inputs.length).toBeGreaterThan(30);
    for (const input of inputs) for (const ruleSet of ruleSets) for (const language of ["en", "es"]) expectValid(composeOfflineListing({ facts: input, ruleSet, language, variant: next(4) }), input, ruleSet, language);
  });
});

describe("composeOfflineListing: language, tone and words to avoid", () => {
  it("writes Spanish for es", () => {
    const copy = composeOfflineListing({ facts: spanish, ruleSet: amazon202607, language: "es" });
    expect(copy.title.startsWith("Cocina Viva Tabla de Cortar de Bambú")).toBe(true);
    expect(copy.bullets.some((bullet) => /^(Fácil de limpiar|Limpieza sencilla): Apta para lavavajillas\./.test(bullet))).toBe(true);
    expect(copy.description).toMatch(/\b(tu|su)\b/);
    expect(copy.description).not.toMatch(/\b(the|your|with)\b/);
    expect(sectionsOf(copy).join(" ")).not.toMatch(/oferta|envío gratis|garantía|19,99|€/i);
  });

  it("writes English for any other language", () => {
    const copy = composeOfflineListing({ facts: cuttingBoard, ruleSet: amazon202607, language: "de" });
    expect(copy).toEqual(compose(cuttingBoard, amazon202607));
    expectValid(copy, cuttingBoard, amazon202607, "de");
  });

  it("changes the wording with the tone", () => {
    const descriptions = (["Casual", "Formal", "Professional"] as const).map((tone) => compose({ ...cuttingBoard, tone }, amazon202607).description);
    expect(new Set(descriptions).size).toBe(3);
    const casual = compose({ ...cuttingBoard, tone: "Casual" }, amazon202607).bullets.join(" ");
    const formal = compose({ ...cuttingBoard, tone: "Formal" }, amazon202607).bullets.join(" ");
    expect(casual).not.toBe(formal);
  });

  it("never uses a word to avoid, even one the fixed sentences or the product type would use", () => {
    for (const ruleSet of ruleSets) {
      const copy = compose(withAvoid, ruleSet);
      const text = sectionsOf(copy).join("\n");
      for (const word of ["plastic", "everyday", "design", "simple", "cutting board"]) expect(mentions(text, word), word).toBe(false);
      // A hyphenated word goes whole ("plastic-free"), leaving no "-free" behind.
      expect(text).not.toMatch(/(?:^|\s)-\p{L}/mu);
      expect(copy.bullets.some((bullet) => bullet.includes("Dishwasher safe"))).toBe(true);
    }
  });

  it("honours symbols to avoid: no colon after the headers, no ampersand anywhere", () => {
    const input = facts({ ...dogLeash, wordsToAvoid: ":, &" });
    for (const ruleSet of ruleSets) {
      const copy = compose(input, ruleSet);
      expectValid(copy, input, ruleSet);
      expect(sectionsOf(copy).join(" ")).not.toMatch(/[:&]/);
      for (const bullet of copy.bullets) expect(bullet).toMatch(/^\p{Lu}[^–]{2,45} – \S/u);
    }
  });

  it("honours words to avoid in Spanish", () => {
    const input = facts({ ...spanish, wordsToAvoid: "tamaños, cocina, diario" });
    for (const ruleSet of ruleSets) expectValid(composeOfflineListing({ facts: input, ruleSet, language: "es" }), input, ruleSet, "es");
  });
});

describe("composeOfflineListing: determinism and variants", () => {
  it("gives the same copy for the same input", () => {
    for (const ruleSet of ruleSets) {
      expect(compose(dogLeash, ruleSet)).toEqual(compose(dogLeash, ruleSet));
      expect(compose(dogLeash, ruleSet, { variant: 3 })).toEqual(compose(dogLeash, ruleSet, { variant: 3 }));
    }
  });

  it("treats a missing variant as variant 0", () => {
    expect(compose(yogaMat, amazon202607)).toEqual(compose(yogaMat, amazon202607, { variant: 0 }));
  });

  it("changes the wording for another variant, and every variant stays valid", () => {
    const copies = [0, 1, 2, 3].map((variant) => compose(cuttingBoard, amazon202607, { variant }));
    for (let i = 1; i < copies.length; i++) {
      expect(copies[i]!.bullets.join("\n")).not.toBe(copies[i - 1]!.bullets.join("\n"));
      expect(copies[i]!.description).not.toBe(copies[i - 1]!.description);
    }
    for (const ruleSet of ruleSets) for (const variant of [1, 2, 7, -1, 2.5, 1_000_003]) expectValid(compose(dogLeash, ruleSet, { variant }), dogLeash, ruleSet);
  });

  it("changes Spanish wording for another variant too", () => {
    const a = composeOfflineListing({ facts: spanish, ruleSet: amazon202607, language: "es", variant: 0 });
    const b = composeOfflineListing({ facts: spanish, ruleSet: amazon202607, language: "es", variant: 1 });
    expect(a.description).not.toBe(b.description);
    expectValid(b, spanish, amazon202607, "es");
  });
});

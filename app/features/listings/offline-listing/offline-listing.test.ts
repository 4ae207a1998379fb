import { describe, expect, it } from "vitest";
import { composeOfflineListing, type OfflineListingInput } from "./index.ts";
import { german as germanKit } from "#app/templates/offline/kit/de.ts";
import { english as englishKit } from "#app/templates/offline/kit/en.ts";
import { french as frenchKit } from "#app/templates/offline/kit/fr.ts";
import type { ListingText as OfflineText } from "#app/templates/offline/kit/types.ts";
import { listingFactsSchema, wordsToAvoidList, type ListingCopy, type ListingFacts } from "../types.ts";

const de = germanKit.listing;
const fr = frenchKit.listing;
import { tokenize } from "#app/features/keywords/words.ts";
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

// German and French facts as sellers on amazon.de and amazon.fr type them: nouns capitalised, umlauts and
// accents, decimal commas, the store's own promises.
const german = facts({
  brand: "Holzliebe",
  productName: "Bambus Schneidebrett Set",
  productType: "Schneidebrett",
  keyFeatures: "3 Größen\nMaße: 45 x 30 cm\nSaftrille fängt Flüssigkeiten auf\nSpülmaschinengeeignet\nAus nachhaltigem Bambus, schont Messer",
  targetAudience: "Hobbyköche",
  tone: "Professional",
});

const germanLeash = facts({
  brand: "Pfotenglück",
  productName: "Reflektierende Hundeleine",
  productType: "Hundeleine",
  keyFeatures: "- Reflektierende Nähte für Gassirunden in der Nacht\n- Gepolsterter Griff\n- Robuster Karabiner aus Edelstahl\n- 1,5 m lang",
  targetAudience: "für Hundebesitzer",
  tone: "Casual",
});

const germanHostile = facts({
  brand: "AquaPur",
  productName: "Edelstahl Trinkflasche 1,5 l NEU!!! Bestseller",
  keyFeatures: "Hält Getränke 24 Stunden kalt\nAuslaufsicherer Deckel\nBPA-frei\nKostenloser Versand, 19,99 €, 2 Jahre Garantie\nTop Angebot, jetzt kaufen\nHOCHWERTIGE QUALITÄT, umweltfreundlich, das perfekte Geschenk",
  tone: "Formal",
});

const french = facts({
  brand: "Maison Verte",
  productName: "Planche à découper en bambou",
  productType: "Planche à découper",
  keyFeatures: "3 tailles\nDimensions : 45 x 30 cm\nRainure à jus pour recueillir les liquides\nPasse au lave-vaisselle\nBambou naturel, respecte vos couteaux",
  targetAudience: "cuisiniers amateurs",
  tone: "Professional",
});

const frenchLeash = facts({
  brand: "Toutou & Co",
  productName: "Laisse réfléchissante pour chien",
  productType: "Laisse pour chien",
  keyFeatures: "- Coutures réfléchissantes pour les balades de nuit\n- Poignée rembourrée\n- Mousqueton robuste en acier\n- 1,5 m de long",
  targetAudience: "pour propriétaires de chiens",
  tone: "Casual",
});

const frenchHostile = facts({
  brand: "Hydra",
  productName: "Gourde isotherme en acier inoxydable 1,5 l - NOUVEAU",
  keyFeatures: "Garde les boissons au frais 24 heures\nBouchon anti-fuite\nSans BPA\nLivraison gratuite, 19,99 €, satisfait ou remboursé, garantie 2 ans\nMeilleure vente, prix cassé, écologique\nQualité supérieure, le cadeau idéal",
  tone: "Formal",
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
    ["German cutting board", german, "de"],
    ["German dog leash", germanLeash, "de"],
    ["German water bottle with promises", germanHostile, "de"],
    ["French cutting board", french, "fr"],
    ["French dog leash", frenchLeash, "fr"],
    ["French water bottle with promises", frenchHostile, "fr"],
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

describe("composeOfflineListing: search terms hold only words the title and bullets lack", () => {
  // Amazon indexes a word once: a search term that repeats the title or a bullet wastes its bytes. Words
  // compared as the packer compares them (lower case, accents folded, English plurals as singulars).
  const inputs: [ListingFacts, string][] = [
    [cuttingBoard, "en"],
    [dogLeash, "en"],
    [phoneCase, "en"],
    [yogaMat, "en"],
    [hostile, "en"],
    [withAvoid, "en"],
    [spanish, "es"],
    [german, "de"],
    [germanLeash, "de"],
    [french, "fr"],
    [frenchLeash, "fr"],
  ];
  it.each(ruleSets.map((ruleSet) => [ruleSet.id, ruleSet] as const))("%s", (_, ruleSet) => {
    for (const [input, language] of inputs) {
      for (const variant of [0, 1]) {
        const copy = composeOfflineListing({ facts: input, ruleSet, language, variant });
        const shown = new Set(tokenize([copy.title, ...copy.bullets].join("\n")).map((token) => token.key));
        const repeated = tokenize(copy.searchTerms).filter((token) => shown.has(token.key));
        expect(repeated.map((token) => token.word), `${language} ${input.productName}: ${copy.searchTerms}`).toEqual([]);
        expect(countBytes(copy.searchTerms)).toBeLessThanOrEqual(ruleSet.sections.searchTerms.limits.maxBytes!);
        expect(copy.searchTerms.length, `${language} ${input.productName}`).toBeGreaterThan(0);
      }
    }
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

/** Forty listing facts mixed from `pool` by a generator seeded with `seed` (the invalid ones left out), and the generator, to draw variants from. */
function seededFacts(pool: readonly string[], seed: number) {
  let state = seed;
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
  return { inputs, next };
}

describe("composeOfflineListing: random mixes of hostile phrases (seeded)", () => {
  const pool = ["Best seller!!!", "$19.99", "free shipping", "100% guaranteed", "eco-friendly", "ASIN B012345678", "call 555-123-4567", "visit acme.com", "™", "🔥", "<b>bold</b>", "NEW", "now", "N/A", "TBD", "lorem ipsum", "oferta", "envío gratis", "garantía", "19,99 €", "antibacterial", "FDA approved", "cheap", "great gift", "perfect", "premium quality", "sale", "#1", "?", "{", "_", "board board board", "Bamboo", "3 sizes", "dishwasher safe", "non-slip", "USB-C", "iPhone 15", "SUPERGRIP", "kids 3+", "dog owners", "for", "para", "the", "your", "everyday", "diseño"];
  const { inputs, next } = seededFacts(pool, 20260727);

  it("passes lint and keeps every limit for both rule sets, in English, Spanish, German and French", () => {
    expect(inputs.length).toBeGreaterThan(30);
    for (const input of inputs) for (const ruleSet of ruleSets) for (const language of ["en", "es", "de", "fr"]) expectValid(composeOfflineListing({ facts: input, ruleSet, language, variant: next(4) }), input, ruleSet, language);
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
    const copy = composeOfflineListing({ facts: cuttingBoard, ruleSet: amazon202607, language: "it" });
    expect(copy).toEqual(compose(cuttingBoard, amazon202607));
    expectValid(copy, cuttingBoard, amazon202607, "it");
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

/** Every sentence, header and title ending a language file holds, with sample facts filled in ({ref} as "Zzref"). */
function wordingOf(text: OfflineText, { fill = true } = {}): string[] {
  const sample = { full: "Acme Xyz", audience: "Audience", ref: "Zzref", theFull: "the Acme Xyz", theBrandRef: "the Acme Zzref", brandOr: "Acme" };
  const out: string[] = [];
  for (const benefit of [...Object.values(text.benefits), text.genericFeature]) out.push(...benefit.header, ...benefit.support.casual, ...benefit.support.formal);
  for (const category of Object.values(text.categories)) {
    out.push(category.titleUse, ...category.use.casual, ...category.use.formal);
    for (const filler of category.fillers) out.push(filler.header, filler.text.casual, filler.text.formal);
  }
  for (const tone of ["Casual", "Professional", "Formal"] as const) {
    for (const sentence of [...text.openings[tone], ...text.closings[tone]]) out.push(sentence(sample), sentence({ ...sample, audience: "" }));
    for (const summary of [...text.featureSummaries[tone], ...text.featureSingles[tone]]) out.push(summary("LIST"));
  }
  for (const voice of ["casual", "formal"] as const) out.push(text.audienceBullet[voice].header, text.audienceBullet[voice].text);
  out.push(...text.titlePadding);
  return fill ? out.map((item) => item.replaceAll("{ref}", "Zzref").replaceAll("{audience}", "Audience").replaceAll("{brand}", "Acme")) : out;
}

/** The English template sentences (three words and more, nothing filled in): none may stand in German or French copy. */
const englishSentences = wordingOf(englishKit.listing, { fill: false }).filter((item) => !/[{]|Audience|Zzref|LIST|Acme/.test(item) && item.split(" ").length >= 3);

const anyWord = (words: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${words})(?![\\p{L}\\p{N}])`, "u");

describe("composeOfflineListing: German and French", () => {
  it("writes German for de: the store's words, nouns capitalised, no English", () => {
    const copy = composeOfflineListing({ facts: german, ruleSet: amazon202607, language: "de" });
    expect(copy.title.startsWith("Holzliebe Bambus Schneidebrett Set")).toBe(true);
    expect(copy.bullets.some((bullet) => /^(Leicht zu reinigen|Schnell wieder sauber): Spülmaschinengeeignet\./.test(bullet))).toBe(true);
    const text = sectionsOf(copy).join("\n");
    expect(copy.description).toMatch(anyWord("für|und|mit|den|der|die|das"));
    expect(text).not.toMatch(anyWord("the|your|with|and|is|for|of|to"));
    for (const sentence of englishSentences) expect(text).not.toContain(sentence);
    // In running text a noun keeps its capital; the preposition or adjective before it does not.
    expect(copy.description).toContain("Saftrille fängt Flüssigkeiten auf");
    expect(copy.description).toContain("aus nachhaltigem Bambus");
    expect(copy.description).toContain("spülmaschinengeeignet");
    expect(copy.description).toContain("für Hobbyköche");
  });

  it("keeps the seller's German capitals in titles: no capital on every word", () => {
    const title = composeOfflineListing({ facts: german, ruleSet: amazon202501, language: "de" }).title;
    expect(title).toContain("Saftrille fängt Flüssigkeiten auf");
    expect(title).not.toMatch(/Fängt|Flüssigkeiten Auf/);
    const leash = composeOfflineListing({ facts: germanLeash, ruleSet: amazon202501, language: "de" }).title;
    expect(leash.startsWith("Pfotenglück Reflektierende Hundeleine")).toBe(true);
    expect(leash).toContain("für Hundebesitzer");
  });

  it("speaks to German shoppers with du in the casual voice and Sie in the formal one", () => {
    const du = anyWord("du|dein|deine|deinen|deinem|dich|dir");
    const sie = anyWord("Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem");
    const casual = sectionsOf(composeOfflineListing({ facts: germanLeash, ruleSet: amazon202607, language: "de" })).join("\n");
    expect(casual).toMatch(du);
    expect(casual).not.toMatch(sie);
    const formal = sectionsOf(composeOfflineListing({ facts: { ...german, tone: "Formal" }, ruleSet: amazon202607, language: "de" })).join("\n");
    expect(formal).toMatch(sie);
    expect(formal).not.toMatch(du);
  });

  it("writes French for fr: sentence-case titles, a no-break space before colons, articles where French needs them", () => {
    const copy = composeOfflineListing({ facts: french, ruleSet: amazon202607, language: "fr" });
    expect(copy.title.startsWith("Maison Verte Planche à découper en bambou")).toBe(true);
    expect(copy.bullets.some((bullet) => /^(Facile à nettoyer|Entretien simplifié)\u00a0: Passe au lave-vaisselle\./.test(bullet))).toBe(true);
    const text = sectionsOf(copy).join("\n");
    expect(copy.description).toMatch(anyWord("votre|vous|Votre|Vous"));
    expect(copy.description).toMatch(anyWord("les|des|et|pour"));
    expect(text).not.toMatch(anyWord("the|your|with|and|is|for|of|to"));
    for (const sentence of englishSentences) expect(text).not.toContain(sentence);
    // Every colon has its no-break space, the seller's too ("Dimensions : 45 x 30 cm").
    expect(text).toContain("Dimensions\u00a0: 45 x 30 cm");
    expect(text).not.toMatch(/[^\u00a0]:/);
    // The features list goes on in lower case; the audience takes its article in a sentence, not in the title.
    expect(copy.description).toContain("rainure à jus pour recueillir les liquides");
    expect(copy.description).toContain("pour les cuisiniers amateurs");
    const long = composeOfflineListing({ facts: french, ruleSet: amazon202501, language: "fr" }).title;
    expect(long).toMatch(/, passe au lave-vaisselle/);
    expect(long).not.toMatch(/À|Découper|Bambou|Passe/);
  });

  it("puts French titles in sentence case without lowering the seller's own capitals (brands, models)", () => {
    const titleCased = facts({ ...french, productName: "Planche À Découper En Bambou" });
    expect(composeOfflineListing({ facts: titleCased, ruleSet: amazon202607, language: "fr" }).title.startsWith("Maison Verte Planche à Découper en Bambou")).toBe(true);
    const phone = facts({ brand: "Shieldo", productName: "Coque transparente pour iPhone 15", keyFeatures: "Compatible MagSafe\nProtection contre les chutes", tone: "Formal" });
    const title = composeOfflineListing({ facts: phone, ruleSet: amazon202501, language: "fr" }).title;
    expect(title).toContain("iPhone 15");
    expect(title).toContain("compatible MagSafe");
  });

  it("keeps a French word that an English list flags for something else (sale: dirty)", () => {
    const hamper = facts({ brand: "Maison Verte", productName: "Panier à linge sale en bambou", keyFeatures: "Sac à linge sale amovible\nCouvercle", tone: "Casual" });
    for (const ruleSet of ruleSets) {
      const copy = composeOfflineListing({ facts: hamper, ruleSet, language: "fr" });
      expectValid(copy, hamper, ruleSet, "fr");
      expect(copy.title.startsWith("Maison Verte Panier à linge sale")).toBe(true);
      // In English the same word is a sale, and goes.
      expect(composeOfflineListing({ facts: hamper, ruleSet, language: "en" }).title).not.toMatch(/sale/i);
    }
  });

  it("keeps the seller's promises out of German and French copy", () => {
    for (const ruleSet of ruleSets) {
      const german = sectionsOf(composeOfflineListing({ facts: germanHostile, ruleSet, language: "de" })).join("\n");
      expect(german).not.toMatch(/neu|bestseller|versand|garantie|angebot|jetzt|umweltfreundlich|perfekt|19,99|€|!/i);
      expect(german).toMatch(/Auslaufsicherer Deckel|auslaufsicherer Deckel/);
      const copy = composeOfflineListing({ facts: frenchHostile, ruleSet, language: "fr" });
      const french = sectionsOf(copy).join("\n");
      expect(french).not.toMatch(/nouveau|livraison|rembours|garanti|meilleure vente|prix cassé|écologique|cadeau idéal|19,99|€/i);
      // "Sans BPA" keeps its "sans" (in the copy; search terms leave out "sans" as a stop word).
      const prose = [copy.title, copy.itemHighlights, ...copy.bullets, copy.description].join("\n");
      expect(prose).toMatch(/sans BPA/i);
      expect(prose).not.toMatch(/(?<!sans )BPA/i);
    }
  });

  it("gives the same German and French copy for the same input, and other wording for another variant", () => {
    const cases: [ListingFacts, string][] = [
      [german, "de"],
      [germanLeash, "de"],
      [french, "fr"],
      [frenchLeash, "fr"],
    ];
    for (const [input, language] of cases) {
      for (const ruleSet of ruleSets) expect(composeOfflineListing({ facts: input, ruleSet, language, variant: 2 })).toEqual(composeOfflineListing({ facts: input, ruleSet, language, variant: 2 }));
      const copies = [0, 1, 2, 3].map((variant) => composeOfflineListing({ facts: input, ruleSet: amazon202607, language, variant }));
      expect(copies[0]).toEqual(composeOfflineListing({ facts: input, ruleSet: amazon202607, language }));
      for (let i = 1; i < copies.length; i++) {
        expect(copies[i]!.bullets.join("\n")).not.toBe(copies[i - 1]!.bullets.join("\n"));
        expect(copies[i]!.description).not.toBe(copies[i - 1]!.description);
        expectValid(copies[i]!, input, amazon202607, language);
      }
    }
  });

  it("counts search terms in UTF-8 bytes: umlauts and accents take two, and the terms stay within the limit", () => {
    const umlauts = facts({
      brand: "Küchenglück",
      productName: "Bambus Schneidebrett",
      keyFeatures: "Große Saftrille fängt Flüssigkeiten zuverlässig auf\nSpülmaschinengeeignet und pflegeleicht\nRutschfeste Gummifüße für sicheren Stand\nAus nachhaltigem Bambus, schont Messerklingen\nGrifflöcher zum Aufhängen\nHübsches Frühstücksbrett für Käse, Würstchen und Gemüse",
      targetAudience: "Hobbyköche und Grillmeister",
    });
    const accents = facts({
      brand: "Maison Verte",
      productName: "Planche à découper en bambou",
      keyFeatures: "Rainure à jus très profonde\nPasse au lave-vaisselle\nPieds antidérapants en caoutchouc\nBambou naturel, respecte vos couteaux\nPoignée intégrée à suspendre\nIdéale pour fromages, légumes, pâtisseries et crêpes",
      targetAudience: "cuisiniers amateurs et pâtissiers",
    });
    for (const [input, language] of [
      [umlauts, "de"],
      [accents, "fr"],
    ] as const) {
      for (const ruleSet of ruleSets) {
        const copy = composeOfflineListing({ facts: input, ruleSet, language });
        expectValid(copy, input, ruleSet, language);
        const terms = copy.searchTerms;
        expect(countBytes(terms)).toBeLessThanOrEqual(ruleSet.sections.searchTerms.limits.maxBytes!);
        expect(countBytes(terms)).toBeGreaterThan(countChars(terms));
        expect(countBytes(terms)).toBeGreaterThan(220);
        expect(terms).toMatch(/[äöüßàâçéèêëîïôûœ]/);
        // French search terms carry the word, not its elided article.
        expect(terms).not.toMatch(/(?:^|\s)[ldnsc]['’]/);
      }
    }
  });

  it("honours words to avoid in German and French, even the small words every fixed sentence needs", () => {
    const germanAvoid = facts({ ...german, wordsToAvoid: "für, Alltag, Küche, Detail" });
    const frenchAvoid = facts({ ...french, wordsToAvoid: "pour, quotidien, votre, détail" });
    for (const ruleSet of ruleSets) {
      expectValid(composeOfflineListing({ facts: germanAvoid, ruleSet, language: "de" }), germanAvoid, ruleSet, "de");
      expectValid(composeOfflineListing({ facts: frenchAvoid, ruleSet, language: "fr" }), frenchAvoid, ruleSet, "fr");
    }
  });

  it("takes a dash after French headers when the seller avoids colons", () => {
    const input = facts({ ...frenchLeash, wordsToAvoid: ":" });
    for (const ruleSet of ruleSets) {
      const copy = composeOfflineListing({ facts: input, ruleSet, language: "fr" });
      expectValid(copy, input, ruleSet, "fr");
      expect(sectionsOf(copy).join(" ")).not.toMatch(/:/);
      for (const bullet of copy.bullets) expect(bullet).toMatch(/^\p{Lu}[^–]{2,45} – \S/u);
    }
  });
});

describe("offline wording: German and French", () => {
  const languages: [string, OfflineText][] = [
    ["de", de],
    ["fr", fr],
  ];

  it("passes its own language's word lists in every rule set, without even a warning", () => {
    for (const [language, text] of languages) {
      for (const ruleSet of ruleSets) {
        for (const sentence of wordingOf(text)) {
          const report = lintListing({ ruleSet, language, sections: { bullets: [sentence] } });
          const violations = (report.sections.bullets?.[0]?.violations ?? []).filter((violation) => violation.code !== "too_short");
          expect(violations, `${language}: ${sentence}`).toEqual([]);
        }
        for (const category of Object.values(text.categories)) {
          const report = lintListing({ ruleSet, language, sections: { searchTerms: category.searchWords.join(" ") } });
          expect(report.sections.searchTerms?.violations, `${language}: ${category.searchWords.join(" ")}`).toEqual([]);
        }
      }
    }
  });

  it("never needs the product's gender: German says no {ref}, French only after votre", () => {
    for (const item of wordingOf(de, { fill: false })) expect(item, item).not.toMatch(/\{ref\}|Zzref/);
    for (const item of wordingOf(fr, { fill: false })) for (const match of item.matchAll(/\S+ (?=\{ref\}|Zzref)/g)) expect(match[0].toLowerCase(), item).toBe("votre ");
  });

  it("writes French as French typesets it: elision, no 'de les', a no-break space before each colon and nothing else spaced", () => {
    for (const item of wordingOf(fr)) {
      expect(item, item).not.toMatch(/(?<![\p{L}'’])(?:de|que|le|la|ne|se|ce|je|me|te) [aeiouyàâéèêëîïôûœ]/iu);
      expect(item, item).not.toMatch(/(?<![\p{L}'’])(?:à|de) les?(?![\p{L}'’])/iu);
      expect(item, item).not.toMatch(/[^\u00a0]:|[;!?]/);
    }
    for (const item of wordingOf(de)) expect(item, item).not.toMatch(/\s:/);
  });
});

describe("composeOfflineListing: random mixes of German and French seller phrases (seeded)", () => {
  const pool = ["NEU", "Neuheit", "Bestseller", "Top Angebot", "kostenloser Versand", "versandkostenfrei", "2 Jahre Garantie", "Geld-zurück-Garantie", "jetzt kaufen", "nur heute", "hochwertig", "perfektes Geschenk", "umweltfreundlich", "antibakteriell", "19,99 €", "5 Sterne", "Nouveau", "nouveauté", "meilleure vente", "promo", "livraison gratuite", "satisfait ou remboursé", "garantie", "garanti", "pas cher", "écologique", "qualité supérieure", "le cadeau idéal", "prix cassé", "N/A", "k. A.", "à définir", "ASIN B012345678", "www.beispiel.de", "!!!", "™", "🔥", "Schneidebrett", "Bambus", "Saftrille", "spülmaschinenfest", "3 Größen", "45 x 30 cm", "1,5 l", "rutschfest", "für", "mit", "und", "Planche à découper", "bambou", "rainure à jus", "lave-vaisselle", "antidérapant", "pour", "avec", "et", "sans", "Hundeleine", "laisse pour chien", "Hülle", "coque", "Größe", "SCHNEIDEBRETT", "Straße", "l'eau", "d'origine", "Dimensions :", "Maße:"];
  const { inputs, next } = seededFacts(pool, 20261124);

  it("passes lint and keeps every limit for both rule sets, in German and French", () => {
    expect(inputs.length).toBeGreaterThan(30);
    for (const input of inputs) for (const ruleSet of ruleSets) for (const language of ["de", "fr"]) expectValid(composeOfflineListing({ facts: input, ruleSet, language, variant: next(4) }), input, ruleSet, language);
  });
});

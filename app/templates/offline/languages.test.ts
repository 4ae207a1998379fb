// The offline writer in each language it writes: every template's outputs are in that language (its
// small words, none of the English sentences), deterministic, distinct, within the template's limits, and
// any other language gets English.
import { describe, expect, it } from "vitest";
import { getTemplateById, templateIds as ids, type TemplateId } from "#app/templates/registry.ts";
import { titleMaxLength } from "#app/templates/product-title.ts";
import { composeOffline } from "./compose.ts";
import { german } from "./kit/de.ts";
import { english } from "./kit/en.ts";
import { spanish } from "./kit/es.ts";
import { french } from "./kit/fr.ts";
import type { Band, OfflineKit } from "./kit/types.ts";
import { offlineLang, offlineLangs, type OfflineLang } from "./languages.ts";

const texts: Record<OfflineLang, OfflineKit> = { en: english, es: spanish, de: german, fr: french };

interface Fixture {
  description: { productName: string; keyBenefitsFeatures: string; features: RegExp };
  reviewName: string;
  copy: { text: string; first: string; lead: string };
  title: { brand: string; productName: string; keyFeatures: string; joiner: RegExp };
  keywords: { productName: string; productDescription: string; expected: string[]; suggestion: RegExp };
  /** Small words of the language: prose uses several of them. */
  smallWords: RegExp;
}

const fixtures: Record<OfflineLang, Fixture> = {
  en: {
    description: { productName: "Bamboo Cutting Board Set", keyBenefitsFeatures: "Gentle on knives\nDeep juice grooves\nThree sizes", features: /gentle on knives|deep juice grooves|three sizes/i },
    reviewName: "Mug",
    copy: { text: "this board is VERY good!! it keeps knives sharp", first: "This board is good. It keeps knives sharp.", lead: "It keeps knives sharp. This board is good." },
    title: { brand: "Woodly", productName: "bamboo board", keyFeatures: "3 pieces, juice groove, best seller!", joiner: / With / },
    keywords: { productName: "Bamboo Cutting Board Set", productDescription: "Organic bamboo boards with deep juice grooves", expected: ["bamboo cutting board", "organic bamboo boards"], suggestion: /for home|gift/ },
    smallWords: /(?<![\p{L}'])(?:the|and|it|is|with|for|of|to|you|this|a|i|my)(?![\p{L}'])/giu,
  },
  es: {
    description: { productName: "Juego de tablas de cortar de bambú", keyBenefitsFeatures: "Cuida el filo de los cuchillos\nRanuras profundas para el jugo\nTres tamaños", features: /cuida el filo|ranuras profundas|tres tamaños/i },
    reviewName: "Taza de cerámica",
    copy: { text: "esta tabla es MUY buena!! mantiene los cuchillos afilados", first: "Esta tabla es buena. Mantiene los cuchillos afilados.", lead: "Mantiene los cuchillos afilados. Esta tabla es buena." },
    title: { brand: "Woodly", productName: "tabla de cortar de bambú", keyFeatures: "3 piezas, ranura para jugo, best seller!", joiner: / con / },
    keywords: {
      productName: "Juego de tablas de cortar de bambú",
      productDescription: "Tablas de bambú orgánico con ranuras profundas para el jugo",
      expected: ["tablas de cortar de bambú", "tablas de cortar", "tablas de cortar con ranuras profundas"],
      suggestion: /para casa|regalo/,
    },
    smallWords: /(?<!\p{L})(?:el|la|los|las|de|del|que|y|con|para|en|es|lo|un|una|se|me|su|te|tu|no|al|sin|mi|más|muy|ha|he|este|esta|ya|pero|como)(?!\p{L})/giu,
  },
  de: {
    description: { productName: "Bambus-Schneidebrett-Set", keyBenefitsFeatures: "Schonend für Messer\nTiefe Saftrillen\nDrei Größen", features: /schonend für Messer|tiefe Saftrillen|drei Größen/i },
    reviewName: "Keramiktasse",
    copy: { text: "dieses Brett ist SEHR gut!! es hält Messer scharf", first: "Dieses Brett ist gut. Es hält Messer scharf.", lead: "Es hält Messer scharf. Dieses Brett ist gut." },
    title: { brand: "Woodly", productName: "bambus schneidebrett", keyFeatures: "3 Stück, Saftrille, best seller!", joiner: / mit / },
    keywords: {
      productName: "Bambus-Schneidebrett-Set",
      productDescription: "Bio-Bambusbretter mit tiefen Saftrillen und rutschfesten Füßen",
      expected: ["bambus schneidebrett", "schneidebrett", "schneidebrett mit tiefen saftrillen"],
      suggestion: /geschenk|für zuhause/,
    },
    smallWords: /(?<!\p{L})(?:der|die|das|und|mit|für|ist|es|ich|sie|ein|eine|nicht|zu|den|dem|im|auf|an|sich|hat|wie)(?!\p{L})/giu,
  },
  fr: {
    description: { productName: "Lot de planches à découper en bambou", keyBenefitsFeatures: "Préserve le tranchant des couteaux\nRainures profondes pour le jus\nTrois tailles", features: /préserve le tranchant|rainures profondes|trois tailles/i },
    reviewName: "Tasse en céramique",
    copy: { text: "cette planche est VRAIMENT top!! elle garde les couteaux affûtés", first: "Cette planche est top. Elle garde les couteaux affûtés.", lead: "Elle garde les couteaux affûtés. Cette planche est top." },
    title: { brand: "Woodly", productName: "planche à découper en bambou", keyFeatures: "3 pièces, rainure à jus, best seller!", joiner: / avec / },
    keywords: {
      productName: "Lot de planches à découper en bambou",
      productDescription: "Planches en bambou bio avec rainures profondes pour l'écoulement du jus",
      expected: ["planches à découper en bambou", "planches à découper", "planches à découper avec rainures profondes"],
      suggestion: /cadeau|pour la maison/,
    },
    smallWords: /(?<!\p{L})(?:le|la|les|de|des|du|et|avec|pour|est|il|un|une|ce|cet|que|qui|en|au|à|vous|je|pas|ne|l'|d'|c'|j'|s'|m'|qu'|n')(?!\p{L})/giu,
  },
};

const templateIds = ids as TemplateId[];
const languages = offlineLangs;
const others = languages.filter((lang) => lang !== "en");

/** The inputs each template gets in a language's test (prose templates only use a few). */
function inputsFor(lang: OfflineLang, templateId: TemplateId, tone = "Professional", rating = "5 stars"): Record<string, string> {
  const f = fixtures[lang];
  switch (templateId) {
    case "description":
      return { productName: f.description.productName, keyBenefitsFeatures: f.description.keyBenefitsFeatures, toneOfVoice: tone };
    case "review":
      return { productName: f.reviewName, toneOfVoice: tone, rating };
    case "existingCopy":
      return { copy: f.copy.text };
    case "productTitle":
      return { brand: f.title.brand, productName: f.title.productName, keyFeatures: f.title.keyFeatures };
    case "keywords":
      return { productName: f.keywords.productName, productDescription: f.keywords.productDescription };
  }
}

const outputsOf = (templateId: TemplateId, inputs: Record<string, string>, lang: string, count = 5) =>
  composeOffline(templateId, inputs, count, templateId === "keywords" ? 1 : count, lang);

const distinctSmallWords = (text: string, pattern: RegExp) => new Set((text.match(pattern) ?? []).map((word) => word.toLowerCase())).size;

/** Every fixed piece of English prose the writer has (a name or feature goes where a piece ends). */
const englishPieces: string[] = (() => {
  const slot = "\u{E000}";
  const pieces: string[] = [];
  const d = english.templates.description;
  for (const group of [d.openings, d.details, d.summaries, d.closings]) for (const tone of ["casual", "formal"] as const) for (const piece of group[tone]) pieces.push(piece(slot));
  const r = english.templates.review;
  for (const band of Object.keys(r.reviews) as Band[]) pieces.push(...r.reviews[band].casual, ...r.reviews[band].formal, ...r.details[band]);
  pieces.push(...english.templates.existingCopy.closings, ...english.templates.productTitle.extras);
  return [...new Set(pieces.flatMap((piece) => piece.split(/\u{E000}|\{name\}/u)).map((piece) => piece.trim()))].filter((piece) => piece.length >= 8);
})();

describe("the offline writer's languages", () => {
  it("writes English, Spanish, German and French", () => {
    expect(languages).toEqual(["en", "es", "de", "fr"]);
  });

  describe.each(languages)("in %s", (lang) => {
    const f = fixtures[lang];

    it.each(templateIds)("%s: the same inputs give the same outputs, every output differs", (templateId) => {
      const inputs = inputsFor(lang, templateId);
      const outputs = outputsOf(templateId, inputs, lang);
      expect(outputsOf(templateId, inputs, lang)).toEqual(outputs);
      if (templateId === "keywords") expect(outputs).toHaveLength(1);
      else expect(new Set(outputs).size).toBe(outputs.length);
      for (const output of outputs) expect(output.trim().length).toBeGreaterThan(0);
    });

    it("writes descriptions in the language, naming the product and its features, in either tone", () => {
      for (const tone of ["Casual", "Professional"]) {
        const outputs = outputsOf("description", inputsFor(lang, "description", tone), lang);
        for (const text of outputs) {
          expect(text).toContain(f.description.productName);
          expect(text).toMatch(f.description.features);
          expect(text.split(/\s+/).length).toBeGreaterThan(25);
          expect(distinctSmallWords(text, f.smallWords)).toBeGreaterThanOrEqual(4);
        }
      }
      const casual = outputsOf("description", inputsFor(lang, "description", "Casual"), lang, 3);
      const formal = outputsOf("description", inputsFor(lang, "description", "Professional"), lang, 3);
      expect(casual.join(" ")).not.toEqual(formal.join(" "));
    });

    it("writes reviews from the rating's band, in the tone, without the star count", () => {
      const bandOf = (stars: number): Band => (stars <= 1 ? "low" : stars <= 3 ? "mixed" : stars === 4 ? "good" : "great");
      for (const tone of ["Casual", "Formal"] as const) {
        for (let stars = 0; stars <= 5; stars++) {
          const outputs = outputsOf("review", inputsFor(lang, "review", tone, `${stars} stars`), lang, 3);
          const bank = texts[lang].templates.review.reviews[bandOf(stars)][tone === "Casual" ? "casual" : "formal"].map((review) => texts[lang].typography(review.replaceAll("{name}", f.reviewName)));
          for (const text of outputs) {
            expect(bank.some((review) => text.startsWith(review))).toBe(true);
            expect(text).not.toMatch(/\d|(?<!\p{L})(?:stars?|estrellas?|sterne?n?|étoiles?)(?!\p{L})/iu);
            expect(distinctSmallWords(text, f.smallWords)).toBeGreaterThanOrEqual(3);
          }
        }
      }
    });

    it("improves existing copy with the language's filler and benefit words", () => {
      const outputs = outputsOf("existingCopy", inputsFor(lang, "existingCopy"), lang, 3);
      expect(outputs[0]).toBe(f.copy.first);
      expect(outputs[1]).toBe(f.copy.lead);
      // Short copy: a closing line in the language keeps outputs distinct.
      const short = outputsOf("existingCopy", { copy: f.copy.first.split(". ")[0]! }, lang, 4);
      expect(new Set(short).size).toBe(4);
      for (const closing of texts[lang].templates.existingCopy.closings.slice(1, 4)) expect(short.join(" ")).toContain(texts[lang].typography(closing));
    });

    it("writes titles within Amazon's rules once finalized", () => {
      const template = getTemplateById("productTitle")!;
      const titles = outputsOf("productTitle", inputsFor(lang, "productTitle"), lang, 6).map(template.finalize!);
      expect(new Set(titles).size).toBe(6);
      expect(titles.some((title) => f.title.joiner.test(title))).toBe(true);
      for (const title of titles) {
        expect(title.length).toBeLessThanOrEqual(titleMaxLength);
        expect(title).not.toMatch(/[!$?_{}^¬¦]|best seller/i);
        expect(title).toMatch(/^Woodly /);
      }
      const long = outputsOf("productTitle", { brand: "Woodly", productName: f.title.productName.repeat(6), keyFeatures: f.title.keyFeatures.repeat(4) }, lang, 6).map(template.finalize!);
      for (const title of long) expect(title.length).toBeLessThanOrEqual(titleMaxLength);
    });

    it("derives the asked number of keywords, in the language, as one output", () => {
      const [list] = composeOffline("keywords", inputsFor(lang, "keywords"), 12, 1, lang);
      const lines = list!.split("\n");
      expect(lines).toHaveLength(12);
      expect(new Set(lines).size).toBe(12);
      for (const expected of f.keywords.expected) expect(lines).toContain(expected);
      expect(lines.some((line) => f.keywords.suggestion.test(line))).toBe(true);
      for (const count of [1, 5, 20]) expect(composeOffline("keywords", inputsFor(lang, "keywords"), count, 1, lang)[0]!.split("\n").length).toBeLessThanOrEqual(count);
    });
  });

  describe.each(others)("in %s, nothing is English", (lang) => {
    it.each(templateIds)("%s", (templateId) => {
      const outputs = [
        ...outputsOf(templateId, inputsFor(lang, templateId, "Casual", "1 stars"), lang, 6),
        ...outputsOf(templateId, inputsFor(lang, templateId, "Professional", "3 stars"), lang, 6),
        ...outputsOf(templateId, inputsFor(lang, templateId, "Casual", "4 stars"), lang, 6),
        ...outputsOf(templateId, inputsFor(lang, templateId, "Formal", "5 stars"), lang, 6),
      ];
      const text = outputs.join("\n");
      for (const piece of englishPieces) expect(text).not.toContain(piece);
      expect(text).not.toMatch(/(?<![\p{L}'])(?:the|and|you|your|with|is|it|for|this|of|are|gift|reusable|beginners)(?![\p{L}'])/iu);
      expect(text).not.toMatch(/ With | And /);
    });
  });

  it("addresses the buyer as each language's listings do", () => {
    const description = (lang: OfflineLang, tone: string) => outputsOf("description", inputsFor(lang, "description", tone), lang, 10).join(" ");
    // Spanish: "tú" when casual, "usted" when formal.
    expect(description("es", "Casual")).not.toMatch(/(?<!\p{L})(?:usted|le|su|sus|descubra|apreciará|utilizará)(?!\p{L})/iu);
    expect(description("es", "Casual")).toMatch(/(?<!\p{L})(?:te|tu|tú)(?!\p{L})/iu);
    expect(description("es", "Professional")).not.toMatch(/(?<!\p{L})(?:te|tu|tú|tus)(?!\p{L})/iu);
    expect(description("es", "Professional")).toMatch(/(?<!\p{L})(?:le|su|usted)(?!\p{L})/iu);
    // German and French descriptions: "Sie" and "vous" in either tone.
    for (const tone of ["Casual", "Professional"]) {
      expect(description("de", tone)).not.toMatch(/(?<!\p{L})(?:du|dich|dir|dein|deine)(?!\p{L})/iu);
      expect(description("de", tone)).toMatch(/(?<!\p{L})(?:Sie|Ihres|Ihren)(?!\p{L})/u);
      expect(description("fr", tone)).not.toMatch(/(?<!\p{L})(?:tu|toi|ton|ta|tes)(?!\p{L})/iu);
      expect(description("fr", tone)).toMatch(/(?<!\p{L})vous(?!\p{L})/iu);
    }
  });

  it("follows French typography and elision", () => {
    const text = outputsOf("description", inputsFor("fr", "description", "Casual"), "fr", 5).join(" ");
    expect(text).toMatch(/\u00a0[:?]/);
    expect(text).not.toMatch(/ [:;?!]/);
    expect(text).toMatch(/(?<!\p{L})[lcdj]'\p{L}/iu);
    expect(text).not.toMatch(/(?<!\p{L})(?:le|la|de|que|je) [aeiouéèh]/iu);
    // The seller's copy too: "top !" keeps its space, as a no-break one.
    expect(composeOffline("existingCopy", { copy: "C'est top ? Oui" }, 1, 1, "fr")[0]).toBe("C'est top\u00a0? Oui.");
  });

  it("writes numbers with a decimal comma, and keeps abbreviations inside a sentence", () => {
    expect(composeOffline("existingCopy", { copy: "Es ist z. B. 2.5 cm dick. Es ist einfach zu reinigen" }, 1, 1, "de")[0]).toBe("Es ist z. B. 2,5 cm dick. Es ist einfach zu reinigen.");
    expect(composeOffline("existingCopy", { copy: "Mide p. ej. 1.5 l" }, 1, 1, "es")[0]).toBe("Mide p. ej. 1,5 l.");
    expect(composeOffline("existingCopy", { copy: "Compatible Bluetooth 5.0, elle fait 2.5 cm" }, 1, 1, "fr")[0]).toBe("Compatible Bluetooth 5.0, elle fait 2,5 cm.");
    const [description] = composeOffline("description", { productName: "Trinkflasche", keyBenefitsFeatures: "Fasst 0.75 l\nLeicht", toneOfVoice: "Casual" }, 1, 1, "de");
    expect(description).toContain("0,75 l");
    expect(composeOffline("existingCopy", { copy: "It holds 0.75 l" }, 1, 1, "en")[0]).toBe("It holds 0.75 l.");
    // A feature that starts with a decimal is not a numbered list ("0.75 l"), and its unit stays in lower case.
    const titles = composeOffline("productTitle", { brand: "Aqua", productName: "gourde isotherme inox", keyFeatures: "0.75 l, sans BPA, lave-vaisselle" }, 4, 4, "fr");
    for (const title of titles) expect(title).toContain("0,75 l");
    expect(titles.join(" ")).toContain("Lave-Vaisselle");
    expect(composeOffline("productTitle", { productName: "bottle", keyFeatures: "0.75 l" }, 1, 1, "en")[0]).toContain("0.75");
    // Keywords name the product without its quantity.
    const [keywords] = composeOffline("keywords", { productName: "Gourde isotherme inox 750 ml", productDescription: "Gourde en acier inoxydable" }, 5, 1, "fr");
    expect(keywords!.split("\n").slice(0, 3)).toEqual(["gourde isotherme inox 750 ml", "gourde isotherme inox", "gourde isotherme"]);
  });

  it("drops each language's own filler words, and only those", () => {
    expect(composeOffline("existingCopy", { copy: "Das Brett ist wirklich sehr robust und einfach zu reinigen" }, 1, 1, "de")[0]).toBe("Das Brett ist robust und einfach zu reinigen.");
    expect(composeOffline("existingCopy", { copy: "La tabla es realmente muy resistente" }, 1, 1, "es")[0]).toBe("La tabla es resistente.");
    expect(composeOffline("existingCopy", { copy: "C'est tout simplement très pratique, une mesure juste" }, 1, 1, "fr")[0]).toBe("C'est pratique, une mesure juste.");
    expect(composeOffline("existingCopy", { copy: "¡¡Es MUY práctica!!" }, 1, 1, "es")[0]).toBe("Es práctica.");
    // English fillers are English words: a German text keeps "just" (it is not German) and loses "sehr".
    expect(composeOffline("existingCopy", { copy: "Sehr stabil, just in time" }, 1, 1, "de")[0]).toBe("Stabil, just in time.");
  });

  it("keeps German nouns capitalised in feature phrases, and lowers adjectives, numbers and prepositions", () => {
    const [text] = composeOffline("description", { productName: "Schneidebrett", keyBenefitsFeatures: "Saftrille\nSpülmaschinenfest\nMit Griffmulde\nPraktisch für den Esstisch\nCouchtisch inklusive", toneOfVoice: "Professional" }, 1, 1, "de");
    expect(text).toMatch(/spülmaschinenfest/);
    expect(text).toMatch(/mit Griffmulde/);
    expect(text).toMatch(/Saftrille/);
    expect(text).toMatch(/praktisch für den Esstisch/);
    expect(text).toMatch(/Couchtisch inklusive/);
  });

  it("falls back to English for any other language, and reads a region's tag as its language", () => {
    for (const templateId of templateIds) {
      const inputs = inputsFor("en", templateId);
      const english = outputsOf(templateId, inputs, "en");
      for (const other of ["it", "pt", "ja", "", "xx-YY", "english"]) expect(outputsOf(templateId, inputs, other)).toEqual(english);
      expect(composeOffline(templateId, inputs, 5, templateId === "keywords" ? 1 : 5)).toEqual(english);
    }
    expect(offlineLang("de-DE")).toBe("de");
    expect(offlineLang("fr_CA")).toBe("fr");
    expect(offlineLang("ES")).toBe("es");
    expect(offlineLang("it")).toBe("en");
    expect(offlineLang(undefined)).toBe("en");
    expect(offlineLang("__proto__")).toBe("en");
  });
});

import { describe, expect, it } from "vitest";
import { en } from "#app/i18n/en.ts";
import { locales, translate } from "#app/i18n/i18n.ts";
import { maxCount, parseCount } from "./count.ts";
import { enforceTitleRules, titleMaxLength } from "./product-title.ts";
import { categoryLabels, getTemplateById, getTemplateBySlug, templatePath, templates } from "./registry.ts";
import { listInstruction } from "./rules.ts";
import { checkInputs } from "./validation.ts";

describe("parseCount (the seed's count rule)", () => {
  it.each([
    ["abc", 1],
    ["-3", 3],
    ["+0", 1],
    ["0", 1],
    ["", 1],
    [undefined, 1],
    [null, 1],
    ["+5", 5],
    ["3.7", 3],
    [" 4 ", 4],
    [7, 7],
    ["10", 10],
  ])("reads %j as %i", (raw, expected) => {
    expect(parseCount(raw)).toEqual({ ok: true, value: expected });
  });

  it("refuses more than 10 instead of capping silently", () => {
    expect(maxCount).toBe(10);
    expect(parseCount("99")).toEqual({ ok: false, value: 99, reason: "tooMany" });
    expect(parseCount("11").ok).toBe(false);
  });
});

describe("the prompt rule", () => {
  it("asks for a numbered list only when more than one item is wanted", () => {
    expect(listInstruction(1, "review", "reviews")).not.toMatch(/numbered|list|1\./);
    expect(listInstruction(1, "review", "reviews")).toMatch(/exactly one review/);
    expect(listInstruction(3, "review", "reviews")).toMatch(/exactly 3 different reviews as a numbered list/);
    expect(listInstruction(3, "review", "reviews", "json")).toMatch(/exactly 3 different reviews.*"elements" array/);
    expect(listInstruction(3, "review", "reviews", "json")).not.toMatch(/numbered list/);
  });

  const inputs: Record<string, Record<string, string>> = {
    description: { productName: "Mug", keyBenefitsFeatures: "Keeps coffee hot", toneOfVoice: "Casual" },
    productTitle: { productName: "Mug", keyFeatures: "Ceramic, 350 ml" },
    review: { productName: "Mug", toneOfVoice: "Formal", rating: "4 stars" },
    existingCopy: { copy: "A mug." },
  };

  it.each(Object.keys(inputs))("%s: no numbered list for N = 1, a numbered list for N = 3", (id) => {
    const template = getTemplateById(id)!;
    const one = template.buildPrompt({ inputs: inputs[id]!, count: 1, language: "English" });
    const three = template.buildPrompt({ inputs: inputs[id]!, count: 3, language: "English" });
    expect(one.prompt).not.toMatch(/numbered list/);
    expect(three.prompt).toMatch(/exactly 3 .*numbered list/);
  });

  it("carries Amazon's content rules, the tone, the rating and the language in the system message", () => {
    const review = getTemplateById("review")!.buildPrompt({ inputs: inputs.review!, count: 2, language: "English" });
    expect(review.system).toMatch(/Write in English/);
    expect(review.system).toMatch(/formal/);
    expect(review.system).toMatch(/4-star/);
    expect(review.system).toMatch(/prices/);
    expect(review.system).toMatch(/ALL CAPS/);
    expect(review.system).toMatch(/emojis/);
    const casual = getTemplateById("description")!.buildPrompt({ inputs: inputs.description!, count: 1, language: "English" });
    expect(casual.system).toMatch(/casual/);
  });

  it("asks keywords as one list, one per line", () => {
    const keywords = getTemplateById("keywords")!;
    expect(keywords.outputMode).toBe("single");
    expect(keywords.buildPrompt({ inputs: { productName: "Mug", productDescription: "Ceramic" }, count: 1, language: "English" }).prompt).toMatch(/single best keyword/);
    expect(keywords.buildPrompt({ inputs: { productName: "Mug", productDescription: "Ceramic" }, count: 5, language: "English" }).prompt).toMatch(/exactly 5 keyword phrases, one per line/);
    expect(keywords.finalize!("1. ceramic mug\n- coffee mug, tea cup\n\n")).toBe("ceramic mug\ncoffee mug\ntea cup");
  });
});

describe("enforceTitleRules (Amazon product titles)", () => {
  it("removes the forbidden characters", () => {
    expect(enforceTitleRules("Bamboo Board! Set $ {3} ^Pieces_ ¬ ¦ ?")).toBe("Bamboo Board Set 3 Pieces");
  });

  it("removes promotional phrases as whole phrases only", () => {
    expect(enforceTitleRules("Bamboo Board Set - Free Shipping, Best Seller, On Sale")).toBe("Bamboo Board Set");
    expect(enforceTitleRules("Wholesale Bamboo Board, Salem Design")).toBe("Wholesale Bamboo Board, Salem Design");
    expect(enforceTitleRules("#1 Bamboo Board 100% Quality Guaranteed")).toBe("Bamboo Board");
  });

  it("keeps at most 200 characters, cutting at a word", () => {
    const long = `Bamboo Cutting Board Set ${"with Juice Groove ".repeat(20)}`;
    const title = enforceTitleRules(long);
    expect(title.length).toBeLessThanOrEqual(titleMaxLength);
    expect(long.startsWith(title)).toBe(true);
    expect(long[title.length]).toBe(" ");
  });

  it("strips quotes a model wraps the title in", () => {
    expect(enforceTitleRules('"Bamboo Cutting Board"')).toBe("Bamboo Cutting Board");
  });
});

describe("checkInputs", () => {
  const description = getTemplateById("description")!;

  it("accepts valid inputs and applies the count rule", () => {
    const result = checkInputs(description, { productName: " Mug ", keyBenefitsFeatures: "Hot", toneOfVoice: "Professional", numberOutputs: "-3" });
    expect(result).toEqual({ ok: true, inputs: { productName: "Mug", keyBenefitsFeatures: "Hot", toneOfVoice: "Professional", numberOutputs: "3" }, count: 3 });
  });

  it("names each field with a problem, with messages that exist in the catalogs", () => {
    const result = checkInputs(description, { productName: "", keyBenefitsFeatures: "x".repeat(401), toneOfVoice: "Shouty", numberOutputs: "99" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual(["keyBenefitsFeatures", "numberOutputs", "productName", "toneOfVoice"]);
    for (const problem of Object.values(result.fieldErrors)) expect(Object.keys(en)).toContain(problem.key);
    expect(translate("en", result.fieldErrors.numberOutputs!.key, result.fieldErrors.numberOutputs!.params)).toBe("At most 10 can be asked at once.");
    expect(translate("es", result.fieldErrors.keyBenefitsFeatures!.key, result.fieldErrors.keyBenefitsFeatures!.params)).toBe("Como máximo 400 caracteres.");
  });
});

describe("the registry", () => {
  it("keeps the seed's routes and template types", () => {
    expect(templates.map((t) => [t.slug, t.templateType])).toEqual([
      ["descriptionGenerator", "Product Description"],
      ["productTitleGenerator", "Product Title"],
      ["reviewGenerator", "Reviews"],
      ["existingCopyGenerator", "Existing Copy"],
      ["keyWordGenerator", "Keywords Generator"],
    ]);
    expect(getTemplateBySlug("descriptionGenerator")?.title.en).toBe("Amazon Product Description (paragraph)");
    expect(templatePath(getTemplateById("keywords")!)).toBe("/templates/keyWordGenerator");
  });
});

describe("template labels", () => {
  it("are written in every language of the interface", () => {
    const labels = [
      ...Object.values(categoryLabels),
      ...templates.flatMap((template) => [
        template.name,
        template.title,
        template.description,
        ...template.fields.flatMap((field) => [field.label, ...(field.placeholder ? [field.placeholder] : []), ...(field.kind === "select" ? Object.values(field.optionLabels ?? {}) : [])]),
      ]),
    ];
    for (const label of labels) for (const locale of locales) expect(label[locale]?.trim(), `${label.en} (${locale})`).toBeTruthy();
  });

  it("count stars as each language does", () => {
    const rating = getTemplateById("review")?.fields.find((field) => field.name === "rating");
    const labels = rating?.kind === "select" ? rating.optionLabels : undefined;
    expect(labels?.["0 stars"]).toMatchObject({ en: "0 stars", de: "0 Sterne", fr: "0 étoile" });
    expect(labels?.["1 stars"]).toMatchObject({ en: "1 star", es: "1 estrella", de: "1 Stern", fr: "1 étoile" });
    expect(labels?.["5 stars"]).toMatchObject({ de: "5 Sterne", fr: "5 étoiles" });
  });
});

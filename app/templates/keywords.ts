import { IconKey } from "@tabler/icons-react";
import { systemMessage } from "./rules.ts";
import { countField, productNameField, textAreaLimit } from "./shared-fields.ts";
import type { TemplateDefinition } from "./types.ts";

export const keywordsTemplate: TemplateDefinition<"keywords"> = {
  id: "keywords",
  slug: "keyWordGenerator",
  templateType: "Keywords Generator",
  category: "seo",
  icon: IconKey,
  name: { en: "Keywords", es: "Palabras clave", de: "Keywords", fr: "Mots-clés" },
  title: { en: "Keywords Generator", es: "Generador de palabras clave", de: "Keyword-Generator", fr: "Générateur de mots-clés" },
  description: {
    en: "Search terms buyers type, from your product name and description.",
    es: "Términos que buscan los compradores, a partir del nombre y la descripción.",
    de: "Suchbegriffe, die Käufer eingeben – aus Produktname und Beschreibung.",
    fr: "Les termes que tapent les acheteurs, à partir du nom et de la description du produit.",
  },
  fields: [
    productNameField,
    {
      name: "productDescription",
      kind: "textarea",
      label: { en: "Product description", es: "Descripción del producto", de: "Produktbeschreibung", fr: "Description du produit" },
      required: true,
      maxLength: textAreaLimit,
    },
    countField("numberOfKeywords"),
  ],
  // All keywords are one output (the seed saves them together).
  outputMode: "single",
  buildPrompt: ({ inputs, count, language }) => ({
    system: systemMessage("You are an Amazon SEO specialist who picks the search terms shoppers actually type.", language, [
      "Prefer specific multi-word phrases over single generic words; no brand names of competitors; no repeated terms.",
    ]),
    prompt: [
      count === 1
        ? "Give the single best keyword phrase. Reply with the phrase only."
        : `Give exactly ${count} keyword phrases, one per line, with no numbering, bullets or remarks.`,
      `Product name: ${inputs.productName}`,
      `Product description: ${inputs.productDescription}`,
    ].join("\n"),
  }),
  finalize: (content) =>
    content
      .split(/\r?\n|,/)
      .map((line) => line.replace(/^\s*(?:\d+[.)]|[-*•])\s*/, "").trim())
      .filter(Boolean)
      .join("\n"),
};

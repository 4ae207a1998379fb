import { IconLetterCase } from "@tabler/icons-react";
import { listInstruction, systemMessage } from "./rules.ts";
import { countField, productNameField, textAreaLimit } from "./shared-fields.ts";
import type { TemplateDefinition } from "./types.ts";

/** Amazon's title rules: at most 200 characters, none of these characters, no promotional phrases. */
export const titleMaxLength = 200;
export const titleForbiddenCharacters = ["!", "$", "?", "_", "{", "}", "^", "¬", "¦"] as const;
export const titlePromotionalPhrases = [
  "free shipping",
  "best seller",
  "best-seller",
  "bestseller",
  "hot item",
  "sale",
  "on sale",
  "100% quality guaranteed",
  "guaranteed",
  "limited time",
  "great deal",
  "cheap",
  "discount",
  "top rated",
  "#1",
] as const;

const forbidden = /[!$?_{}^¬¦]/g;
// Whole phrases only: "sale" inside "wholesale" stays.
const promotional = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...titlePromotionalPhrases]
    .sort((a, b) => b.length - a.length)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|")})(?![\\p{L}\\p{N}])`,
  "giu",
);

/** Makes a model's title obey Amazon's rules, whatever the model wrote. */
export function enforceTitleRules(title: string): string {
  const clean = title
    .replace(/^["'“”]+|["'“”]+$/g, "")
    .replace(promotional, "")
    .replace(forbidden, "")
    .replace(/\s{2,}/g, " ")
    .replace(/^[\s,|-]+|[\s,|-]+$/gu, "")
    .trim();
  if (clean.length <= titleMaxLength) return clean;
  const cut = clean.slice(0, titleMaxLength + 1);
  const lastSpace = cut.lastIndexOf(" ");
  return (lastSpace > titleMaxLength * 0.6 ? cut.slice(0, lastSpace) : cut.slice(0, titleMaxLength)).replace(/[\s,|-]+$/u, "");
}

export const productTitleTemplate: TemplateDefinition<"productTitle"> = {
  id: "productTitle",
  slug: "productTitleGenerator",
  templateType: "Product Title",
  category: "listing",
  icon: IconLetterCase,
  name: { en: "Product Title", es: "Título de producto", de: "Produkttitel", fr: "Titre de produit" },
  title: { en: "Amazon Product Title", es: "Título de producto para Amazon", de: "Amazon-Produkttitel", fr: "Titre de produit Amazon" },
  description: {
    en: "Search-friendly titles within Amazon's 200-character rules.",
    es: "Títulos fáciles de encontrar dentro de las reglas de 200 caracteres de Amazon.",
    de: "Gut auffindbare Titel im Rahmen der 200-Zeichen-Regeln von Amazon.",
    fr: "Des titres faciles à trouver, dans le respect de la limite de 200 caractères d’Amazon.",
  },
  fields: [
    { name: "brand", kind: "text", label: { en: "Brand", es: "Marca", de: "Marke", fr: "Marque" }, required: false, maxLength: 80 },
    productNameField,
    {
      name: "keyFeatures",
      kind: "textarea",
      label: {
        en: "Key features (material, size, colour, quantity)",
        es: "Características clave (material, tamaño, color, cantidad)",
        de: "Wichtigste Merkmale (Material, Größe, Farbe, Menge)",
        fr: "Caractéristiques principales (matière, taille, couleur, quantité)",
      },
      required: true,
      maxLength: textAreaLimit,
    },
    countField("numberOutputs"),
  ],
  outputMode: "split",
  buildPrompt: ({ inputs, count, language, format }) => ({
    system: systemMessage("You write Amazon product titles that rank in search and read well.", language, [
      `Each title is at most ${titleMaxLength} characters, starts with the brand when one is given, then the product type and its key attributes (material, size, colour, quantity).`,
      `Capitalise the first letter of each word. Never use these characters: ${titleForbiddenCharacters.join(" ")}.`,
      "Never use promotional phrases such as 'free shipping', 'best seller', 'sale' or 'guaranteed'.",
    ]),
    prompt: [
      listInstruction(count, "title", "titles", format),
      inputs.brand ? `Brand: ${inputs.brand}` : "Brand: (none)",
      `Product name: ${inputs.productName}`,
      `Key features: ${inputs.keyFeatures}`,
    ].join("\n"),
  }),
  finalize: enforceTitleRules,
};

import { ratings, tones, type CountFieldSpec, type Localized, type SelectFieldSpec, type TextFieldSpec } from "./types.ts";

// Fields several templates share; a template may still define its own.

export const textAreaLimit = 400;

export const productNameField: TextFieldSpec = {
  name: "productName",
  kind: "text",
  label: { en: "Product name", es: "Nombre del producto", de: "Produktname", fr: "Nom du produit" },
  placeholder: { en: "e.g. Bamboo cutting board set", es: "p. ej. Juego de tablas de bambú", de: "z. B. Schneidebrett-Set aus Bambus", fr: "ex. : lot de planches à découper en bambou" },
  required: true,
  maxLength: 200,
};

const toneLabels: Record<string, Localized> = {
  Casual: { en: "Casual", es: "Informal", de: "Locker", fr: "Décontracté" },
  Formal: { en: "Formal", es: "Formal", de: "Förmlich", fr: "Formel" },
  Professional: { en: "Professional", es: "Profesional", de: "Professionell", fr: "Professionnel" },
};

/** A required choice among fixed options, each with its label in every language. */
function requiredSelect(name: string, label: Localized, options: readonly string[], optionLabels: Record<string, Localized>): SelectFieldSpec {
  return { name, kind: "select", label, required: true, options, optionLabels };
}

export const toneField = requiredSelect("toneOfVoice", { en: "Tone of voice", es: "Tono de voz", de: "Tonalität", fr: "Ton" }, tones, toneLabels);

export const ratingField = requiredSelect(
  "rating",
  { en: "Rating", es: "Valoración", de: "Bewertung", fr: "Note" },
  ratings,
  Object.fromEntries(
    ratings.map((rating, stars) => [
      rating,
      {
        en: rating === "1 stars" ? "1 star" : rating,
        es: stars === 1 ? "1 estrella" : `${stars} estrellas`,
        de: stars === 1 ? "1 Stern" : `${stars} Sterne`,
        // French takes the singular for 0 and 1.
        fr: stars <= 1 ? `${stars} étoile` : `${stars} étoiles`,
      },
    ]),
  ),
);

export function countField(name: "numberOutputs" | "numberOfKeywords"): CountFieldSpec {
  return {
    name,
    kind: "count",
    label:
      name === "numberOutputs"
        ? { en: "Number of outputs", es: "Número de resultados", de: "Anzahl der Ergebnisse", fr: "Nombre de résultats" }
        : { en: "Number of keywords", es: "Número de palabras clave", de: "Anzahl der Keywords", fr: "Nombre de mots-clés" },
    required: false,
  };
}

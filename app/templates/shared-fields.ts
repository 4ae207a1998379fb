import { ratings, tones, type CountFieldSpec, type Localized, type SelectFieldSpec, type TextFieldSpec } from "./types.ts";

// Fields several templates share; a template may still define its own.

export const textAreaLimit = 400;

export const productNameField: TextFieldSpec = {
  name: "productName",
  kind: "text",
  label: { en: "Product name", es: "Nombre del producto" },
  placeholder: { en: "e.g. Bamboo cutting board set", es: "p. ej. Juego de tablas de bambú" },
  required: true,
  maxLength: 200,
};

const toneLabels: Record<string, Localized> = {
  Casual: { en: "Casual", es: "Informal" },
  Formal: { en: "Formal", es: "Formal" },
  Professional: { en: "Professional", es: "Profesional" },
};

export const toneField: SelectFieldSpec = {
  name: "toneOfVoice",
  kind: "select",
  label: { en: "Tone of voice", es: "Tono de voz" },
  required: true,
  options: tones,
  optionLabels: toneLabels,
};

export const ratingField: SelectFieldSpec = {
  name: "rating",
  kind: "select",
  label: { en: "Rating", es: "Valoración" },
  required: true,
  options: ratings,
  optionLabels: Object.fromEntries(
    ratings.map((rating, stars) => [rating, { en: rating === "1 stars" ? "1 star" : rating, es: stars === 1 ? "1 estrella" : `${stars} estrellas` }]),
  ),
};

export function countField(name: "numberOutputs" | "numberOfKeywords"): CountFieldSpec {
  return {
    name,
    kind: "count",
    label: name === "numberOutputs" ? { en: "Number of outputs", es: "Número de resultados" } : { en: "Number of keywords", es: "Número de palabras clave" },
    required: false,
  };
}

// What the offline writer says in one language: one entry per template (the composers in
// ../offline-writer.server.ts choose and assemble the pieces the same way in every language).
import type { TemplateId } from "#app/templates/registry.ts";

export type Tone = "casual" | "formal";
export type ByTone<T> = Readonly<Record<Tone, readonly T[]>>;
/** A review's rating band: 0–1 stars, 2–3, 4, 5. */
export type Band = "low" | "mixed" | "good" | "great";

export interface DescriptionText {
  /** The product when the seller gave no name. */
  product: string;
  /** Each names the product; every tone has at least as many as outputs usually asked for. */
  openings: ByTone<(name: string) => string>;
  /** One feature phrase, as written by the seller (cased by `phrase`). */
  details: ByTone<(feature: string) => string>;
  /** A list of features ("a, b and c"). */
  summaries: ByTone<(list: string) => string>;
  closings: ByTone<(name: string) => string>;
}

export interface ReviewText {
  /** The product when the seller gave no name (for reviews that say `{name}`). */
  product: string;
  /** A review per band and tone; `{name}` is replaced by the product's name. */
  reviews: Readonly<Record<Band, ByTone<string>>>;
  /** A closing sentence per band. */
  details: Readonly<Record<Band, readonly string[]>>;
}

export interface ExistingCopyText {
  /** Filler words and their following space (global: every one goes). */
  fillers: RegExp;
  /** A sentence with one of these words states a benefit (not global). */
  benefits: RegExp;
  /** Abbreviations that end with a full stop but not a sentence ("z. B."), lower case. */
  abbreviations: readonly string[];
  /** Neutral closing lines that keep short copy's outputs distinct. */
  closings: readonly string[];
}

export interface TitleParts {
  /** The product's name, title-cased. */
  name: string;
  /** Up to three features, title-cased; an extra may follow. */
  features: readonly string[];
}

export interface ProductTitleText {
  /** The product when the seller gave no name. */
  product: string;
  /** The language's title case ("bamboo board" → "Bamboo Board"). */
  titleCase(text: string): string;
  /** Four title shapes (without the brand). */
  patterns: readonly ((parts: TitleParts) => string)[];
  /** Neutral extras that keep titles distinct beyond the four shapes (already title-cased). */
  extras: readonly string[];
}

export interface KeywordsText {
  /** The product when the seller gave no name. */
  product: string;
  /** Small words that end a run of description words (with the English ones). */
  stopWords: ReadonlySet<string>;
  /** The product itself, without pack words ("bamboo cutting board set" → "bamboo cutting board"). */
  core(nameWords: readonly string[]): string[];
  /** What buyers call it, from the core ("bamboo cutting board" → "cutting board"). */
  head(core: readonly string[]): string[];
  /** A description phrase with no word of the name, attached to the head ("cutting board with deep grooves"). */
  withRun(head: string, run: string): string;
  /** Phrases buyers type, from the core and head. */
  suggestions(core: string, head: string): string[];
  /** Description text prepared for splitting into words (French "d'eau" → "d' eau"). */
  prepare?(text: string): string;
}

/** The texts of one language, one entry per template: a new template fails typecheck until every language has it. */
export type TemplateTexts = {
  description: DescriptionText;
  review: ReviewText;
  existingCopy: ExistingCopyText;
  productTitle: ProductTitleText;
  keywords: KeywordsText;
} & Record<TemplateId, unknown>;

export interface OfflineLanguage {
  /** "a, b and c" in the language. */
  list(items: readonly string[]): string;
  /** A seller's feature phrase, cased to follow a colon or go in a list ("Gentle on knives" → "gentle on knives"). */
  phrase(text: string): string;
  /** Numbers as the language writes them (decimal commas: "2.5 cm" → "2,5 cm"). */
  numbers(text: string): string;
  /** The language's typography, applied to finished prose (French spaces before ":", "?", "!"). */
  typography(text: string): string;
  templates: TemplateTexts;
}

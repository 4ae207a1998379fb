// The offline kit: what the offline writer says in one language, one file a language (en.ts, es.ts, de.ts,
// fr.ts, each exporting one OfflineKit). The language's small rules (its "and", the small words of a title,
// the words of a pack) serve every writer; then the wording of the five generators (one entry per template:
// ../compose.ts assembles the pieces the same way in every language) and of the listing writer
// (app/features/listings/offline-listing/).
import type { TemplateId } from "#app/templates/registry.ts";
import type { Tone } from "#app/templates/types.ts";

export type { Tone };
/** The register of a sentence: "casual", or "formal" (the Formal and Professional tones). */
export type Voice = "casual" | "formal";
export type ByTone<T> = Readonly<Record<Voice, readonly T[]>>;
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

export interface OfflineKit {
  /** The list's last item with its "and" ("and dishwasher safe"; Spanish "e" before an i sound): lists in every writer. */
  and(last: string): string;
  /** Words that stay lower case inside a title ("with", "de", "für"); the generators' English titles capitalise every word, as their prompt asks. */
  smallWords: readonly string[];
  /** Words that say how many come in a pack ("set", "juego"): not the product's name. */
  packWords: readonly string[];
  /** A seller's feature phrase, cased to follow a colon or go in a list ("Gentle on knives" → "gentle on knives"). */
  phrase(text: string): string;
  /** Numbers as the language writes them (decimal commas: "2.5 cm" → "2,5 cm"). */
  numbers(text: string): string;
  /** The language's typography, applied to finished prose (French spaces before ":", "?", "!"). */
  typography(text: string): string;
  /** The five generators' wording. */
  templates: TemplateTexts;
  /** The listing writer's wording and rules. */
  listing: ListingText;
}

// ---------------------------------------------------------------------------------------------
// The listing writer's wording. It must pass the rule set's word lists in its own language
// (amazon-common.ts: no "new", no guarantees, no promotional phrases) and, where a language has genders,
// must not need the product's: sentences call the product by the seller's words only where no article or
// agreement depends on them (Spanish "su {ref}", French "votre {ref}"; German copy does without {ref}).

export type ByVoice<T> = Record<Voice, T>;

/** Benefits a feature can show, in the order the writer tries them. */
export const benefitKeys = ["clean", "spill", "sizes", "grip", "protection", "visibility", "comfort", "portable", "water", "charging", "durable", "fit", "storage", "material"] as const;
export type BenefitKey = (typeof benefitKeys)[number];

/** Categories the facts can belong to; "generic" when none is recognised. */
export const recognisedCategories = ["phone", "drinkware", "pet", "fitness", "kitchen"] as const;
export type Category = (typeof recognisedCategories)[number] | "generic";

/** What the sentences may use of the facts (cleaned). */
export interface SentenceContext {
  /** Brand and name, for prose ("Acme Bamboo Cutting Board Set"). */
  full: string;
  /** The audience as a sentence uses it ("home cooks", French "les cuisiniers amateurs"); "" when none. */
  audience: string;
  /** A short way to call the product ("cutting board"). */
  ref: string;
  /** English: `full` and brand + ref with "the", unless the brand has its own. */
  theFull: string;
  theBrandRef: string;
  /** The brand, or the language's "our team" when there is none. */
  brandOr: string;
}

export type Sentence = (c: SentenceContext) => string;

/** A benefit's bullet header and what follows the feature, per voice ({ref}, {audience} and {brand} are filled in). */
export interface BenefitText {
  header: readonly string[];
  support: ByVoice<readonly string[]>;
}

/** A generic bullet: a benefit any product of the category has, in both voices. */
export interface Filler {
  key: string;
  header: string;
  text: ByVoice<string>;
}

export interface CategoryText {
  fillers: readonly Filler[];
  /** A paragraph about using the product (description). */
  use: ByVoice<readonly string[]>;
  /** Search words shoppers use for the category. */
  searchWords: readonly string[];
  /** A title's closing "for …" when the seller names no audience. */
  titleUse: string;
}

/** What the listing writer says in one language, and the language's rules it follows. */
export interface ListingText {
  /**
   * How a title capitalises the seller's words: "words" capitalises each word but the small words (English,
   * Spanish: "Tabla de Cortar de Bambú"); "asWritten" keeps them as the seller wrote them (German: nouns
   * are already capitalised, other words are not); "sentence" keeps them too but lower-cases the small words
   * and starts a phrase after a comma in lower case (French: "Planche à découper en bambou, rainure à jus").
   */
  titleCase: "words" | "sentence" | "asWritten";
  /** Whether prose may lower-case a capitalised word of the seller's (not in German, where nouns keep their capital). */
  lowerCaseInProse: boolean;
  /** Where prose keeps the seller's capitals: whether the capitalised first word of a phrase goes lower case inside a
   * sentence all the same (German: a preposition, an article or an adjective, never a noun). */
  lowerStart?: (word: string) => boolean;
  /** Words another language's rules flag that are ordinary words here (French "sale", dirty): a seller's phrase keeps them. */
  ordinaryWords?: readonly string[];
  /** A seller's phrase as the language sets it (French: a no-break space before a colon). */
  typeset?: (phrase: string) => string;
  /** Whether a shouted word becomes capitalised rather than lower case (German: most shouted words are nouns). */
  unshoutCapitalised?: boolean;
  /** Words a phrase may not start or end with (what is left around a removed price, link or promise). */
  danglingWords: readonly string[];
  /** Words of the English and Spanish lists that end a phrase normally in this language (German "an": "passt sich an"). */
  endWords?: readonly string[];
  /** Words search terms leave out. */
  stopWords: readonly string[];
  /** Words that start what follows the product's head ("with", "for"): the reference stops there. */
  clauseWords: readonly string[];
  /** Words before which a long title may be cut ("with", "for"). */
  titleBreakWords: readonly string[];
  /** Words a seller may write before the audience ("for", "para"). */
  audienceLead: readonly string[];
  /** Where the product's head stands in its name, and how many words the reference takes ("cutting board": the end, 2). */
  reference: { from: "start" | "end"; words: number };
  /** "for", before the audience in a title. */
  forWord: string;
  /** What follows a bullet's header, in order of preference (the first without a symbol the seller avoids). */
  headerSeparators: readonly string[];
  /** The name when the seller gives none, the reference when nothing is left, and "our team" when there is no brand. */
  product: string;
  productRef: string;
  team: string;
  /** The audience as sentences use it (French adds the article: "les cuisiniers amateurs"). */
  audienceInProse?: (audience: string) => string;
  /** A search term from a word of the copy (French "l'eau" → "eau"). */
  searchWord?: (word: string) => string;
  /** What recognises a benefit in a feature, and a category in the facts (their sources, matched case-insensitively
   * beside English's and Spanish's: sellers write those words in any store). */
  recognisers: {
    benefits: Record<BenefitKey, RegExp>;
    categories: Record<Exclude<Category, "generic">, RegExp>;
  };
  benefits: Record<BenefitKey, BenefitText>;
  /** Headers for a feature no benefit recognises, and what follows it. */
  genericFeature: BenefitText;
  categories: Record<Category, CategoryText>;
  /** The description's opening, per tone: it names the product in full. */
  openings: Record<Tone, readonly Sentence[]>;
  /** The features paragraph's list sentence, per tone. */
  featureSummaries: Record<Tone, readonly ((list: string) => string)[]>;
  /** The same with one feature ("Key feature: …"). */
  featureSingles: Record<Tone, readonly ((item: string) => string)[]>;
  closings: Record<Tone, readonly Sentence[]>;
  /** The bullet about the audience: header and sentence per voice. */
  audienceBullet: ByVoice<{ header: string; text: string }>;
  /** Endings that lengthen a title shorter than the rule set's minimum (a brand and name of a few letters). */
  titlePadding: readonly string[];
}

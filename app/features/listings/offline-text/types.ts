// What the offline listing writer (../offline-listing.ts) says, in one language: one file a language
// (en.ts, es.ts, de.ts, fr.ts), each exporting one OfflineText. The writer picks the entries and fills in
// the seller's facts; the wording, the recognisers of what a feature is about, and the language's small
// rules (how titles capitalise, which words end a phrase, how a list ends) are here.
//
// The wording must pass the rule set's word lists in its own language (amazon-common.ts: no "new", no
// guarantees, no promotional phrases) and, where a language has genders, must not need the product's:
// sentences call the product by the seller's words only where no article or agreement depends on them
// (Spanish "su {ref}", French "votre {ref}"; German copy does without {ref}).
import type { ListingFacts } from "#app/features/listings/types.ts";

export type Voice = "casual" | "formal";
export type Tone = ListingFacts["tone"];
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

export interface OfflineText {
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
  /** Title case: words that stay lower case inside a title. */
  smallWords: readonly string[];
  /** Words a phrase may not start or end with (what is left around a removed price, link or promise). */
  danglingWords: readonly string[];
  /** Words of the English and Spanish lists that end a phrase normally in this language (German "an": "passt sich an"). */
  endWords?: readonly string[];
  /** Words search terms leave out. */
  stopWords: readonly string[];
  /** Words that say how many come in a pack ("set", "juego"): not the product's name. */
  packWords: readonly string[];
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
  /** The list's last item with its "and" ("and dishwasher safe"; Spanish "e" before an i sound). */
  and: (last: string) => string;
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

export const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

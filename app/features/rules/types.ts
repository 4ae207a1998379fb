// The listing's rules as data (docs/decisions/014): a rule set names per-section limits, word lists and
// the source of each rule; lint.ts applies it. Browser-safe: the builder lints on every keystroke.

export const violationCodes = [
  "too_long",
  "too_short",
  "bytes_over",
  "banned_character",
  "word_repeated",
  "promotional",
  "all_caps",
  "emoji",
  "special_symbol",
  "contact_info",
  "price_or_shipping",
  "guarantee",
  "time_sensitive",
  "subjective",
  "restricted_claim",
  "asin",
  "placeholder",
  "html",
  "brand_in_search_terms",
  "repeated_word",
  "bullet_count",
  // Issue 31: rules that real sellers' copy showed we did not encode.
  "decorative_symbol",
  "bullets_total_too_long",
  "title_symbol",
  "highlights_sentences",
] as const;
export type ViolationCode = (typeof violationCodes)[number];

/** error: Amazon rejects or suppresses the listing; warning: style guidance a seller may overrule. */
export type Severity = "error" | "warning";

export const sectionNames = ["title", "itemHighlights", "bullets", "description", "searchTerms"] as const;
export type SectionName = (typeof sectionNames)[number];

/** Where a rule comes from: an official Amazon page, or reported by sellers and tool makers. */
export interface RuleSource {
  url: string;
  title: string;
  /** When the rule took effect (ISO date). */
  effectiveFrom: string;
  confidence: "official" | "reported";
  /** When we last read the source (ISO date); absent: 2026-11-23, decision 014. */
  checked?: string;
}

export interface SectionLimits {
  maxChars?: number;
  minChars?: number;
  /** UTF-8 bytes (Amazon counts search terms in bytes). */
  maxBytes?: number;
}

/** Which checks a section gets, and at which severity; absent: not checked there. */
export type SectionChecks = Partial<Record<ViolationCode, Severity>>;

export interface SectionRules {
  limits: SectionLimits;
  checks: SectionChecks;
  /** Symbols not allowed in this section, when they differ from the rule set's `specialSymbols` (bullets add ° and ~). */
  specialSymbols?: string;
}

export interface RuleSet {
  id: string;
  name: string;
  marketplace: "amazon";
  effectiveFrom: string;
  /** The rule set's main source; each rule below may name its own. */
  source: RuleSource;
  /** Where each rule comes from (too_long, too_short and bytes_over: the limits' source). */
  sources: Record<ViolationCode, RuleSource>;
  /** Sections this rule set has; item highlights exist only in the 2026 titles rules. */
  sections: {
    title: SectionRules;
    itemHighlights?: SectionRules;
    bullets: SectionRules & { minCount: number; maxCount: number; /** All bullets together, in characters. */ maxTotalChars?: number };
    description: SectionRules & { allowLineBreakTags: boolean };
    searchTerms: SectionRules;
  };
  /** Characters a title may not hold unless they are part of the brand. */
  bannedTitleCharacters: string;
  /** Words a title may repeat more than twice (articles, prepositions, conjunctions), per language. */
  repeatableWords: Record<string, readonly string[]>;
  /** How many times a title may use one word. */
  maxWordRepeats: number;
  /** Phrase lists per language (lower case; matched as whole words, case-insensitive; Japanese inside running text: matching.ts). */
  phrases: Record<string, Partial<Record<"promotional" | "price_or_shipping" | "guarantee" | "time_sensitive" | "subjective" | "restricted_claim" | "placeholder", readonly string[]>>>;
  /** Per language, idioms that hold a listed word without meaning it (French "à nouveau", again): no phrase inside one counts. */
  phraseExceptions?: Record<string, readonly string[]>;
  /** Symbols Amazon does not allow in bullets, descriptions and search terms. */
  specialSymbols: string;
  /** Title characters allowed only where they mean something (a number, a size: "#2 pencil", "<5 mm", "4*4"). */
  functionalTitleCharacters?: string;
  /** Symbols (Unicode So/Sm) that say something (°, ℃, ×, ≤…): never decorative. */
  functionalSymbols?: string;
  /** Capitalised words that are not shouting: acronyms and standards of five letters or more (AMOLED, QWERTY). */
  acronyms?: readonly string[];
  /**
   * Per language, how a guarantee promise states its term ("1 year warranty", "replacement within 10 days",
   * 2年保証): the words that name the promise and the units of its term. A section that states one is raised
   * there; bare mentions of the same words elsewhere in it (a heading, "your warranty") are not raised again.
   */
  guaranteeTerms?: Record<string, { nouns: readonly string[]; units: readonly string[] }>;
  /** Per language, grammar words besides `repeatableWords` (negations, auxiliaries, pronouns): in capitals they shout ("DO NOT"). */
  functionWords?: Record<string, readonly string[]>;
  /**
   * Per language, time words that are ordinary words elsewhere ("new" in "stays new", "now" in a product's
   * name): they count only where they announce — first in the section, after a year ("2025 New"), or before
   * one of `announcing` ("New Arrival", "now available").
   */
  timeWordsInContext?: Record<string, { words: readonly string[]; announcing: readonly string[]; launchNouns: readonly string[]; /** Phrases after which, in the same clause, a time word describes another product ("compatible with the latest phones"). */ others?: readonly string[] }>;
  /** Per language, words only search terms may not hold (help 23501's temporary and subjective lists). */
  searchTermPhrases?: Record<string, Partial<Record<"time_sensitive" | "subjective", readonly string[]>>>;
  /** Product types exempt from the title limit (books, music, video: media), and their limit. */
  media?: { productTypes: readonly string[]; titleMaxChars: number };
  /**
   * Per store (ISO country), claims whose severity differs there: lawful with proof in one store, restricted
   * in another (Japan's 抗菌 treated articles). Phrases as in `phrases`, per language.
   */
  storeClaims?: Record<string, { warning?: Record<string, readonly string[]> }>;
  /**
   * Per store (ISO country), phrases of a category that only that store's sellers write, per language (India's
   * "No Cost EMI" and "Exchange Offer", promotions of amazon.in's own offer programmes).
   */
  storePhrases?: Record<string, Partial<Record<"promotional" | "price_or_shipping" | "guarantee" | "time_sensitive", Record<string, readonly string[]>>>>;
  /** Per currency (ISO 4217), how sellers write it that Intl does not ("Rs.", "/-", "税込"). */
  currencySpellings?: Record<string, { before?: readonly string[]; after?: readonly string[] }>;
}

/** The store a listing is for: its phone numbers and currency (the marketplace registry's row fits). */
export interface LintStore {
  /** ISO 3166 country. */
  country: string;
  /** ISO 4217 currency. */
  currency?: string;
}

export interface ListingSections {
  title?: string;
  itemHighlights?: string;
  bullets?: readonly string[];
  description?: string;
  searchTerms?: string;
}

export interface Violation {
  code: ViolationCode;
  severity: Severity;
  /** UTF-16 offsets of the offending text in the section (start === end: the section as a whole). */
  start: number;
  end: number;
  /** Values for the message (a limit, the word that repeats…). */
  params?: Record<string, string | number>;
  /** Where the rule comes from (the rule set's source URL); its short explanation is the message `lint.why.<code>`. */
  source?: string;
}

export interface SectionReport {
  chars: number;
  bytes: number;
  /** The binding limit: characters, or bytes for search terms. */
  limit: number | null;
  violations: Violation[];
}

export interface LintReport {
  ruleSet: { id: string; effectiveFrom: string; source: string };
  passed: boolean;
  sections: {
    title?: SectionReport;
    itemHighlights?: SectionReport;
    bullets?: SectionReport[];
    /** Rules about the bullets as a whole (their count). */
    bulletList?: { violations: Violation[] };
    description?: SectionReport;
    searchTerms?: SectionReport;
  };
}

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
    bullets: SectionRules & { minCount: number; maxCount: number };
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

// Amazon's product title policy of January 2025, with the common bullet, description and search-term rules.
// Sources and dates: docs/decisions/014-amazon-listing-rules.md (looked up 2026-11-23).
import type { RuleSet, RuleSource } from "../types.ts";
import { storePhrases, acronyms, bulletsRules, functionWords, guaranteeTerms, commonSources, currencySpellings, descriptionRules, functionalSymbols, functionalTitleCharacters, phraseExceptions, phrases, repeatableWords, searchTermPhrases, searchTermsRules, specialSymbols, storeClaims, timeWordsInContext } from "./amazon-common.ts";

/** 200 characters, the banned characters and promotional phrases: official (help 201100890); the start
 * date, the word-repeat rule and the brand exception: reported (docs/decisions/014). */
export const titlePolicy2025: RuleSource = {
  url: "https://sellercentral.amazon.com/help/hub/reference/external/201100890",
  title: "Amazon Seller Central: Product title requirements and guidelines (help 201100890)",
  effectiveFrom: "2025-01-21",
  confidence: "official",
};

export const amazon202501: RuleSet = {
  id: "amazon-2025-01",
  name: "Amazon titles of January 2025 (200 characters)",
  marketplace: "amazon",
  effectiveFrom: titlePolicy2025.effectiveFrom,
  source: titlePolicy2025,
  sources: {
    ...commonSources,
    too_long: titlePolicy2025,
    too_short: titlePolicy2025,
    banned_character: titlePolicy2025,
    word_repeated: { ...titlePolicy2025, confidence: "reported" },
    promotional: titlePolicy2025,
    // "~ # < > *" only as identifiers or measurements: help 201100890 (official), read again 2026-11-27.
    title_symbol: { ...titlePolicy2025, checked: "2026-11-27" },
    highlights_sentences: { ...titlePolicy2025, confidence: "reported" },
  },
  sections: {
    title: {
      limits: { maxChars: 200, minChars: 10 },
      checks: {
        banned_character: "error", word_repeated: "error", promotional: "error", emoji: "error", special_symbol: "warning", all_caps: "warning", placeholder: "error", html: "error", asin: "error", contact_info: "error", price_or_shipping: "error",
        // Issue 31: newness, launch years and superlatives in a title, functional-only characters, decorative symbols.
        time_sensitive: "warning", subjective: "warning", title_symbol: "warning", decorative_symbol: "error",
        // The product detail page rules hold in every section, titles too, and help 201100890 names "100% quality
        // guaranteed" among what a title may not say: guarantees and restricted claims (decision 031, 2026-11-27).
        guarantee: "error", restricted_claim: "error",
      },
    },
    bullets: bulletsRules,
    description: descriptionRules,
    searchTerms: searchTermsRules,
  },
  // With Spanish's inverted ¡ and ¿: the same marks (decision 031).
  bannedTitleCharacters: "!$?_{}^¬¦¡¿",
  repeatableWords,
  maxWordRepeats: 2,
  phrases,
  phraseExceptions,
  specialSymbols,
  functionalTitleCharacters,
  functionalSymbols,
  acronyms,
  functionWords,
  guaranteeTerms,
  timeWordsInContext,
  searchTermPhrases,
  storeClaims,
  storePhrases,
  currencySpellings,
};

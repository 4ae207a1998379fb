// The title change reported from 2026-07-27: short titles (75 characters outside media categories) and
// an "item highlights" field of up to 125 characters. Everything else as in amazon-2025-01.
// Sources, and what we could not confirm: docs/decisions/014-amazon-listing-rules.md (looked up 2026-11-23).
import type { RuleSet, RuleSource } from "../types.ts";
import { amazon202501 } from "./amazon-2025-01.ts";

/** Reported only: no official Amazon page we could read confirms 75 or 125 (docs/decisions/014). */
export const titleChange2026: RuleSource = {
  url: "https://sellercentral.amazon.com/seller-forums/discussions/t/145b6d0f-999c-4555-896c-c694bda2e470",
  title: "News_Amazon, “Updates to improve your product titles begin on July 27” (2026-06-10), as reported by m.ebrun.com and listing-tool makers",
  effectiveFrom: "2026-07-27",
  confidence: "reported",
};

export const amazon202607: RuleSet = {
  ...amazon202501,
  id: "amazon-2026-07",
  name: "Amazon titles of July 2026 (75 characters, item highlights)",
  effectiveFrom: titleChange2026.effectiveFrom,
  source: titleChange2026,
  sources: { ...amazon202501.sources, too_long: titleChange2026 },
  sections: {
    ...amazon202501.sections,
    title: { ...amazon202501.sections.title, limits: { maxChars: 75, minChars: 10 } },
    // Item highlights are comma-separated phrases, not sentences (reported: m.ebrun.com, decision 014).
    itemHighlights: { limits: { maxChars: 125 }, checks: { ...amazon202501.sections.bullets.checks, banned_character: undefined, highlights_sentences: "warning" } },
  },
  // Media keep 200 characters (books, music, video and DVD: help 201100890 and the 2026 reports, decision 014).
  media: { productTypes: ["BOOK", "BOOKS", "ABIS_BOOK", "BOOKS_1973_AND_LATER", "MUSIC", "ABIS_MUSIC", "MUSIC_POPULAR_VINYL", "VIDEO", "ABIS_VIDEO", "DVD", "ABIS_DVD", "VIDEO_DVD", "BLU_RAY", "VIDEO_BLU_RAY"], titleMaxChars: 200 },
};

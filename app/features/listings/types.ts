// A listing: the product's facts, a marketplace and the five sections of copy (issue 15). Browser-safe:
// the builder, the server's endpoints and the offline writer share these shapes.
import { z } from "zod";
import { tones } from "#app/templates/types.ts";
import type { SectionName } from "#app/features/rules/types.ts";

export const factLimits = {
  brand: 100,
  productName: 200,
  productType: 100,
  keyFeatures: 2000,
  targetAudience: 200,
  wordsToAvoid: 500,
} as const;

const trimmed = (max: number) => z.string().trim().max(max);

/** What the seller tells us about the product. Brand and product name are required; the rest helps. */
export const listingFactsSchema = z.object({
  brand: trimmed(factLimits.brand).min(1),
  productName: trimmed(factLimits.productName).min(1),
  productType: trimmed(factLimits.productType).default(""),
  keyFeatures: trimmed(factLimits.keyFeatures).default(""),
  targetAudience: trimmed(factLimits.targetAudience).default(""),
  /** Words the copy must not use, separated by commas or lines. */
  wordsToAvoid: trimmed(factLimits.wordsToAvoid).default(""),
  tone: z.enum(tones).default("Professional"),
});
export type ListingFacts = z.infer<typeof listingFactsSchema>;

/** A listing's copy. Sections the rule set does not have (item highlights before July 2026) stay "". */
export interface ListingCopy {
  title: string;
  itemHighlights: string;
  bullets: string[];
  description: string;
  searchTerms: string;
}

export const emptyCopy = (): ListingCopy => ({ title: "", itemHighlights: "", bullets: [], description: "", searchTerms: "" });

/** Longest text a section may hold when saved (ten times Amazon's longest limit: nothing real comes near). */
export const maxSavedSectionChars = 20_000;
export const maxSavedBullets = 10;

export const listingCopySchema = z.object({
  title: z.string().max(maxSavedSectionChars).default(""),
  itemHighlights: z.string().max(maxSavedSectionChars).default(""),
  bullets: z.array(z.string().max(maxSavedSectionChars)).max(maxSavedBullets).default([]),
  description: z.string().max(maxSavedSectionChars).default(""),
  searchTerms: z.string().max(maxSavedSectionChars).default(""),
});

/** The words to avoid as a list (commas, semicolons or lines). */
export function wordsToAvoidList(facts: Pick<ListingFacts, "wordsToAvoid">): string[] {
  return facts.wordsToAvoid
    .split(/[\n,;]+/)
    .map((word) => word.trim())
    .filter(Boolean);
}

/** Key features as phrases (one a line, or separated by semicolons or bullets). */
export function featureList(facts: Pick<ListingFacts, "keyFeatures">): string[] {
  return facts.keyFeatures
    .split(/\r?\n|[;•]/)
    .map((part) => part.replace(/^\s*(?:[-*]|\d+[.)])\s*/, "").trim())
    .filter((part) => part.length > 1);
}

export type { SectionName };

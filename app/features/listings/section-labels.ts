import type { SectionName } from "#app/features/rules/types.ts";
import type { MessageKey } from "#app/i18n/i18n.ts";

/** Each listing section's name as the pages show it (builder, bulk job form, job page). */
export const sectionLabels: Record<SectionName, MessageKey> = {
  title: "listings.section.title",
  itemHighlights: "listings.section.itemHighlights",
  bullets: "listings.section.bullets",
  description: "listings.section.description",
  searchTerms: "listings.section.searchTerms",
};

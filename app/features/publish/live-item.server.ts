// A listing as Amazon shows it (getListingsItem, or one item of searchListingsItems): its product type, ASIN,
// attributes and issues, and the hash of its copy attributes in one store and language. Shared by the single
// publish and the bulk one (issue 34), so both check the same live copy the same way. No I/O.
import { createHash } from "node:crypto";
import { z } from "zod";
import { mapListingsItem } from "#app/features/amazon/import/map-item.ts";
import { amazonIssueSchema, type AmazonIssue } from "#app/features/amazon/import/types.ts";
import type { ListingCopy } from "#app/features/listings/types.ts";
import type { Marketplace } from "#app/features/marketplaces/registry.ts";
import type { Locale } from "#app/i18n/i18n.ts";
import { liveValues, type CopyTarget } from "./copy-attributes.ts";
import { copyAttributeNames } from "./types.ts";

export const issueLocales: Record<Locale, string> = { en: "en_US", es: "es_ES", de: "de_DE", fr: "fr_FR" };

const liveItemSchema = z.object({
  sku: z.string(),
  summaries: z.array(z.object({ marketplaceId: z.string(), productType: z.string().optional(), asin: z.string().optional() }).passthrough()).optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
  issues: z.array(z.unknown()).optional(),
});

export interface LiveItem {
  raw: unknown;
  sku: string;
  productType: string | null;
  asin: string | null;
  attributes: Record<string, unknown>;
  issues: AmazonIssue[];
}

export const parseIssues = (issues: readonly unknown[] | undefined): AmazonIssue[] =>
  (issues ?? []).flatMap((issue) => {
    const parsed = amazonIssueSchema.safeParse(issue);
    return parsed.success ? [parsed.data] : [];
  });

/** Amazon's item in the shape the checks read (the store's summary first). */
export function toLiveItem(data: unknown, store: Marketplace): LiveItem {
  const item = liveItemSchema.parse(data);
  const summary = item.summaries?.find((entry) => entry.marketplaceId === store.marketplaceId) ?? item.summaries?.[0];
  return { raw: data, sku: item.sku, productType: summary?.productType ?? null, asin: summary?.asin ?? null, attributes: item.attributes ?? {}, issues: parseIssues(item.issues) };
}

/** The live copy's values of every copy attribute in the store and language: equal hashes, nothing changed live. */
export function liveHashOf(attributes: Record<string, unknown>, target: CopyTarget): string {
  const values = copyAttributeNames.map((name) => [name, liveValues(attributes, name, target)]);
  return createHash("sha256").update(JSON.stringify(values)).digest("base64url");
}

/** The live copy as the listing's sections (a publication's `before`). */
export const liveCopyOf = (live: LiveItem, store: Marketplace): ListingCopy => mapListingsItem(live.raw, store)?.copy ?? { title: "", itemHighlights: "", bullets: [], description: "", searchTerms: "" };

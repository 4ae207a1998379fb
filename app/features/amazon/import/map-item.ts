// One searchListingsItems item → what a listing keeps of it (issue 33 item 3). Attribute values are arrays of
// {value, language_tag, marketplace_id}: the store's and the listing's language's are taken; several where
// one is expected, none, or an unknown product type are imported as found and flagged, never refused.
import { z } from "zod";
import { maxSavedBullets, maxSavedSectionChars, type ListingCopy } from "#app/features/listings/types.ts";
import type { Marketplace } from "#app/features/marketplaces/registry.ts";
import { amazonIssueSchema, type AmazonIssue, type ImportFlag } from "./types.ts";

const attributeValue = z.object({ value: z.unknown(), language_tag: z.string().optional(), marketplace_id: z.string().optional() }).passthrough();
const itemSchema = z.object({
  sku: z.string().min(1),
  summaries: z.array(z.object({ marketplaceId: z.string(), asin: z.string().optional(), productType: z.string().optional(), itemName: z.string().optional() }).passthrough()).optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
  issues: z.array(z.unknown()).optional(),
});

export interface ImportedItem {
  sku: string;
  asin: string | null;
  productType: string | null;
  brand: string;
  /** The values' language tag when the store takes it (fr_CA on amazon.ca); null: the store's first language. */
  languageTag: string | null;
  copy: ListingCopy;
  issues: AmazonIssue[];
  flags: ImportFlag[];
}

/** Product type names as Amazon writes them (LUGGAGE, ELECTRONIC_CABLE); anything else is unknown. */
const productTypePattern = /^[A-Z][A-Z0-9_]{1,99}$/;

const cut = (text: string) => text.slice(0, maxSavedSectionChars);

/** The item's copy for `store`, or undefined when the answer is not an item at all. */
export function mapListingsItem(raw: unknown, store: Marketplace): ImportedItem | undefined {
  const parsed = itemSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const item = parsed.data;
  const flags: ImportFlag[] = [];
  const summary = item.summaries?.find((entry) => entry.marketplaceId === store.marketplaceId) ?? item.summaries?.[0];
  const productType = summary?.productType?.trim() || null;
  if (!productType || !productTypePattern.test(productType)) flags.push({ code: "UNKNOWN_PRODUCT_TYPE" });

  // Every text value of an attribute for this store (a value naming no store is everyone's).
  const valuesOf = (name: string) => {
    const list = z.array(attributeValue).safeParse(item.attributes?.[name]);
    if (!list.success) return [];
    return list.data.filter((entry) => typeof entry.value === "string" && (!entry.marketplace_id || entry.marketplace_id === store.marketplaceId)) as { value: string; language_tag?: string }[];
  };
  // The language: the store's first language when Amazon has copy in it, else the title's.
  const titles = valuesOf("item_name");
  const tags = new Set(titles.map((entry) => entry.language_tag).filter(Boolean));
  const tag = tags.has(store.languageTag) || tags.size === 0 ? store.languageTag : [...tags][0]!;
  const inLanguage = (name: string) => valuesOf(name).filter((entry) => !entry.language_tag || entry.language_tag === tag).map((entry) => entry.value.trim());
  const one = (name: string, join: string, flagMissing: boolean) => {
    const values = inLanguage(name).filter(Boolean);
    if (values.length > 1) flags.push({ code: "SEVERAL_VALUES", attribute: name });
    if (values.length === 0 && flagMissing) flags.push({ code: "NO_VALUE", attribute: name });
    return cut(values.join(join));
  };

  const title = one("item_name", " ", true) || cut(summary?.itemName?.trim() ?? "");
  const bullets = inLanguage("bullet_point").filter(Boolean).map(cut);
  if (bullets.length === 0) flags.push({ code: "NO_VALUE", attribute: "bullet_point" });
  if (bullets.length > maxSavedBullets) flags.push({ code: "SEVERAL_VALUES", attribute: "bullet_point" });
  const highlights = inLanguage("item_highlights").filter(Boolean);
  const differentiation = inLanguage("title_differentiation").filter(Boolean);
  const issues = (item.issues ?? []).flatMap((issue) => {
    const one = amazonIssueSchema.safeParse(issue);
    return one.success ? [{ code: one.data.code, message: one.data.message, severity: one.data.severity, ...(one.data.attributeNames ? { attributeNames: one.data.attributeNames } : {}) }] : [];
  });
  return {
    sku: item.sku,
    asin: summary?.asin ?? null,
    productType,
    brand: one("brand", " ", false),
    languageTag: store.languages.some((language) => language.tag === tag) && tag !== store.languageTag ? tag : null,
    copy: {
      title,
      itemHighlights: cut((highlights.length ? highlights : differentiation).join("\n")),
      bullets: bullets.slice(0, maxSavedBullets),
      description: one("product_description", "\n\n", true),
      searchTerms: one("generic_keyword", " ", true),
    },
    issues,
    flags,
  };
}

/** Two copies say the same (what "the live copy changed" means for a re-import). */
export function sameCopy(a: ListingCopy, b: ListingCopy): boolean {
  return a.title === b.title && a.itemHighlights === b.itemHighlights && a.description === b.description && a.searchTerms === b.searchTerms && a.bullets.length === b.bullets.length && a.bullets.every((bullet, i) => bullet === b.bullets[i]);
}

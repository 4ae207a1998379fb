// A listing's copy as Amazon's attributes for one store (issue 34 item 2), the per-attribute diff of live vs
// ours, and the patches that send only what changed. Pure: the preview, the publish and the tests share it.
import { z } from "zod";
import type { ListingCopy } from "#app/features/listings/types.ts";
import type { AttributeDiff, CopyAttributeName } from "./types.ts";

/** Where the values go: the store's SP-API marketplace id and the listing's language tag (en_US, fr_CA). */
export interface CopyTarget {
  marketplaceId: string;
  languageTag: string;
}

export type HighlightsAttribute = "title_differentiation" | "item_highlights";

// A type, not an interface: it must fit Record<string, unknown> (a patch's value).
export type AttributeValue = {
  value: string;
  language_tag: string;
  marketplace_id: string;
};

export interface ListingPatch {
  op: "replace" | "delete";
  path: `/attributes/${string}`;
  value: Record<string, unknown>[];
}

export interface CopyAttributes {
  /** The attributes we send, every value tagged with the store and language. */
  attributes: Partial<Record<CopyAttributeName, AttributeValue[]>>;
  /** The names sent (validation reports problems for these only). */
  sent: CopyAttributeName[];
  /** The copy has item highlights the store's product type has no attribute for: they are not sent. */
  highlightsNotSent: boolean;
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** Each section's values as text, in the order Amazon keeps them (bullet_point: one per bullet; highlights: one per line). */
export function copyValues(copy: ListingCopy, highlightsAttribute: HighlightsAttribute | null): Partial<Record<CopyAttributeName, string[]>> {
  const one = (text: string) => (text.trim() ? [text.trim()] : []);
  const values: Partial<Record<CopyAttributeName, string[]>> = {
    item_name: one(copy.title),
    bullet_point: copy.bullets.map((bullet) => bullet.trim()).filter(Boolean),
    product_description: one(copy.description),
    generic_keyword: one(copy.searchTerms),
  };
  if (highlightsAttribute) values[highlightsAttribute] = lines(copy.itemHighlights);
  return values;
}

/** The copy as attributes for the store; item highlights only when the product type has their attribute. */
export function copyToAttributes(copy: ListingCopy, target: CopyTarget, highlightsAttribute: HighlightsAttribute | null): CopyAttributes {
  const attributes: CopyAttributes["attributes"] = {};
  const sent: CopyAttributeName[] = [];
  for (const [name, values] of Object.entries(copyValues(copy, highlightsAttribute)) as [CopyAttributeName, string[]][]) {
    attributes[name] = values.map((value) => ({ value, language_tag: target.languageTag, marketplace_id: target.marketplaceId }));
    sent.push(name);
  }
  return { attributes, sent, highlightsNotSent: highlightsAttribute === null && copy.itemHighlights.trim() !== "" };
}

const liveValue = z.object({ value: z.unknown(), language_tag: z.string().optional(), marketplace_id: z.string().optional() }).passthrough();
type LiveValue = z.infer<typeof liveValue>;

/** An attribute's live values (a value naming no store is every store's). */
function liveEntries(live: Record<string, unknown>, name: string, marketplaceId: string): LiveValue[] {
  const parsed = z.array(liveValue).safeParse(live[name]);
  return parsed.success ? parsed.data.filter((entry) => !entry.marketplace_id || entry.marketplace_id === marketplaceId) : [];
}

const inLanguage = (entry: LiveValue, languageTag: string) => !entry.language_tag || entry.language_tag === languageTag;

/** The live text values of one attribute in the store and language (what the diff compares with ours). */
export function liveValues(live: Record<string, unknown>, name: string, target: CopyTarget): string[] {
  return liveEntries(live, name, target.marketplaceId)
    .filter((entry) => inLanguage(entry, target.languageTag))
    .flatMap((entry) => (typeof entry.value === "string" && entry.value.trim() ? [entry.value.trim()] : []));
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/** Live vs ours for every attribute we send (bullets compared in order: Amazon shows them in order). */
export function diffAttributes(ours: CopyAttributes, live: Record<string, unknown>, target: CopyTarget): AttributeDiff[] {
  return ours.sent.map((attribute) => {
    const mine = (ours.attributes[attribute] ?? []).map((entry) => entry.value);
    const theirs = liveValues(live, attribute, target);
    return { attribute, live: theirs, ours: mine, changed: !sameList(theirs, mine) };
  });
}

/**
 * The patches for the changed attributes: `replace` with our values, keeping the store's values in its other
 * languages (amazon.ca's fr_CA while we write en_CA), or `delete` of our language's values when ours is empty.
 * Unchanged attributes are not touched.
 */
export function patchesFor(ours: CopyAttributes, live: Record<string, unknown>, target: CopyTarget): ListingPatch[] {
  const patches: ListingPatch[] = [];
  for (const diff of diffAttributes(ours, live, target)) {
    if (!diff.changed) continue;
    const path = `/attributes/${diff.attribute}` as const;
    const others = liveEntries(live, diff.attribute, target.marketplaceId).filter((entry) => entry.language_tag && entry.language_tag !== target.languageTag);
    const mine = ours.attributes[diff.attribute] ?? [];
    if (mine.length > 0) patches.push({ op: "replace", path, value: [...mine, ...others] });
    else patches.push({ op: "delete", path, value: [{ marketplace_id: target.marketplaceId, language_tag: target.languageTag }] });
  }
  return patches;
}

/**
 * The live attributes with ours in place of the ones we send: what the listing will be after the patch, the
 * thing the product type's schema is checked against (an attribute we do not send stays as it is live).
 */
export function mergeAttributes(live: Record<string, unknown>, ours: CopyAttributes, target: CopyTarget): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...live };
  for (const name of ours.sent) {
    const others = liveEntries(live, name, target.marketplaceId).filter((entry) => entry.language_tag && entry.language_tag !== target.languageTag);
    const values = [...(ours.attributes[name] ?? []), ...others];
    if (values.length > 0) merged[name] = values;
    else delete merged[name];
  }
  return merged;
}

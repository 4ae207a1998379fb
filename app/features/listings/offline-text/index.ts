// The languages the offline listing writer writes natively, one file each (see ./types.ts). A new
// language: a file beside these, a line here, and its tag in offlineLanguages (marketplaces/registry.ts).
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import type { OfflineText } from "./types.ts";

export const offlineTexts = { en, es, de, fr } satisfies Record<string, OfflineText>;

export type Lang = keyof typeof offlineTexts;

/** The language the writer composes in for `language`: itself where it has a text, else English. */
export function offlineLang(language: string): Lang {
  return Object.hasOwn(offlineTexts, language) ? (language as Lang) : "en";
}

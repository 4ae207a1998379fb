// The languages the offline writer writes natively: THE list (the generators, the listings and the pages'
// "written in English" notices read it). The kit (./kit/index.ts) holds one file for each, and typecheck
// holds it to this list; it stays a list of codes so that the pages that read it do not carry the wording.
/** A new language: its code here and its file in ./kit/ (typecheck names the file until it exists). */
export const offlineLangs = ["en", "es", "de", "fr"] as const;

export type OfflineLang = (typeof offlineLangs)[number];

/** Languages the offline writer composes in; any other language gets English, and the page says so. */
export const offlineLanguages: ReadonlySet<string> = new Set(offlineLangs);

/** The language the offline writer writes for a language code ("de", "de-DE", "fr_CA"): English when it does not write it. */
export function offlineLang(code: string | undefined): OfflineLang {
  const base = (code ?? "").toLowerCase().split(/[-_]/)[0]!;
  return offlineLanguages.has(base) ? (base as OfflineLang) : "en";
}

// Phone numbers in copy, in the store's own formats (issue 31): libphonenumber-js with its "min" metadata
// finds what a hand regex missed (India's 10-digit mobiles, 1800 toll-free, Japan's 0120-xxx-xxx, +91 …).
// The library and its metadata are ~35 KB gzipped, too much for the builder's keystroke bundle: in the
// browser they load in their own chunk when this module first runs (decision 031); on the server they load
// synchronously. Until the chunk arrives the builder finds only +-prefixed and North American numbers.
import type * as PhoneCore from "libphonenumber-js/core";
import type { MetadataJson, CountryCode } from "libphonenumber-js/core";
import type * as NodeModule from "node:module";

/** findPhoneNumbersInText as it runs: its typings omit the `leniency` option it reads (libphonenumber-js 1.13 README). */
type FindInText = (text: string, options: { defaultCountry?: CountryCode; v2: true; leniency?: "POSSIBLE" | "VALID" }, metadata: MetadataJson) => { startsAt: number; endsAt: number }[];

interface PhoneLibrary {
  find: FindInText;
  metadata: MetadataJson;
}

let library: PhoneLibrary | undefined;
let loading: Promise<PhoneLibrary> | undefined;

/** In Node (server, tests, bench) the library loads at once, so every save and export checks with it. */
function loadInNode(): void {
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }).process?.getBuiltinModule;
  if (typeof getBuiltin !== "function" || typeof document !== "undefined") return;
  try {
    const { createRequire } = getBuiltin("node:module") as typeof NodeModule;
    const require = createRequire(import.meta.url);
    const core = require("libphonenumber-js/core") as typeof PhoneCore;
    library = { find: core.findPhoneNumbersInText as FindInText, metadata: require("libphonenumber-js/min/metadata") as MetadataJson };
  } catch {
    // Not resolvable from here (an odd bundle): the browser path below still works.
  }
}
loadInNode();

/** Loads the library in the browser (once); resolves when phone numbers are checked in full. */
export function loadPhoneLibrary(): Promise<void> {
  if (library) return Promise.resolve();
  loading ??= Promise.all([import("libphonenumber-js/core"), import("libphonenumber-js/min/metadata")]).then(([core, metadata]) => {
    library = { find: core.findPhoneNumbersInText as FindInText, metadata: (metadata as { default?: MetadataJson }).default ?? (metadata as unknown as MetadataJson) };
    return library;
  });
  return loading.then(() => undefined);
}

export function phoneLibraryLoaded(): boolean {
  return library !== undefined;
}

if (typeof document !== "undefined") void loadPhoneLibrary().catch(() => undefined);

/** Seven digits or more, with the separators phone numbers use: text without one has no number to find. */
const digitRun = /\d[\d\s().\-‐‑–—/]{5,}\d/;
/** A label that makes the digits an identifier ("Model No. 1234567890", 型番), not a number to call. */
const identifierLabel = /(?:model|item|part|sku|ean|upc|isbn|asin|gtin|jan|serial|article|art|ref|batch|lot|型番|品番|型式|品番号)[\s.:#№no]{0,6}$/iu;
/** A run that may be a phone number: an optional + or (, then digits and separators, at least seven characters. */
const candidatePattern = /[+(]?\d[\d\s().\-‐‑–—/]{5,}\d/g;
/** Words that introduce a number to call, in the registry's languages. */
const cues = "call|phone|tel|telephone|mobile|cell|whats\\s?app|contact|ring|dial|helpline|hotline|customer care|toll[-\\s]?free|sms|text us|llam[ae]|teléfono|telefono|telefon|anruf|appel(?:ez)?|téléphone|chiamate?|bel ons|ring oss|zadzwoń|arayın|電話|フリーダイヤル|お問い合わせ|問い合わせ|連絡先|اتصل|هاتف";
const callCue = new RegExp(`(?:${cues})`, "iu");
const cueBefore = new RegExp(`(?:${cues})[^\\p{L}\\p{N}]{0,3}(?:\\p{L}+[^\\p{L}\\p{N}]{1,3}){0,2}$`, "iu");
/** Before the library loads: international numbers and North American ones, as before issue 31. */
const fallbackPattern = /(?<!\d)(?:\+\d{1,3}[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}(?!\d)|\+\d{1,3}[\s.-]?\d{2,5}[\s.-]?\d{3,5}[\s.-]?\d{3,5}(?!\d)/g;

/**
 * Spans of phone numbers in `text` (UTF-16 offsets), as the store's country writes them and in
 * international form; digits a label names as an identifier are not phone numbers.
 */
export function findPhoneNumbers(text: string, country: string | undefined): [number, number][] {
  if (!digitRun.test(text)) return [];
  const spans: [number, number][] = [];
  if (library) {
    const lib = library;
    const base = country ? { defaultCountry: country as CountryCode, v2: true as const } : { v2: true as const };
    const cued = callCue.test(text);
    // The library reads only a window around each run of digits: a long section costs what its numbers cost.
    for (const run of text.matchAll(candidatePattern)) {
      // Fewer than seven digits is a size or a range ("6.25-8.5 (L) 1.5-2.25"): no country dials a number that short with its area code.
      if (run[0].replace(/\D/g, "").length < 7) continue;
      // Numbers listed with "/" where a part is one or two digits are versions or sizes (Windows 11/10/8.1/8/7), not a number to call.
      if (run[0].includes("/") && run[0].split("/").some((part) => part.replace(/\D/g, "").length <= 2)) continue;
      const from = Math.max(0, run.index - 2);
      const window = text.slice(from, run.index + run[0].length + 2);
      const found = lib.find(window, base, lib.metadata).map((match): [number, number] => [from + match.startsAt, from + match.endsAt]);
      // A number introduced as one to call counts when it only has a phone number's shape (a made-up "555" one).
      if (found.length === 0 && cued && cueBefore.test(text.slice(Math.max(0, run.index - 24), run.index))) {
        for (const match of lib.find(window, { ...base, leniency: "POSSIBLE" as const }, lib.metadata)) found.push([from + match.startsAt, from + match.endsAt]);
      }
      spans.push(...found);
    }
  } else {
    for (const match of text.matchAll(fallbackPattern)) spans.push([match.index, match.index + match[0].length]);
  }
  return spans.filter(([start]) => !identifierLabel.test(text.slice(Math.max(0, start - 24), start)));
}

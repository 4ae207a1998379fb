import { readCookie } from "#app/lib/cookies.ts";
import { intlTag } from "#app/lib/intl.ts";
import { refundDays, trialDays } from "#app/lib/plans.ts";
import { de } from "./de.ts";
import { en, type MessageKey } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";

export const locales = ["en", "es", "de", "fr"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";
export const localeCookieName = "lang";

export type { MessageKey };
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;
/** One language's catalog: what the root loader sends the browser (only the page's language ships). */
export type Messages = Record<MessageKey, string>;

// Server code and tests only: a browser module that calls translate() bundles every catalog.
// Pages use useI18n() (context.tsx), which reads the one catalog the root loader sent.
const catalogs: Record<Locale, Messages> = { en, es, de, fr };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** A catalog with English filling any key the language lacks. */
export function messagesFor(locale: Locale): Messages {
  return locale === defaultLocale ? en : { ...en, ...catalogs[locale] };
}

// `{count, plural, one {# output} other {# outputs}}`: ICU's plural form, one level deep; `#` is the number.
const pluralPattern = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const pluralCase = /(=\d+|\w+)\s*\{([^{}]*)\}/g;

/** Facts every message may name without its caller passing them: the trial and refund periods live once, in plans.ts. */
const siteParams: MessageParams = { trialDays, refundDays };

// One number format and one plural rule set per language: making them is most of a message's cost (a page
// of the catalog audit formats a few hundred numbers), and they never change.
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormat = (tag: string) => numberFormats.get(tag) ?? numberFormats.set(tag, new Intl.NumberFormat(tag)).get(tag)!;
const pluralRulesOf = (tag: string) => pluralRules.get(tag) ?? pluralRules.set(tag, new Intl.PluralRules(tag)).get(tag)!;

/** Replaces `{name}` placeholders and chooses plural forms; numbers are formatted for the locale. */
export function formatMessage(locale: Locale, template: string, callerParams?: MessageParams): string {
  if (!template.includes("{")) return template;
  const params = callerParams ? { ...siteParams, ...callerParams } : siteParams;
  const tag = intlTag(locale);
  const format = (value: string | number) => (typeof value === "number" ? numberFormat(tag).format(value) : value);
  return template
    .replace(pluralPattern, (whole, name: string, cases: string) => {
      const value = params[name];
      if (typeof value !== "number") return whole;
      const forms = new Map([...cases.matchAll(pluralCase)].map(([, form, text]) => [form!, text!]));
      const chosen = forms.get(`=${value}`) ?? forms.get(pluralRulesOf(tag).select(value)) ?? forms.get("other");
      return chosen === undefined ? whole : chosen.replace(/#/g, format(value));
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      return value === undefined ? whole : format(value);
    });
}

/** `key` in `locale` with its placeholders filled. Server-side (see above). */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  return formatMessage(locale, catalogs[locale][key] ?? en[key], params);
}

/** The language the `lang` cookie names, if it names one. */
export function localeFromCookie(cookieHeader: string | null): Locale | undefined {
  const fromCookie = readCookie(cookieHeader, localeCookieName);
  return isLocale(fromCookie) ? fromCookie : undefined;
}

/** The language from the `lang` cookie, else the best Accept-Language match, else English. */
export function resolveLocale(cookieHeader: string | null, acceptLanguage: string | null): Locale {
  const fromCookie = localeFromCookie(cookieHeader);
  if (fromCookie) return fromCookie;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((entry) => {
      const [tag = "", ...rest] = entry.trim().split(";");
      const q = rest.find((p) => p.trim().startsWith("q="));
      return { lang: tag.toLowerCase().split("-")[0] ?? "", q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.lang && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.lang).find(isLocale) ?? defaultLocale;
}

import { en, type MessageKey } from "./en.ts";
import { es } from "./es.ts";

export const locales = ["en", "es"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";
export const localeCookieName = "lang";

export type { MessageKey };
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const catalogs: Record<Locale, Record<MessageKey, string>> = { en, es };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** Replaces `{name}` placeholders; numbers are formatted for the locale. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = catalogs[locale][key] ?? en[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === "number" ? value.toLocaleString(locale === "es" ? "es-ES" : "en-US") : value;
  });
}

/** The language from the `lang` cookie, else the best Accept-Language match, else English. */
export function resolveLocale(cookieHeader: string | null, acceptLanguage: string | null): Locale {
  const fromCookie = cookieHeader
    ?.split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === localeCookieName)?.[1];
  if (isLocale(fromCookie)) return fromCookie;
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

import type { CatalogJson } from "./context.tsx";
import { messagesFor, resolveLocale, type Locale, type MessageKey, type Messages } from "./i18n.ts";

/**
 * Keys only signed-in pages use (listings, keywords, rule messages): the app layout's loader sends them,
 * so public pages (and their JavaScript budget) do not carry them. docs/decisions/002.
 */
export const appOnlyPrefixes = ["listings.", "keywords.", "lint.", "jobs.", "account.sessions.", "account.passkeys.manage.", "dataExport.", "admin.", "amazon.", "catalog."] as const;
const appOnly = (key: string) => appOnlyPrefixes.some((prefix) => key.startsWith(prefix));

function pick(messages: Messages, keep: (key: string) => boolean): Partial<Messages> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => keep(key))) as Partial<Record<MessageKey, string>>;
}

// Each language's two halves as JSON text, made once: the catalogs never change while the server runs.
// Picking them on every page cost ~1.4 MB of short-lived objects per request, and handing React Router
// ~1,000 strings to serialize cost as much again; one string per half serializes as one value
// (docs/decisions/021). context.tsx's readCatalog parses each text once, in the browser and here.
const halves = new Map<Locale, { shared: CatalogJson; appOnly: CatalogJson }>();
function halvesOf(locale: Locale) {
  let kept = halves.get(locale);
  if (!kept) {
    const messages = messagesFor(locale);
    kept = { shared: JSON.stringify(pick(messages, (key) => !appOnly(key))), appOnly: JSON.stringify(pick(messages, appOnly)) };
    halves.set(locale, kept);
  }
  return kept;
}

/** The page language for this request: the `lang` cookie, else Accept-Language. */
export function getLocale(request: Request): Locale {
  return resolveLocale(request.headers.get("cookie"), request.headers.get("accept-language"));
}

/** The page language and its catalog (all but the app-only keys), for the root loader: the browser gets only this one language. */
export function getLocaleAndCatalog(request: Request): { locale: Locale; catalog: CatalogJson } {
  const locale = getLocale(request);
  return { locale, catalog: halvesOf(locale).shared };
}

/** The app-only keys of the page language, for the signed-in layout's loader. */
export function getAppCatalog(request: Request): CatalogJson {
  return halvesOf(getLocale(request)).appOnly;
}

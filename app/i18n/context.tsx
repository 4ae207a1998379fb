import { createContext, useContext, useMemo, type ReactNode } from "react";
import { defaultLocale, formatMessage, type Locale, type MessageKey, type Messages, type Translate } from "./i18n.ts";

interface I18nValue {
  locale: Locale;
  t: Translate;
  messages: Partial<Messages> | undefined;
}

/**
 * A catalog (some keys of one language) as JSON text: what loaders send. React Router serializes one
 * string far more cheaply than ~1,000 (docs/decisions/021), and the text is parsed once per process.
 */
export type CatalogJson = string;

// Parsed catalogs by their text. A language has two halves (locale.server.ts), so this holds at most
// eight; the server hands out the same texts on every request, and the browser keeps what it was sent.
const parsedCatalogs = new Map<CatalogJson, Partial<Messages>>();

/** The catalog a loader sent, parsed once: an equal text always gives the same object (so `t` keeps its identity). */
export function readCatalog(catalog: CatalogJson | undefined): Partial<Messages> | undefined {
  if (catalog === undefined) return undefined;
  let messages = parsedCatalogs.get(catalog);
  if (!messages) parsedCatalogs.set(catalog, (messages = Object.freeze(JSON.parse(catalog) as Partial<Messages>)));
  return messages;
}

// Merged catalogs by their halves, so a signed-in page merges its two once per language, not once per render.
const mergedCatalogs = new WeakMap<Partial<Messages>, WeakMap<Partial<Messages>, Partial<Messages>>>();

/** `base` with the keys of `more`; the same two give the same object. */
export function mergeCatalogs(base: Partial<Messages> | undefined, more: Partial<Messages> | undefined): Partial<Messages> | undefined {
  if (!base || !more) return base ?? more;
  let byMore = mergedCatalogs.get(base);
  if (!byMore) mergedCatalogs.set(base, (byMore = new WeakMap()));
  let merged = byMore.get(more);
  if (!merged) byMore.set(more, (merged = Object.freeze({ ...base, ...more })));
  return merged;
}

/** `t` over one catalog; a key the catalog lacks shows as itself rather than breaking the page. */
export function translatorFor(locale: Locale, messages: Partial<Messages> | undefined): Translate {
  return (key: MessageKey, params) => formatMessage(locale, messages?.[key] ?? key, params);
}

const I18nContext = createContext<I18nValue>({ locale: defaultLocale, t: translatorFor(defaultLocale, undefined), messages: undefined });

/** `catalog` is the page language's catalog, from the root loader (so only that language ships to the browser). */
export function I18nProvider({ locale, catalog, children }: { locale: Locale; catalog: CatalogJson | undefined; children: ReactNode }) {
  const messages = readCatalog(catalog);
  const value = useMemo<I18nValue>(() => ({ locale, t: translatorFor(locale, messages), messages }), [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * More keys of the same language for a part of the app (the signed-in layout adds the app-only ones).
 * The layout's loader runs again after every form post with an equal text: readCatalog gives the same
 * object for it, so `t` keeps its identity and effects that depend on it do not run (and toast) twice.
 */
export function I18nExtension({ catalog, children }: { catalog: CatalogJson | undefined; children: ReactNode }) {
  const parent = useContext(I18nContext);
  const messages = readCatalog(catalog);
  const value = useMemo<I18nValue>(() => {
    const merged = mergeCatalogs(parent.messages, messages);
    return { locale: parent.locale, t: translatorFor(parent.locale, merged), messages: merged };
  }, [parent, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** `t(key, params)` in the page's language, and the language itself. */
export function useI18n(): I18nValue {
  return useContext(I18nContext);
}

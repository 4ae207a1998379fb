import { createContext, useContext, useMemo, type ReactNode } from "react";
import { catalogFor, type CatalogRef } from "./catalog-files.ts";
import { defaultLocale, formatMessage, type Locale, type MessageKey, type Messages, type Translate } from "./i18n.ts";

interface I18nValue {
  locale: Locale;
  t: Translate;
  messages: Partial<Messages> | undefined;
}

/** The catalog a loader named: the same object every time (so `t` keeps its identity); undefined until its file is loaded. */
export function readCatalog(catalog: CatalogRef | undefined): Partial<Messages> | undefined {
  return catalogFor(catalog);
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
export function I18nProvider({ locale, catalog, children }: { locale: Locale; catalog: CatalogRef | undefined; children: ReactNode }) {
  const messages = readCatalog(catalog);
  const value = useMemo<I18nValue>(() => ({ locale, t: translatorFor(locale, messages), messages }), [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * More keys of the same language for a part of the app (the signed-in layout adds the app-only ones).
 * The layout's loader runs again after every form post with the same name: readCatalog gives the same
 * object for it, so `t` keeps its identity and effects that depend on it do not run (and toast) twice.
 */
export function I18nExtension({ catalog, children }: { catalog: CatalogRef | undefined; children: ReactNode }) {
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

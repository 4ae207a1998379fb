import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { defaultLocale, formatMessage, type Locale, type MessageKey, type Messages, type Translate } from "./i18n.ts";

interface I18nValue {
  locale: Locale;
  t: Translate;
  messages: Partial<Messages> | undefined;
}

/** `t` over one catalog; a key the catalog lacks shows as itself rather than breaking the page. */
export function translatorFor(locale: Locale, messages: Partial<Messages> | undefined): Translate {
  return (key: MessageKey, params) => formatMessage(locale, messages?.[key] ?? key, params);
}

const I18nContext = createContext<I18nValue>({ locale: defaultLocale, t: translatorFor(defaultLocale, undefined), messages: undefined });

/** `messages` is the page language's catalog, from the root loader (so only that language ships to the browser). */
export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: Partial<Messages> | undefined; children: ReactNode }) {
  const value = useMemo<I18nValue>(() => ({ locale, t: translatorFor(locale, messages), messages }), [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function sameMessages(a: Partial<Messages> | undefined, b: Partial<Messages> | undefined): boolean {
  if (!a || !b) return a === b;
  const keys = Object.keys(a) as (keyof Messages)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** More keys of the same language for a part of the app (the signed-in layout adds the app-only ones). */
export function I18nExtension({ messages: given, children }: { messages: Partial<Messages> | undefined; children: ReactNode }) {
  const parent = useContext(I18nContext);
  // The layout's loader runs again after every form post, with an equal but new catalog: keep the old
  // one then, so `t` keeps its identity and effects that depend on it do not run (and toast) twice.
  const [kept, setKept] = useState(given);
  const messages = kept === given || sameMessages(kept, given) ? kept : given;
  if (messages !== kept) setKept(messages);
  const value = useMemo<I18nValue>(() => {
    const merged = { ...parent.messages, ...messages };
    return { locale: parent.locale, t: translatorFor(parent.locale, merged), messages: merged };
  }, [parent, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** `t(key, params)` in the page's language, and the language itself. */
export function useI18n(): I18nValue {
  return useContext(I18nContext);
}

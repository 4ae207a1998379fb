import { createContext, useContext, useMemo, type ReactNode } from "react";
import { defaultLocale, translate, type Locale, type Translate } from "./i18n.ts";

interface I18nValue {
  locale: Locale;
  t: Translate;
}

const I18nContext = createContext<I18nValue>({
  locale: defaultLocale,
  t: (key, params) => translate(defaultLocale, key, params),
});

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo<I18nValue>(() => ({ locale, t: (key, params) => translate(locale, key, params) }), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** `t(key, params)` in the page's language, and the language itself. */
export function useI18n(): I18nValue {
  return useContext(I18nContext);
}

import { messagesFor, resolveLocale, type Locale, type Messages } from "./i18n.ts";

/** The page language for this request: the `lang` cookie, else Accept-Language. */
export function getLocale(request: Request): Locale {
  return resolveLocale(request.headers.get("cookie"), request.headers.get("accept-language"));
}

/** The page language and its catalog, for the root loader: the browser gets only this one catalog. */
export function getLocaleAndMessages(request: Request): { locale: Locale; messages: Messages } {
  const locale = getLocale(request);
  return { locale, messages: messagesFor(locale) };
}

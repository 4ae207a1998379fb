import { resolveLocale, type Locale } from "./i18n.ts";

/** The page language for this request: the `lang` cookie, else Accept-Language. */
export function getLocale(request: Request): Locale {
  return resolveLocale(request.headers.get("cookie"), request.headers.get("accept-language"));
}

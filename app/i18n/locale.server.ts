import { messagesFor, resolveLocale, type Locale, type MessageKey, type Messages } from "./i18n.ts";

/**
 * Keys only signed-in pages use (listings, keywords, rule messages): the app layout's loader sends them,
 * so public pages (and their JavaScript budget) do not carry them. docs/decisions/002.
 */
export const appOnlyPrefixes = ["listings.", "keywords.", "lint.", "jobs.", "account.sessions.", "account.passkeys.manage.", "dataExport.", "admin."] as const;
const appOnly = (key: string) => appOnlyPrefixes.some((prefix) => key.startsWith(prefix));

function pick(messages: Messages, keep: (key: string) => boolean): Partial<Messages> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => keep(key))) as Partial<Record<MessageKey, string>>;
}

/** The page language for this request: the `lang` cookie, else Accept-Language. */
export function getLocale(request: Request): Locale {
  return resolveLocale(request.headers.get("cookie"), request.headers.get("accept-language"));
}

/** The page language and its catalog (all but the app-only keys), for the root loader: the browser gets only this one language. */
export function getLocaleAndMessages(request: Request): { locale: Locale; messages: Partial<Messages> } {
  const locale = getLocale(request);
  return { locale, messages: pick(messagesFor(locale), (key) => !appOnly(key)) };
}

/** The app-only keys of the page language, for the signed-in layout's loader. */
export function getAppMessages(request: Request): Partial<Messages> {
  return pick(messagesFor(getLocale(request)), appOnly);
}

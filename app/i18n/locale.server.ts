import { createHash } from "node:crypto";
import { catalogRefPattern, catalogScript, registerCatalog, type CatalogRef } from "./catalog-files.ts";
import { isLocale, messagesFor, resolveLocale, type Locale, type MessageKey, type Messages } from "./i18n.ts";

/**
 * Keys only signed-in pages use (listings, keywords, rule messages): the app layout's loader sends them,
 * so public pages (and their JavaScript budget) do not carry them. docs/decisions/002.
 */
export const appOnlyPrefixes = ["listings.", "keywords.", "lint.", "jobs.", "account.sessions.", "account.passkeys.manage.", "dataExport.", "admin.", "amazon.", "catalog."] as const;
const appOnly = (key: string) => appOnlyPrefixes.some((prefix) => key.startsWith(prefix));

function pick(messages: Messages, keep: (key: string) => boolean): Partial<Messages> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => keep(key))) as Partial<Record<MessageKey, string>>;
}

// Each language's two halves, made once: the catalogs never change while the server runs. Loaders send only
// their names; the texts go out as cached script files (catalog-files.ts, docs/decisions/043), so a page no
// longer carries ~110 KB of strings in its data (docs/decisions/021 sent them as one string per half).
interface Half {
  ref: CatalogRef;
  script: string;
}
const halves = new Map<Locale, { shared: Half; appOnly: Half }>();
const scripts = new Map<CatalogRef, string>();
function half(name: "shared" | "app", locale: Locale, messages: Partial<Messages>): Half {
  const json = JSON.stringify(messages);
  const ref = `${name}.${locale}.${createHash("sha256").update(json).digest("hex").slice(0, 10)}`;
  registerCatalog(ref, messages);
  const made = { ref, script: catalogScript(ref, json) };
  scripts.set(ref, made.script);
  return made;
}
function halvesOf(locale: Locale) {
  let kept = halves.get(locale);
  if (!kept) {
    const messages = messagesFor(locale);
    kept = { shared: half("shared", locale, pick(messages, (key) => !appOnly(key))), appOnly: half("app", locale, pick(messages, appOnly)) };
    halves.set(locale, kept);
  }
  return kept;
}

/** A catalog file's text by its name (the /i18n/:file route), or undefined for a name no language has. */
export function catalogScriptFor(ref: string): string | undefined {
  const match = catalogRefPattern.exec(ref);
  if (!match || !isLocale(match[2])) return undefined;
  halvesOf(match[2]);
  return scripts.get(ref);
}

/** The page language for this request: the `lang` cookie, else Accept-Language. */
export function getLocale(request: Request): Locale {
  return resolveLocale(request.headers.get("cookie"), request.headers.get("accept-language"));
}

/** The page language and its catalog's name (all but the app-only keys), for the root loader: the browser gets only this one language. */
export function getLocaleAndCatalog(request: Request): { locale: Locale; catalog: CatalogRef } {
  const locale = getLocale(request);
  return { locale, catalog: halvesOf(locale).shared.ref };
}

/** The name of the page language's app-only catalog, for the signed-in layout's loader. */
export function getAppCatalog(request: Request): CatalogRef {
  return halvesOf(getLocale(request)).appOnly.ref;
}

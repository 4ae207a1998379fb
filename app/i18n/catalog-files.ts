// The language catalogs travel as script files, not inside every page (docs/decisions/043): a loader sends
// a catalog's name ("shared.de.3f9a0c1b7e"), the document loads /i18n/<name>.js before hydration, and the
// browser keeps the file (its name changes with its text). Browser-safe; the server registers its own.
import type { Messages } from "./i18n.ts";

/** A catalog's name: "<half>.<locale>.<hash of its text>", what loaders send. */
export type CatalogRef = string;

export const catalogRefPattern = /^(shared|app)\.(en|es|de|fr)\.[0-9a-f]{10}$/;

export function isCatalogRef(value: unknown): value is CatalogRef {
  return typeof value === "string" && catalogRefPattern.test(value);
}

export function catalogScriptPath(ref: CatalogRef): string {
  return `/i18n/${ref}.js`;
}

/** What a catalog file sets: window.__sellscribeCatalogs[ref] = the messages. */
export const catalogGlobal = "__sellscribeCatalogs";

type CatalogWindow = { [catalogGlobal]?: Record<string, Partial<Messages>> };

const registered = new Map<CatalogRef, Partial<Messages>>();

/** The server registers the catalogs it names (locale.server.ts); the browser's come from the files. */
export function registerCatalog(ref: CatalogRef, messages: Partial<Messages>): void {
  registered.set(ref, Object.freeze(messages));
}

/** The messages of a catalog this process has (the browser: one its files set), the same object every time. */
export function catalogFor(ref: CatalogRef | undefined): Partial<Messages> | undefined {
  if (ref === undefined) return undefined;
  const known = registered.get(ref);
  if (known || typeof window === "undefined") return known;
  const loaded = (window as CatalogWindow)[catalogGlobal]?.[ref];
  if (loaded) registerCatalog(ref, loaded);
  return registered.get(ref);
}

const loading = new Map<CatalogRef, Promise<void>>();

/**
 * In the browser, loads a catalog the page does not have yet (a client-side navigation into the app, another
 * language): the same file, added as a script, which the CSP's 'strict-dynamic' trusts from our own code.
 */
export function ensureCatalog(ref: CatalogRef | undefined): Promise<void> {
  if (ref === undefined || typeof document === "undefined" || catalogFor(ref)) return Promise.resolve();
  let pending = loading.get(ref);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = catalogScriptPath(ref);
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`the language file ${ref} did not load`));
      document.head.append(script);
    }).finally(() => loading.delete(ref));
    loading.set(ref, pending);
  }
  return pending;
}

/** The file's text: one assignment of the catalog's JSON (parsed by JSON.parse, quicker than an object literal). */
export function catalogScript(ref: CatalogRef, json: string): string {
  return `(self.${catalogGlobal}||(self.${catalogGlobal}={}))[${JSON.stringify(ref)}]=JSON.parse(${JSON.stringify(json)});\n`;
}

import { describe, expect, it } from "vitest";
import { mergeCatalogs, readCatalog } from "./context.tsx";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { catalogGlobal, registerCatalog } from "./catalog-files.ts";
import type { Messages } from "./i18n.ts";
import { appOnlyPrefixes, catalogScriptFor, getAppCatalog, getLocaleAndCatalog } from "./locale.server.ts";

const requestIn = (lang: string) => new Request("http://localhost/", { headers: { cookie: `lang=${lang}`, "accept-language": "en-US,en;q=0.9" } });
const isAppOnly = (key: string) => appOnlyPrefixes.some((prefix) => key.startsWith(prefix));

/** What a browser gets from the catalog's file: the script run in a sandbox with its own `self`. */
function runCatalogFile(ref: string): Record<string, string> {
  const script = catalogScriptFor(ref);
  expect(script).toBeDefined();
  const self: Record<string, Record<string, Record<string, string>>> = {};
  new Function("self", script!)(self);
  return self[catalogGlobal]![ref]!;
}

describe("catalogs named by loaders", () => {
  it("the root names the page language's shared keys, the signed-in layout its app-only keys; their files hold the whole catalog", () => {
    const { locale, catalog } = getLocaleAndCatalog(requestIn("de"));
    expect(locale).toBe("de");
    expect(catalog).toMatch(/^shared\.de\.[0-9a-f]{10}$/);
    const appRef = getAppCatalog(requestIn("de"));
    expect(appRef).toMatch(/^app\.de\.[0-9a-f]{10}$/);
    const shared = runCatalogFile(catalog);
    const appOnly = runCatalogFile(appRef);
    expect(Object.keys(shared).some(isAppOnly)).toBe(false);
    expect(Object.keys(appOnly).length).toBeGreaterThan(0);
    expect(Object.keys(appOnly).every(isAppOnly)).toBe(true);
    expect({ ...shared, ...appOnly }).toEqual(de);
    expect(shared["nav.logIn"]).toBe(de["nav.logIn"]);
    // The server reads the same catalogs by name when it renders.
    expect(readCatalog(catalog)).toEqual(shared);
    expect(readCatalog(catalog)).toBe(readCatalog(catalog));
    expect(Object.isFrozen(readCatalog(catalog))).toBe(true);
  });

  it("a name is the same on every request and changes with the language; other names have no file", () => {
    const first = getLocaleAndCatalog(requestIn("fr")).catalog;
    expect(getLocaleAndCatalog(requestIn("fr")).catalog).toBe(first);
    expect(getLocaleAndCatalog(requestIn("es")).catalog).not.toBe(first);
    expect(getAppCatalog(requestIn("fr"))).toBe(getAppCatalog(requestIn("fr")));
    expect(catalogScriptFor(first.replace(/[0-9a-f]{10}$/, "0000000000"))).toBeUndefined();
    expect(catalogScriptFor("shared.xx.0123456789")).toBeUndefined();
    expect(catalogScriptFor("../../etc/passwd")).toBeUndefined();
    expect(readCatalog(undefined)).toBeUndefined();
    expect(readCatalog("shared.en.0000000000")).toBeUndefined();
  });

  it("an unknown language gets English", () => {
    expect(runCatalogFile(getLocaleAndCatalog(requestIn("xx")).catalog)["nav.logIn"]).toBe(en["nav.logIn"]);
  });
});

describe("mergeCatalogs", () => {
  it("merges two halves once, the second winning, and passes one half through when the other is missing", () => {
    registerCatalog("shared.en.00000000aa", { "nav.logIn": "Sign in", "nav.signUp": "Sign up" });
    registerCatalog("app.en.00000000bb", { "nav.signUp": "Create account", "listings.title": "Listings" } as Partial<Messages>);
    const base = readCatalog("shared.en.00000000aa");
    const more = readCatalog("app.en.00000000bb");
    const merged = mergeCatalogs(base, more);
    expect(merged).toEqual({ "nav.logIn": "Sign in", "nav.signUp": "Create account", "listings.title": "Listings" });
    expect(mergeCatalogs(base, more)).toBe(merged);
    expect(mergeCatalogs(more, base)).not.toBe(merged);
    expect(mergeCatalogs(base, undefined)).toBe(base);
    expect(mergeCatalogs(undefined, more)).toBe(more);
    expect(mergeCatalogs(undefined, undefined)).toBeUndefined();
  });
});

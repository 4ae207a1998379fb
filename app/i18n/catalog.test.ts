import { describe, expect, it } from "vitest";
import { mergeCatalogs, readCatalog } from "./context.tsx";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { appOnlyPrefixes, getAppCatalog, getLocaleAndCatalog } from "./locale.server.ts";

const requestIn = (lang: string) => new Request("http://localhost/", { headers: { cookie: `lang=${lang}`, "accept-language": "en-US,en;q=0.9" } });
const isAppOnly = (key: string) => appOnlyPrefixes.some((prefix) => key.startsWith(prefix));

describe("catalogs sent by loaders", () => {
  it("the root gets the page language's shared keys, the signed-in layout its app-only keys, together the whole catalog", () => {
    const { locale, catalog } = getLocaleAndCatalog(requestIn("de"));
    expect(locale).toBe("de");
    const shared = JSON.parse(catalog) as Record<string, string>;
    const appOnly = JSON.parse(getAppCatalog(requestIn("de"))) as Record<string, string>;
    expect(Object.keys(shared).some(isAppOnly)).toBe(false);
    expect(Object.keys(appOnly).length).toBeGreaterThan(0);
    expect(Object.keys(appOnly).every(isAppOnly)).toBe(true);
    expect({ ...shared, ...appOnly }).toEqual(de);
    expect(shared["nav.logIn"]).toBe(de["nav.logIn"]);
  });

  it("each language's text is made once: every request gets the same string", () => {
    const first = getLocaleAndCatalog(requestIn("fr")).catalog;
    expect(getLocaleAndCatalog(requestIn("fr")).catalog).toBe(first);
    expect(getLocaleAndCatalog(requestIn("es")).catalog).not.toBe(first);
    expect(getAppCatalog(requestIn("fr"))).toBe(getAppCatalog(requestIn("fr")));
  });

  it("an unknown language gets English", () => {
    expect(JSON.parse(getLocaleAndCatalog(requestIn("xx")).catalog)["nav.logIn"]).toBe(en["nav.logIn"]);
  });
});

describe("readCatalog and mergeCatalogs", () => {
  it("parses a text once: an equal text (a revalidated loader's) gives the same object", () => {
    const text = JSON.stringify({ "nav.logIn": "Anmelden" });
    const again = JSON.parse(JSON.stringify(text)) as string;
    const messages = readCatalog(text);
    expect(messages).toEqual({ "nav.logIn": "Anmelden" });
    expect(readCatalog(again)).toBe(messages);
    expect(Object.isFrozen(messages)).toBe(true);
    expect(readCatalog(undefined)).toBeUndefined();
  });

  it("merges two halves once, the second winning, and passes one half through when the other is missing", () => {
    const base = readCatalog(JSON.stringify({ "nav.logIn": "Sign in", "nav.signUp": "Sign up" }));
    const more = readCatalog(JSON.stringify({ "nav.signUp": "Create account", "listings.title": "Listings" }));
    const merged = mergeCatalogs(base, more);
    expect(merged).toEqual({ "nav.logIn": "Sign in", "nav.signUp": "Create account", "listings.title": "Listings" });
    expect(mergeCatalogs(base, more)).toBe(merged);
    expect(mergeCatalogs(more, base)).not.toBe(merged);
    expect(mergeCatalogs(base, undefined)).toBe(base);
    expect(mergeCatalogs(undefined, more)).toBe(more);
    expect(mergeCatalogs(undefined, undefined)).toBeUndefined();
  });
});

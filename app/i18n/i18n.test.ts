import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { resolveLocale, translate } from "./i18n.ts";

// `{name}` and `{name, plural, …}` both name a parameter; a plural's case text (`one {…}`, `=1 {…}`) does not.
const placeholders = (text: string) => [...text.matchAll(/(?<!(?:=\d+|zero|one|two|few|many|other) )\{(\w+)(?:\}|, plural,)/g)].map((m) => m[1]).sort();

describe("catalogs", () => {
  it("have the same keys in English and Spanish", () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it("translate every message, keeping its placeholders", () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(es[key].trim(), key).not.toBe("");
      expect(placeholders(es[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it("say 7 days for the refund policy, never '-7'", () => {
    expect(translate("en", "faq.refund.answer", { email: "help@example.com" })).toContain("within 7 days of your payment");
    expect(translate("es", "faq.refund.answer", { email: "help@example.com" })).toContain("7 días");
    expect(translate("en", "faq.refund.answer", { email: "help@example.com" })).not.toContain("-7");
  });

  it("name the trial and refund periods from plans.ts, never as a number written into the text", () => {
    for (const catalog of [en, es]) {
      for (const [key, text] of Object.entries(catalog)) expect(text, key).not.toMatch(/\b7[- ](day|días)/);
    }
    expect(translate("en", "landing.hero.note")).toBe("7-day free trial · No credit card required");
    expect(translate("es", "auth.signUp.subtitle")).toBe("7 días gratis, sin tarjeta de crédito.");
    expect(translate("en", "landing.cta.body")).toContain("free for 7 days");
  });
});

describe("translate", () => {
  it("fills placeholders and formats numbers for the language", () => {
    expect(translate("en", "plans.words", { words: 20000 })).toBe("Up to 20,000 words");
    expect(translate("es", "plans.words", { words: 20000 })).toMatch(/20\.000/);
  });

  it("chooses the plural form the number needs, in each language", () => {
    expect(translate("en", "generator.saved", { count: 1 })).toBe("1 new output saved to your history.");
    expect(translate("en", "generator.saved", { count: 3 })).toBe("3 new outputs saved to your history.");
    expect(translate("es", "generator.saved", { count: 1 })).toBe("1 resultado nuevo guardado en tu historial.");
    expect(translate("es", "generator.saved", { count: 2 })).toBe("2 resultados nuevos guardados en tu historial.");
    expect(translate("en", "billing.usage.row", { words: 1200, generations: 1 })).toBe("1,200 words · 1 generation");
    expect(translate("en", "billing.usage.row", { words: 0, generations: 0 })).toBe("0 words · 0 generations");
    expect(translate("es", "workspace.members.limit", { count: 1 })).toBe("Tu plan permite 1 usuario");
    expect(translate("en", "workspace.members.limit", { count: 5 })).toBe("Your plan allows 5 users");
    // An exact case (=1) wins over the language's "one".
    expect(translate("en", "billing.renews", { days: 1, date: "May 2" })).toBe("Renews tomorrow (May 2).");
    expect(translate("es", "billing.trialEnds", { days: 1, date: "2 de mayo" })).toBe("Tu prueba gratuita termina mañana (2 de mayo).");
    expect(translate("en", "billing.renews", { days: 12, date: "May 2" })).toBe("Renews in 12 days (May 2).");
  });

  it("leaves a plural without its number as written rather than guessing", () => {
    expect(translate("en", "generator.saved", {})).toContain("{count, plural,");
  });
});

describe("resolveLocale", () => {
  it("prefers the lang cookie", () => {
    expect(resolveLocale("a=1; lang=es", "en-US")).toBe("es");
  });

  it("falls back to the best Accept-Language match", () => {
    expect(resolveLocale(null, "fr-FR,es;q=0.8,en;q=0.5")).toBe("es");
    expect(resolveLocale(null, "es-MX")).toBe("es");
    expect(resolveLocale(null, "de-DE,en;q=0.9,es;q=0.8")).toBe("en");
  });

  it("ignores unknown cookie values and garbage headers", () => {
    expect(resolveLocale("lang=xx", null)).toBe("en");
    expect(resolveLocale(null, ";;;q=abc,,")).toBe("en");
    expect(resolveLocale(null, "es;q=0")).toBe("en");
  });
});

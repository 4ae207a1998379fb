import { describe, expect, it } from "vitest";
import { intlTag } from "#app/lib/intl.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { formatMessage, locales, resolveLocale, translate, type Locale, type MessageKey, type Messages } from "./i18n.ts";

// `{name}` and `{name, plural, …}` both name a parameter; a plural's case text (`one {…}`, `=1 {…}`) does not
// (a word that merely ends like a case, "Zeitzone {timeZone}", is no case).
const placeholders = (text: string) => [...text.matchAll(/(?<![\s,}](?:=\d+|zero|one|two|few|many|other) )\{(\w+)(?:\}|, plural,)/g)].map((m) => m[1]).sort();
const placeholderNames = (text: string) => [...new Set(placeholders(text))];

const translations: [Locale, Messages][] = [
  ["es", es],
  ["de", de],
  ["fr", fr],
];
const keys = Object.keys(en) as MessageKey[];

describe("catalogs", () => {
  it("have the same keys as English, in every language", () => {
    expect(locales).toEqual(["en", ...translations.map(([locale]) => locale)]);
    for (const [locale, catalog] of translations) expect(Object.keys(catalog).sort(), locale).toEqual(Object.keys(en).sort());
  });

  it("translate every message, keeping its placeholders", () => {
    for (const key of keys) {
      expect(es[key].trim(), key).not.toBe("");
      expect(placeholders(es[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it("in German and French name exactly the placeholders of the English message", () => {
    for (const [locale, catalog] of translations) {
      for (const key of keys) {
        expect(catalog[key].trim(), `${locale} ${key}`).not.toBe("");
        // A sentence may name a placeholder once where English names it twice, but never one English lacks.
        expect(placeholderNames(catalog[key]), `${locale} ${key}`).toEqual(placeholderNames(en[key]));
      }
    }
  });

  it("write plurals that parse, with the forms the language has and always an 'other'", () => {
    for (const [locale, catalog] of [["en", en] as [Locale, Messages], ...translations]) {
      const categories = new Intl.PluralRules(intlTag(locale)).resolvedOptions().pluralCategories as string[];
      for (const key of keys) {
        const text = catalog[key];
        for (const [, cases] of text.matchAll(/\{\w+, plural,((?:[^{}]|\{[^{}]*\})*)\}/g)) {
          const forms = [...cases!.matchAll(/(=\d+|\w+)\s*\{/g)].map((m) => m[1]!);
          expect(forms, `${locale} ${key}`).toContain("other");
          for (const form of forms) expect(form.startsWith("=") || categories.includes(form), `${locale} ${key}: ${form}`).toBe(true);
        }
        // Every parameter a number: nothing of the ICU syntax may be left over.
        for (const value of [0, 1, 2, 1234]) {
          const params = Object.fromEntries(placeholderNames(en[key]).map((name) => [name, value]));
          const formatted = formatMessage(locale, text, params);
          expect(formatted, `${locale} ${key} (${value})`).not.toMatch(/[{}#]/);
        }
      }
    }
  });

  it("use the typography of the language: „…“ in German, « … » and no-break spaces before : ; ! ? in French", () => {
    for (const key of keys) {
      expect(de[key], key).not.toMatch(/["“”]\p{L}|\p{L}["]/u);
      expect(fr[key], key).not.toMatch(/ [:;!?»]|« |["“”']/);
    }
  });

  it("say 7 days for the refund policy, never '-7'", () => {
    expect(translate("en", "faq.refund.answer", { email: "help@example.com" })).toContain("within 7 days of your payment");
    expect(translate("es", "faq.refund.answer", { email: "help@example.com" })).toContain("7 días");
    expect(translate("de", "faq.refund.answer", { email: "help@example.com" })).toContain("innerhalb von 7 Tagen nach Ihrer Zahlung");
    expect(translate("fr", "faq.refund.answer", { email: "help@example.com" })).toContain("dans les 7 jours suivant votre paiement");
    for (const locale of locales) expect(translate(locale, "faq.refund.answer", { email: "help@example.com" }), locale).not.toContain("-7");
  });

  it("name the trial and refund periods from plans.ts, never as a number written into the text", () => {
    for (const catalog of [en, es, de, fr]) {
      for (const [key, text] of Object.entries(catalog)) expect(text, key).not.toMatch(/\b7[- \u00a0](day|días|Tag|tägig|jour)/);
    }
    expect(translate("en", "landing.hero.note")).toBe("7-day free trial · No credit card required");
    expect(translate("es", "auth.signUp.subtitle")).toBe("7 días gratis, sin tarjeta de crédito.");
    expect(translate("de", "auth.signUp.subtitle")).toBe("7 Tage kostenlos, keine Kreditkarte erforderlich.");
    expect(translate("fr", "auth.signUp.subtitle")).toBe("7 jours gratuits, sans carte bancaire.");
    expect(translate("en", "landing.cta.body")).toContain("free for 7 days");
    expect(translate("de", "landing.cta.body")).toContain("7 Tage lang kostenlos");
    expect(translate("fr", "landing.cta.body")).toContain("gratuitement pendant 7 jours");
  });
});

describe("translate", () => {
  it("fills placeholders and formats numbers for the language", () => {
    expect(translate("en", "plans.words", { words: 20000 })).toBe("Up to 20,000 words");
    expect(translate("es", "plans.words", { words: 20000 })).toMatch(/20\.000/);
    expect(translate("de", "plans.words", { words: 1234 })).toBe("Bis zu 1.234 Wörter");
    expect(translate("fr", "plans.words", { words: 1234 })).toBe("Jusqu’à 1\u202f234 mots");
    expect(formatMessage("de", "{n}", { n: 1234567.5 })).toBe("1.234.567,5");
    expect(formatMessage("fr", "{n}", { n: 1234 })).toMatch(/^1\s234$/);
    expect(formatMessage("en", "{n}", { n: 1234 })).toBe("1,234");
  });

  it("chooses the plural form the number needs, in each language", () => {
    expect(translate("en", "generator.saved", { count: 1 })).toBe("1 new output saved to your history.");
    expect(translate("en", "generator.saved", { count: 3 })).toBe("3 new outputs saved to your history.");
    expect(translate("es", "generator.saved", { count: 1 })).toBe("1 resultado nuevo guardado en tu historial.");
    expect(translate("es", "generator.saved", { count: 2 })).toBe("2 resultados nuevos guardados en tu historial.");
    expect(translate("de", "generator.saved", { count: 1 })).toBe("1 neues Ergebnis in Ihrem Verlauf gespeichert.");
    expect(translate("de", "generator.saved", { count: 0 })).toBe("0 neue Ergebnisse in Ihrem Verlauf gespeichert.");
    // French takes the singular for 0 as for 1.
    expect(translate("fr", "generator.saved", { count: 0 })).toBe("0 nouveau résultat enregistré dans votre historique.");
    expect(translate("fr", "generator.saved", { count: 1 })).toBe("1 nouveau résultat enregistré dans votre historique.");
    expect(translate("fr", "generator.saved", { count: 2 })).toBe("2 nouveaux résultats enregistrés dans votre historique.");
    expect(translate("en", "billing.usage.row", { words: 1200, generations: 1 })).toBe("1,200 words · 1 generation");
    expect(translate("en", "billing.usage.row", { words: 0, generations: 0 })).toBe("0 words · 0 generations");
    expect(translate("de", "billing.usage.row", { words: 1200, generations: 1 })).toBe("1.200 Wörter · 1 Generierung");
    expect(translate("fr", "billing.usage.row", { words: 1200, generations: 0 })).toBe("1\u202f200 mots · 0 génération");
    expect(translate("es", "workspace.members.limit", { count: 1 })).toBe("Tu plan permite 1 usuario");
    expect(translate("en", "workspace.members.limit", { count: 5 })).toBe("Your plan allows 5 users");
    expect(translate("fr", "workspace.members.limit", { count: 5 })).toBe("Votre forfait permet 5 utilisateurs");
    // An exact case (=1) wins over the language's "one".
    expect(translate("en", "billing.renews", { days: 1, date: "May 2" })).toBe("Renews tomorrow (May 2).");
    expect(translate("es", "billing.trialEnds", { days: 1, date: "2 de mayo" })).toBe("Tu prueba gratuita termina mañana (2 de mayo).");
    expect(translate("de", "billing.trialEnds", { days: 1, date: "2. Mai" })).toBe("Ihre kostenlose Testphase endet morgen (2. Mai).");
    expect(translate("fr", "billing.trialEnds", { days: 1, date: "2 mai" })).toBe("Votre essai gratuit se termine demain (2 mai).");
    expect(translate("en", "billing.renews", { days: 12, date: "May 2" })).toBe("Renews in 12 days (May 2).");
    expect(translate("de", "billing.renews", { days: 12, date: "2. Mai" })).toBe("Verlängert sich in 12 Tagen (2. Mai).");
  });

  it("leaves a plural without its number as written rather than guessing", () => {
    expect(translate("en", "generator.saved", {})).toContain("{count, plural,");
    expect(translate("fr", "generator.saved", {})).toContain("{count, plural,");
  });
});

describe("resolveLocale", () => {
  it("prefers the lang cookie", () => {
    expect(resolveLocale("a=1; lang=es", "en-US")).toBe("es");
    expect(resolveLocale("lang=de", "fr-FR,fr;q=0.9")).toBe("de");
    expect(resolveLocale("tz=Europe%2FParis; lang=fr", "de-DE")).toBe("fr");
  });

  it("falls back to the best Accept-Language match", () => {
    expect(resolveLocale(null, "es-ES,fr;q=0.8,en;q=0.5")).toBe("es");
    expect(resolveLocale(null, "es-MX")).toBe("es");
    expect(resolveLocale(null, "de-AT,de;q=0.9,en;q=0.5")).toBe("de");
    expect(resolveLocale(null, "de-CH")).toBe("de");
    expect(resolveLocale(null, "fr-CA")).toBe("fr");
    expect(resolveLocale(null, "fr-FR,es;q=0.8,en;q=0.5")).toBe("fr");
    expect(resolveLocale(null, "en;q=0.5,fr-BE;q=0.9")).toBe("fr");
    expect(resolveLocale(null, "it-IT,de;q=0.7,en;q=0.3")).toBe("de");
    expect(resolveLocale(null, "it-IT,pt;q=0.8")).toBe("en");
  });

  it("ignores unknown cookie values and garbage headers", () => {
    expect(resolveLocale("lang=xx", null)).toBe("en");
    expect(resolveLocale("lang=de-DE", "fr")).toBe("fr");
    expect(resolveLocale(null, ";;;q=abc,,")).toBe("en");
    expect(resolveLocale(null, "es;q=0")).toBe("en");
    expect(resolveLocale(null, "fr;q=0,de;q=0")).toBe("en");
  });
});

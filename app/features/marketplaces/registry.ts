// THE marketplaces: one row per Amazon store. A listing's marketplace chooses its language(s), the
// Listings API's ids, and which rule set applies. Sources (looked up 2026-11-23): docs/decisions/017.
import { amazon202501 } from "#app/features/rules/rule-sets/amazon-2025-01.ts";
import { defaultRuleSetId } from "#app/features/rules/registry.ts";

export interface MarketplaceLanguage {
  /** The copy's language (word lists, the prompt): a BCP 47 language subtag. */
  language: string;
  /** The Listings API's language tag. */
  tag: string;
  rightToLeft: boolean;
}

export interface Marketplace {
  /** What clients send: the store's domain. */
  id: string;
  /** The Selling Partner API's marketplace id (official list, docs/decisions/017). */
  marketplaceId: string;
  /** ISO 3166 country code (also the lint's phone-number region). */
  country: string;
  /** ISO 4217 currency the store sells in: the lint finds prices in it (decision 031). */
  currency: string;
  /** The languages the store takes listings in; the first is the default. */
  languages: readonly [MarketplaceLanguage, ...MarketplaceLanguage[]];
  /** The rule set that applies in this store (stores reported exempt from the 75-character titles keep January 2025's). */
  ruleSetId: string;
  /** The default language's fields, for code that handles one language. */
  language: string;
  languageTag: string;
  rightToLeft: boolean;
}

const lang = (language: string, tag: string): MarketplaceLanguage => ({ language, tag, rightToLeft: language === "ar" });

/** Each store's currency (ISO 4217), by country: Amazon's own stores sell in the local currency. */
const currencies: Record<string, string> = { US: "USD", CA: "CAD", MX: "MXN", BR: "BRL", GB: "GBP", DE: "EUR", FR: "EUR", IT: "EUR", ES: "EUR", NL: "EUR", BE: "EUR", SE: "SEK", PL: "PLN", TR: "TRY", AE: "AED", SA: "SAR", IN: "INR", EG: "EGP", JP: "JPY", AU: "AUD", SG: "SGD" };

/** Stores reported to keep 200-character titles after 2026-07-27 (reported only: docs/decisions/014 and 017). */
const exemptFromShortTitles = new Set(["SA", "EG", "TR", "AE"]);

function row(id: string, marketplaceId: string, country: string, ...languages: [MarketplaceLanguage, ...MarketplaceLanguage[]]): Marketplace {
  const [first] = languages;
  return { id, marketplaceId, country, currency: currencies[country] ?? "USD", languages, ruleSetId: exemptFromShortTitles.has(country) ? amazon202501.id : defaultRuleSetId, language: first.language, languageTag: first.tag, rightToLeft: first.rightToLeft };
}

export const marketplaces: readonly Marketplace[] = [
  // North America
  row("amazon.com", "ATVPDKIKX0DER", "US", lang("en", "en_US")),
  row("amazon.ca", "A2EUQ1WTGCTBG2", "CA", lang("en", "en_CA"), lang("fr", "fr_CA")),
  row("amazon.com.mx", "A1AM78C64UM0Y8", "MX", lang("es", "es_MX")),
  row("amazon.com.br", "A2Q3Y263D00KWC", "BR", lang("pt", "pt_BR")),
  // Europe, Middle East, Africa, India
  row("amazon.co.uk", "A1F83G8C2ARO7P", "GB", lang("en", "en_GB")),
  row("amazon.de", "A1PA6795UKMFR9", "DE", lang("de", "de_DE")),
  row("amazon.fr", "A13V1IB3VIYZZH", "FR", lang("fr", "fr_FR")),
  row("amazon.it", "APJ6JRA9NG5V4", "IT", lang("it", "it_IT")),
  row("amazon.es", "A1RKKUPIHCS9HS", "ES", lang("es", "es_ES")),
  row("amazon.nl", "A1805IZSGTT6HS", "NL", lang("nl", "nl_NL")),
  row("amazon.se", "A2NODRKZP88ZB9", "SE", lang("sv", "sv_SE")),
  row("amazon.pl", "A1C3SOZRARQ6R3", "PL", lang("pl", "pl_PL")),
  row("amazon.com.tr", "A33AVAJ2PDY3EV", "TR", lang("tr", "tr_TR")),
  row("amazon.ae", "A2VIGQ35RCS4UG", "AE", lang("en", "en_AE"), lang("ar", "ar_AE")),
  row("amazon.sa", "A17E79C6D8DWNP", "SA", lang("ar", "ar_SA"), lang("en", "en_AE")),
  row("amazon.in", "A21TJRUUN4KGV", "IN", lang("en", "en_IN")),
  row("amazon.com.be", "AMEN7PMS3EDWL", "BE", lang("fr", "fr_BE"), lang("nl", "nl_BE")),
  row("amazon.eg", "ARBP9OOSHTCHU", "EG", lang("ar", "ar_EG"), lang("en", "en_AE")),
  // Far East, Oceania
  row("amazon.co.jp", "A1VC38T7YXB528", "JP", lang("ja", "ja_JP")),
  row("amazon.com.au", "A39IBJ37TRP1C6", "AU", lang("en", "en_AU")),
  row("amazon.sg", "A19VAU5U5O7RUS", "SG", lang("en", "en_SG")),
];

const byId = new Map(marketplaces.map((marketplace) => [marketplace.id, marketplace]));

export function getMarketplace(id: string): Marketplace | undefined {
  return byId.get(id);
}

/** Every language some store is written in ("ar", "de", …), sorted. */
export const registryLanguages: ReadonlySet<string> = new Set(marketplaces.flatMap((marketplace) => marketplace.languages.map((entry) => entry.language)).sort());

/** A listing's language in its store: the tag asked for when the store takes it, else the store's first. */
export function languageIn(marketplace: Marketplace, tag?: string | null): MarketplaceLanguage {
  return marketplace.languages.find((language) => language.tag === tag) ?? marketplace.languages[0];
}

/**
 * The rule set a new listing in `marketplace` follows: the store's own where it differs from the default
 * (a store exempt from the short titles), otherwise the workspace's choice.
 */
export function ruleSetFor(marketplace: Marketplace, workspaceRuleSetId: string): string {
  return marketplace.ruleSetId !== defaultRuleSetId ? marketplace.ruleSetId : workspaceRuleSetId;
}

/** Languages the built-in offline writer composes in (its one list); any other language gets English, and says so. */
export { offlineLanguages } from "#app/templates/offline/languages.ts";

/** A language's English name, for prompts ("en" → "English", "de" → "German"). */
export function languageName(language: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(language) ?? "English";
  } catch {
    return "English";
  }
}

/**
 * How copy for one store is written, for prompts: the regional language and its conventions, derived from the
 * Listings API tag with Intl (so a new store needs no text here). "en_GB" → "British English (en_GB): spelling,
 * idiom and units as shoppers in the store's country (United Kingdom) expect; decimals written 1.5; metric units first (cm, ml, kg)."
 */
export function writingConventions(tag: string, storeCountry?: string): string {
  const bcp47 = tag.replace("_", "-");
  const [language = "en", tagRegion = ""] = bcp47.split("-");
  // amazon.sa takes English as en_AE: its shoppers are still in Saudi Arabia.
  const region = storeCountry ?? tagRegion;
  let name = languageName(language);
  let country = region;
  let decimals = "1.5";
  try {
    name = new Intl.DisplayNames(["en"], { type: "language" }).of(bcp47) ?? name;
    country = new Intl.DisplayNames(["en"], { type: "region" }).of(region) ?? region;
    // Western digits: what Amazon's Arabic stores show in listings too.
    decimals = new Intl.NumberFormat(bcp47, { minimumFractionDigits: 1, numberingSystem: "latn" }).format(1.5);
  } catch {
    // An odd tag: the plain language name is still right.
  }
  // Only the United States sells in inches and ounces first; every other Amazon store is metric.
  const units = region === "US" ? "US customary units first (inches, ounces), metric in brackets where useful" : "metric units first (cm, ml, kg)";
  return `${name} (${tag}): spelling, idiom and units as shoppers in the store's country (${country}) expect; decimals written ${decimals}; ${units}.`;
}

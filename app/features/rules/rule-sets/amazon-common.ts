// What Amazon's two title rule sets share: bullets, description and search terms, and the word lists.
// Sources and dates: docs/decisions/014-amazon-listing-rules.md (looked up 2026-11-23).
import type { RuleSet, RuleSource, SectionRules, ViolationCode } from "../types.ts";

/** Contact details, prices, shipping, testimonials, time-sensitive copy and HTML in every section. */
export const productDetailPageRules: RuleSource = {
  url: "https://sellercentral.amazon.com/help/hub/reference/external/200390640",
  title: "Amazon Seller Central: Product detail page rules (help 200390640)",
  effectiveFrom: "2024-01-01",
  confidence: "official",
};

/** Bullet symbols, emoji, placeholders, guarantees, restricted claims, 3–5 bullets of 10–255 characters. */
export const bulletGuidelines: RuleSource = {
  url: "https://www.goatconsulting.com/blog/amazon-bullet-point-guidelines",
  title: "Amazon's bullet point guidelines of August 2024, as reported by sellers' agencies",
  effectiveFrom: "2024-08-15",
  confidence: "reported",
};

/** Temporary and subjective words, brands, repeats (official); under 250 bytes (Amazon notices 2017–18, reported). */
export const searchTermGuidelines: RuleSource = {
  url: "https://sellercentral.amazon.com/help/hub/reference/external/23501",
  title: "Amazon Seller Central: Use search terms effectively (help 23501)",
  effectiveFrom: "2018-01-01",
  confidence: "official",
};

/** ALL-CAPS words: named by sellers' agencies, not by an Amazon page we could read (docs/decisions/014). */
export const capitalsReported: RuleSource = { ...productDetailPageRules, title: "ALL-CAPS words, reported with the product detail page rules", confidence: "reported" };

/** The sources of the rules both title rule sets share (bullets, description, search terms, every section). */
export const commonSources = {
  bullet_count: bulletGuidelines,
  emoji: bulletGuidelines,
  special_symbol: bulletGuidelines,
  placeholder: bulletGuidelines,
  guarantee: bulletGuidelines,
  restricted_claim: bulletGuidelines,
  asin: bulletGuidelines,
  contact_info: productDetailPageRules,
  price_or_shipping: productDetailPageRules,
  time_sensitive: productDetailPageRules,
  html: productDetailPageRules,
  all_caps: capitalsReported,
  bytes_over: { ...searchTermGuidelines, title: "Search terms under 250 bytes (Amazon notices of 2017–18, as quoted by sellers)", confidence: "reported" },
  brand_in_search_terms: searchTermGuidelines,
  repeated_word: searchTermGuidelines,
  subjective: searchTermGuidelines,
} satisfies Partial<Record<ViolationCode, RuleSource>>;

/** Checks every body section (bullets, highlights, description) gets. */
const bodyChecks: SectionRules["checks"] = {
  emoji: "error",
  special_symbol: "error",
  contact_info: "error",
  price_or_shipping: "error",
  guarantee: "error",
  time_sensitive: "warning",
  restricted_claim: "error",
  asin: "error",
  placeholder: "error",
  html: "error",
  all_caps: "warning",
  promotional: "error",
};

export const bulletsRules: RuleSet["sections"]["bullets"] = { limits: { minChars: 10, maxChars: 255 }, checks: bodyChecks, minCount: 3, maxCount: 5 };

export const descriptionRules: RuleSet["sections"]["description"] = { limits: { maxChars: 2000 }, checks: bodyChecks, allowLineBreakTags: true };

export const searchTermsRules: SectionRules = {
  // "Less than 250 bytes": 249 at most.
  limits: { maxBytes: 249 },
  checks: {
    brand_in_search_terms: "error",
    asin: "error",
    time_sensitive: "error",
    subjective: "error",
    repeated_word: "warning",
    placeholder: "error",
    emoji: "error",
    special_symbol: "error",
    contact_info: "error",
    html: "error",
    restricted_claim: "error",
  },
};

export const repeatableWords: RuleSet["repeatableWords"] = {
  en: ["a", "an", "the", "and", "or", "nor", "but", "so", "yet", "for", "of", "in", "on", "at", "to", "by", "with", "from", "into", "onto", "over", "under", "per", "via", "as", "x", "&", "+"],
  es: ["el", "la", "los", "las", "un", "una", "unos", "unas", "y", "e", "o", "u", "ni", "pero", "de", "del", "a", "al", "en", "con", "por", "para", "sin", "sobre", "entre", "hasta", "desde", "x", "&", "+"],
};

export const phrases: RuleSet["phrases"] = {
  en: {
    promotional: ["best seller", "bestseller", "best-selling", "hot item", "hot sale", "top seller", "top rated", "top-rated", "#1", "number one", "free shipping", "100% quality guaranteed", "100% satisfaction", "sale", "on sale", "clearance", "deal", "deals", "discount", "limited offer", "buy now", "buy one get one", "bogo", "cheap", "cheapest", "lowest price", "great gift", "perfect gift", "award winning", "amazon's choice",
      // Reviews, testimonials and requests for reviews (product detail page rules).
      "leave a review", "leave us a review", "write a review", "5-star review", "5 star review", "five-star review", "5-star reviews", "customers love", "our customers say", "rated 5 stars", "as seen on"],
    price_or_shipping: ["free shipping", "fast shipping", "free delivery", "same day shipping", "ships today", "ships free", "ships fast", "in stock", "out of stock", "available now", "prime shipping", "% off"],
    guarantee: ["guarantee", "guaranteed", "money back", "money-back", "refund", "refundable", "full refund", "risk free", "risk-free", "satisfaction guaranteed", "no questions asked"],
    time_sensitive: ["new arrival", "new arrivals", "limited time", "today only", "this week only", "while supplies last", "hurry", "just launched", "latest", "new", "now", "newest", "brand new"],
    subjective: ["best", "cheap", "amazing", "awesome", "great", "perfect", "incredible", "fantastic", "excellent", "superior", "ultimate", "greatest", "finest", "premium quality", "high quality"],
    restricted_claim: ["antimicrobial", "anti-microbial", "antibacterial", "anti-bacterial", "antiviral", "anti-viral", "antifungal", "anti-fungal", "kills germs", "kills bacteria", "kills viruses", "eco-friendly", "eco friendly", "environmentally friendly", "earth friendly", "biodegradable", "compostable", "non-toxic", "nontoxic", "fda approved", "fda-approved", "fda cleared", "fda-cleared", "cures", "heals", "treats disease", "prevents disease", "detox", "pesticide", "sanitizes", "disinfects"],
    placeholder: ["n/a", "na", "tbd", "tba", "copy pending", "not applicable", "lorem ipsum", "placeholder", "insert text", "xxx"],
  },
  es: {
    promotional: ["más vendido", "mas vendido", "oferta", "ofertas", "rebaja", "rebajas", "descuento", "envío gratis", "envio gratis", "mejor precio", "precio más bajo", "compra ya", "liquidación", "número uno", "n.º 1", "#1", "regalo perfecto", "deja una reseña", "déjanos una reseña", "reseña de 5 estrellas", "reseñas de 5 estrellas", "nuestros clientes dicen"],
    price_or_shipping: ["envío gratis", "envio gratis", "envío rápido", "envio rapido", "en stock", "disponible ya", "agotado", "% de descuento"],
    guarantee: ["garantía", "garantia", "garantizado", "garantizada", "devolución del dinero", "reembolso", "sin riesgo"],
    time_sensitive: ["novedad", "novedades", "tiempo limitado", "solo hoy", "últimas unidades", "nuevo", "nueva", "ahora", "lo último"],
    subjective: ["mejor", "barato", "barata", "increíble", "increible", "genial", "perfecto", "perfecta", "excelente", "fantástico", "fantastico", "superior", "definitivo", "alta calidad"],
    restricted_claim: ["antimicrobiano", "antimicrobiana", "antibacteriano", "antibacteriana", "antiviral", "antifúngico", "ecológico", "ecologico", "ecológica", "ecologica", "biodegradable", "compostable", "no tóxico", "no toxico", "aprobado por la fda", "cura", "curas", "sana", "desintoxica", "pesticida", "desinfecta"],
    placeholder: ["n/a", "nd", "n/d", "pendiente", "por definir", "no aplica", "lorem ipsum", "xxx"],
  },
};

export const specialSymbols = "™®€…†‡¢£¥©±";

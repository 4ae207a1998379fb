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

/** Decision 031 (issue 31): rules read from real sellers' copy; each source with the date we read it. */
const checked = "2026-11-27";

/** The bullet symbol list with ° and ~ (the 2024 announcement as quoted by goatconsulting.com), and decorative symbols. */
export const bulletSymbolsReported: RuleSource = {
  url: "https://goatconsulting.com/amazon-policy/amazon-product-detail-page-rules-violation-policy-compliance",
  title: "Amazon's bullet point requirements of 2024-08-15 (™ ® € … † ‡ ° ¢ £ ¥ © ± ~ and emoji), as quoted by GOAT Consulting",
  effectiveFrom: "2024-08-15",
  confidence: "reported",
  checked,
};

/** All bullets together under 1,000 characters: sellers' agencies, not an Amazon page we could read. */
export const bulletsTotalReported: RuleSource = { ...bulletGuidelines, title: "Bullets: 1,000 characters in all (sellers' agencies, decision 014)", checked };

/** Phone numbers, prices and other ways to order: the product detail page rules, read again for issue 31. */
export const detailPageRulesChecked: RuleSource = { ...productDetailPageRules, url: "https://sellercentral.amazon.com/gp/help/external/help.html?itemID=200390640&language=en_US", checked };

/** The sources of the rules both title rule sets share (bullets, description, search terms, every section). */
export const commonSources = {
  bullet_count: bulletGuidelines,
  emoji: bulletGuidelines,
  special_symbol: bulletGuidelines,
  placeholder: bulletGuidelines,
  guarantee: bulletGuidelines,
  restricted_claim: bulletGuidelines,
  asin: bulletGuidelines,
  contact_info: detailPageRulesChecked,
  price_or_shipping: detailPageRulesChecked,
  decorative_symbol: bulletSymbolsReported,
  bullets_total_too_long: bulletsTotalReported,
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
  decorative_symbol: "error",
};

/** Amazon's bullet symbols (help 200390640's 2024 bullet rules, reported): the common list, and ° and ~. */
export const bulletSymbols = "™®€…†‡°¢£¥©±~";

export const bulletsRules: RuleSet["sections"]["bullets"] = { limits: { minChars: 10, maxChars: 255 }, checks: bodyChecks, specialSymbols: bulletSymbols, minCount: 3, maxCount: 5, maxTotalChars: 1000 };

// Decorative symbols in a description are a warning: the bullet rule is the one sources name.
export const descriptionRules: RuleSet["sections"]["description"] = { limits: { maxChars: 2000 }, checks: { ...bodyChecks, decorative_symbol: "warning" }, allowLineBreakTags: true };

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
    decorative_symbol: "error",
    contact_info: "error",
    html: "error",
    restricted_claim: "error",
  },
};

export const repeatableWords: RuleSet["repeatableWords"] = {
  en: ["a", "an", "the", "and", "or", "nor", "but", "so", "yet", "for", "of", "in", "on", "at", "to", "by", "with", "from", "into", "onto", "over", "under", "per", "via", "as", "x", "&", "+"],
  es: ["el", "la", "los", "las", "un", "una", "unos", "unas", "y", "e", "o", "u", "ni", "pero", "de", "del", "a", "al", "en", "con", "por", "para", "sin", "sobre", "entre", "hasta", "desde", "x", "&", "+"],
  // The other languages of the marketplace registry: articles, prepositions and conjunctions (compiled
  // 2026-11-23 from each language's grammar; Amazon names the rule, not the words, in any language).
  fr: ["le", "la", "les", "un", "une", "des", "du", "de", "et", "ou", "ni", "mais", "à", "a", "au", "aux", "en", "dans", "par", "pour", "sur", "sous", "avec", "sans", "entre", "vers", "chez", "x", "&", "+"],
  de: ["der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines", "und", "oder", "aber", "für", "mit", "von", "vom", "zu", "zum", "zur", "in", "im", "an", "am", "auf", "aus", "bei", "nach", "über", "unter", "ohne", "durch", "gegen", "um", "x", "&", "+"],
  it: ["il", "lo", "la", "i", "gli", "le", "un", "uno", "una", "e", "ed", "o", "od", "ma", "di", "del", "dello", "della", "dei", "degli", "delle", "a", "ad", "al", "allo", "alla", "ai", "agli", "alle", "da", "dal", "dalla", "dai", "in", "nel", "nella", "nei", "nelle", "con", "su", "sul", "sulla", "per", "tra", "fra", "senza", "x", "&", "+"],
  pt: ["o", "a", "os", "as", "um", "uma", "uns", "umas", "e", "ou", "nem", "mas", "de", "do", "da", "dos", "das", "em", "no", "na", "nos", "nas", "ao", "aos", "à", "às", "com", "por", "para", "pelo", "pela", "sem", "sobre", "entre", "até", "x", "&", "+"],
  nl: ["de", "het", "een", "en", "of", "maar", "noch", "van", "in", "op", "aan", "met", "voor", "bij", "uit", "naar", "over", "onder", "door", "zonder", "tot", "om", "per", "x", "&", "+"],
  sv: ["en", "ett", "den", "det", "de", "och", "eller", "men", "samt", "av", "i", "på", "till", "för", "med", "från", "om", "under", "över", "utan", "vid", "mot", "per", "x", "&", "+"],
  pl: ["i", "a", "oraz", "lub", "albo", "ale", "w", "we", "z", "ze", "na", "do", "od", "dla", "po", "o", "przy", "przez", "pod", "nad", "bez", "u", "x", "&", "+"],
  tr: ["ve", "ile", "veya", "ya", "da", "de", "ta", "te", "için", "bir", "gibi", "kadar", "x", "&", "+"],
  ar: ["و", "في", "من", "على", "إلى", "الى", "مع", "أو", "او", "عن", "ل", "ب", "ثم", "x", "&", "+"],
  // Japanese copy is not split at spaces, so particles rarely stand alone as words; listed for when they do.
  ja: ["の", "と", "や", "に", "で", "用", "x", "&", "+"],
};

export const phrases: RuleSet["phrases"] = {
  en: {
    promotional: ["best seller", "bestseller", "best-selling", "hot item", "hot sale", "top seller", "top rated", "top-rated", "#1", "number one", "free shipping", "100% quality guaranteed", "100% satisfaction", "sale", "on sale", "clearance", "deal", "deals", "discount", "limited offer", "buy now", "buy one get one", "bogo", "cheap", "cheapest", "lowest price", "great gift", "perfect gift", "award winning", "amazon's choice",
      // Rank claims without "#" or "number" (issue 31), and free add-ons other than shipping.
      "no.1", "no. 1", "no 1", "no1", "top 1", "rank 1", "ranked 1", "ranked #1", "#1 rated", "best seller rank", "best-seller rank", "bestseller rank", "best sellers rank",
      "free gift", "free gifts", "free installation", "free demo", "free demonstration", "free service", "free servicing", "free sample", "free samples", "free accessories", "free accessory", "free trial", "free setup", "free fitting",
      // Reviews, testimonials and requests for reviews (product detail page rules).
      "buy with confidence", "purchase with confidence", "shop with confidence", "order now", "add to cart", "leave a review", "leave us a review", "write a review", "5-star review", "5 star review", "five-star review", "5-star reviews", "customers love", "our customers say", "rated 5 stars", "as seen on"],
    price_or_shipping: ["free shipping", "fast shipping", "free delivery", "same day shipping", "ships today", "ships free", "ships fast", "in stock", "out of stock", "available now", "prime shipping", "% off",
      // Shipping speed and availability in other words (decision 031).
      "immediate shipping", "immediate delivery", "quick shipping", "quick delivery", "fast delivery", "express shipping", "express delivery", "next day delivery", "next-day delivery", "same day delivery", "same-day delivery", "subject to availability", "limited stock", "while stocks last",
      "ships from", "shipping from", "dispatched from", "dispatch within", "delivery within", "delivered within", "receive your package", "receive your order"],
    guarantee: ["guarantee", "guaranteed", "money back", "money-back", "refund", "refundable", "full refund", "risk free", "risk-free", "satisfaction guaranteed", "no questions asked",
      // Warranty and replacement promises in plain words (issue 31): "1 year warranty", "lifetime replacement".
      "warranty", "warranties", "lifetime replacement", "free replacement", "replacement guarantee", "replacement warranty", "easy replacement", "hassle-free replacement", "hassle free replacement", "day replacement", "days replacement", "year replacement", "years replacement", "month replacement", "months replacement", "easy returns", "free returns", "day returns", "days return", "day return", "return policy",
      // A quality promise in other words than "guaranteed" (decision 031).
      "quality assured", "assured quality", "100% quality"],
    time_sensitive: ["new arrival", "new arrivals", "limited time", "today only", "this week only", "while supplies last", "hurry", "just launched", "latest", "new", "now", "newest", "brand new", "all-new", "latest version", "latest model", "newly launched", "available now", "now available", "upcoming"],
    subjective: ["best", "cheap", "amazing", "awesome", "great", "perfect", "incredible", "fantastic", "excellent", "superior", "ultimate", "greatest", "finest", "premium quality", "high quality", "biggest"],
    restricted_claim: ["antimicrobial", "anti-microbial", "antibacterial", "anti-bacterial", "antiviral", "anti-viral", "antifungal", "anti-fungal", "kills germs", "kills bacteria", "kills viruses", "eco-friendly", "eco friendly", "environmentally friendly", "earth friendly", "biodegradable", "compostable", "non-toxic", "nontoxic", "fda approved", "fda-approved", "fda cleared", "fda-cleared", "cures", "heals", "treats disease", "prevents disease", "detox", "pesticide", "sanitizes", "disinfects"],
    placeholder: ["n/a", "na", "tbd", "tba", "copy pending", "not applicable", "lorem ipsum", "placeholder", "insert text", "xxx"],
  },
  es: {
    promotional: ["más vendido", "mas vendido", "oferta", "ofertas", "rebaja", "rebajas", "descuento", "envío gratis", "envio gratis", "mejor precio", "precio más bajo", "compra ya", "liquidación", "número uno", "n.º 1", "#1", "regalo perfecto", "regalo gratis", "instalación gratuita", "instalación gratis", "n.º1", "nº 1", "nº1", "top 1", "deja una reseña", "déjanos una reseña", "reseña de 5 estrellas", "reseñas de 5 estrellas", "nuestros clientes dicen"],
    price_or_shipping: ["envío gratis", "envio gratis", "envío rápido", "envio rapido", "en stock", "disponible ya", "agotado", "% de descuento"],
    guarantee: ["garantía", "garantia", "garantizado", "garantizada", "devolución del dinero", "reembolso", "sin riesgo", "reemplazo gratuito", "reemplazo gratis", "sustitución gratuita", "devolución gratuita", "devoluciones gratuitas", "cambio gratuito"],
    time_sensitive: ["novedad", "novedades", "tiempo limitado", "solo hoy", "últimas unidades", "nuevo", "nueva", "ahora", "lo último"],
    subjective: ["mejor", "barato", "barata", "increíble", "increible", "genial", "perfecto", "perfecta", "excelente", "fantástico", "fantastico", "superior", "definitivo", "alta calidad"],
    restricted_claim: ["antimicrobiano", "antimicrobiana", "antibacteriano", "antibacteriana", "antiviral", "antifúngico", "ecológico", "ecologico", "ecológica", "ecologica", "biodegradable", "compostable", "no tóxico", "no toxico", "aprobado por la fda", "cura", "curas", "sana", "desintoxica", "pesticida", "desinfecta"],
    placeholder: ["n/a", "nd", "n/d", "pendiente", "por definir", "no aplica", "lorem ipsum", "xxx"],
  },
  // The lists below: compiled 2026-11-23, reported. Words sellers' agencies and Amazon's localized style
  // guides (help 200390640, 201100890 and 23501 in each store's language) name as examples, and what
  // sellers write in each store; no official per-language list exists. Ordinary words that share a
  // form with one (Italian "offerta", offered; French "réduction du bruit") are left out, or listed only
  // in a longer phrase. Inflected forms are listed where a language inflects (German, Polish).
  fr: {
    // French (amazon.fr, amazon.ca, amazon.com.be); compiled 2026-11-23, reported.
    promotional: ["meilleure vente", "meilleures ventes", "best-seller", "best seller", "bestseller", "top vente", "top ventes", "n°1", "n° 1", "no 1", "numéro 1", "numéro un", "#1", "promo", "en promotion", "soldes", "prix cassé", "prix cassés", "petit prix", "prix le plus bas", "meilleur prix", "déstockage", "liquidation", "bon plan", "bons plans", "offre spéciale", "offre limitée", "achetez maintenant", "livraison gratuite", "livraison offerte", "pas cher", "cadeau offert", "installation gratuite", "installation offerte", "top 1", "cadeau idéal", "cadeau parfait", "le cadeau idéal",
      "laissez un avis", "laissez-nous un avis", "laissez nous un avis", "avis 5 étoiles", "5 étoiles", "nos clients adorent", "nos clients disent", "vu à la télé", "vu à la tv"],
    price_or_shipping: ["livraison gratuite", "livraison offerte", "frais de port offerts", "frais de port gratuits", "livraison rapide", "livraison express", "expédition rapide", "expédition gratuite", "expédié sous 24h", "en stock", "disponible immédiatement", "rupture de stock", "% de remise", "% de réduction"],
    guarantee: ["garantie", "garanti", "garantis", "garanties", "satisfait ou remboursé", "satisfaits ou remboursés", "satisfaite ou remboursée", "remboursement", "remboursé", "remboursée", "argent remboursé", "achat sans risque", "essai sans risque", "satisfaction garantie", "remplacement gratuit", "échange gratuit", "retour gratuit", "retours gratuits"],
    time_sensitive: ["nouveau", "nouvel", "nouvelle", "nouveaux", "nouvelles", "nouveauté", "nouveautés", "tout nouveau", "temps limité", "durée limitée", "aujourd'hui seulement", "aujourd’hui seulement", "dans la limite des stocks", "épuisement des stocks", "derniers exemplaires", "dépêchez-vous", "dépêchez vous", "dès maintenant", "dernier modèle", "dernière génération"],
    subjective: ["meilleur", "meilleure", "meilleurs", "meilleures", "pas cher", "bon marché", "incroyable", "génial", "géniale", "parfait", "parfaite", "excellent", "excellente", "fantastique", "exceptionnel", "exceptionnelle", "extraordinaire", "ultime", "haut de gamme", "haute qualité", "qualité supérieure", "qualité premium", "top qualité"],
    restricted_claim: ["antibactérien", "antibactérienne", "antibactériens", "anti-bactérien", "anti-bactérienne", "antimicrobien", "antimicrobienne", "antiviral", "antivirale", "anti-viral", "antifongique", "tue les germes", "tue les bactéries", "élimine les bactéries", "écologique", "écologiques", "éco-responsable", "écoresponsable", "respectueux de l'environnement", "respectueux de l’environnement", "respectueuse de l'environnement", "respectueuse de l’environnement", "biodégradable", "biodégradables", "compostable", "compostables", "non toxique", "non-toxique", "approuvé par la fda", "guérit", "détox", "détoxifie", "pesticide", "désinfecte", "assainit"],
    placeholder: ["n/a", "n/d", "nc", "à définir", "à compléter", "non applicable", "sans objet", "lorem ipsum", "texte à venir", "xxx"],
  },
  de: {
    // German (amazon.de); compiled 2026-11-23, reported. Adjectives with their endings (-e, -er, -es, -en).
    promotional: ["bestseller", "meistverkauft", "meistverkaufte", "meistverkaufter", "meistverkauftes", "topseller", "top-seller", "nr. 1", "nr.1", "nummer 1", "nummer eins", "#1", "testsieger", "gratis geschenk", "gratis-geschenk", "gratis zugabe", "gratis-zugabe", "kostenlose installation", "kostenlose montage", "angebot", "sonderangebot", "top angebot", "rabatt", "ausverkauf", "räumungsverkauf", "schnäppchen", "billig", "bester preis", "günstigster preis", "tiefpreis", "jetzt kaufen", "jetzt bestellen", "kostenloser versand", "gratis versand", "perfektes geschenk", "perfekte geschenk", "ideales geschenk", "ideale geschenk",
      "bewertung hinterlassen", "hinterlassen sie eine bewertung", "5-sterne-bewertung", "5 sterne bewertung", "5-sterne-bewertungen", "5 sterne", "unsere kunden sagen", "kunden lieben", "bekannt aus dem tv", "bekannt aus funk und fernsehen"],
    price_or_shipping: ["kostenloser versand", "kostenlose lieferung", "gratis versand", "gratisversand", "versandkostenfrei", "schneller versand", "expressversand", "blitzversand", "sofort lieferbar", "auf lager", "vorrätig", "ausverkauft", "% rabatt"],
    guarantee: ["garantie", "garantiert", "gewährleistung", "jahre garantie", "kostenloser austausch", "kostenloser ersatz", "austauschgarantie", "ersatzgarantie", "kostenlose rücksendung", "geld zurück", "geld zurück garantie", "geld-zurück-garantie", "zufriedenheitsgarantie", "zufriedenheit garantiert", "rückerstattung", "risikofrei", "ohne risiko"],
    time_sensitive: ["neu", "neue", "neuer", "neues", "neuen", "neuem", "brandneu", "brandneue", "nagelneu", "neuheit", "neuheiten", "neueste", "neuester", "neuestes", "neuesten", "jetzt", "nur heute", "nur für kurze zeit", "begrenzte zeit", "zeitlich begrenzt", "solange der vorrat reicht", "nur solange der vorrat reicht", "letzte chance"],
    subjective: ["beste", "bester", "bestes", "besten", "billig", "billige", "toll", "tolle", "großartig", "großartige", "fantastisch", "fantastische", "unglaublich", "unglaubliche", "perfekt", "perfekte", "perfekter", "perfektes", "hervorragend", "hervorragende", "erstklassig", "erstklassige", "genial", "geniale", "hochwertig", "hochwertige", "hochwertiger", "hochwertiges", "hochwertigen", "höchste qualität", "beste qualität", "top qualität", "premium qualität", "premiumqualität"],
    restricted_claim: ["antibakteriell", "antibakterielle", "antibakterieller", "antibakterielles", "antibakteriellen", "antimikrobiell", "antimikrobielle", "antimikrobiellen", "antiviral", "antivirale", "antiviralen", "antimykotisch", "tötet keime", "tötet bakterien", "tötet viren", "umweltfreundlich", "umweltfreundliche", "umweltfreundlicher", "umweltfreundliches", "umweltfreundlichen", "biologisch abbaubar", "biologisch abbaubare", "kompostierbar", "kompostierbare", "ungiftig", "ungiftige", "nicht giftig", "schadstofffrei", "fda-zugelassen", "von der fda zugelassen", "heilt", "entgiftet", "entgiftend", "detox", "pestizid", "desinfiziert", "desinfizierend"],
    placeholder: ["n/a", "k. a.", "k.a.", "tbd", "nicht zutreffend", "platzhalter", "lorem ipsum", "text folgt", "xxx"],
  },
  it: {
    // Italian (amazon.it); compiled 2026-11-23, reported.
    promotional: ["più venduto", "più venduti", "più venduta", "il più venduto", "bestseller", "best seller", "top seller", "numero 1", "numero uno", "n. 1", "n.1", "#1", "in offerta", "offerta speciale", "offerta limitata", "offerte speciali", "super offerta", "saldi", "sconto", "sconti", "promo", "in promozione", "prezzo più basso", "miglior prezzo", "prezzo imbattibile", "liquidazione", "svuota tutto", "acquista ora", "compra ora", "spedizione gratuita", "spedizione gratis", "regalo perfetto", "regalo ideale",
      "lascia una recensione", "lasciaci una recensione", "recensione a 5 stelle", "recensioni a 5 stelle", "5 stelle", "i nostri clienti dicono", "i clienti lo adorano", "visto in tv"],
    price_or_shipping: ["spedizione gratuita", "spedizione gratis", "consegna gratuita", "consegna gratis", "spedizione veloce", "spedizione rapida", "consegna rapida", "spedito in 24 ore", "spedizione in 24 ore", "disponibile subito", "pronta consegna", "in magazzino", "disponibilità immediata", "% di sconto"],
    guarantee: ["garanzia", "garantito", "garantita", "garantiti", "garantite", "soddisfatti o rimborsati", "soddisfatto o rimborsato", "rimborso", "rimborsato", "soldi indietro", "acquisto senza rischi", "prova senza rischi", "soddisfazione garantita"],
    time_sensitive: ["nuovo", "nuova", "nuovi", "nuove", "nuovissimo", "nuovissima", "novità", "ultima novità", "ultimo modello", "tempo limitato", "solo oggi", "fino a esaurimento scorte", "esaurimento scorte", "ultimi pezzi", "affrettati", "adesso"],
    subjective: ["migliore", "migliori", "il migliore", "economico", "economica", "incredibile", "fantastico", "fantastica", "perfetto", "perfetta", "eccellente", "eccezionale", "straordinario", "straordinaria", "fenomenale", "alta qualità", "qualità superiore", "qualità premium", "top di gamma"],
    restricted_claim: ["antibatterico", "antibatterica", "antibatterici", "antibatteriche", "antimicrobico", "antimicrobica", "antivirale", "antivirali", "antimicotico", "uccide i germi", "uccide i batteri", "elimina i batteri", "ecologico", "ecologica", "ecologici", "ecologiche", "ecosostenibile", "eco-friendly", "eco friendly", "biodegradabile", "biodegradabili", "compostabile", "compostabili", "atossico", "atossica", "non tossico", "non tossica", "approvato dalla fda", "guarisce", "disintossicante", "detox", "pesticida", "disinfetta", "igienizza"],
    placeholder: ["n/a", "n/d", "nd", "tbd", "da definire", "non applicabile", "testo in arrivo", "lorem ipsum", "xxx"],
  },
  pt: {
    // Portuguese (amazon.com.br); compiled 2026-11-23, reported.
    promotional: ["mais vendido", "mais vendidos", "mais vendida", "campeão de vendas", "número 1", "nº 1", "n° 1", "#1", "oferta", "ofertas", "promoção", "liquidação", "queima de estoque", "desconto", "descontos", "menor preço", "melhor preço", "preço imbatível", "compre já", "compre agora", "frete grátis", "frete gratis", "presente perfeito", "presente ideal",
      "deixe sua avaliação", "deixe uma avaliação", "avaliação 5 estrelas", "avaliações 5 estrelas", "5 estrelas", "nossos clientes dizem", "os clientes amam", "visto na tv"],
    price_or_shipping: ["frete grátis", "frete gratis", "entrega grátis", "entrega gratuita", "envio grátis", "entrega rápida", "envio rápido", "envio imediato", "pronta entrega", "em estoque", "disponível agora", "esgotado", "% de desconto", "% off"],
    guarantee: ["garantia", "garantido", "garantida", "dinheiro de volta", "devolução do dinheiro", "reembolso", "compra sem risco", "satisfação garantida"],
    time_sensitive: ["novo", "nova", "novos", "novas", "novidade", "novidades", "lançamento", "lançamentos", "tempo limitado", "só hoje", "somente hoje", "últimas unidades", "enquanto durar o estoque", "enquanto durarem os estoques", "agora", "o mais recente"],
    subjective: ["melhor", "o melhor", "barato", "barata", "incrível", "incrivel", "perfeito", "perfeita", "excelente", "fantástico", "fantástica", "sensacional", "maravilhoso", "maravilhosa", "qualidade superior", "alta qualidade", "qualidade premium", "top de linha"],
    restricted_claim: ["antimicrobiano", "antimicrobiana", "antibacteriano", "antibacteriana", "antiviral", "antifúngico", "antifúngica", "mata germes", "mata bactérias", "elimina bactérias", "ecológico", "ecologico", "ecológica", "ecologica", "biodegradável", "biodegradavel", "compostável", "atóxico", "atóxica", "não tóxico", "não tóxica", "aprovado pela fda", "desintoxica", "detox", "pesticida", "desinfeta"],
    placeholder: ["n/a", "n/d", "a definir", "não se aplica", "pendente", "lorem ipsum", "xxx"],
  },
  nl: {
    // Dutch (amazon.nl, amazon.com.be); compiled 2026-11-23, reported.
    promotional: ["bestseller", "best verkocht", "best verkochte", "meest verkocht", "meest verkochte", "nummer 1", "nummer één", "nr. 1", "nr.1", "#1", "aanbieding", "aanbiedingen", "in de aanbieding", "korting", "uitverkoop", "opruiming", "sale", "laagste prijs", "beste prijs", "koop nu", "bestel nu", "gratis verzending", "gratis bezorging", "goedkoop", "perfect cadeau", "perfecte cadeau", "ideaal cadeau", "ideale cadeau",
      "laat een review achter", "laat een recensie achter", "5-sterren review", "5-sterrenreview", "5-sterren reviews", "5 sterren", "onze klanten zeggen", "klanten zijn dol op", "bekend van tv"],
    price_or_shipping: ["gratis verzending", "gratis verzonden", "gratis bezorging", "gratis bezorgd", "gratis geleverd", "snelle levering", "snelle verzending", "vandaag verzonden", "morgen in huis", "op voorraad", "uitverkocht", "% korting"],
    guarantee: ["garantie", "gegarandeerd", "geld terug", "geld terug garantie", "niet goed geld terug", "terugbetaling", "risicovrij", "tevredenheidsgarantie", "tevredenheid gegarandeerd"],
    time_sensitive: ["nieuw", "nieuwe", "nieuwste", "gloednieuw", "gloednieuwe", "nieuwigheid", "beperkte tijd", "alleen vandaag", "vandaag alleen", "op = op", "zolang de voorraad strekt", "laatste kans", "nu"],
    subjective: ["beste", "goedkoop", "goedkope", "geweldig", "geweldige", "perfect", "perfecte", "fantastisch", "fantastische", "uitstekend", "uitstekende", "ongelooflijk", "ongelooflijke", "superieur", "superieure", "hoogwaardig", "hoogwaardige", "topkwaliteit", "hoge kwaliteit", "premium kwaliteit"],
    restricted_claim: ["antibacterieel", "antibacteriële", "anti-bacterieel", "antimicrobieel", "antimicrobiële", "antiviraal", "antivirale", "schimmelwerend", "schimmelwerende", "doodt bacteriën", "doodt kiemen", "doodt virussen", "milieuvriendelijk", "milieuvriendelijke", "eco-vriendelijk", "ecologisch", "ecologische", "biologisch afbreekbaar", "biologisch afbreekbare", "composteerbaar", "composteerbare", "niet giftig", "niet-giftig", "giftvrij", "fda-goedgekeurd", "goedgekeurd door de fda", "geneest", "ontgift", "detox", "pesticide", "desinfecteert"],
    placeholder: ["n/a", "n.v.t.", "nvt", "n.t.b.", "ntb", "nader te bepalen", "lorem ipsum", "tekst volgt", "xxx"],
  },
  sv: {
    // Swedish (amazon.se); compiled 2026-11-23, reported.
    promotional: ["bästsäljare", "bästsäljande", "mest sålda", "mest säljande", "nummer 1", "nummer ett", "nr 1", "nr. 1", "#1", "rea", "på rea", "realisation", "utförsäljning", "rabatt", "erbjudande", "kampanj", "extrapris", "fynd", "lägsta pris", "bästa pris", "köp nu", "beställ nu", "fri frakt", "gratis frakt", "billig", "perfekt present", "perfekta presenten", "perfekt gåva", "perfekta gåvan",
      "lämna en recension", "skriv en recension", "5-stjärniga recensioner", "5 stjärnor", "våra kunder säger", "kunderna älskar", "känd från tv"],
    price_or_shipping: ["fri frakt", "gratis frakt", "fraktfritt", "fraktfri", "snabb leverans", "snabb frakt", "skickas idag", "skickas samma dag", "i lager", "finns i lager", "slut i lager", "slutsåld", "slutsålt", "% rabatt"],
    guarantee: ["garanti", "garanterad", "garanterat", "garanterade", "pengarna tillbaka", "nöjd kund garanti", "nöjd-kund-garanti", "återbetalning", "riskfritt", "riskfri", "öppet köp"],
    time_sensitive: ["ny", "nytt", "nya", "nyhet", "nyheter", "helt ny", "helt nytt", "senaste", "begränsad tid", "endast idag", "bara idag", "så länge lagret räcker", "sista chansen", "nu"],
    subjective: ["bäst", "bästa", "billig", "billiga", "billigt", "fantastisk", "fantastiska", "fantastiskt", "perfekt", "perfekta", "utmärkt", "utmärkta", "otrolig", "otroliga", "otroligt", "suverän", "suveräna", "överlägsen", "högsta kvalitet", "hög kvalitet", "toppkvalitet", "premiumkvalitet"],
    restricted_claim: ["antibakteriell", "antibakteriella", "antibakteriellt", "antimikrobiell", "antimikrobiella", "antiviral", "antivirala", "svampdödande", "dödar bakterier", "dödar bakterierna", "dödar virus", "miljövänlig", "miljövänligt", "miljövänliga", "ekologisk", "ekologiskt", "ekologiska", "biologiskt nedbrytbar", "biologiskt nedbrytbart", "biologiskt nedbrytbara", "komposterbar", "komposterbart", "giftfri", "giftfritt", "giftfria", "fda-godkänd", "godkänd av fda", "botar", "läker", "detox", "bekämpningsmedel", "desinficerar"],
    placeholder: ["n/a", "ej tillämpligt", "ej tillämplig", "tbd", "text kommer", "lorem ipsum", "xxx"],
  },
  pl: {
    // Polish (amazon.pl); compiled 2026-11-23, reported. Adjectives in their three genders.
    promotional: ["bestseller", "hit sprzedaży", "najczęściej kupowany", "najczęściej kupowana", "najczęściej kupowane", "najlepiej sprzedający się", "numer 1", "numer jeden", "nr 1", "#1", "promocja", "w promocji", "cena promocyjna", "wyprzedaż", "rabat", "zniżka", "najniższa cena", "najlepsza cena", "kup teraz", "zamów teraz", "darmowa dostawa", "darmowa wysyłka", "idealny prezent", "świetny prezent", "doskonały prezent",
      "wystaw opinię", "zostaw opinię", "zostaw recenzję", "opinie 5 gwiazdek", "5 gwiazdek", "nasi klienci mówią", "klienci kochają", "znany z tv"],
    price_or_shipping: ["darmowa dostawa", "darmowa wysyłka", "bezpłatna dostawa", "bezpłatna wysyłka", "szybka dostawa", "szybka wysyłka", "wysyłka 24h", "wysyłka w 24h", "wysyłka w 24 godziny", "od ręki", "dostępny od ręki", "na stanie", "w magazynie", "wyprzedane", "% rabatu", "% zniżki", "% taniej"],
    guarantee: ["gwarancja", "gwarancji", "gwarancją", "gwarantowany", "gwarantowana", "gwarantowane", "gwarantujemy", "zwrot pieniędzy", "zwrot gotówki", "zakup bez ryzyka", "satysfakcja gwarantowana"],
    time_sensitive: ["nowy", "nowa", "nowe", "nowość", "nowości", "najnowszy", "najnowsza", "najnowsze", "zupełnie nowy", "ograniczony czas", "tylko dziś", "tylko dzisiaj", "do wyczerpania zapasów", "ostatnie sztuki", "teraz"],
    subjective: ["najlepszy", "najlepsza", "najlepsze", "tani", "tania", "tanie", "niesamowity", "niesamowita", "niesamowite", "doskonały", "doskonała", "doskonałe", "perfekcyjny", "perfekcyjna", "perfekcyjne", "fantastyczny", "fantastyczna", "fantastyczne", "wspaniały", "wspaniała", "wspaniałe", "rewelacyjny", "rewelacyjna", "rewelacyjne", "najwyższa jakość", "najwyższej jakości", "wysoka jakość", "wysokiej jakości", "jakość premium"],
    restricted_claim: ["antybakteryjny", "antybakteryjna", "antybakteryjne", "przeciwbakteryjny", "przeciwbakteryjna", "przeciwbakteryjne", "przeciwdrobnoustrojowy", "przeciwdrobnoustrojowa", "przeciwdrobnoustrojowe", "przeciwwirusowy", "przeciwwirusowa", "przeciwwirusowe", "przeciwgrzybiczy", "przeciwgrzybicza", "przeciwgrzybicze", "zabija bakterie", "zabija zarazki", "zabija wirusy", "ekologiczny", "ekologiczna", "ekologiczne", "przyjazny dla środowiska", "przyjazna dla środowiska", "przyjazne dla środowiska", "biodegradowalny", "biodegradowalna", "biodegradowalne", "kompostowalny", "kompostowalna", "kompostowalne", "nietoksyczny", "nietoksyczna", "nietoksyczne", "zatwierdzony przez fda", "leczy", "detoks", "detox", "pestycyd", "dezynfekuje"],
    placeholder: ["n/a", "n/d", "nd", "nie dotyczy", "do uzupełnienia", "brak danych", "lorem ipsum", "xxx"],
  },
  tr: {
    // Turkish (amazon.com.tr); compiled 2026-11-23, reported. Suffixes attach to the word, so suffixed
    // forms are listed where sellers use them ("garantili", "indirimli").
    promotional: ["çok satan", "en çok satan", "çok satanlar", "en çok satanlar", "1 numara", "bir numara", "#1", "kampanya", "kampanyalı", "indirim", "indirimli", "büyük indirim", "fırsat", "fırsat ürünü", "süper fiyat", "en ucuz", "en uygun fiyat", "en iyi fiyat", "hemen al", "hemen satın al", "ücretsiz kargo", "kargo bedava", "bedava kargo", "mükemmel hediye", "harika hediye", "ideal hediye",
      "yorum bırakın", "yorum yapın", "değerlendirme bırakın", "5 yıldızlı yorum", "5 yıldız", "müşterilerimiz diyor ki", "müşterilerimiz bayılıyor", "televizyonda görüldüğü gibi"],
    price_or_shipping: ["ücretsiz kargo", "kargo bedava", "bedava kargo", "ücretsiz teslimat", "hızlı kargo", "aynı gün kargo", "hızlı teslimat", "stokta", "stoklarda", "stokta var", "tükendi", "% indirim"],
    guarantee: ["garanti", "garantili", "garantisi", "garantisiyle", "para iade garantisi", "iade garantisi", "para iadesi", "paranız iade", "koşulsuz iade", "risksiz", "memnuniyet garantisi"],
    time_sensitive: ["yeni", "yepyeni", "en yeni", "yeni ürün", "yeni sezon", "sınırlı süre", "sınırlı sayıda", "sadece bugün", "yalnızca bugün", "stoklarla sınırlı", "acele edin", "son fırsat", "şimdi"],
    subjective: ["en iyi", "en iyisi", "ucuz", "harika", "mükemmel", "muhteşem", "inanılmaz", "süper", "kusursuz", "üstün", "birinci sınıf", "kaliteli", "en kaliteli", "yüksek kalite", "yüksek kaliteli", "premium kalite"],
    restricted_claim: ["antibakteriyel", "antimikrobiyal", "antiviral", "antifungal", "mikropları öldürür", "mikrop öldürür", "bakterileri öldürür", "bakteri öldürür", "virüsleri öldürür", "çevre dostu", "doğa dostu", "ekolojik", "biyobozunur", "biyolojik olarak parçalanabilir", "kompostlanabilir", "zehirsiz", "toksinsiz", "toksik değildir", "fda onaylı", "tedavi eder", "detoks", "pestisit", "dezenfekte eder"],
    placeholder: ["n/a", "tbd", "belirlenecek", "uygulanamaz", "metin eklenecek", "lorem ipsum", "xxx"],
  },
  ar: {
    // Arabic (amazon.sa, amazon.ae, amazon.eg); compiled 2026-11-23, reported. Spelt as sellers write them:
    // with and without hamza (أ/ا), ي or ى at the end (Egypt), tanwin on the alif or not; "the", "with"
    // and "and" attach to the word, so the forms with ال and ب are listed where sellers use them. matching.ts
    // also folds hamza and ى, skips vowel marks and tatweel, and takes the attached prefixes (و ف ب ك ل ال).
    // "تصفية" alone is also filtration ("لتصفية المياه"): only clearance phrases are listed (2026-11-23).
    promotional: ["الأكثر مبيعا", "الأكثر مبيعًا", "الاكثر مبيعا", "الاكثر مبيعًا", "الأفضل مبيعا", "الأفضل مبيعًا", "رقم 1", "رقم ١", "رقم واحد", "#1", "تخفيضات", "خصم", "خصومات", "عرض خاص", "عروض خاصة", "سعر مخفض", "بسعر مخفض", "تصفية نهائية", "تصفية المخزون", "عروض التصفية", "تخفيضات التصفية", "أقل سعر", "بأقل سعر", "أرخص سعر", "أفضل سعر", "بأفضل سعر", "اشتر الآن", "اشتري الآن", "اطلب الآن", "شحن مجاني", "شحن مجانى", "توصيل مجاني", "توصيل مجانى", "هدية مثالية", "الهدية المثالية",
      "اترك تقييما", "اترك تقييمًا", "اترك مراجعة", "تقييم 5 نجوم", "تقييمات 5 نجوم", "5 نجوم", "عملاؤنا يقولون", "يحبه العملاء", "كما شوهد على التلفزيون"],
    price_or_shipping: ["شحن مجاني", "شحن مجانى", "الشحن مجاني", "الشحن مجانا", "شحن مجانا", "توصيل مجاني", "توصيل مجانى", "التوصيل مجاني", "شحن سريع", "توصيل سريع", "توصيل في نفس اليوم", "متوفر في المخزون", "متوفر الآن", "نفدت الكمية", "نفذت الكمية", "% خصم", "٪ خصم"],
    guarantee: ["ضمان", "الضمان", "بضمان", "مضمون", "مضمونة", "ضمان استرداد", "ضمان استرداد الأموال", "استرداد الأموال", "استرداد المال", "استرجاع المال", "استرداد كامل", "بدون مخاطر", "ضمان الرضا"],
    time_sensitive: ["جديد", "جديدة", "الجديد", "الجديدة", "وصل حديثا", "وصل حديثًا", "أحدث", "الأحدث", "احدث", "لفترة محدودة", "وقت محدود", "اليوم فقط", "حتى نفاد الكمية", "حتى نفاذ الكمية", "سارع", "سارعوا", "الآن", "الان"],
    subjective: ["أفضل", "افضل", "الأفضل", "الافضل", "رخيص", "رخيصة", "مذهل", "مذهلة", "رائع", "رائعة", "ممتاز", "ممتازة", "مثالي", "مثالية", "خيالي", "لا يصدق", "فائق الجودة", "عالي الجودة", "عالية الجودة", "جودة عالية", "أعلى جودة"],
    restricted_claim: ["مضاد للبكتيريا", "مضادة للبكتيريا", "مضاد للبكتريا", "مضاد للميكروبات", "مضادة للميكروبات", "مضاد للفيروسات", "مضادة للفيروسات", "مضاد للفطريات", "يقتل الجراثيم", "يقتل البكتيريا", "يقضي على البكتيريا", "صديق للبيئة", "صديقة للبيئة", "قابل للتحلل", "قابلة للتحلل", "غير سام", "غير سامة", "معتمد من fda", "معتمد من إدارة الغذاء والدواء", "يعالج", "يشفي", "ديتوكس", "مبيد حشري", "مبيد", "يطهر"],
    placeholder: ["n/a", "لا ينطبق", "غير منطبق", "يحدد لاحقا", "يحدد لاحقًا", "نص تجريبي", "lorem ipsum", "xxx"],
  },
  ja: {
    // Japanese (amazon.co.jp); compiled 2026-11-23, reported. Japanese has no spaces: matching.ts finds these
    // inside running text (a katakana word not inside a longer one), and reads full-width ＮＯ．１ and ％ as
    // ASCII, so only the ASCII forms are listed (see languages.test.ts).
    promotional: ["ベストセラー", "売れ筋", "no.1", "人気no.1", "売上no.1", "ナンバーワン", "ランキング1位", "ランキング第1位", "1位", "第1位", "無料プレゼント", "プレゼント付き", "おまけ付き", "無料設置", "セール", "大特価", "特価", "激安", "格安", "値下げ", "割引", "クーポン", "お買い得", "今すぐ購入", "送料無料", "プレゼントに最適", "ギフトに最適",
      "レビューを書いて", "レビューをお願い", "レビュー投稿", "高評価", "星5", "★5", "お客様の声", "テレビで話題"],
    price_or_shipping: ["送料無料", "送料込み", "送料込", "即日発送", "即納", "翌日配送", "翌日お届け", "あす楽", "在庫あり", "品切れ", "売り切れ", "税込", "%off", "%オフ"],
    guarantee: ["返金保証", "全額返金", "返金対応", "返金", "満足保証", "品質保証", "安心保証", "永久保証", "ノーリスク", "リスクフリー",
      // 保証, 交換 and 返品 where they promise (issue 31): "1年保証", "無料交換", "返品・交換"; 保証書 and 交換用 (a document, a spare) are not.
      "保証", "交換保証", "無料交換", "交換対応", "交換いたします", "交換します", "交換可能", "返品保証", "返品可能", "返品対応", "返品・交換", "返品交換", "返品を承ります", "返品無料"],
    time_sensitive: ["新品", "新商品", "新発売", "新作", "新開発", "新登場", "最新", "最新型", "最新モデル", "期間限定", "数量限定", "本日限り", "今だけ", "今なら", "在庫限り", "なくなり次第終了", "お早めに", "今すぐ"],
    subjective: ["人気", "最高", "最高級", "最高品質", "最強", "最安", "最安値", "激安", "格安", "完璧", "素晴らしい", "すばらしい", "驚きの", "究極", "高品質", "極上"],
    restricted_claim: ["抗菌", "除菌", "殺菌", "抗ウイルス", "抗ウィルス", "防カビ", "抗カビ", "ウイルス除去", "エコ", "環境に優しい", "環境にやさしい", "地球に優しい", "地球にやさしい", "生分解性", "土に還る", "無毒", "毒性なし", "fda認証", "fda承認", "病気が治る", "病気を治す", "治療効果", "デトックス", "農薬", "消毒"],
    placeholder: ["n/a", "未定", "該当なし", "準備中", "ダミーテキスト", "テキストが入ります", "〇〇", "○○", "lorem ipsum", "xxx"],
  },
};

/**
 * Per language, idioms and names that hold a listed word without meaning it: no phrase inside one counts.
 * "Again" (French "à nouveau", Italian "di nuovo"…), places named "new" (New Zealand), and Japanese specs
 * and categories (最高出力, maximum output; 格安SIM, a budget SIM plan). Compiled 2026-11-23 from each
 * language's usage, not from Amazon. "Di nuovo design" (of new design) then passes too: a warning missed.
 */
export const phraseExceptions: RuleSet["phraseExceptions"] = {
  // Issue 31: idioms that hold a promotional word ("deal with", "ground clearance", "best suited"), and a guarantee
  // named as a document in the box ("warranty card", "user manual, warranty card"): a thing shipped, not a promise.
  en: ["new zealand", "new york", "new jersey", "new mexico", "new england", "new hampshire", "new orleans", "new delhi", "new south wales",
    "every sale", "each sale", "per sale", "after sale", "after sales", "after-sale", "after-sales", "point of sale",
    "deal with", "deals with", "dealing with", "a great deal of", "a good deal of", "ground clearance", "best suited", "best of both worlds", "to the best of", "at its best", "best practice", "best practices",
    "warranty card", "warranty cards", "guarantee card", "warranty booklet", "warranty certificate", "warranty leaflet", "warranty slip", "guarantee certificate", "warranty registration card"],
  es: ["de nuevo", "nueva zelanda", "nueva york", "nuevo méxico", "nuevo león", "tarjeta de garantía", "tarjeta de garantia", "certificado de garantía", "certificado de garantia"],
  fr: ["à nouveau", "de nouveau", "nouvelle zélande", "nouvelle calédonie", "nouvelle aquitaine", "nouvelle écosse", "nouveau brunswick", "carte de garantie", "certificat de garantie", "bon de garantie"],
  de: ["von neuem", "aufs neue", "garantiekarte", "garantieschein", "garantiekarten", "garantie-karte"],
  it: ["di nuovo", "nuova zelanda"],
  pt: ["de novo", "nova zelândia", "nova york", "nova iorque"],
  nl: ["nieuw zeeland"],
  sv: ["på nytt", "nya zeeland"],
  pl: ["nowa zelandia"],
  tr: ["yeni zelanda", "yeni baştan"],
  ar: ["من جديد"],
  // 保証書 is the warranty card in the box; "…を保証するものではありません" disclaims, it does not promise.
  ja: ["最高温度", "最高速度", "最高出力", "最高気温", "最高時速", "格安sim", "保証書", "保証カード", "保証するものではありません", "保証いたしかねます", "保証しかねます", "保証はありません", "保証対象外", "保証できません"],
};

export const specialSymbols = "™®€…†‡¢£¥©±";

// Issue 31 (decision 031): what real sellers' copy needs the rules to know. Compiled 2026-11-27.

/** Title characters allowed only where they are functional (help 201100890: "~ # < > *" as identifiers or measurements). */
export const functionalTitleCharacters = "~#<>*";

/** Symbols that carry meaning (degrees, units, maths, "No."): never decorative. Emoji and listed symbols have their own rules. */
export const functionalSymbols = "°℃℉№⌀×÷±−∓≤≥≈≠∞√∆∑∏∫‰′″→←↑↓↔";

/**
 * Capitals of five letters or more that are acronyms or standards, not shouting. Shorter ones (USB, LED, HDMI)
 * and capitals without a vowel (NVMFS) never count; model codes with digits (WH-1000XM5) are not words.
 */
export const acronyms = ["AMOLED", "QWERTY", "NIOSH", "MOSFET", "ASHRAE", "SMPTE", "LASIK", "ISOFIX", "NEMA", "UNESCO", "NASCAR", "ASEAN", "OLED", "QLED", "IGBT", "GORE", "TEX", "COVID", "LIDAR", "RADAR", "SCUBA", "LASER", "PCIE", "SATA", "NVME", "HDMI", "DVI", "VESA", "AVCHD", "AAC", "APTX", "LDAC", "WPA", "IEEE", "ANSI", "DIN", "CE", "ROHS", "REACH", "FCC", "UL", "ETL", "IPX", "NEBS", "GPIO", "UART", "JTAG", "ARDUINO", "MIDI", "LINUX", "MACOS", "IPADOS", "WATCHOS", "SUV", "ATV", "UTV", "MTB", "BMX", "DSLR", "MILC", "UHD", "HDR", "DOLBY", "ATMOS", "DTS", "IMAX", "NASA", "FIFA", "NFL", "NBA", "MLB", "NHL", "PVC", "TPU", "TPE", "EVA", "ABS", "PETG", "HEPA", "ULPA", "ANAB", "UKCA", "MFI"];

/**
 * How a guarantee promise states its term, per language: "1 year warranty", "2yr Guarantee", "10Y Warranty",
 * "365days warranty", "replacement within 10 days", "Garantie 2 ans", 2年間メーカー保証. Compiled 2026-11-27
 * (decision 031); the promise words are those of `phrases.guarantee`.
 */
export const guaranteeTerms: NonNullable<RuleSet["guaranteeTerms"]> = {
  en: { nouns: ["warranty", "warranties", "guarantee", "guaranteed", "replacement", "refund", "refunds", "return", "returns", "exchange", "money back", "money-back"], units: ["year", "years", "yr", "yrs", "y", "month", "months", "mo", "mos", "week", "weeks", "day", "days", "d"] },
  es: { nouns: ["garantía", "garantia", "reemplazo", "devolución", "devoluciones", "reembolso", "cambio"], units: ["año", "años", "mes", "meses", "semana", "semanas", "día", "días"] },
  fr: { nouns: ["garantie", "garanti", "remplacement", "remboursement", "retour", "retours", "échange"], units: ["an", "ans", "année", "années", "mois", "semaine", "semaines", "jour", "jours"] },
  de: { nouns: ["garantie", "gewährleistung", "austausch", "ersatz", "rückgabe", "rückerstattung", "umtausch"], units: ["jahr", "jahre", "jahren", "monat", "monate", "monaten", "woche", "wochen", "tag", "tage", "tagen"] },
  it: { nouns: ["garanzia", "sostituzione", "rimborso", "reso"], units: ["anno", "anni", "mese", "mesi", "settimana", "settimane", "giorno", "giorni"] },
  ja: { nouns: ["保証", "交換", "返品", "返金"], units: ["年", "年間", "ヶ月", "ケ月", "か月", "カ月", "ヵ月", "ヶ月間", "か月間", "カ月間", "日", "日間", "週間"] },
};

/**
 * Grammar words besides the articles, prepositions and conjunctions of `repeatableWords`: negations,
 * auxiliaries, pronouns and determiners. In capitals they shout ("DO NOT", "NOT INCLUDED"), since no brand or
 * model is named with them alone. Compiled 2026-11-27 from each language's grammar (closed word classes).
 */
export const functionWords: NonNullable<RuleSet["functionWords"]> = {
  en: ["no", "not", "don't", "do", "does", "did", "will", "won't", "can", "can't", "cannot", "must", "should", "this", "that", "these", "those", "you", "your", "we", "our", "only", "out", "up", "off", "more", "most", "very", "just", "be", "is", "are", "was", "all", "any", "each", "every", "never", "always"],
  es: ["no", "sí", "solo", "sólo", "este", "esta", "esto", "muy", "más", "todo", "toda", "todos", "nunca", "siempre", "es", "son"],
  fr: ["ne", "pas", "non", "oui", "plus", "très", "tout", "toute", "tous", "ce", "cette", "ces", "est", "sont", "jamais", "toujours"],
  de: ["nicht", "kein", "keine", "keinen", "nur", "sehr", "alle", "alles", "ist", "sind", "nie", "immer", "dieser", "diese", "dieses", "mehr"],
};

/**
 * Time words that are ordinary words elsewhere (a finish that "stays new", a service named "Now"): they count
 * where they announce (lint.ts `announces`). `announcing`: words after them that make an announcement;
 * `launchNouns`: words after a year that do ("2025 Model", "2024 Launch"). Compiled 2026-11-27.
 */
export const timeWordsInContext: NonNullable<RuleSet["timeWordsInContext"]> = {
  en: {
    words: ["new", "now"],
    announcing: ["arrival", "arrivals", "launch", "launched", "release", "released", "version", "model", "edition", "design", "upgrade", "upgraded", "collection", "season", "available", "with", "only", "in stock", "on sale", "generation"],
    launchNouns: ["new", "newest", "latest", "launch", "launched", "model", "version", "edition", "release", "upgraded", "upgrade", "new version", "new model"],
    // What the product fits or connects to: "compatible with the latest iPhones", "designed for All New Echo (2021 Release)".
    others: ["compatible with", "compatible for", "designed for", "made for", "works with", "work with", "working with", "fits", "for use with", "connect", "connects", "connecting", "supports", "support for"],
  },
  es: { words: ["nuevo", "nueva", "ahora"], announcing: ["generación", "llegada", "lanzamiento", "versión", "version", "modelo", "edición", "diseño", "colección", "temporada", "disponible", "con"], launchNouns: ["nuevo", "nueva", "lanzamiento", "modelo", "versión", "edición"] },
  fr: { words: ["nouveau", "nouvel", "nouvelle", "nouveaux", "nouvelles"], announcing: ["génération", "arrivage", "lancement", "version", "modèle", "édition", "design", "collection", "saison", "disponible"], launchNouns: ["nouveau", "nouvelle", "lancement", "modèle", "version", "édition"] },
  de: { words: ["neu", "neue", "neuer", "neues", "neuen", "neuem", "jetzt"], announcing: ["generation", "eingetroffen", "erschienen", "version", "modell", "edition", "design", "kollektion", "saison", "erhältlich", "verfügbar", "mit", "auf lager"], launchNouns: ["neu", "neue", "neues", "modell", "version", "edition"] },
  it: { words: ["nuovo", "nuova", "nuovi", "nuove", "adesso"], announcing: ["arrivo", "lancio", "versione", "modello", "edizione", "design", "collezione", "stagione", "disponibile", "con"], launchNouns: ["nuovo", "nuova", "modello", "versione", "edizione"] },
  pt: { words: ["novo", "nova", "novos", "novas", "agora"], announcing: ["chegada", "lançamento", "versão", "modelo", "edição", "design", "coleção", "temporada", "disponível", "com"], launchNouns: ["novo", "nova", "modelo", "versão", "edição", "lançamento"] },
  nl: { words: ["nieuw", "nieuwe", "nu"], announcing: ["binnen", "versie", "model", "editie", "ontwerp", "collectie", "seizoen", "verkrijgbaar", "beschikbaar", "met", "op voorraad"], launchNouns: ["nieuw", "nieuwe", "model", "versie", "editie"] },
  sv: { words: ["ny", "nytt", "nya", "nu"], announcing: ["version", "modell", "utgåva", "design", "kollektion", "säsong", "tillgänglig", "med", "i lager"], launchNouns: ["ny", "nya", "modell", "version", "utgåva"] },
  pl: { words: ["nowy", "nowa", "nowe", "teraz"], announcing: ["wersja", "model", "edycja", "projekt", "kolekcja", "sezon", "dostępny", "dostępna", "dostępne", "z"], launchNouns: ["nowy", "nowa", "nowe", "model", "wersja", "edycja"] },
  tr: { words: ["yeni", "şimdi"], announcing: ["versiyon", "model", "sürüm", "tasarım", "koleksiyon", "sezon", "stokta"], launchNouns: ["yeni", "model", "versiyon", "sürüm"] },
};

/**
 * Help 23501's temporary and subjective words, for search terms only: in running copy "current", "most"
 * and "effective" are ordinary words (an electric current), so the body lists leave them out.
 */
export const searchTermPhrases: NonNullable<RuleSet["searchTermPhrases"]> = {
  en: {
    time_sensitive: ["new", "now", "on sale", "available now", "brand new", "current", "discounted", "just launched", "last chance", "last minute", "latest", "limited time", "this week", "this month", "this year", "today", "sale", "clearance"],
    subjective: ["amazing", "best", "cheap", "cheapest", "effective", "fastest", "good deal", "least", "most", "popular", "trending", "great", "awesome", "top rated", "top-rated", "best seller", "bestseller"],
  },
};

/**
 * Claims a store allows with proof, restricted elsewhere. Japan: 抗菌 (antibacterial-treated) and 防カビ
 * goods are sold under JIS Z 2801 and the SIAA mark, not registered like the US's pesticides (FIFRA and
 * EPA, which Amazon.com enforces as pesticide claims); 殺菌, 除菌 and 消毒 stay restricted there (drug claims,
 * 薬機法). Reported, 2026-11-27 (decision 031).
 */
export const storeClaims: NonNullable<RuleSet["storeClaims"]> = {
  JP: { warning: { ja: ["抗菌", "防カビ", "抗カビ"], en: ["antibacterial", "anti-bacterial"] } },
};

/**
 * Promotions of one store's own offer programmes. amazon.in: no-cost EMI (instalments with the interest
 * waived), exchange offers (a trade-in discount) and bank offers (card discounts) are offers at checkout, not
 * product facts, and sellers write them into titles (product detail page rules: no promotional language).
 * Compiled 2026-11-27 from amazon.in's offer pages' names; reported.
 */
export const storePhrases: NonNullable<RuleSet["storePhrases"]> = {
  IN: { promotional: { en: ["no cost emi", "no-cost emi", "easy emi", "emi available", "emi option", "exchange offer", "exchange offers", "bank offer", "bank offers", "cashback offer", "cashback offers"] } },
};

/** How sellers write a store's currency beyond what Intl gives (India's "Rs." and "999/-"; Japan's 税込). */
export const currencySpellings: NonNullable<RuleSet["currencySpellings"]> = {
  INR: { before: ["rs.", "rs", "inr", "mrp", "mrp:", "mrp rs.", "m.r.p."], after: ["rs", "rs.", "rupees", "rupee", "/-", "inr"] },
  JPY: { before: ["¥", "税込", "税込み", "税抜"], after: ["円", "yen"] },
  GBP: { after: ["pounds", "quid"] },
  EUR: { after: ["euro", "euros", "eur"] },
  USD: { before: ["us$", "usd"], after: ["dollars", "usd", "bucks"] },
};


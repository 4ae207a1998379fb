// The mapping step: which column of the catalog holds which listing fact, guessed from header names in six
// languages, checked, and parsed from a request body. Browser-safe.
import { z } from "zod";
import { factLimits } from "#app/features/listings/types.ts";
import { catalogFields, reportFields, requiredCatalogFields, type CatalogField, type CatalogMapping, type ReportField } from "./catalog-file.ts";
import { resolveMarketplace } from "./rows.ts";
import { columnHasValues, isYesNoColumn } from "./seller-central.ts";

/** The last column a mapping may name (0-based): an Amazon flat file has about 300. */
const maxMappedColumn = 1000;
const columnIndex = z.number().int().min(0).max(maxMappedColumn).nullable();
export const catalogMappingSchema = z.object({
  brand: columnIndex,
  productName: columnIndex,
  productType: columnIndex.default(null),
  keyFeatures: columnIndex.default(null),
  targetAudience: columnIndex.default(null),
  keywords: columnIndex.default(null),
  marketplace: columnIndex.default(null),
  // A Seller Central report's mapping (seller-central.ts): its SKU, ASIN and description, more key-feature columns.
  sku: columnIndex.optional(),
  asin: columnIndex.optional(),
  description: columnIndex.optional(),
  keyFeaturesMore: z.array(z.number().int().min(0).max(maxMappedColumn)).max(20).optional(),
  /** The brand of every row, typed once on the mapping page when the file has no brand column. */
  brandForAll: z
    .string()
    .trim()
    .max(factLimits.brand)
    .optional()
    .transform((brand) => brand || undefined),
});

/** A header as words: lower case, accents off, "bullet_point1" → "bullet point 1". */
export const normalizeHeader = (header: string) =>
  header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/(\p{L})(\d)/gu, "$1 $2")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * What headers say, in English, German, French, Spanish, Italian and Dutch. `names` match the whole header or
 * a run of its words ("Product Title (DE)"); `weak` ones only the whole header, and lose to any name.
 * `not` rules a header out ("Country of origin" is no store).
 */
const hints: Record<CatalogField, { names: string[]; weak: string[]; not?: string[] }> = {
  brand: {
    names: ["brand", "brand name", "marke", "markenname", "marque", "nom de marque", "marca", "nombre de marca", "marchio", "merk", "merknaam"],
    weak: ["manufacturer", "hersteller", "fabricant", "fabricante", "produttore", "fabrikant", "vendor"],
  },
  productName: {
    names: ["product name", "product title", "item name", "item title", "title", "produktname", "produktbezeichnung", "produkttitel", "artikelname", "artikelbezeichnung", "titel", "nom du produit", "nom de produit", "nom produit", "titre", "titre du produit", "nombre del producto", "nombre de producto", "nombre producto", "titulo", "titulo del producto", "nome prodotto", "nome del prodotto", "titolo", "productnaam"],
    weak: ["name", "nom", "nombre", "nome", "naam", "bezeichnung", "product", "produkt", "produit", "producto", "prodotto", "artikel", "article", "articulo", "item"],
  },
  productType: {
    names: ["product type", "product category", "category", "item type", "item type keyword", "feed product type", "produktart", "produkttyp", "produktkategorie", "kategorie", "warengruppe", "artikelart", "artikeltyp", "type de produit", "type produit", "categorie", "categorie de produit", "tipo de producto", "tipo producto", "categoria", "categoria de producto", "tipo di prodotto", "producttype", "productcategorie"],
    weak: ["type", "typ", "tipo", "art", "sorte", "genre", "gattung"],
  },
  keyFeatures: {
    names: ["key features", "key product features", "product features", "features", "feature", "bullet points", "bullet point", "bullets", "highlights", "merkmale", "produktmerkmale", "hauptmerkmale", "eigenschaften", "besonderheiten", "vorteile", "aufzahlungspunkte", "stichpunkte", "caracteristiques", "caracteristiques cles", "points forts", "points cles", "puces", "caracteristicas", "caracteristicas clave", "puntos clave", "vinetas", "caratteristiche", "punti elenco", "kenmerken"],
    weak: ["description", "product description", "beschreibung", "produktbeschreibung", "description du produit", "descripcion", "descripcion del producto", "descrizione", "beschrijving", "details", "usp", "usps"],
  },
  targetAudience: {
    names: ["target audience", "audience", "target group", "target customer", "target customers", "zielgruppe", "zielkunden", "public cible", "audience cible", "cible", "publico objetivo", "publico", "audiencia", "pubblico", "destinatari", "doelgroep"],
    weak: ["target", "for", "fur", "pour", "para", "public", "department", "department name", "abteilung", "gender", "geschlecht", "age group", "altersgruppe"],
  },
  keywords: {
    names: ["keywords", "keyword", "key words", "search terms", "search term", "generic keywords", "generic keyword", "backend keywords", "backend search terms", "suchbegriffe", "suchbegriff", "schlusselworter", "schlusselwort", "stichworter", "stichworte", "mots cles", "mot cle", "mots clefs", "termes de recherche", "palabras clave", "palabra clave", "terminos de busqueda", "parole chiave", "zoekwoorden", "trefwoorden"],
    weak: ["tags", "tag", "search", "suche"],
  },
  marketplace: {
    names: ["marketplace", "marketplace id", "amazon marketplace", "marktplatz", "place de marche", "marche", "mercado", "mercato", "marktplaats", "amazon store", "amazon site", "storefront"],
    weak: ["country", "country code", "store", "land", "pays", "pais", "paese", "site", "shop", "market", "markt", "locale", "region", "domain", "tienda", "boutique"],
    not: ["origin", "herkunft", "ursprung", "herkunftsland", "ursprungsland", "origine", "origen", "provenance", "currency", "wahrung"],
  },
};

const normalizedHints = Object.fromEntries(
  catalogFields.map((field) => [field, { names: hints[field].names.map(normalizeHeader), weak: hints[field].weak.map(normalizeHeader), not: (hints[field].not ?? []).map(normalizeHeader) }]),
) as Record<CatalogField, { names: string[]; weak: string[]; not: string[] }>;

function hintScore(field: CatalogField, header: string): number {
  if (header === "") return 0;
  const { names, weak, not } = normalizedHints[field];
  const padded = ` ${header} `;
  if (not.some((word) => padded.includes(` ${word} `) || (word.length >= 7 && header.includes(word)))) return 0;
  if (names.includes(header)) return 400;
  if (weak.includes(header)) return 300;
  let best = 0;
  const compact = header.replace(/ /g, "");
  for (const name of names) {
    // A run of whole words ("Product Title (DE)"), longer names first…
    if (padded.includes(` ${name} `)) best = Math.max(best, 200 + name.length);
    // …or, for a long one-word name, inside a compound ("Hauptsuchbegriffe", "Produktnamen").
    else if (!name.includes(" ") && name.length >= 7 && compact.includes(name)) best = Math.max(best, 100 + name.length);
  }
  return best;
}

/** How many non-empty store cells are tried before a column is judged to name no store. */
const storeSample = 50;

/** Whether some of the column's first non-empty cells name an Amazon store. */
function namesAStore(rows: readonly (readonly string[])[], column: number): boolean {
  let tried = 0;
  for (const row of rows) {
    const value = (row[column] ?? "").trim();
    if (value === "") continue;
    if (resolveMarketplace(value)) return true;
    if (++tried >= storeSample) return false;
  }
  return false;
}

/**
 * A guess at each field's column from the header names: the best matches first, each column used once. Given the
 * rows, a column with nothing in it is never proposed, nor, as the store, a column of y/n flags or of values that
 * name no store (a Seller Central report's item-is-marketplace: every row would fail).
 */
export function proposeMapping(columns: readonly string[], rows?: readonly (readonly string[])[]): CatalogMapping {
  // Only columns a mapping may name are weighed: a header of 200,000 names would otherwise take seconds.
  const normalized = columns.slice(0, maxMappedColumn + 1).map(normalizeHeader);
  const usable = new Map<string, boolean>();
  const fits = (field: CatalogField, column: number): boolean => {
    if (!rows) return true;
    const key = `${field === "marketplace" ? "store" : "any"}:${column}`;
    let fit = usable.get(key);
    if (fit === undefined) {
      fit = columnHasValues(rows, column) && (field !== "marketplace" || (!isYesNoColumn(rows, column) && namesAStore(rows, column)));
      usable.set(key, fit);
    }
    return fit;
  };
  const candidates: { field: CatalogField; column: number; score: number }[] = [];
  catalogFields.forEach((field) =>
    normalized.forEach((header, column) => {
      const score = hintScore(field, header);
      if (score > 0 && fits(field, column)) candidates.push({ field, column, score });
    }),
  );
  candidates.sort((a, b) => b.score - a.score || a.column - b.column || catalogFields.indexOf(a.field) - catalogFields.indexOf(b.field));
  const mapping: CatalogMapping = { brand: null, productName: null, productType: null, keyFeatures: null, targetAudience: null, keywords: null, marketplace: null };
  const used = new Set<number>();
  for (const { field, column } of candidates) {
    if (mapping[field] !== null || used.has(column)) continue;
    mapping[field] = column;
    used.add(column);
  }
  return mapping;
}

/** A field a mapping may give a column: the listing facts' and a report's SKU, ASIN and description. */
export type MappedField = CatalogField | ReportField;
const mappedFields: readonly MappedField[] = [...catalogFields, ...reportFields];

export type MappingCheck =
  | { ok: true; mapping: CatalogMapping }
  | {
      ok: false;
      /** Required fields (brand, product name) with no column (the brand may be typed once instead). */
      missing: CatalogField[];
      /** Columns given to more than one field (a further key-feature column counts as key features). */
      duplicates: { column: number; fields: MappedField[] }[];
      /** Fields pointing past the last column. */
      outOfRange: MappedField[];
    };

/** The mapping step's check: brand (or the brand typed once) and product name, no column twice, every column in the file. */
export function validateMapping(mapping: CatalogMapping, columns: readonly string[]): MappingCheck {
  const missing = requiredCatalogFields.filter((field) => (mapping[field] === null || mapping[field] === undefined) && !(field === "brand" && mapping.brandForAll));
  const named: [MappedField, number][] = [];
  for (const field of mappedFields) {
    const column = mapping[field];
    if (column !== null && column !== undefined) named.push([field, column]);
  }
  for (const column of mapping.keyFeaturesMore ?? []) named.push(["keyFeatures", column]);
  const outOfRange = [...new Set(named.filter(([, column]) => !Number.isInteger(column) || column < 0 || column >= columns.length).map(([field]) => field))];
  const byColumn = new Map<number, MappedField[]>();
  for (const [field, column] of named) byColumn.set(column, [...(byColumn.get(column) ?? []), field]);
  const duplicates = [...byColumn].filter(([, fields]) => fields.length > 1).map(([column, fields]) => ({ column, fields: [...new Set(fields)] }));
  if (missing.length > 0 || duplicates.length > 0 || outOfRange.length > 0) return { ok: false, missing: [...missing], duplicates, outOfRange };
  return { ok: true, mapping };
}

// The SP-API stand-in's Product Type Definitions API 2020-09-01 (searchDefinitionsProductTypes,
// getDefinitionsProductType) and the "S3" its schema links point to. BRACELET in amazon.com is Amazon's real
// definition (tests/fixtures/product-types/BRACELET.json, served byte for byte); every other product type, and BRACELET
// in the other stores, is our generic copy-attributes schema (SELLSCRIBE_GENERIC.json) rewritten per store. Checksums
// are Base64 MD5 of the bytes served, as the model's SchemaLink describes; links expire after 7 days.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { marketplaces } from "#app/features/marketplaces/registry.ts";
import { ApiError, invalidInput, type Json, type PresignedLinks } from "./sp-api-stub-common.ts";

/** Amazon's schema links live 7 days (604,800 s: the X-Amz-Expires of the presigned S3 links). */
export const SCHEMA_LINK_LIFETIME_S = 7 * 86_400;
export const REAL_PRODUCT_TYPE = { productType: "BRACELET", marketplaceId: "ATVPDKIKX0DER" } as const;
export const productTypeFixtures = {
  bracelet: new URL("../fixtures/product-types/BRACELET.json", import.meta.url),
  generic: new URL("../fixtures/product-types/SELLSCRIBE_GENERIC.json", import.meta.url),
  metaSchema: new URL("../fixtures/product-types/meta-schema.json", import.meta.url),
};
export const SCHEMA_PATH_PREFIX = "/definitions-schemas/";

const requirementsValues = ["LISTING", "LISTING_PRODUCT_ONLY", "LISTING_OFFER_ONLY"];
const enforcedValues = ["ENFORCED", "NOT_ENFORCED"];
const parentageValues = ["NONE", "CHILD", "PARENT"];
const marketplaceById = new Map(marketplaces.map((marketplace) => [marketplace.marketplaceId, marketplace]));
const languageNames = new Intl.DisplayNames(["en"], { type: "language" });
const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

export const checksumOf = (bytes: Buffer | string) => createHash("md5").update(bytes).digest("base64");
/** "ELECTRONIC_CABLE" → "Electronic Cable" (Amazon's display names are localized; the stand-in's are English). */
export const displayNameOf = (productType: string) => productType.toLowerCase().split("_").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");

/** Property groups as Amazon names them (the model's example): the stand-in groups the schema's properties by a fixed list. */
const groupOf: [string, string, string, RegExp][] = [
  ["product_identity", "Product Identity", "Information to uniquely identify your product (e.g., UPC, EAN, GTIN, Product Type, Brand)", /^(item_name|brand|externally_assigned_product_identifier|external_product_id|merchant_suggested_asin|supplier_declared_has_product_identifier_exemption|item_type_keyword|model_number|model_name|manufacturer|part_number)$/],
  ["product_details", "Product Details", "Information that describes the product (e.g., description, bullet points, keywords)", /^(product_description|bullet_point|generic_keyword|special_feature|item_highlights|title_differentiation|style|color|material|size|target_audience_keyword|included_components|number_of_items|item_package_quantity)$/],
  ["offer", "Offer", "Information to enable your item to be bought by customers (e.g., price, quantity, condition)", /^(condition_type|condition_note|purchasable_offer|fulfillment_availability|list_price|merchant_shipping_group|max_order_quantity|skip_offer|product_tax_code|merchant_release_date)$/],
  ["safety_and_compliance", "Safety & Compliance", "Information about compliance, safety and regulations (e.g., country of origin, warranty, hazardous goods)", /^(country_of_origin|warranty_description|supplier_declared_dg_hz_regulation|batteries_required|batteries_included|gpsr_safety_attestation|gpsr_manufacturer_reference|dsa_responsible_party_address|compliance_media)/],
  ["images", "Images", "Images of your product", /_image_locator(_\d+)?$/],
  ["variations", "Variations", "Information about product variations (e.g., parent or child, variation theme)", /^(parentage_level|child_parent_sku_relationship|variation_theme)$/],
];
function propertyGroups(schema: Json): Json {
  const names = Object.keys((schema.properties as Json | undefined) ?? {});
  const groups: Json = {};
  const placed = new Set<string>();
  for (const [key, title, description, pattern] of groupOf) {
    const propertyNames = names.filter((name) => !placed.has(name) && pattern.test(name));
    propertyNames.forEach((name) => placed.add(name));
    if (propertyNames.length) groups[key] = { title, description, propertyNames };
  }
  const rest = names.filter((name) => !placed.has(name));
  if (rest.length) groups.product_details_other = { title: "More Details", description: "Other attributes of the product type", propertyNames: rest };
  return groups;
}

/** The $defs of a store in BRACELET's shape: the store's marketplace id and language tag as defaults, named. */
function storeDefs(marketplaceId: string): Json {
  const marketplace = marketplaceById.get(marketplaceId);
  const tag = marketplace?.languageTag ?? "en_US";
  const [language, region] = tag.split("_") as [string, string | undefined];
  const storeName = `Amazon${(marketplace?.id ?? "amazon.com").slice("amazon".length)}`;
  const languageName = `${languageNames.of(language) ?? language}${region ? ` (${regionNames.of(region) ?? region})` : ""}`;
  const named = (value: string, name: string) => ({ default: value, editable: false, hidden: true, examples: [name], type: "string", anyOf: [{ type: "string" }, { type: "string", enum: [value], enumNames: [name] }] });
  return { marketplace_id: named(marketplaceId, storeName), language_tag: named(tag, languageName) };
}

/** Required attributes no longer enforced: Amazon's NOT_ENFORCED schemas, for partial updates (the stand-in drops `required` everywhere). */
function notEnforced(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(notEnforced);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([key, inner]) => !(key === "required" && Array.isArray(inner))).map(([key, inner]) => [key, notEnforced(inner)]));
}

interface SchemaVersion {
  version: string;
  bytes: Buffer;
}
export interface ProductTypeSchemaInfo {
  schema: Json;
  checksum: string;
  version: string;
}

export interface StubDefinitions {
  search(params: URLSearchParams, sellerMarketplaces: readonly string[]): Json;
  get(productType: string, params: URLSearchParams, sellerId: string, sellerMarketplaces: readonly string[]): Json;
  /** The schema document behind a link, or S3's error; undefined when the path is not a schema link. */
  download(path: string, query: URLSearchParams): { status: number; contentType: string; body: Buffer | string } | undefined;
  setProductTypeSchema(productType: string, schema: Json | ((current: Json) => Json), options?: { marketplaceId?: string }): string;
  productTypeSchema(productType: string, marketplaceId: string): ProductTypeSchemaInfo;
  expireSchemaLinks(productType?: string): number;
}

export function createDefinitions(options: { baseUrl: () => string; productTypes: () => Iterable<string>; links: PresignedLinks }): StubDefinitions {
  const versions = new Map<string, SchemaVersion[]>();
  /** Product types added by setProductTypeSchema for every store. */
  const added = new Set<string>();
  const documents = new Map<string, Buffer>();
  let bracelet: Buffer | undefined;
  let generic: Json | undefined;

  const known = (productType: string) => productType === REAL_PRODUCT_TYPE.productType || added.has(productType) || [...options.productTypes()].includes(productType);
  const key = (productType: string, marketplaceId: string) => `${productType}\u0000${marketplaceId}`;
  const versionOf = (bytes: Buffer) => `U${createHash("md5").update(bytes).digest("base64url").slice(0, 10)}=`;
  const serialize = (schema: Json) => Buffer.from(`${JSON.stringify(schema, null, 2)}\n`);

  function genericSchema(productType: string, marketplaceId: string): Json {
    if (!generic) {
      if (!existsSync(productTypeFixtures.generic)) throw new Error(`sp-api-stub: ${productTypeFixtures.generic.pathname} is missing (helper A's generic product type schema)`);
      generic = JSON.parse(readFileSync(productTypeFixtures.generic, "utf8")) as Json;
    }
    const copy = structuredClone(generic);
    return { ...copy, $id: `https://schemas.amazon.com/selling-partners/definitions/product-types/schema/v1/${productType}`, $defs: { ...((copy.$defs as Json | undefined) ?? {}), ...storeDefs(marketplaceId) } };
  }

  function history(productType: string, marketplaceId: string): SchemaVersion[] {
    let found = versions.get(key(productType, marketplaceId));
    if (!found) {
      let bytes: Buffer;
      if (productType === REAL_PRODUCT_TYPE.productType && marketplaceId === REAL_PRODUCT_TYPE.marketplaceId) bytes = bracelet ??= readFileSync(productTypeFixtures.bracelet);
      else bytes = serialize(genericSchema(productType, marketplaceId));
      found = [{ version: versionOf(bytes), bytes }];
      versions.set(key(productType, marketplaceId), found);
    }
    return found;
  }

  /** The document the link of this version and enforcement points to; stored under a path naming its checksum. */
  function document(productType: string, marketplaceId: string, version: SchemaVersion, enforced: boolean): { path: string; checksum: string } {
    const bytes = enforced ? version.bytes : serialize(notEnforced(JSON.parse(version.bytes.toString("utf8"))) as Json);
    const checksum = checksumOf(bytes);
    const path = `${SCHEMA_PATH_PREFIX}schema/amzn1/${productType}/${marketplaceId}/${createHash("md5").update(bytes).digest("hex")}.json`;
    documents.set(path, bytes);
    return { path, checksum };
  }

  function metaSchemaLink(): Json | undefined {
    if (!existsSync(productTypeFixtures.metaSchema)) return undefined;
    const bytes = readFileSync(productTypeFixtures.metaSchema);
    const path = `${SCHEMA_PATH_PREFIX}meta-schema/v1/${createHash("md5").update(bytes).digest("hex")}.json`;
    documents.set(path, bytes);
    return { link: { resource: options.links.sign(options.baseUrl(), path, SCHEMA_LINK_LIFETIME_S), verb: "GET" }, checksum: checksumOf(bytes) };
  }

  function marketplaceParameter(params: URLSearchParams, sellerMarketplaces: readonly string[], one: boolean): string[] {
    const ids = (params.get("marketplaceIds") ?? "").split(",").map((part) => part.trim()).filter(Boolean);
    if (ids.length === 0) throw invalidInput("Missing required 'marketplaceIds'.");
    if (one && ids.length > 1) throw invalidInput("Invalid 'marketplaceIds' provided.", "This parameter is limited to one marketplaceId at this time.");
    const foreign = ids.find((id) => !sellerMarketplaces.includes(id));
    if (foreign) throw invalidInput(`Invalid 'marketplaceIds' provided: ${foreign}.`);
    return ids;
  }

  function enumParameter(params: URLSearchParams, name: string, values: string[], fallback: string): string {
    const value = params.get(name) ?? fallback;
    if (!values.includes(value)) throw invalidInput(`Invalid '${name}' provided: ${value}.`);
    return value;
  }

  function localeParameter(params: URLSearchParams, marketplaceId: string): string {
    const locale = params.get("locale") ?? "DEFAULT";
    if (!/^(DEFAULT|[a-z]{2}(_[A-Z]{2})?)$/.test(locale)) throw invalidInput(`Invalid 'locale' provided: ${locale}.`);
    return locale === "DEFAULT" ? (marketplaceById.get(marketplaceId)?.languageTag ?? "en_US") : locale;
  }

  return {
    search(params, sellerMarketplaces) {
      const ids = marketplaceParameter(params, sellerMarketplaces, false);
      const keywords = (params.get("keywords") ?? "").split(",").map((word) => word.trim().toLowerCase()).filter(Boolean);
      const itemName = params.get("itemName");
      if (keywords.length && itemName !== null) throw invalidInput("'keywords' and 'itemName' cannot be used together.");
      for (const name of ["locale", "searchLocale"]) if (params.get(name) !== null && !/^[a-z]{2}(_[A-Z]{2})?$/.test(params.get(name)!)) throw invalidInput(`Invalid '${name}' provided.`);
      const all = [...new Set([REAL_PRODUCT_TYPE.productType, ...options.productTypes(), ...added])].sort();
      const words = (productType: string) => `${productType.toLowerCase().replace(/_/g, " ")} ${productType.toLowerCase()}`;
      let found = all;
      if (keywords.length) found = all.filter((productType) => keywords.some((word) => words(productType).includes(word.replace(/_/g, " ")) || words(productType).includes(word)));
      else if (itemName !== null) {
        // A recommendation from the title's words: product types whose name words appear in it (PRODUCT when none).
        const title = itemName.toLowerCase();
        found = all.filter((productType) => productType !== "PRODUCT" && productType.toLowerCase().split("_").every((word) => title.includes(word.replace(/s$/, ""))));
        if (found.length === 0) found = ["PRODUCT"];
      }
      const productTypes = found.map((name) => ({ name, displayName: displayNameOf(name), marketplaceIds: ids }));
      const catalogVersion = `U${createHash("md5").update(all.map((productType) => ids.map((id) => history(productType, id).at(-1)!.version).join()).join()).digest("base64url").slice(0, 10)}=`;
      return { productTypes, productTypeVersion: catalogVersion };
    },

    get(productType, params, sellerId, sellerMarketplaces) {
      const [marketplaceId] = marketplaceParameter(params, sellerMarketplaces, true) as [string];
      const requirements = enumParameter(params, "requirements", requirementsValues, "LISTING");
      const requirementsEnforced = enumParameter(params, "requirementsEnforced", enforcedValues, "ENFORCED");
      if (params.get("parentageLevel") !== null) enumParameter(params, "parentageLevel", parentageValues, "NONE");
      const locale = localeParameter(params, marketplaceId);
      const asked = params.get("sellerId");
      if (asked !== null && asked !== sellerId) throw new ApiError(403, "Unauthorized", "Access to requested resource is denied.", "The sellerId does not match the selling partner of the access token.");
      if (!known(productType) && !versions.has(key(productType, marketplaceId))) throw new ApiError(404, "NOT_FOUND", `Product type definition for '${productType}' not found in marketplace ${marketplaceId}.`);
      const all = history(productType, marketplaceId);
      const wanted = params.get("productTypeVersion") ?? "LATEST";
      // No release candidates here: RELEASE_CANDIDATE gets the latest live version, as the model says.
      const version = wanted === "LATEST" || wanted === "RELEASE_CANDIDATE" ? all.at(-1)! : all.find((candidate) => candidate.version === wanted);
      if (!version) throw invalidInput(`Invalid 'productTypeVersion' provided: ${wanted}.`);
      const { path, checksum } = document(productType, marketplaceId, version, requirementsEnforced === "ENFORCED");
      const schema = JSON.parse(version.bytes.toString("utf8")) as Json;
      const metaSchema = metaSchemaLink();
      return {
        ...(metaSchema ? { metaSchema } : {}),
        schema: { link: { resource: options.links.sign(options.baseUrl(), path, SCHEMA_LINK_LIFETIME_S), verb: "GET" }, checksum },
        requirements,
        requirementsEnforced,
        propertyGroups: propertyGroups(schema),
        locale,
        marketplaceIds: [marketplaceId],
        productType,
        displayName: displayNameOf(productType),
        productTypeVersion: { version: version.version, latest: version === all.at(-1), releaseCandidate: false },
      };
    },

    download(path, query) {
      if (!path.startsWith(SCHEMA_PATH_PREFIX)) return undefined;
      const refused = options.links.check(path, query);
      if (refused) return { ...refused, contentType: "application/xml" };
      const bytes = documents.get(path);
      if (!bytes) return { status: 404, contentType: "application/xml", body: "<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>" };
      return { status: 200, contentType: "application/json", body: bytes };
    },

    setProductTypeSchema(productType, schema, { marketplaceId } = {}) {
      if (!marketplaceId) added.add(productType);
      const stores = marketplaceId ? [marketplaceId] : marketplaces.map((marketplace) => marketplace.marketplaceId);
      let checksum = "";
      for (const store of stores) {
        const all = history(productType, store);
        const next = typeof schema === "function" ? schema(JSON.parse(all.at(-1)!.bytes.toString("utf8")) as Json) : schema;
        const bytes = serialize(next);
        all.push({ version: versionOf(bytes), bytes });
        checksum = checksumOf(bytes);
      }
      return checksum;
    },

    productTypeSchema(productType, marketplaceId) {
      const latest = history(productType, marketplaceId).at(-1)!;
      return { schema: JSON.parse(latest.bytes.toString("utf8")) as Json, checksum: checksumOf(latest.bytes), version: latest.version };
    },

    expireSchemaLinks(productType) {
      return options.links.expire((path) => path.startsWith(SCHEMA_PATH_PREFIX) && (!productType || path.startsWith(`${SCHEMA_PATH_PREFIX}schema/amzn1/${productType}/`)));
    },
  };
}

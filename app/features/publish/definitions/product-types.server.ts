// A listing's product type schema for a store (issue 34 item 1, docs/decisions/040): getDefinitionsProductType
// through the connection's client, its schema link followed with plain fetch (the link is not an SP-API path, and
// gets no access token), the document checked against Amazon's checksum and stored once per checksum. A definition
// answer is trusted for a day; a changed checksum brings the new schema, an expired link is asked for again.
import type { GetDefinitionsProductTypeLocaleEnum } from "@sp-api-sdk/product-type-definitions-api-2020-09-01";
import { z } from "zod";
import type { Db } from "#server/db/db.server.ts";
import { SpApiError, type SpApiClient } from "#app/features/amazon/client.server.ts";
import { sharedSchemaChecker, type SchemaChecker, type SchemaSummary } from "./schema-checker.server.ts";
import { InvalidProductTypeSchema, schemaChecksum, type SchemaProblem } from "./schema-validator.ts";

export interface ProductTypeDeps {
  db: Db;
  now?: () => number;
  fetchImpl?: typeof fetch;
  /** How long a definition answer is used before Amazon is asked again (a day). */
  trustMs?: number;
  /** The largest schema document accepted (BRACELET is 1.3 MB). */
  maxSchemaBytes?: number;
  downloadTimeoutMs?: number;
  /** Where schemas compile and check: the process's worker thread by default (docs/decisions/040). */
  schemaChecker?: SchemaChecker;
}

export interface LoadProductTypeInput {
  client: SpApiClient;
  marketplaceId: string;
  productType: string;
  /** The seller whose brands resolve in the schema: the connection's own by default. */
  sellerId?: string;
  /** Locale of the display labels; DEFAULT is the store's own language. */
  locale?: GetDefinitionsProductTypeLocaleEnum;
}

/** A product type's schema, compiled in the schema thread: checks are asynchronous and never hold the main thread. */
export type LoadedProductType = SchemaSummary & {
  /** Problems of these attributes (Amazon's `attributes` object); with `only`, of those attributes alone. */
  validate(attributes: Record<string, unknown>, only?: readonly string[]): Promise<SchemaProblem[]>;
  productType: string;
  marketplaceId: string;
  productTypeVersion: string;
  /** When Amazon's definition answer was received (ISO). */
  fetchedAt: string;
};

export const definitionTrustMs = 24 * 60 * 60_000;
export const maxSchemaBytes = 20 * 1024 * 1024;
const downloadTimeoutMs = 30_000;
/** Download failures are SpApiErrors of this pseudo-operation, so callers map every failure of Amazon's side in one place. */
export const schemaDownloadOperation = "downloadProductTypeSchema";

// The parts of ProductTypeDefinition (Definitions 2020-09-01) we read.
const definitionAnswer = z.object({
  productType: z.string().min(1),
  productTypeVersion: z.object({ version: z.string().min(1) }),
  schema: z.object({ checksum: z.string().min(1), link: z.object({ resource: z.string().url(), verb: z.literal("GET") }) }),
});

type DefinitionRow = { productTypeVersion: string; checksum: string; fetchedAt: string };

/** The product type's schema for the store, compiled: from the database while the definition is trusted, else asked of Amazon. */
export async function loadProductType(deps: ProductTypeDeps, input: LoadProductTypeInput): Promise<LoadedProductType> {
  const { db, now = Date.now, trustMs = definitionTrustMs, schemaChecker = sharedSchemaChecker() } = deps;
  const key = { connectionId: input.client.connection.id, marketplaceId: input.marketplaceId, productType: input.productType, locale: input.locale ?? "DEFAULT" };
  const stored = await db
    .selectFrom("product_type_definition")
    .select(["productTypeVersion", "checksum", "fetchedAt"])
    .where("connectionId", "=", key.connectionId)
    .where("marketplaceId", "=", key.marketplaceId)
    .where("productType", "=", key.productType)
    .where("locale", "=", key.locale)
    .executeTakeFirst();
  if (stored && now() - Date.parse(stored.fetchedAt) < trustMs) {
    const compiled = await compiledFromStore(db, schemaChecker, stored.checksum);
    if (compiled) return loaded(compiled, db, schemaChecker, input, stored);
  }
  try {
    return await refresh(deps, input, key);
  } catch (error) {
    // Amazon unreachable or failing: the last schema we had is still the best check there is.
    if (stored && error instanceof SpApiError && (error.status === 0 || error.status >= 500)) {
      const compiled = await compiledFromStore(db, schemaChecker, stored.checksum);
      if (compiled) return loaded(compiled, db, schemaChecker, input, stored);
    }
    throw error;
  }
}

async function refresh(deps: ProductTypeDeps, input: LoadProductTypeInput, key: { connectionId: string; marketplaceId: string; productType: string; locale: string }): Promise<LoadedProductType> {
  const { db, now = Date.now, schemaChecker = sharedSchemaChecker() } = deps;
  let definition = await askAmazon(input, key.locale);
  // The database is the record: a schema this server compiled but the database lacks is downloaded and stored.
  const known = await db.selectFrom("product_type_schema").select("checksum").where("checksum", "=", definition.schema.checksum).executeTakeFirst();
  let compiled = known ? await compiledFromStore(db, schemaChecker, definition.schema.checksum) : undefined;
  if (!compiled) {
    let body: Uint8Array;
    try {
      body = await download(deps, definition.schema.link.resource);
    } catch (error) {
      // Links expire (after 7 days): a fresh definition brings a fresh link, tried once.
      if (!(error instanceof SpApiError) || (error.status !== 403 && error.status !== 404 && error.status !== 410)) throw error;
      definition = await askAmazon(input, key.locale);
      body = await download(deps, definition.schema.link.resource);
    }
    const checksum = definition.schema.checksum;
    if (schemaChecksum(body) !== checksum) throw new SpApiError(502, "SchemaChecksumMismatch", schemaDownloadOperation, undefined, `the ${input.productType} schema does not match its checksum`);
    const text = new TextDecoder().decode(body);
    try {
      compiled = await schemaChecker.compile(checksum, text);
    } catch (error) {
      if (error instanceof InvalidProductTypeSchema) throw new SpApiError(502, "InvalidSchema", schemaDownloadOperation, undefined, `the ${input.productType} schema cannot be used: ${error.message}`);
      throw error;
    }
    await db
      .insertInto("product_type_schema")
      .values({ checksum, schema: text, bytes: body.byteLength, createdAt: new Date(now()).toISOString() })
      .onConflict((conflict) => conflict.column("checksum").doNothing())
      .execute();
  }
  const row: DefinitionRow = { productTypeVersion: definition.productTypeVersion.version, checksum: definition.schema.checksum, fetchedAt: new Date(now()).toISOString() };
  await db
    .insertInto("product_type_definition")
    .values({ ...key, ...row })
    .onConflict((conflict) => conflict.columns(["connectionId", "marketplaceId", "productType", "locale"]).doUpdateSet(row))
    .execute();
  // Schemas no definition names any more (a changed checksum, a removed connection) are not kept.
  await db
    .deleteFrom("product_type_schema")
    .where("checksum", "not in", db.selectFrom("product_type_definition").select("checksum"))
    .execute();
  return loaded(compiled, db, schemaChecker, input, row);
}

async function askAmazon(input: LoadProductTypeInput, locale: string) {
  const answer = await input.client.definitions.getDefinitionsProductType({
    productType: input.productType,
    marketplaceIds: [input.marketplaceId],
    sellerId: input.sellerId ?? input.client.connection.sellingPartnerId,
    requirements: "LISTING",
    requirementsEnforced: "ENFORCED",
    locale: locale as GetDefinitionsProductTypeLocaleEnum,
  });
  const parsed = definitionAnswer.safeParse(answer.data);
  if (!parsed.success) throw new SpApiError(answer.status, "InvalidAnswer", "getDefinitionsProductType", undefined, "the answer does not match Product Type Definitions' model");
  return parsed.data;
}

/** The schema document at Amazon's link: GET, no credentials, within a size and a time limit. */
async function download({ fetchImpl = fetch, maxSchemaBytes: limit = maxSchemaBytes, downloadTimeoutMs: timeout = downloadTimeoutMs }: ProductTypeDeps, resource: string): Promise<Uint8Array> {
  const url = new URL(resource);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new SpApiError(502, "InvalidAnswer", schemaDownloadOperation, undefined, "the schema link is not an http(s) URL");
  let answer: Response;
  try {
    answer = await fetchImpl(url, { signal: AbortSignal.timeout(timeout), redirect: "follow" });
  } catch (error) {
    throw new SpApiError(0, "NetworkError", schemaDownloadOperation, undefined, error instanceof Error ? error.message : String(error));
  }
  if (!answer.ok || !answer.body) {
    await answer.body?.cancel();
    throw new SpApiError(answer.status, answer.status === 403 || answer.status === 404 || answer.status === 410 ? "SchemaLinkExpired" : "SchemaDownloadFailed", schemaDownloadOperation, undefined, `HTTP ${answer.status}`);
  }
  const tooLarge = () => new SpApiError(502, "SchemaTooLarge", schemaDownloadOperation, undefined, `the schema is larger than ${limit} bytes`);
  if (Number(answer.headers.get("content-length") ?? 0) > limit) {
    await answer.body.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = answer.body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(read.value);
    }
  } catch (error) {
    if (error instanceof SpApiError) throw error;
    throw new SpApiError(0, "NetworkError", schemaDownloadOperation, undefined, error instanceof Error ? error.message : String(error));
  }
  return Buffer.concat(chunks, size);
}

const storedSchema = async (db: Db, checksum: string) => (await db.selectFrom("product_type_schema").select("schema").where("checksum", "=", checksum).executeTakeFirst())?.schema;

/** The compiled schema of a checksum: this server's copy, else compiled from the stored document. */
async function compiledFromStore(db: Db, checker: SchemaChecker, checksum: string): Promise<SchemaSummary | undefined> {
  const ready = checker.summary(checksum);
  if (ready) return ready;
  const text = await storedSchema(db, checksum);
  return text === undefined ? undefined : checker.compile(checksum, text);
}

const loaded = (compiled: SchemaSummary, db: Db, checker: SchemaChecker, input: LoadProductTypeInput, row: DefinitionRow): LoadedProductType => ({
  ...compiled,
  // The thread may have lost the schema (restarted, evicted): it is read from the database again then.
  validate: (attributes, only) => checker.validate(compiled.checksum, attributes, only, () => storedSchema(db, compiled.checksum)),
  productType: input.productType,
  marketplaceId: input.marketplaceId,
  productTypeVersion: row.productTypeVersion,
  fetchedAt: row.fetchedAt,
});

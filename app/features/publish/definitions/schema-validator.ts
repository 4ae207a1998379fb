// Amazon's product type schemas as a validator (issue 34, docs/decisions/040): JSON Schema 2019-09 through Ajv's 2019
// build, plus the keywords of Amazon's meta-schema (byte lengths, unique items per selector combination) and its
// annotations, so strict mode refuses any keyword neither knows. Pure: no I/O; compiled once per checksum.
import { createHash } from "node:crypto";
import { Ajv2019, type ErrorObject, type FuncKeywordDefinition, type ValidateFunction } from "ajv/dist/2019.js";
import addFormats from "ajv-formats";
import { amazonMetaSchema } from "./meta-schema.ts";

/** One reason the schema refuses an attribute, located by JSON pointer; `keyword` + `params` let the UI translate `message`. */
export interface SchemaProblem {
  /** The top-level attribute (item_name, bullet_point…) the problem belongs to. */
  attribute: string;
  /** JSON pointer into the attributes: where the value is wrong, or where a required one is missing. */
  pointer: string;
  keyword: string;
  params: Record<string, unknown>;
  /** English, Ajv's wording or ours for Amazon's keywords. */
  message: string;
}

export interface CompiledProductType {
  checksum: string;
  /** Problems of these attributes (Amazon's `attributes` object); with `only`, of those attributes alone. */
  validate(attributes: Record<string, unknown>, only?: readonly string[]): SchemaProblem[];
  /** The attribute this product type has for item highlights, if any (title_differentiation is the current name). */
  highlightsAttribute: "title_differentiation" | "item_highlights" | null;
  /** The schema's top-level attribute names. */
  properties: ReadonlySet<string>;
}

/** The schema is not one Ajv can compile against Amazon's meta-schema. */
export class InvalidProductTypeSchema extends Error {
  override name = "InvalidProductTypeSchema";
}

/** Amazon's checksum of a schema document: Base64 of the MD5 of its bytes (SchemaLink.checksum in the Definitions model). */
export function schemaChecksum(body: string | Uint8Array): string {
  return createHash("md5").update(body).digest("base64");
}

const utf8Bytes = (text: string) => Buffer.byteLength(text, "utf8");

function byteLengthKeyword(keyword: "maxUtf8ByteLength" | "minUtf8ByteLength"): FuncKeywordDefinition {
  const tooLong = keyword === "maxUtf8ByteLength";
  return {
    keyword,
    type: "string",
    schemaType: "number",
    errors: true,
    compile(limit: number) {
      const check = (data: string) => {
        const bytes = utf8Bytes(data);
        if (tooLong ? bytes <= limit : bytes >= limit) return true;
        check.errors = [{ keyword, params: { limit, bytes }, message: `must NOT have ${tooLong ? "more" : "fewer"} than ${limit} bytes in UTF-8` }];
        return false;
      };
      check.errors = [] as Partial<ErrorObject>[];
      return check;
    },
  };
}

/**
 * Amazon's unique-items keywords: items are grouped by the values of the schema's `selectors` (all properties when it
 * has none), and each group must hold at most maxUniqueItems / at least minUniqueItems items, as Amazon's own
 * samples count them (amzn/selling-partner-api-samples, MaxUniqueItemsKeyword). Items that are not objects are not counted.
 */
function uniqueItemsKeyword(keyword: "maxUniqueItems" | "minUniqueItems"): FuncKeywordDefinition {
  const most = keyword === "maxUniqueItems";
  return {
    keyword,
    type: "array",
    schemaType: "number",
    errors: true,
    compile(limit: number, parentSchema) {
      const selectors: string[] = Array.isArray(parentSchema.selectors) ? parentSchema.selectors.filter((name: unknown): name is string => typeof name === "string" && name !== "") : [];
      const check = (data: unknown[]) => {
        const groups = new Map<string, { count: number; selection: Record<string, unknown> }>();
        for (const item of data) {
          if (typeof item !== "object" || item === null || Array.isArray(item)) continue;
          const selection: Record<string, unknown> = {};
          for (const [name, value] of Object.entries(item)) if (selectors.length === 0 || selectors.includes(name)) selection[name] = value;
          const key = JSON.stringify(Object.keys(selection).sort().map((name) => [name, selection[name]]));
          const group = groups.get(key);
          if (group) group.count++;
          else groups.set(key, { count: 1, selection });
        }
        for (const { count, selection } of groups.values()) {
          if (most ? count <= limit : count >= limit) continue;
          check.errors = [{ keyword, params: { limit, count, selectors, selection }, message: `must NOT have ${most ? "more" : "fewer"} than ${limit} items for ${describeSelection(selection)}` }];
          return false;
        }
        return true;
      };
      check.errors = [] as Partial<ErrorObject>[];
      return check;
    },
  };
}

const describeSelection = (selection: Record<string, unknown>) =>
  Object.keys(selection).length === 0 ? "the same selectors" : Object.entries(selection).map(([name, value]) => `${name} ${typeof value === "string" ? value : JSON.stringify(value)}`).join(", ");

// Annotations of Amazon's vocabulary: registered so strict mode accepts them; they assert nothing.
const annotations = [
  { keyword: "editable", schemaType: "boolean" },
  { keyword: "hidden", schemaType: "boolean" },
  { keyword: "enumNames", schemaType: "array" },
  { keyword: "selectors", schemaType: "array" },
  { keyword: "$lifecycle", schemaType: "object" },
] as const;

function createAjv() {
  // strictTypes off: Amazon's schemas put `type` beside anyOf branches that restate it, which is valid JSON Schema.
  // The whole document is checked against the meta-schema once (validateSchema below), not each narrowed copy.
  const ajv = new Ajv2019({ allErrors: true, validateSchema: false, strict: true, strictTypes: false, strictTuples: false, strictRequired: false, allowUnionTypes: true, logger: false });
  addFormats(ajv);
  for (const definition of annotations) ajv.addKeyword({ ...definition });
  ajv.addKeyword(byteLengthKeyword("maxUtf8ByteLength"));
  ajv.addKeyword(byteLengthKeyword("minUtf8ByteLength"));
  ajv.addKeyword(uniqueItemsKeyword("maxUniqueItems"));
  ajv.addKeyword(uniqueItemsKeyword("minUniqueItems"));
  // Amazon's meta-schema names itself as its $schema: it is added as is, unchecked, like Ajv's own.
  ajv.addMetaSchema(amazonMetaSchema, undefined, false);
  return ajv;
}

const escapePointer = (name: string) => name.replace(/~/g, "~0").replace(/\//g, "~1");
const unescapePointer = (token: string) => token.replace(/~1/g, "/").replace(/~0/g, "~");

/** Ajv's errors as problems per attribute: wrappers (`if`) dropped, `anyOf`/`oneOf` kept only where nothing more precise was said. */
export function problemsFromErrors(errors: readonly ErrorObject[]): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (error.keyword === "if") continue;
    const params = { ...(error.params as Record<string, unknown>) };
    // A missing or unwanted property is located where it would be, so the problem lands on its field.
    const named = error.keyword === "required" || error.keyword === "dependentRequired" ? params.missingProperty : error.keyword === "additionalProperties" ? params.additionalProperty : undefined;
    const pointer = typeof named === "string" ? `${error.instancePath}/${escapePointer(named)}` : error.instancePath;
    const [, first] = pointer.split("/");
    if (first === undefined) continue; // about the whole object, not one attribute: nothing a field can show
    const message = error.message ?? error.keyword;
    const key = `${pointer}\u0000${error.keyword}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ attribute: unescapePointer(first), pointer, keyword: error.keyword, params, message });
  }
  return problems.filter((problem) => (problem.keyword !== "anyOf" && problem.keyword !== "oneOf") || !problems.some((other) => other !== problem && other.keyword !== "anyOf" && other.keyword !== "oneOf" && (other.pointer === problem.pointer || other.pointer.startsWith(`${problem.pointer}/`))));
}

/** Compiled schemas by checksum: a checksum names one schema document, so a compiled one is reused as is. */
const compiled = new Map<string, CompiledProductType>();
export const compiledCacheSize = 20;
/** Attribute sets compiled per schema (publishing sends one; a few more are kept for other callers). */
const variantsPerSchema = 8;

/** The copy attributes publishing sends (docs/decisions/040): their validator is compiled with the schema. */
export const copyAttributes = ["item_name", "bullet_point", "product_description", "generic_keyword", "title_differentiation", "item_highlights"] as const;

type SchemaObject = Record<string, unknown>;

/** Whether a subschema says anything about one of these attributes (as a property or a required name). */
function mentions(node: unknown, names: ReadonlySet<string>): boolean {
  if (Array.isArray(node)) return node.some((entry) => mentions(entry, names));
  if (typeof node !== "object" || node === null) return false;
  for (const [key, value] of Object.entries(node)) {
    if (key === "properties" && typeof value === "object" && value !== null && Object.keys(value).some((name) => names.has(name))) return true;
    if (key === "required" && Array.isArray(value) && value.some((name) => typeof name === "string" && names.has(name))) return true;
    if (mentions(value, names)) return true;
  }
  return false;
}

/**
 * The schema as it bears on these attributes: the others' subschemas become `true` (still allowed where
 * additionalProperties is false), root `required` keeps these, and of the root's allOf only the conditions that
 * mention one of them stay. Their problems are the same as the whole schema's; a fifth of BRACELET compiles in a
 * fraction of the time, and the 170 conditions no longer run on every check (docs/decisions/040).
 */
function narrowSchema(schema: SchemaObject, names: ReadonlySet<string>): SchemaObject {
  const narrowed = withoutId(schema);
  if (typeof schema.properties === "object" && schema.properties !== null) narrowed.properties = Object.fromEntries(Object.entries(schema.properties).map(([name, sub]) => [name, names.has(name) ? sub : true]));
  if (Array.isArray(schema.required)) narrowed.required = schema.required.filter((name) => typeof name === "string" && names.has(name));
  if (Array.isArray(schema.allOf)) {
    const conditions = schema.allOf.filter((entry) => mentions(entry, names));
    if (conditions.length > 0) narrowed.allOf = conditions;
    else delete narrowed.allOf;
  }
  return narrowed;
}

// Variants share one Ajv: without their $id they do not clash.
const withoutId = ({ $id: _, ...rest }: SchemaObject): SchemaObject => rest;

/** The compiled schema of a checksum if this server has it (no compiling). */
export function compiledProductType(checksum: string): CompiledProductType | undefined {
  return compiled.get(checksum);
}

/**
 * The schema compiled once per checksum (the newest 20 kept), checked against Amazon's meta-schema. `validate(attributes,
 * only)`: `only` names the attributes we send; a problem is reported only when it belongs to one of them (a root
 * `required` of an attribute we do not send is the listing's, not ours to fix: docs/decisions/040). Each attribute set
 * is compiled once (the copy attributes at once, so a schema we cannot use fails here).
 */
export function compileProductType(checksum: string, schema: unknown): CompiledProductType {
  const cached = compiled.get(checksum);
  if (cached) {
    compiled.delete(checksum);
    compiled.set(checksum, cached);
    return cached;
  }
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) throw new InvalidProductTypeSchema("a product type schema is a JSON object");
  const document = schema as SchemaObject;
  const ajv = createAjv();
  if (!ajv.validateSchema(document)) throw new InvalidProductTypeSchema(`not a product type schema: ${ajv.errorsText(ajv.errors)}`);
  const variants = new Map<string, ValidateFunction>();
  const variant = (only: readonly string[] | undefined) => {
    const names = only ? [...new Set(only)].sort() : undefined;
    const key = names ? names.join(",") : "*";
    const ready = variants.get(key);
    if (ready) return ready;
    let run: ValidateFunction;
    try {
      run = ajv.compile(names ? narrowSchema(document, new Set(names)) : withoutId(document));
    } catch (error) {
      throw new InvalidProductTypeSchema(error instanceof Error ? error.message : String(error), { cause: error });
    }
    variants.set(key, run);
    if (variants.size > variantsPerSchema) variants.delete(variants.keys().next().value!);
    return run;
  };
  const declared = document.properties;
  const properties: ReadonlySet<string> = new Set(typeof declared === "object" && declared !== null ? Object.keys(declared) : []);
  const sentByPublishing = copyAttributes.filter((name) => properties.has(name));
  variant(sentByPublishing);
  const product: CompiledProductType = {
    checksum,
    properties,
    highlightsAttribute: properties.has("title_differentiation") ? "title_differentiation" : properties.has("item_highlights") ? "item_highlights" : null,
    validate(attributes, only) {
      const run = variant(only);
      if (run(attributes)) return [];
      const problems = problemsFromErrors(run.errors ?? []);
      if (!only) return problems;
      const sent = new Set(only);
      return problems.filter((problem) => sent.has(problem.attribute));
    },
  };
  compiled.set(checksum, product);
  if (compiled.size > compiledCacheSize) compiled.delete(compiled.keys().next().value!);
  return product;
}

// The SP-API stand-in's patchListingsItem (Listings Items 2021-08-01), with and without mode=VALIDATION_PREVIEW, and
// the asynchronous behaviours sellers report (issue 34): ACCEPTED is not live; the change shows in getListingsItem
// only after a delay (PATCH_APPLY_DELAY_MS of the clock, or PATCH_APPLY_READS reads of the SKU), or never, or an
// ERROR issue appears instead; a 200 can be INVALID; a preview VALID can be followed by a real INVALID (90220).
// The feed (sp-api-stub-feeds.ts) applies each message through the same submit().
import { randomUUID } from "node:crypto";
import { ApiError, invalidInput, isoSeconds, type Json } from "./sp-api-stub-common.ts";
import type { StubListing } from "./sp-api-stub.ts";

/** An accepted change becomes visible after this much clock time… */
export const PATCH_APPLY_DELAY_MS = 2000;
/** …or after this many reads of the SKU (getListingsItem), whichever comes first. */
export const PATCH_APPLY_READS = 2;

export type PatchBehaviour = "normal" | "issue-later" | "no-change" | "invalid" | "preview-valid-submit-refused";
export type StubIssue = NonNullable<StubListing["issues"]>[number];
export interface PatchOperation {
  op: "add" | "replace" | "merge" | "delete";
  path: string;
  value?: Json[];
}
export interface Submission {
  sku: string;
  status: "ACCEPTED" | "INVALID" | "VALID";
  submissionId: string;
  issues: (StubIssue & { categories: string[] })[];
}

/** The attributes the stand-in keeps in StubListing's own fields; every other one lives in extraAttributes. */
const coreAttributes = new Set(["item_name", "brand", "bullet_point", "product_description", "generic_keyword", "item_highlights"]);
const ops = new Set(["add", "replace", "merge", "delete"]);
const utf8Bytes = (text: string) => Buffer.byteLength(text, "utf8");

interface Pending {
  sellerId: string;
  sku: string;
  marketplaceId: string;
  productType: string;
  patches: PatchOperation[];
  behaviour: PatchBehaviour;
  laterIssues: StubIssue[] | undefined;
  submittedAt: number;
  reads: number;
}

export interface StubPatching {
  /** Validates a PATCH body (400 InvalidInput as Amazon's, for a malformed one) into its product type and operations. */
  parse(body: unknown): { productType: string; patches: PatchOperation[] };
  /** A submission: preview (nothing changes) or real (ACCEPTED changes wait, INVALID ones do not). */
  submit(sellerId: string, listing: StubListing, request: { productType: string; patches: PatchOperation[] }, preview: boolean): Submission;
  /** A read of the SKU (getListingsItem): counts towards PATCH_APPLY_READS and settles what is due. */
  read(sellerId: string, sku: string, marketplaceId: string): void;
  /** Settles every accepted change that is due by the clock. */
  settle(): void;
  setBehaviour(sellerId: string, sku: string, behaviour: PatchBehaviour, options?: { issues?: StubIssue[] }): void;
  /** Accepted changes not yet applied (or never to be). */
  pending(sellerId?: string): { sku: string; submissionId: string; behaviour: PatchBehaviour; submittedAt: number }[];
}

export function createPatching(options: {
  now: () => number;
  listingOf: (sellerId: string, sku: string, marketplaceId: string) => StubListing | undefined;
  attributesOf: (listing: StubListing) => Json;
  schemaOf: (productType: string, marketplaceId: string) => Json | undefined;
}): StubPatching {
  const behaviours = new Map<string, { behaviour: PatchBehaviour; issues?: StubIssue[] }>();
  const queue: (Pending & { submissionId: string })[] = [];
  const key = (sellerId: string, sku: string) => `${sellerId}\u0000${sku}`;

  const titleOf = (schema: Json | undefined, name: string) => String(((schema?.properties as Json | undefined)?.[name] as Json | undefined)?.title ?? name);

  /** The checks Amazon makes on the structure of the patched attributes, against the product type's schema. */
  function checks(listing: StubListing, patches: PatchOperation[]): StubIssue[] {
    const schema = options.schemaOf(listing.productType, listing.marketplaceId);
    const properties = (schema?.properties as Record<string, Json> | undefined) ?? {};
    const required = (schema?.required as string[] | undefined) ?? [];
    const issues: StubIssue[] = [];
    for (const patch of patches) {
      const name = patch.path.slice("/attributes/".length);
      const property = properties[name];
      if (schema && !property) {
        issues.push({ code: "4000001", message: `The provided value for '${name}' is invalid.`, severity: "ERROR", attributeNames: [name], categories: [] });
        continue;
      }
      if (patch.op === "delete") {
        if (required.includes(name) && !patch.value?.length) issues.push({ code: "90220", message: `'${name}' is required but not supplied.`, severity: "ERROR", attributeNames: [name], categories: ["MISSING_ATTRIBUTE"] });
        continue;
      }
      const values = patch.value ?? [];
      const title = titleOf(schema, name);
      if (values.length === 0 || values.some((entry) => entry.value === undefined || entry.value === null || entry.value === "")) {
        issues.push({ code: "99022", message: `The field 'value' for the attribute '${title}' does not have enough values. The required minimum is '1' value(s).`, severity: "ERROR", attributeNames: [name], categories: ["INVALID_ATTRIBUTE"] });
        continue;
      }
      const maxUnique = typeof property?.maxUniqueItems === "number" ? property.maxUniqueItems : undefined;
      if (maxUnique !== undefined) {
        const counts = new Map<string, number>();
        for (const entry of values) counts.set(`${String(entry.marketplace_id)}|${String(entry.language_tag)}`, (counts.get(`${String(entry.marketplace_id)}|${String(entry.language_tag)}`) ?? 0) + 1);
        const most = Math.max(...counts.values());
        if (most > maxUnique) issues.push({ code: "99016", message: `A maximum of ${maxUnique} occurrence(s) is/are allowed for the attribute ${name} but it currently occurs ${most} times.`, severity: "ERROR", attributeNames: [name], categories: ["INVALID_ATTRIBUTE"] });
      }
      const valueSchema = (((property?.items as Json | undefined)?.properties as Json | undefined)?.value as Json | undefined) ?? {};
      const maxBytes = typeof valueSchema.maxUtf8ByteLength === "number" ? valueSchema.maxUtf8ByteLength : undefined;
      const maxLength = typeof valueSchema.maxLength === "number" ? valueSchema.maxLength : undefined;
      for (const entry of values) {
        if (typeof entry.value !== "string") continue;
        if (maxBytes !== undefined && utf8Bytes(entry.value) > maxBytes) {
          issues.push({ code: "99022", message: `The value for the attribute '${title}' is ${utf8Bytes(entry.value)} bytes long. The maximum allowed is '${maxBytes}' bytes.`, severity: "ERROR", attributeNames: [name], categories: ["INVALID_ATTRIBUTE"] });
          break;
        }
        if (maxLength !== undefined && [...entry.value].length > maxLength) {
          issues.push({ code: "99022", message: `The value for the attribute '${title}' is ${[...entry.value].length} characters long. The maximum allowed is '${maxLength}' characters.`, severity: "ERROR", attributeNames: [name], categories: ["INVALID_ATTRIBUTE"] });
          break;
        }
      }
      if (values.some((entry) => entry.marketplace_id !== undefined && entry.marketplace_id !== listing.marketplaceId)) {
        issues.push({ code: "4000001", message: `The provided value for '${title}' is invalid.`, severity: "ERROR", attributeNames: [name], categories: ["INVALID_ATTRIBUTE"] });
      }
    }
    return issues;
  }

  /** RFC 6902 on top-level attributes, as the Listings Items API applies it (merge and delete by marketplace and language). */
  function applyPatches(listing: StubListing, patches: PatchOperation[]): void {
    const attributes = options.attributesOf(listing) as Record<string, Json[]>;
    const selector = (entry: Json) => `${String(entry.marketplace_id ?? "")}|${String(entry.language_tag ?? "")}`;
    for (const patch of patches) {
      const name = patch.path.slice("/attributes/".length);
      if (patch.op === "add" || patch.op === "replace") attributes[name] = structuredClone(patch.value ?? []);
      else if (patch.op === "merge") {
        const incoming = new Set((patch.value ?? []).map(selector));
        attributes[name] = [...(attributes[name] ?? []).filter((entry) => !incoming.has(selector(entry))), ...structuredClone(patch.value ?? [])];
      } else if (patch.value?.length) {
        const gone = new Set(patch.value.map(selector));
        attributes[name] = (attributes[name] ?? []).filter((entry) => !gone.has(selector(entry)));
        if (attributes[name].length === 0) delete attributes[name];
      } else delete attributes[name];
    }
    // Back into the listing's fields: the store's own language (other languages of a core attribute are not kept).
    const texts = (name: string) => (attributes[name] ?? []).filter((entry) => entry.language_tag === undefined || entry.language_tag === listing.languageTag).map((entry) => String(entry.value));
    listing.title = texts("item_name")[0] ?? listing.title;
    listing.bullets = texts("bullet_point");
    const set = (field: "description" | "keywords" | "brand", name: string) => {
      const [first] = texts(name);
      if (first === undefined) delete listing[field];
      else listing[field] = first;
    };
    set("description", "product_description");
    set("keywords", "generic_keyword");
    set("brand", "brand");
    const highlights = texts("item_highlights");
    if (highlights.length) listing.highlights = highlights;
    else delete listing.highlights;
    const extra = Object.fromEntries(Object.entries(attributes).filter(([name]) => !coreAttributes.has(name)));
    if (Object.keys(extra).length) listing.extraAttributes = extra;
    else delete listing.extraAttributes;
  }

  function due(entry: Pending): boolean {
    return entry.reads >= PATCH_APPLY_READS || options.now() - entry.submittedAt >= PATCH_APPLY_DELAY_MS;
  }

  function settleWhere(which: (entry: Pending) => boolean): void {
    for (let i = 0; i < queue.length; ) {
      const entry = queue[i]!;
      if (entry.behaviour === "no-change" || !which(entry) || !due(entry)) {
        i++;
        continue;
      }
      queue.splice(i, 1);
      const listing = options.listingOf(entry.sellerId, entry.sku, entry.marketplaceId);
      if (!listing) continue;
      if (entry.behaviour === "issue-later") {
        const title = listing.title;
        const issues = entry.laterIssues ?? [
          {
            code: "8541",
            message: `The SKU data provided is different from what's already in the Amazon catalog. The asin data provided matches ASIN ${listing.asin}, but the following data is different from what's already in the Amazon catalog: item_name (Merchant: '${String((entry.patches.find((patch) => patch.path === "/attributes/item_name")?.value?.[0] as Json | undefined)?.value ?? title)}' / Amazon: '${title}'). If this is the right ASIN for your product, update your data to match what's in the Amazon catalog. If it's not the right ASIN, make sure that your data for asin is correct.`,
            severity: "ERROR",
            attributeNames: ["item_name"],
            categories: ["INVALID_ATTRIBUTE"],
          },
        ];
        listing.issues = [...(listing.issues ?? []), ...issues];
        continue;
      }
      applyPatches(listing, entry.patches);
      listing.lastUpdatedDate = isoSeconds(options.now());
    }
  }

  return {
    parse(body) {
      if (body === null || typeof body !== "object" || Array.isArray(body)) throw invalidInput("The request body is invalid.");
      const { productType, patches } = body as { productType?: unknown; patches?: unknown };
      if (typeof productType !== "string" || !productType) throw invalidInput("Missing required 'productType'.");
      if (!Array.isArray(patches) || patches.length === 0) throw invalidInput("'patches' must contain at least one patch operation.");
      return {
        productType,
        patches: patches.map((patch: unknown, index) => {
          const { op, path, value } = (patch ?? {}) as { op?: unknown; path?: unknown; value?: unknown };
          if (typeof op !== "string" || !ops.has(op)) throw invalidInput(`Invalid op provided in patch at index of ${index}.`);
          // Only top-level attributes can be patched (the model's description).
          if (typeof path !== "string" || !/^\/attributes\/[A-Za-z0-9_]+$/.test(path)) throw invalidInput(`Invalid path provided in patch at index of ${index}.`);
          if (value !== undefined && (!Array.isArray(value) || !value.every((entry) => entry !== null && typeof entry === "object" && !Array.isArray(entry)))) throw invalidInput(`Invalid value provided in patch at index of ${index}.`);
          if (op !== "delete" && value === undefined) throw invalidInput(`Invalid value provided in patch at index of ${index}.`);
          return { op: op as PatchOperation["op"], path, ...(value !== undefined ? { value: value as Json[] } : {}) };
        }),
      };
    },

    submit(sellerId, listing, request, preview) {
      if (request.productType !== listing.productType) throw invalidInput(`Invalid 'productType' provided: ${request.productType}.`, `The listings item is of product type ${listing.productType}.`);
      const configured = behaviours.get(key(sellerId, listing.sku)) ?? { behaviour: "normal" as const };
      const submissionId = randomUUID().replace(/-/g, "");
      let issues = checks(listing, request.patches);
      if (configured.behaviour === "invalid" && !issues.some((issue) => issue.severity === "ERROR")) {
        const name = request.patches[0]!.path.slice("/attributes/".length);
        issues = configured.issues ?? [{ code: "4000001", message: `The provided value for '${titleOf(options.schemaOf(listing.productType, listing.marketplaceId), name)}' is invalid.`, severity: "ERROR", attributeNames: [name], categories: ["INVALID_ATTRIBUTE"] }];
      }
      if (configured.behaviour === "preview-valid-submit-refused" && !preview && !issues.some((issue) => issue.severity === "ERROR")) {
        const schema = options.schemaOf(listing.productType, listing.marketplaceId);
        const sent = new Set(request.patches.map((patch) => patch.path.slice("/attributes/".length)));
        const missing = ((schema?.required as string[] | undefined) ?? []).find((name) => !sent.has(name) && name !== "item_name") ?? "item_type_keyword";
        issues = configured.issues ?? [{ code: "90220", message: `'${missing}' is required but not supplied.`, severity: "ERROR", attributeNames: [missing], categories: ["MISSING_ATTRIBUTE"] }];
      }
      const shaped = issues.map((issue) => ({ ...issue, categories: issue.categories ?? [] }));
      const invalid = shaped.some((issue) => issue.severity === "ERROR");
      if (preview || invalid) return { sku: listing.sku, status: invalid ? "INVALID" : "VALID", submissionId, issues: shaped };
      queue.push({ sellerId, sku: listing.sku, marketplaceId: listing.marketplaceId, productType: request.productType, patches: request.patches, behaviour: configured.behaviour, laterIssues: configured.behaviour === "issue-later" ? configured.issues : undefined, submittedAt: options.now(), reads: 0, submissionId });
      return { sku: listing.sku, status: "ACCEPTED", submissionId, issues: shaped };
    },

    read(sellerId, sku, marketplaceId) {
      for (const entry of queue) if (entry.sellerId === sellerId && entry.sku === sku && entry.marketplaceId === marketplaceId) entry.reads++;
      settleWhere(() => true);
    },

    settle() {
      settleWhere(() => true);
    },

    setBehaviour(sellerId, sku, behaviour, behaviourOptions) {
      if (behaviour === "normal" && !behaviourOptions?.issues) behaviours.delete(key(sellerId, sku));
      else behaviours.set(key(sellerId, sku), { behaviour, ...(behaviourOptions?.issues ? { issues: behaviourOptions.issues } : {}) });
    },

    pending(sellerId) {
      return queue.filter((entry) => !sellerId || entry.sellerId === sellerId).map(({ sku, submissionId, behaviour, submittedAt }) => ({ sku, submissionId, behaviour, submittedAt }));
    },
  };
}

/** ApiError for a SKU the seller does not have: the PATCH documents no 404, so a 400 (not confirmed against Amazon). */
export const unknownSku = (sku: string, marketplaceId: string) => new ApiError(400, "InvalidInput", `SKU '${sku}' not found in marketplace ${marketplaceId}.`);

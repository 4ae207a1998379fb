// Writes one page of imported items into the workspace's listings (issue 33 item 3): one listing per
// (seller, store, SKU), found by the unique link or created; the live copy becomes an 'imported' version
// only when it differs from the copy last imported; the same ASIN in another store of the workspace is a
// sibling. Runs inside the transaction that moves the run's cursor, so a page is written once.
import { createListing, saveListingVersion } from "#app/features/listings/listings.server.ts";
import { listingCopySchema, type ListingFacts } from "#app/features/listings/types.ts";
import { ruleSetFor, type Marketplace } from "#app/features/marketplaces/registry.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { sameCopy, type ImportedItem } from "./map-item.ts";

export interface WriteCounts {
  created: number;
  updated: number;
  unchanged: number;
  flagged: number;
}

function factsOf(item: ImportedItem): ListingFacts {
  return { brand: item.brand.slice(0, 100), productName: item.copy.title.slice(0, 200), productType: (item.productType ?? "").slice(0, 100), keyFeatures: "", targetAudience: "", wordsToAvoid: "", tone: "Professional" };
}

export async function writeImportedItems({ db, workspaceId, userId, sellerId, store, items, now }: { db: Db; workspaceId: string; userId: string; sellerId: string; store: Marketplace; items: readonly ImportedItem[]; now: Date }): Promise<WriteCounts> {
  const counts: WriteCounts = { created: 0, updated: 0, unchanged: 0, flagged: 0 };
  if (items.length === 0) return counts;
  const at = now.toISOString();
  const { ruleSetId } = await getListingSettings({ db, workspaceId });
  const existing = await db
    .selectFrom("listing")
    .select(["id", "amazonSku", "importedVersion", "familyId"])
    .where("workspaceId", "=", workspaceId)
    .where("amazonSellerId", "=", sellerId)
    .where("marketplace", "=", store.id)
    .where("amazonSku", "in", items.map((item) => item.sku))
    .execute();
  const bySku = new Map(existing.map((row) => [row.amazonSku, row]));
  for (const item of items) {
    if (item.flags.length > 0) counts.flagged++;
    let found = bySku.get(item.sku);
    let changed = true;
    if (!found) {
      const sibling = item.asin ? await db.selectFrom("listing").select(["id", "familyId"]).where("workspaceId", "=", workspaceId).where("amazonAsin", "=", item.asin).where("marketplace", "<>", store.id).orderBy("createdAt").limit(1).executeTakeFirst() : undefined;
      const familyId = sibling ? (sibling.familyId ?? sibling.id) : null;
      if (sibling && !sibling.familyId) await db.updateTable("listing").set({ familyId }).where("id", "=", sibling.id).execute();
      const made = await createListing({ db, workspaceId, userId, marketplace: store.id, ruleSetId: ruleSetFor(store, ruleSetId), facts: factsOf(item), familyId, languageTag: item.languageTag, now });
      found = { id: made.id, amazonSku: item.sku, importedVersion: null, familyId };
      counts.created++;
    } else if (found.importedVersion !== null) {
      const last = await db.selectFrom("listing_version").select("copy").where("listingId", "=", found.id).where("version", "=", found.importedVersion).executeTakeFirst();
      const lastCopy = last ? listingCopySchema.safeParse(JSON.parse(last.copy)) : undefined;
      changed = !lastCopy?.success || !sameCopy(lastCopy.data, item.copy);
      if (changed) counts.updated++;
      else counts.unchanged++;
    } else counts.updated++;
    let importedVersion = found.importedVersion;
    if (changed) {
      const saved = await saveListingVersion({ db, workspaceId, listingId: found.id, userId, copy: item.copy, facts: found.importedVersion === null ? factsOf(item) : undefined, source: "imported", now });
      importedVersion = saved?.version.version ?? importedVersion;
    }
    await db
      .updateTable("listing")
      .set({ amazonSellerId: sellerId, amazonSku: item.sku, amazonAsin: item.asin, amazonProductType: item.productType, importedVersion, importedAt: at, amazonIssues: JSON.stringify(item.issues), importFlags: JSON.stringify(item.flags) })
      .where("id", "=", found.id)
      .execute();
  }
  return counts;
}

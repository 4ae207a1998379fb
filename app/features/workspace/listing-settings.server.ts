// A workspace's listing settings: the rule set new listings use (an owner may switch to the January
// 2025 titles) and the other brands (competitors) that never belong in search terms.
import { z } from "zod";
import { getMarketplace, marketplaces } from "#app/features/marketplaces/registry.ts";
import { defaultRuleSetId, getRuleSet } from "#app/features/rules/registry.ts";
import { maxBrandLength, maxOtherBrands } from "./listing-rules-schema.ts";
import type { Db } from "#server/db/db.server.ts";

export const otherBrandsSchema = z.array(z.string().trim().min(1).max(maxBrandLength)).max(maxOtherBrands);

export interface ListingSettings {
  ruleSetId: string;
  otherBrands: string[];
  /** The workspace's stores (marketplace ids), at least one; the first is the default. */
  marketplaces: string[];
}

/** The known stores of a stored list, in its order; amazon.com when none is left. */
function readMarketplaces(json: string | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(json ?? "[]");
    const ids = Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string" && getMarketplace(id) !== undefined) : [];
    return ids.length > 0 ? [...new Set(ids)] : [marketplaces[0]!.id];
  } catch {
    return [marketplaces[0]!.id];
  }
}

export async function getListingSettings({ db, workspaceId }: { db: Db; workspaceId: string }): Promise<ListingSettings> {
  const row = await db.selectFrom("workspace").select(["ruleSetId", "otherBrands", "marketplaces"]).where("id", "=", workspaceId).executeTakeFirst();
  let otherBrands: string[] = [];
  try {
    const parsed = otherBrandsSchema.safeParse(JSON.parse(row?.otherBrands ?? "[]"));
    if (parsed.success) otherBrands = parsed.data;
  } catch {
    // A hand-edited row: treated as no list.
  }
  const ruleSetId = row?.ruleSetId && getRuleSet(row.ruleSetId) ? row.ruleSetId : defaultRuleSetId;
  return { ruleSetId, otherBrands, marketplaces: readMarketplaces(row?.marketplaces) };
}

export async function setListingSettings({
  db,
  workspaceId,
  ruleSetId,
  otherBrands,
  marketplaces: stores,
}: {
  db: Db;
  workspaceId: string;
  ruleSetId?: string;
  otherBrands?: readonly string[];
  marketplaces?: readonly string[];
}): Promise<void> {
  const changes: { ruleSetId?: string | null; otherBrands?: string; marketplaces?: string } = {};
  if (stores !== undefined) {
    if (stores.length === 0 || stores.some((id) => !getMarketplace(id))) throw new Error("marketplaces must be known and at least one");
    changes.marketplaces = JSON.stringify([...new Set(stores)]);
  }
  if (ruleSetId !== undefined) {
    if (!getRuleSet(ruleSetId)) throw new Error(`unknown rule set ${ruleSetId}`);
    changes.ruleSetId = ruleSetId === defaultRuleSetId ? null : ruleSetId;
  }
  if (otherBrands !== undefined) changes.otherBrands = JSON.stringify(otherBrandsSchema.parse(otherBrands));
  if (Object.keys(changes).length === 0) return;
  await db.updateTable("workspace").set(changes).where("id", "=", workspaceId).execute();
}

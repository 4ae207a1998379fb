// A workspace's listing settings: the rule set new listings use (an owner may switch to the January
// 2025 titles) and the other brands (competitors) that never belong in search terms.
import { z } from "zod";
import { defaultRuleSetId, getRuleSet } from "#app/features/rules/registry.ts";
import { maxBrandLength, maxOtherBrands } from "./listing-rules-schema.ts";
import type { Db } from "#server/db/db.server.ts";

export const otherBrandsSchema = z.array(z.string().trim().min(1).max(maxBrandLength)).max(maxOtherBrands);

export interface ListingSettings {
  ruleSetId: string;
  otherBrands: string[];
}

export async function getListingSettings({ db, workspaceId }: { db: Db; workspaceId: string }): Promise<ListingSettings> {
  const row = await db.selectFrom("workspace").select(["ruleSetId", "otherBrands"]).where("id", "=", workspaceId).executeTakeFirst();
  let otherBrands: string[] = [];
  try {
    const parsed = otherBrandsSchema.safeParse(JSON.parse(row?.otherBrands ?? "[]"));
    if (parsed.success) otherBrands = parsed.data;
  } catch {
    // A hand-edited row: treated as no list.
  }
  const ruleSetId = row?.ruleSetId && getRuleSet(row.ruleSetId) ? row.ruleSetId : defaultRuleSetId;
  return { ruleSetId, otherBrands };
}

export async function setListingSettings({ db, workspaceId, ruleSetId, otherBrands }: { db: Db; workspaceId: string; ruleSetId?: string; otherBrands?: readonly string[] }): Promise<void> {
  const changes: { ruleSetId?: string | null; otherBrands?: string } = {};
  if (ruleSetId !== undefined) {
    if (!getRuleSet(ruleSetId)) throw new Error(`unknown rule set ${ruleSetId}`);
    changes.ruleSetId = ruleSetId === defaultRuleSetId ? null : ruleSetId;
  }
  if (otherBrands !== undefined) changes.otherBrands = JSON.stringify(otherBrandsSchema.parse(otherBrands));
  if (Object.keys(changes).length === 0) return;
  await db.updateTable("workspace").set(changes).where("id", "=", workspaceId).execute();
}

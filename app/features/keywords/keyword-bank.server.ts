// A listing's keyword bank, scoped to the workspace like the listing itself.
import type { Db } from "#server/db/db.server.ts";
import { phraseKey, type Keyword } from "./import.ts";
import { keywordListSchema } from "./schemas.ts";

export function readKeywordBank(json: string | null | undefined): Keyword[] {
  try {
    const parsed = keywordListSchema.safeParse(JSON.parse(json ?? "[]"));
    return parsed.success ? parsed.data.map(({ phrase, volume }) => ({ phrase, volume: volume ?? null })) : [];
  } catch {
    return [];
  }
}

export async function getKeywordBank({ db, workspaceId, listingId }: { db: Db; workspaceId: string; listingId: string }): Promise<Keyword[] | undefined> {
  const row = await db.selectFrom("listing").select("keywords").where("id", "=", listingId).where("workspaceId", "=", workspaceId).executeTakeFirst();
  return row ? readKeywordBank(row.keywords) : undefined;
}

/** Replaces the bank (duplicates merged keeping the higher volume); false when the listing is not the workspace's. */
export async function setKeywordBank({ db, workspaceId, listingId, keywords }: { db: Db; workspaceId: string; listingId: string; keywords: readonly Keyword[] }): Promise<Keyword[] | undefined> {
  const byKey = new Map<string, Keyword>();
  for (const keyword of keywords) {
    const seen = byKey.get(phraseKey(keyword.phrase));
    if (!seen) byKey.set(phraseKey(keyword.phrase), { phrase: keyword.phrase.replace(/\s+/g, " ").trim(), volume: keyword.volume });
    else if (keyword.volume !== null && (seen.volume === null || keyword.volume > seen.volume)) seen.volume = keyword.volume;
  }
  const merged = [...byKey.values()];
  const { numUpdatedRows } = await db.updateTable("listing").set({ keywords: JSON.stringify(merged) }).where("id", "=", listingId).where("workspaceId", "=", workspaceId).executeTakeFirst();
  return numUpdatedRows > 0n ? merged : undefined;
}

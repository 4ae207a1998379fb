// Words generated in a period, for the usage section of /settings/billing.
import { sql } from "kysely";
import type { Db } from "../../../server/db/db.server.ts";

export interface TemplateUsage {
  templateId: string;
  words: number;
  generations: number;
}

export interface DailyUsage {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  templateId: string;
  words: number;
}

/** Words generated per template since `since`, most used first. */
export async function getUsageByTemplate(db: Db, workspaceId: string, since: string): Promise<TemplateUsage[]> {
  const rows = await db
    .selectFrom("generation")
    .select(["templateId", sql<number>`coalesce(sum(words), 0)`.as("words"), sql<number>`count(*)`.as("generations")])
    .where("workspaceId", "=", workspaceId)
    .where("status", "=", "succeeded")
    .where("createdAt", ">=", since)
    .groupBy("templateId")
    .execute();
  return rows.map((r) => ({ templateId: r.templateId, words: Number(r.words), generations: Number(r.generations) })).sort((a, b) => b.words - a.words);
}

/** Words generated per UTC day and template since `since` (dates are ISO text in both databases). */
export async function getDailyUsage(db: Db, workspaceId: string, since: string): Promise<DailyUsage[]> {
  const day = sql<string>`substr(${sql.ref("createdAt")}, 1, 10)`;
  const rows = await db
    .selectFrom("generation")
    .select([day.as("day"), "templateId", sql<number>`coalesce(sum(words), 0)`.as("words")])
    .where("workspaceId", "=", workspaceId)
    .where("status", "=", "succeeded")
    .where("createdAt", ">=", since)
    .groupBy([day, "templateId"])
    .orderBy(day)
    .execute();
  return rows.map((r) => ({ day: r.day, templateId: r.templateId, words: Number(r.words) }));
}

// Words generated in a period, for the usage section of /settings/billing.
import { sql } from "kysely";
import type { Db } from "#server/db/db.server.ts";
import { dayIn } from "#app/features/time-zone/time-zone.ts";

export interface TemplateUsage {
  /** The template, or "listing" for the listings' generations (which have none). */
  templateId: string;
  words: number;
  generations: number;
}

export interface DailyUsage {
  /** The user's calendar day, YYYY-MM-DD. */
  day: string;
  templateId: string;
  words: number;
}

/** What usage is counted under: the template, or "listing" for a listing's generation. */
const usageKey = sql<string>`coalesce(${sql.ref("templateId")}, ${sql.ref("kind")})`;

/** Words generated per template since `since`, most used first. */
export async function getUsageByTemplate({ db, workspaceId, since }: { db: Db; workspaceId: string; since: string }): Promise<TemplateUsage[]> {
  const rows = await db
    .selectFrom("generation")
    .select([usageKey.as("templateId"), sql<number>`coalesce(sum(words), 0)`.as("words"), sql<number>`count(*)`.as("generations")])
    .where("workspaceId", "=", workspaceId)
    .where("status", "=", "succeeded")
    .where("createdAt", ">=", since)
    .groupBy(usageKey)
    .execute();
  return rows.map((r) => ({ templateId: r.templateId, words: Number(r.words), generations: Number(r.generations) })).sort((a, b) => b.words - a.words);
}

/**
 * Words generated per day and template since `since`, the days being those of `timeZone`. The
 * period's generations are read and grouped here: one row each, a few thousand at most a period.
 */
export async function getDailyUsage({ db, workspaceId, since, timeZone = "UTC" }: { db: Db; workspaceId: string; since: string; timeZone?: string }): Promise<DailyUsage[]> {
  const rows = await db
    .selectFrom("generation")
    .select(["createdAt", usageKey.as("templateId"), "words"])
    .where("workspaceId", "=", workspaceId)
    .where("status", "=", "succeeded")
    .where("createdAt", ">=", since)
    .execute();
  const totals = new Map<string, DailyUsage>();
  for (const row of rows) {
    const day = dayIn(timeZone, new Date(row.createdAt));
    const key = `${day} ${row.templateId}`;
    const entry = totals.get(key) ?? { day, templateId: row.templateId, words: 0 };
    entry.words += Number(row.words);
    totals.set(key, entry);
  }
  return [...totals.values()].sort((a, b) => a.day.localeCompare(b.day) || a.templateId.localeCompare(b.templateId));
}

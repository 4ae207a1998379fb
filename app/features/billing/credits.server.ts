import { sql } from "kysely";
import type { Db } from "../../../server/db/db.server.ts";
import type { WorkspacePlan } from "../../../server/db/schema.ts";
import { getPlan, trialWords, type PlanId } from "./plans.ts";

/** What the plan button and billing show: a trial with days left, an ended trial, or a paid plan. */
export type PlanState =
  | { kind: "trial"; daysLeft: number; endsAt: string }
  | { kind: "trialEnded"; endedAt: string }
  | { kind: "paid"; planId: PlanId; renewsAt: string; daysLeft: number };

export interface CreditBalance {
  /** Words still available this period (never below zero). */
  available: number;
  /** The plan's (or trial's) words per period. */
  allowance: number;
  /** Extra words granted on top of the plan. */
  bonus: number;
  /** Words generated since the period started. */
  used: number;
  periodStart: string;
  periodEnd: string;
}

export interface WorkspaceBilling {
  plan: PlanState;
  balance: CreditBalance;
}

const dayMs = 86_400_000;

function addMonths(iso: string, months: number): Date {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
}

export function planStateOf(workspace: { plan: WorkspacePlan; trialEndsAt: string; periodStart: string }, now = new Date()): PlanState {
  if (workspace.plan === "trial") {
    const endsAt = new Date(workspace.trialEndsAt);
    const daysLeft = Math.ceil((endsAt.getTime() - now.getTime()) / dayMs);
    return daysLeft > 0 ? { kind: "trial", daysLeft, endsAt: workspace.trialEndsAt } : { kind: "trialEnded", endedAt: workspace.trialEndsAt };
  }
  // Monthly periods until billing (issue 7) records the period length.
  let renewsAt = addMonths(workspace.periodStart, 1);
  while (renewsAt.getTime() <= now.getTime()) renewsAt = addMonths(renewsAt.toISOString(), 1);
  return { kind: "paid", planId: workspace.plan, renewsAt: renewsAt.toISOString(), daysLeft: Math.ceil((renewsAt.getTime() - now.getTime()) / dayMs) };
}

/** The one place the app reads a workspace's plan and word balance from. */
export async function getWorkspaceBilling(db: Db, workspaceId: string, now = new Date()): Promise<WorkspaceBilling> {
  const workspace = await db
    .selectFrom("workspace")
    .select(["plan", "trialEndsAt", "periodStart"])
    .where("id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  const plan = planStateOf(workspace, now);
  const allowance = workspace.plan === "trial" ? trialWords : getPlan(workspace.plan).words;
  const periodStart = workspace.periodStart;
  const periodEnd = plan.kind === "paid" ? plan.renewsAt : workspace.trialEndsAt;
  const { used } = await db
    .selectFrom("generation")
    .select(sql<number>`coalesce(sum(words), 0)`.as("used"))
    .where("workspaceId", "=", workspaceId)
    .where("status", "=", "succeeded")
    .where("createdAt", ">=", periodStart)
    .executeTakeFirstOrThrow();
  const bonus = 0;
  const usedWords = Number(used);
  return {
    plan,
    balance: { available: Math.max(0, allowance + bonus - usedWords), allowance, bonus, used: usedWords, periodStart, periodEnd },
  };
}

/** Words generated per template since the period started, most used first. */
export async function getUsageByTemplate(db: Db, workspaceId: string, since: string): Promise<{ templateId: string; words: number; generations: number }[]> {
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

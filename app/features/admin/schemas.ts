// The operator's inputs, checked alike by the /admin page (client and action) and the command line
// (app/features/billing/operator.server.ts). Messages are catalogue keys; the command line has its own lines.
import { z } from "zod";
import { billingPeriods, planIds } from "#app/lib/plans.ts";

export const maxGrantWords = 10_000_000;

/** A plan an operator may set: a paid plan, or "none" (ends the workspace's plan). */
export const operatorPlans = [...planIds, "none"] as const;
export type OperatorPlan = (typeof operatorPlans)[number];

/** Words to grant as typed: digits only, a whole number from 1 to 10,000,000; null otherwise. */
export function parseGrantWords(text: string | undefined): number | null {
  if (!/^\d+$/.test(text ?? "")) return null;
  const words = Number(text);
  return Number.isSafeInteger(words) && words >= 1 && words <= maxGrantWords ? words : null;
}

export function isOperatorPlan(value: unknown): value is OperatorPlan {
  return typeof value === "string" && (operatorPlans as readonly string[]).includes(value);
}

const workspaceId = z.string().trim().min(1, "admin.error.workspace").max(100, "admin.error.workspace");

export const grantWordsSchema = z.object({
  intent: z.literal("grantWords"),
  workspaceId,
  words: z
    .string({ error: "admin.error.words" })
    .trim()
    .refine((text) => parseGrantWords(text) !== null, "admin.error.words")
    .transform((text) => parseGrantWords(text)!),
});

export const setPlanSchema = z.object({
  intent: z.literal("setPlan"),
  workspaceId,
  plan: z.enum(operatorPlans, { error: "admin.error.plan" }),
  period: z.enum(billingPeriods, { error: "admin.error.period" }),
});

/** The page's query: a search over workspace names and owner e-mails, a page cursor, the workspace being managed. */
export const adminQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  cursor: z.string().max(600).optional().catch(undefined),
  workspace: z.string().max(100).optional().catch(undefined),
});

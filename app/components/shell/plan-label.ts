import type { PlanState } from "#app/features/billing/credits.server.ts";
import { getPlan } from "#app/lib/plans.ts";
import type { Translate } from "#app/i18n/i18n.ts";

/** 'Trial · 5 days left', 'Trial ended', 'No plan' or 'Pro plan', from the workspace's real state. */
export function planLabel(plan: PlanState, t: Translate): string {
  if (plan.kind === "trial") return t("shell.plan.trial", { days: plan.daysLeft });
  if (plan.kind === "trialEnded") return t("shell.plan.trialEnded");
  if (plan.kind === "none") return t("credits.plan.none");
  return t("shell.plan.paid", { plan: t(getPlan(plan.planId).name) });
}

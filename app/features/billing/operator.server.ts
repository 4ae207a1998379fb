// Operator commands (scripts/operator.ts): grant bonus words, set a plan without payments.
//   npm run credits -- grant <email> <words>
//   npm run plan -- set <email> <plan> [monthly|yearly]
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { getWorkspaceBilling, grantBonusWords, syncCreditPeriod, type CreditBalance } from "./credits.server.ts";
import { billingPeriods, getPlan, isBillingPeriod, isPlanId, planIds, type BillingPeriod, type PlanId } from "#app/lib/plans.ts";

/** A mistake in the command line or its arguments: printed as one line, exit code 2 (usage) or 1. */
export class OperatorError extends Error {
  override name = "OperatorError";
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

export const operatorUsage = [
  "Usage:",
  "  npm run credits -- grant <email> <words>                    add bonus words to the user's workspace",
  `  npm run plan -- set <email> <${[...planIds, "none"].join("|")}> [${billingPeriods.join("|")}]   set the workspace's plan (a new period starts now)`,
].join("\n");

interface Target {
  workspaceId: string;
  workspaceName: string;
  email: string;
}

const number = (n: number) => n.toLocaleString("en-US");
const describe = (b: CreditBalance) => `${number(b.available)} words available (plan ${number(b.allowance)}, bonus ${number(b.bonus)}, used ${number(b.used)})`;

async function workspaceOf(db: Db, email: string): Promise<Target> {
  const user = await db.selectFrom("user").select(["id", "name", "email"]).where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
  if (!user) throw new OperatorError(`No user has the e-mail address ${email}. Check the spelling, or ask them to sign up first.`);
  const { workspaceId } = await getActiveMembership({ db, user });
  const workspace = await db.selectFrom("workspace").select("name").where("id", "=", workspaceId).executeTakeFirstOrThrow();
  return { workspaceId, workspaceName: workspace.name, email: user.email };
}

/** Adds `words` bonus words to the workspace the user works in. */
export async function grantWords({ db, config, email, wordsText }: { db: Db; config: AppConfig; email: string; wordsText: string }): Promise<string> {
  const words = Number(wordsText);
  if (!/^\d+$/.test(wordsText ?? "") || !Number.isSafeInteger(words) || words < 1 || words > 10_000_000) {
    throw new OperatorError(`Words must be a whole number from 1 to 10,000,000, got "${wordsText ?? ""}".`, 2);
  }
  const target = await workspaceOf(db, email);
  const balance = await grantBonusWords({ db, workspaceId: target.workspaceId, words, trialWords: config.billing.trialWords });
  return `Granted ${number(words)} bonus words to "${target.workspaceName}" (${target.email}): ${describe(balance)}.`;
}

/** Puts the user's workspace on a plan, or ends its plan ("none"). A new credit period starts now. */
export async function setPlan({ db, config, email, planText, periodText = "monthly", now = new Date() }: { db: Db; config: AppConfig; email: string; planText: string; periodText?: string; now?: Date }): Promise<string> {
  const plan = planText?.toLowerCase();
  if (!isPlanId(plan) && plan !== "none") throw new OperatorError(`Unknown plan "${planText ?? ""}": use ${[...planIds, "none"].join(", ")}.`, 2);
  const period = periodText.toLowerCase();
  if (!isBillingPeriod(period)) throw new OperatorError(`Unknown billing period "${periodText}": use monthly or yearly.`, 2);
  const target = await workspaceOf(db, email);
  const workspace = await db.selectFrom("workspace").select(["stripeSubscriptionId", "subscriptionStatus"]).where("id", "=", target.workspaceId).executeTakeFirstOrThrow();
  if (workspace.stripeSubscriptionId) {
    throw new OperatorError(`"${target.workspaceName}" pays through Stripe (subscription ${workspace.stripeSubscriptionId}): change its plan in Stripe, or cancel the subscription first.`);
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("workspace")
      .set({ plan: plan as PlanId | "none", billingPeriod: period as BillingPeriod, periodStart: now.toISOString(), periodEnd: null, cancelAtPeriodEnd: 0 })
      .where("id", "=", target.workspaceId)
      .execute();
    await syncCreditPeriod({ db: trx, workspaceId: target.workspaceId, now, trialWords: config.billing.trialWords });
  });
  const { plan: state, balance } = await getWorkspaceBilling({ db, workspaceId: target.workspaceId, now, trialWords: config.billing.trialWords });
  const what = state.kind === "paid" ? `${getPlan(state.planId).id} (${state.period}, renews ${state.renewsAt.slice(0, 10)})` : "no plan";
  return `"${target.workspaceName}" (${target.email}) is now on ${what}: ${describe(balance)}.`;
}

/** Runs `credits grant …` or `plan set …`; returns the line to print. */
export async function runOperatorCommand(args: string[], { db, config }: { db: Db; config: AppConfig }): Promise<string> {
  const [command, action, ...rest] = args;
  if (command === "credits" && action === "grant" && rest.length === 2) return grantWords({ db, config, email: rest[0]!, wordsText: rest[1]! });
  if (command === "plan" && action === "set" && (rest.length === 2 || rest.length === 3)) return setPlan({ db, config, email: rest[0]!, planText: rest[1]!, periodText: rest[2] });
  throw new OperatorError(operatorUsage, 2);
}

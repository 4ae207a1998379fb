// Operator actions: grant bonus words, set a plan without payments. One function per action, called by
// the command line (scripts/operator.ts) and the operator page (/admin) alike, with the same checks;
// each change writes a row to admin_audit_log in the same transaction.
//   npm run credits -- grant <email> <words>
//   npm run plan -- set <email> <plan> [monthly|yearly]
import { randomUUID } from "node:crypto";
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import type { AdminAuditLogTable } from "#server/db/schema.ts";
import { getActiveMembership, getWorkspaceOwnerEmail } from "#app/features/workspace/workspaces.server.ts";
import { isOperatorPlan, maxGrantWords, operatorPlans, parseGrantWords, type OperatorPlan } from "./schemas.ts";
import { getWorkspaceBilling, grantBonusWords, syncCreditPeriod, type CreditBalance, type PlanState } from "#app/features/billing/credits.server.ts";
import { billingPeriods, getPlan, isBillingPeriod, type BillingPeriod } from "#app/lib/plans.ts";

/** Why an operator action was refused; the page shows `admin.error.<code>`, the command line `message`. */
export type OperatorErrorCode = "usage" | "noTables" | "words" | "plan" | "period" | "unknownUser" | "unknownWorkspace" | "paysThroughStripe";

/** A refused operator action: printed as one line by the command line (exit code 2 for usage, else 1). */
export class OperatorError extends Error {
  override name = "OperatorError";
  readonly code: OperatorErrorCode;
  readonly params: Record<string, string>;
  readonly exitCode: number;
  constructor(code: OperatorErrorCode, message: string, { exitCode = 1, params = {} }: { exitCode?: number; params?: Record<string, string> } = {}) {
    super(message);
    this.code = code;
    this.exitCode = exitCode;
    this.params = params;
  }
}

export const operatorUsage = [
  "Usage:",
  "  npm run credits -- grant <email> <words>                    add bonus words to the user's workspace",
  `  npm run plan -- set <email> <${operatorPlans.join("|")}> [${billingPeriods.join("|")}]   set the workspace's plan (a new period starts now)`,
].join("\n");

/** Who acts: an admin on the /admin page, or whoever runs the command line on the server. */
export type OperatorActor = { kind: "cli" } | { kind: "admin"; userId: string; email: string };

/** The workspace an action is for: a user's (the one they work in, as the command line names it) or one by id (the page). */
export type OperatorTarget = { email: string } | { workspaceId: string };

export interface OperatorWorkspace {
  id: string;
  name: string;
  /** The user the command line named, or the workspace's owner. */
  email: string;
}

export interface GrantWordsResult {
  workspace: OperatorWorkspace;
  words: number;
  balance: CreditBalance;
}

export interface SetPlanResult {
  workspace: OperatorWorkspace;
  plan: PlanState;
  balance: CreditBalance;
}

async function resolveTarget(db: Db, target: OperatorTarget): Promise<OperatorWorkspace> {
  if ("email" in target) {
    const user = await db.selectFrom("user").select(["id", "name", "email"]).where("email", "=", target.email.trim().toLowerCase()).executeTakeFirst();
    if (!user) {
      throw new OperatorError("unknownUser", `No user has the e-mail address ${target.email}. Check the spelling, or ask them to sign up first.`, { params: { email: target.email } });
    }
    const { workspaceId } = await getActiveMembership({ db, user });
    const workspace = await db.selectFrom("workspace").select("name").where("id", "=", workspaceId).executeTakeFirstOrThrow();
    return { id: workspaceId, name: workspace.name, email: user.email };
  }
  const workspace = await db.selectFrom("workspace").select(["id", "name"]).where("id", "=", target.workspaceId).executeTakeFirst();
  if (!workspace) throw new OperatorError("unknownWorkspace", `No workspace has the id ${target.workspaceId}.`);
  return { id: workspace.id, name: workspace.name, email: (await getWorkspaceOwnerEmail({ db, workspaceId: workspace.id })) ?? "" };
}

async function writeAudit(db: Db, { actor, action, workspace, params, now }: { actor: OperatorActor; action: AdminAuditLogTable["action"]; workspace: OperatorWorkspace; params: Record<string, unknown>; now: Date }) {
  await db
    .insertInto("admin_audit_log")
    .values({
      id: randomUUID(),
      actorKind: actor.kind,
      actorUserId: actor.kind === "admin" ? actor.userId : null,
      actorEmail: actor.kind === "admin" ? actor.email : null,
      action,
      workspaceId: workspace.id,
      workspaceName: workspace.name,
      params: JSON.stringify(params),
      createdAt: now.toISOString(),
    })
    .execute();
}

/** Adds bonus words (1 to 10,000,000, as typed) to the target workspace. */
export async function grantWords({ db, config, actor, target, words: wordsText, now = new Date() }: { db: Db; config: AppConfig; actor: OperatorActor; target: OperatorTarget; words: string; now?: Date }): Promise<GrantWordsResult> {
  const words = parseGrantWords(wordsText);
  if (words === null) {
    throw new OperatorError("words", `Words must be a whole number from 1 to ${maxGrantWords.toLocaleString("en-US")}, got "${wordsText ?? ""}".`, { exitCode: 2 });
  }
  const workspace = await resolveTarget(db, target);
  const balance = await db.transaction().execute(async (trx) => {
    const after = await grantBonusWords({ db: trx, workspaceId: workspace.id, words, now, trialWords: config.billing.trialWords });
    await writeAudit(trx, { actor, action: "grantWords", workspace, params: { words }, now });
    return after;
  });
  return { workspace, words, balance };
}

/** Puts the target workspace on a plan, or ends its plan ("none"). A new credit period starts now. */
export async function setPlan({ db, config, actor, target, plan: planText, period: periodText = "monthly", now = new Date() }: { db: Db; config: AppConfig; actor: OperatorActor; target: OperatorTarget; plan: string; period?: string; now?: Date }): Promise<SetPlanResult> {
  const plan = planText?.toLowerCase();
  if (!isOperatorPlan(plan)) throw new OperatorError("plan", `Unknown plan "${planText ?? ""}": use ${operatorPlans.join(", ")}.`, { exitCode: 2 });
  const period = periodText.toLowerCase();
  if (!isBillingPeriod(period)) throw new OperatorError("period", `Unknown billing period "${periodText}": use monthly or yearly.`, { exitCode: 2 });
  const workspace = await resolveTarget(db, target);
  const paysThroughStripe = async (executor: Db) => {
    const row = await executor.selectFrom("workspace").select("stripeSubscriptionId").where("id", "=", workspace.id).executeTakeFirstOrThrow();
    if (!row.stripeSubscriptionId) return;
    throw new OperatorError(
      "paysThroughStripe",
      `"${workspace.name}" pays through Stripe (subscription ${row.stripeSubscriptionId}): change its plan in Stripe, or cancel the subscription first.`,
      { params: { workspace: workspace.name, subscription: row.stripeSubscriptionId } },
    );
  };
  await paysThroughStripe(db);
  await db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable("workspace")
      .set({ plan: plan satisfies OperatorPlan, billingPeriod: period satisfies BillingPeriod, periodStart: now.toISOString(), periodEnd: null, cancelAtPeriodEnd: 0 })
      .where("id", "=", workspace.id)
      .where("stripeSubscriptionId", "is", null)
      .executeTakeFirst();
    // A Stripe subscription arrived since the check above: it wins, and nothing changes.
    if (numUpdatedRows === 0n) await paysThroughStripe(trx);
    await syncCreditPeriod({ db: trx, workspaceId: workspace.id, now, trialWords: config.billing.trialWords });
    await writeAudit(trx, { actor, action: "setPlan", workspace, params: { plan, period }, now });
  });
  const billing = await getWorkspaceBilling({ db, workspaceId: workspace.id, now, trialWords: config.billing.trialWords });
  return { workspace, ...billing };
}

const number = (n: number) => n.toLocaleString("en-US");
const describe = (b: CreditBalance) => `${number(b.available)} words available (plan ${number(b.allowance)}, bonus ${number(b.bonus)}, used ${number(b.used)})`;

/** Runs `credits grant …` or `plan set …` as the command line; returns the line to print. */
export async function runOperatorCommand(args: string[], { db, config }: { db: Db; config: AppConfig }): Promise<string> {
  const [command, action, ...rest] = args;
  const actor: OperatorActor = { kind: "cli" };
  if (command === "credits" && action === "grant" && rest.length === 2) {
    const { workspace, words, balance } = await grantWords({ db, config, actor, target: { email: rest[0]! }, words: rest[1]! });
    return `Granted ${number(words)} bonus words to "${workspace.name}" (${workspace.email}): ${describe(balance)}.`;
  }
  if (command === "plan" && action === "set" && (rest.length === 2 || rest.length === 3)) {
    const { workspace, plan, balance } = await setPlan({ db, config, actor, target: { email: rest[0]! }, plan: rest[1]!, period: rest[2] });
    const what = plan.kind === "paid" ? `${getPlan(plan.planId).id} (${plan.period}, renews ${plan.renewsAt.slice(0, 10)})` : "no plan";
    return `"${workspace.name}" (${workspace.email}) is now on ${what}: ${describe(balance)}.`;
  }
  throw new OperatorError("usage", operatorUsage, { exitCode: 2 });
}

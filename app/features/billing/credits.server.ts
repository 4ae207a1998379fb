// Word credits: one balance row per workspace (the counters a conditional UPDATE can guard) and the
// ledger of every change to it, written in the same transaction. See docs/decisions/009-credit-ledger.md.
//
//   available = allowance + bonus - used        (a CHECK keeps it >= 0; the ledger's deltas sum to it)
//
// A credit period follows the workspace: the trial, each paid period (Stripe's, or monthly/yearly steps
// from periodStart for operator-set plans), or an open period with no allowance after a trial or plan
// ended. When the period changes, unused plan words expire and bonus words carry over.
import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { Db } from "#server/db/db.server.ts";
import type { CreditBalanceTable, CreditReason, Database, WorkspaceTable } from "#server/db/schema.ts";
import { getPlan, trialWords as defaultTrialWords, type BillingPeriod, type PlanId } from "#app/lib/plans.ts";

/** What the plan button and billing show. */
export type PlanState =
  | { kind: "trial"; daysLeft: number; endsAt: string }
  | { kind: "trialEnded"; endedAt: string }
  /** A plan or subscription ended after the trial. */
  | { kind: "none"; since: string }
  | {
      kind: "paid";
      planId: PlanId;
      period: BillingPeriod;
      renewsAt: string;
      daysLeft: number;
      /** The subscription ends at renewsAt instead of renewing. */
      cancelAtPeriodEnd: boolean;
      /** Stripe could not take the last payment (it retries for a while). */
      paymentFailed: boolean;
      /** Paid through Stripe (else an operator set the plan). */
      viaStripe: boolean;
    };

export interface CreditBalance {
  /** Words still available this period (never below zero). */
  available: number;
  /** The plan's (or trial's) words per period. */
  allowance: number;
  /** Bonus words left (granted by an operator; they carry over between periods). */
  bonus: number;
  /** Words used (or reserved by running generations) since the period started. */
  used: number;
  periodStart: string;
  /** Null when the period is open-ended (no plan). */
  periodEnd: string | null;
}

export interface WorkspaceBilling {
  plan: PlanState;
  balance: CreditBalance;
}

export interface CreditOptions {
  now?: Date;
  /** The trial's allowance (config.billing.trialWords). */
  trialWords?: number;
}

/** The workspace columns the credit period depends on. */
export type WorkspaceBillingRow = Pick<
  Selectable<WorkspaceTable>,
  "plan" | "trialEndsAt" | "periodStart" | "periodEnd" | "billingPeriod" | "stripeSubscriptionId" | "subscriptionStatus" | "cancelAtPeriodEnd"
>;

export interface CreditPeriod {
  start: string;
  end: string | null;
  allowance: number;
}

type Executor = Kysely<Database>;
type BalanceRow = Selectable<CreditBalanceTable>;

const dayMs = 86_400_000;
const billingColumns = ["plan", "trialEndsAt", "periodStart", "periodEnd", "billingPeriod", "stripeSubscriptionId", "subscriptionStatus", "cancelAtPeriodEnd"] as const;

/** `months` after `anchor`, on the anchor's day of the month (or the month's last day when it has fewer). */
export function addMonths(anchor: string | Date, months: number): Date {
  const date = new Date(anchor);
  const day = date.getUTCDate();
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export function monthsIn(period: BillingPeriod): number {
  return period === "yearly" ? 12 : 1;
}

/** The period of `months` months, counted from `anchor`, that contains `now`. */
function steppedPeriod(anchor: string, months: number, now: Date): { start: string; end: string } {
  const from = new Date(anchor);
  if (now.getTime() < from.getTime()) return { start: anchor, end: addMonths(anchor, months).toISOString() };
  const elapsed = (now.getUTCFullYear() - from.getUTCFullYear()) * 12 + now.getUTCMonth() - from.getUTCMonth();
  let k = Math.max(0, Math.floor(elapsed / months) - 1);
  while (addMonths(anchor, (k + 1) * months).getTime() <= now.getTime()) k++;
  return { start: k === 0 ? anchor : addMonths(anchor, k * months).toISOString(), end: addMonths(anchor, (k + 1) * months).toISOString() };
}

/** The credit period a workspace is in at `now`, and its allowance. */
export function currentCreditPeriod(workspace: WorkspaceBillingRow, now: Date, trialWords = defaultTrialWords): CreditPeriod {
  if (workspace.plan === "trial") {
    return now.getTime() < Date.parse(workspace.trialEndsAt)
      ? { start: workspace.periodStart, end: workspace.trialEndsAt, allowance: trialWords }
      : { start: workspace.trialEndsAt, end: null, allowance: 0 };
  }
  if (workspace.plan === "none") return { start: workspace.periodStart, end: null, allowance: 0 };
  const allowance = getPlan(workspace.plan).words;
  // Stripe moves the period itself (invoice.paid); a late webhook keeps the old period, never an invented one.
  if (workspace.stripeSubscriptionId && workspace.periodEnd) return { start: workspace.periodStart, end: workspace.periodEnd, allowance };
  return { ...steppedPeriod(workspace.periodStart, monthsIn(workspace.billingPeriod), now), allowance };
}

export function planStateOf(workspace: WorkspaceBillingRow, now = new Date(), period = currentCreditPeriod(workspace, now)): PlanState {
  const daysUntil = (iso: string) => Math.max(0, Math.ceil((Date.parse(iso) - now.getTime()) / dayMs));
  if (workspace.plan === "trial") {
    const daysLeft = daysUntil(workspace.trialEndsAt);
    return daysLeft > 0 && now.getTime() < Date.parse(workspace.trialEndsAt)
      ? { kind: "trial", daysLeft, endsAt: workspace.trialEndsAt }
      : { kind: "trialEnded", endedAt: workspace.trialEndsAt };
  }
  if (workspace.plan === "none") return { kind: "none", since: workspace.periodStart };
  const renewsAt = period.end ?? addMonths(period.start, monthsIn(workspace.billingPeriod)).toISOString();
  return {
    kind: "paid",
    planId: workspace.plan,
    period: workspace.billingPeriod,
    renewsAt,
    daysLeft: daysUntil(renewsAt),
    cancelAtPeriodEnd: Number(workspace.cancelAtPeriodEnd) === 1,
    paymentFailed: workspace.subscriptionStatus === "past_due" || workspace.subscriptionStatus === "unpaid",
    viaStripe: workspace.stripeSubscriptionId !== null,
  };
}

/** Runs `work` in the caller's transaction, or in a new one. */
export async function inTransaction<T>(db: Executor, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  return db.transaction().execute(work);
}

let lastMs = 0;
let sequence = 0;

/** Ledger ids sort in the order rows were written (by this process): time, a counter, then randomness. */
function ledgerId(): string {
  const ms = Date.now();
  sequence = ms === lastMs ? sequence + 1 : 0;
  lastMs = ms;
  return `${ms.toString(16).padStart(12, "0")}-${sequence.toString(16).padStart(6, "0")}-${randomUUID()}`;
}

async function record(trx: Executor, workspaceId: string, delta: number, reason: CreditReason, now: Date, generationId: string | null = null): Promise<string | null> {
  if (delta === 0) return null;
  const id = ledgerId();
  await trx.insertInto("credit_ledger").values({ id, workspaceId, delta, reason, generationId, createdAt: now.toISOString() }).execute();
  return id;
}

/**
 * Takes the balance row's write lock before reading it: an UPDATE locks the row on PostgreSQL and
 * takes SQLite's write lock, so the read that follows cannot be stale. Returns null when no row matches.
 */
async function lockBalance(trx: Transaction<Database>, workspaceId: string, now: Date, periodStart?: string): Promise<BalanceRow | null> {
  let update = trx.updateTable("credit_balance").set({ updatedAt: now.toISOString() }).where("workspaceId", "=", workspaceId);
  if (periodStart !== undefined) update = update.where("periodStart", "=", periodStart);
  const { numUpdatedRows } = await update.executeTakeFirst();
  if (numUpdatedRows === 0n) return null;
  return (await trx.selectFrom("credit_balance").selectAll().where("workspaceId", "=", workspaceId).executeTakeFirst()) ?? null;
}

function readBalance(db: Executor, workspaceId: string): Promise<BalanceRow | undefined> {
  return db.selectFrom("credit_balance").selectAll().where("workspaceId", "=", workspaceId).executeTakeFirst();
}

const availableOf = (b: Pick<BalanceRow, "allowance" | "bonus" | "used">) => b.allowance + b.bonus - b.used;

async function readWorkspace(db: Executor, workspaceId: string): Promise<WorkspaceBillingRow> {
  const workspace = await db.selectFrom("workspace").select(billingColumns).where("id", "=", workspaceId).executeTakeFirst();
  if (!workspace) throw new Error(`Unknown workspace ${workspaceId}`);
  return workspace;
}

/** The first balance of a workspace; words generated before the ledger existed count as used. */
async function openBalance(db: Executor, workspaceId: string, period: CreditPeriod, now: Date): Promise<void> {
  const { words } = await db
    .selectFrom("generation")
    .select(sql<number>`coalesce(sum(words), 0)`.as("words"))
    .where("workspaceId", "=", workspaceId)
    .where("status", "=", "succeeded")
    .where("createdAt", ">=", period.start)
    .executeTakeFirstOrThrow();
  const used = Math.min(period.allowance, Number(words));
  await inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto("credit_balance")
      .values({ workspaceId, periodStart: period.start, periodEnd: period.end, allowance: period.allowance, bonus: 0, used, updatedAt: now.toISOString() })
      .onConflict((oc) => oc.column("workspaceId").doNothing())
      .executeTakeFirst();
    if (inserted.numInsertedOrUpdatedRows === 0n) return;
    await record(trx, workspaceId, period.allowance, "period", now);
    await record(trx, workspaceId, -used, "opening", now);
  });
}

/** A new period: unused plan words expire, bonus words left carry over, the new allowance arrives. */
async function rollOver(db: Executor, workspaceId: string, fromStart: string, period: CreditPeriod, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const b = await lockBalance(trx, workspaceId, now, fromStart);
    if (!b) return; // another request turned the period over first
    const expired = Math.max(0, b.allowance - b.used);
    const bonusLeft = b.bonus - Math.max(0, b.used - b.allowance);
    await record(trx, workspaceId, -expired, "expire", now);
    await record(trx, workspaceId, period.allowance, "period", now);
    await trx
      .updateTable("credit_balance")
      .set({ periodStart: period.start, periodEnd: period.end, allowance: period.allowance, bonus: bonusLeft, used: 0, updatedAt: now.toISOString() })
      .where("workspaceId", "=", workspaceId)
      .execute();
  });
}

/** A plan change within the period: the new allowance applies now; what is already used stays used. */
async function changeAllowance(db: Executor, workspaceId: string, period: CreditPeriod, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const b = await lockBalance(trx, workspaceId, now, period.start);
    if (!b) return;
    const used = Math.min(b.used, period.allowance + b.bonus);
    const delta = period.allowance + b.bonus - used - availableOf(b);
    await record(trx, workspaceId, delta, "plan", now);
    await trx.updateTable("credit_balance").set({ allowance: period.allowance, periodEnd: period.end, used }).where("workspaceId", "=", workspaceId).execute();
  });
}

/**
 * Brings the balance row to the workspace's current period (creating it, turning the period over, or
 * applying a plan change). Cheap when nothing changed: two reads. Safe to run concurrently.
 */
export async function syncCreditPeriod({ db, workspaceId, now = new Date(), trialWords = defaultTrialWords }: { db: Executor; workspaceId: string } & CreditOptions) {
  const workspace = await readWorkspace(db, workspaceId);
  const period = currentCreditPeriod(workspace, now, trialWords);
  let balance = await readBalance(db, workspaceId);
  if (!balance) await openBalance(db, workspaceId, period, now);
  else if (balance.periodStart !== period.start) await rollOver(db, workspaceId, balance.periodStart, period, now);
  else if (balance.allowance !== period.allowance || balance.periodEnd !== period.end) await changeAllowance(db, workspaceId, period, now);
  else return { workspace, period, balance };
  balance = await readBalance(db, workspaceId);
  if (!balance) throw new Error(`No credit balance for workspace ${workspaceId}`);
  return { workspace, period, balance };
}

function balanceView(b: BalanceRow): CreditBalance {
  return {
    available: availableOf(b),
    allowance: b.allowance,
    bonus: b.bonus - Math.max(0, b.used - b.allowance),
    used: b.used,
    periodStart: b.periodStart,
    periodEnd: b.periodEnd,
  };
}

/** The one place the app reads a workspace's plan and word balance from. */
export async function getWorkspaceBilling({ db, workspaceId, ...options }: { db: Db; workspaceId: string } & CreditOptions): Promise<WorkspaceBilling> {
  const now = options.now ?? new Date();
  const { workspace, period, balance } = await syncCreditPeriod({ db, workspaceId, ...options, now });
  return { plan: planStateOf(workspace, now, period), balance: balanceView(balance) };
}

export type Reservation =
  | { ok: true; workspaceId: string; words: number; ledgerId: string }
  | { ok: false; needed: number; available: number; plan: PlanState };

/**
 * Takes `words` from the balance if that many are available, in one conditional UPDATE (so 50
 * concurrent requests can never overdraw it), and records the reservation in the ledger.
 */
export async function reserveCredits({ db, workspaceId, words, generationId = null, ...options }: { db: Db; workspaceId: string; words: number; generationId?: string | null } & CreditOptions): Promise<Reservation> {
  if (!Number.isInteger(words) || words <= 0) throw new Error(`reserveCredits: words must be a positive integer, got ${words}`);
  for (let attempt = 0; ; attempt++) {
    const now = options.now ?? new Date();
    const { workspace, period } = await syncCreditPeriod({ db, workspaceId, ...options, now });
    const ledgerId = await inTransaction(db, async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable("credit_balance")
        .set({ used: sql`used + ${words}`, updatedAt: now.toISOString() })
        .where("workspaceId", "=", workspaceId)
        .where("periodStart", "=", period.start)
        .where(sql<number>`allowance + bonus - used`, ">=", words)
        .executeTakeFirst();
      return numUpdatedRows === 0n ? null : record(trx, workspaceId, -words, "reserve", now, generationId);
    });
    if (ledgerId) return { ok: true, workspaceId, words, ledgerId };
    const balance = await readBalance(db, workspaceId);
    // The period turned over between the sync and the UPDATE: once more against the new one.
    if (balance && balance.periodStart !== period.start && attempt < 2) continue;
    return { ok: false, needed: words, available: balance ? availableOf(balance) : 0, plan: planStateOf(workspace, now, period) };
  }
}

/**
 * Moves a reservation to what was really spent: gives back the unused part, or charges the overrun
 * up to what is left (the balance stops at zero; a small overrun past it is on us).
 * Runs inside the caller's transaction when given one (the one that saves the outputs).
 */
export async function settleCredits({
  db,
  workspaceId,
  reserved,
  words,
  generationId = null,
  reason = "settle",
  now = new Date(),
}: {
  db: Executor;
  workspaceId: string;
  reserved: number;
  words: number;
  generationId?: string | null;
  reason?: "settle" | "refund";
  now?: Date;
}): Promise<number> {
  const difference = words - reserved;
  if (difference === 0) return 0;
  return inTransaction(db, async (trx) => {
    const b = await lockBalance(trx, workspaceId, now);
    if (!b) return 0;
    const change = difference > 0 ? Math.min(difference, availableOf(b)) : -Math.min(-difference, b.used);
    if (change === 0) return 0;
    await trx.updateTable("credit_balance").set({ used: b.used + change }).where("workspaceId", "=", workspaceId).execute();
    await record(trx, workspaceId, -change, reason, now, generationId);
    return -change;
  });
}

/** Gives a whole reservation back (the generation failed or was stopped: nothing is charged). */
export function releaseCredits({ db, workspaceId, reserved, generationId = null, now }: { db: Executor; workspaceId: string; reserved: number; generationId?: string | null; now?: Date }): Promise<number> {
  return settleCredits({ db, workspaceId, reserved, words: 0, generationId, reason: "refund", now });
}

/** Adds bonus words (an operator's grant); they carry over between periods until used. */
export async function grantBonusWords({ db, workspaceId, words, ...options }: { db: Db; workspaceId: string; words: number } & CreditOptions): Promise<CreditBalance> {
  if (!Number.isInteger(words) || words <= 0) throw new Error(`grantBonusWords: words must be a positive integer, got ${words}`);
  const now = options.now ?? new Date();
  await syncCreditPeriod({ db, workspaceId, ...options, now });
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable("credit_balance")
      .set({ bonus: sql`bonus + ${words}`, updatedAt: now.toISOString() })
      .where("workspaceId", "=", workspaceId)
      .execute();
    await record(trx, workspaceId, words, "grant", now);
  });
  const balance = await readBalance(db, workspaceId);
  return balanceView(balance!);
}

/** The sum of a workspace's ledger: always equal to its available balance. */
export async function getLedgerTotal({ db, workspaceId }: { db: Executor; workspaceId: string }): Promise<number> {
  const { total } = await db.selectFrom("credit_ledger").select(sql<number>`coalesce(sum(delta), 0)`.as("total")).where("workspaceId", "=", workspaceId).executeTakeFirstOrThrow();
  return Number(total);
}

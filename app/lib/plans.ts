import type { MessageKey } from "#app/i18n/i18n.ts";

export const planIds = ["starter", "pro", "enterprise"] as const;
export type PlanId = (typeof planIds)[number];
export const billingPeriods = ["monthly", "yearly"] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

export interface Plan {
  id: PlanId;
  name: MessageKey;
  tagline: MessageKey;
  /** Whole US dollars, as sold (seed §9). */
  price: Record<BillingPeriod, number>;
  /** Words of generated copy per billing period; unused words do not roll over. */
  words: number;
  /** Seats in a workspace; null means unlimited. */
  maxUsers: number | null;
  /** Bulk-job rows that may wait in a workspace at once, across its jobs (docs/decisions/029, item 3). */
  maxQueuedRows: number;
  stores: MessageKey;
  mostPopular: boolean;
}

/** Every plan includes these (seed §9). */
export const sharedFeatures: readonly MessageKey[] = [
  "plans.feature.descriptions",
  "plans.feature.names",
  "plans.feature.reviews",
  "plans.feature.rewrite",
  "plans.feature.support",
];

export const plans: readonly Plan[] = [
  {
    id: "starter",
    name: "plans.starter.name",
    tagline: "plans.starter.tagline",
    price: { monthly: 9, yearly: 97 },
    words: 5_000,
    maxUsers: 1,
    maxQueuedRows: 5_000,
    stores: "plans.starter.stores",
    mostPopular: false,
  },
  {
    id: "pro",
    name: "plans.pro.name",
    tagline: "plans.pro.tagline",
    price: { monthly: 19, yearly: 205 },
    words: 20_000,
    maxUsers: null,
    maxQueuedRows: 10_000,
    stores: "plans.pro.stores",
    mostPopular: true,
  },
  {
    id: "enterprise",
    name: "plans.enterprise.name",
    tagline: "plans.enterprise.tagline",
    price: { monthly: 45, yearly: 450 },
    words: 50_000,
    maxUsers: null,
    maxQueuedRows: 25_000,
    stores: "plans.enterprise.stores",
    mostPopular: false,
  },
];

/** How long a new workspace's free trial lasts; messages name it as {trialDays}. */
export const trialDays = 7;
/** Words a trial workspace may generate (TRIAL_WORDS overrides it; docs/decisions/008-trial-allowance.md says why). */
export const trialWords = 2_000;
/** Bulk-job rows a trial (or a workspace without a plan) may have waiting: the lowest, as its words cover a few rows. */
export const trialMaxQueuedRows = 500;
/** Days after a payment within which it is refunded in full; messages name it as {refundDays}. */
export const refundDays = 7;

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (planIds as readonly string[]).includes(value);
}

export function isBillingPeriod(value: unknown): value is BillingPeriod {
  return typeof value === "string" && (billingPeriods as readonly string[]).includes(value);
}

export function getPlan(id: PlanId): Plan {
  const plan = plans.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

/** Bulk-job rows a workspace on this plan ("trial", "none" or a plan id) may have waiting at once. */
export function maxQueuedRowsFor(plan: string): number {
  return isPlanId(plan) ? getPlan(plan).maxQueuedRows : trialMaxQueuedRows;
}

/** Whether a workspace on this plan may have `count` members. */
export function allowsUsers(plan: Plan, count: number): boolean {
  return plan.maxUsers === null || count <= plan.maxUsers;
}

/** What a year costs against twelve months, as a whole percentage (advertised as 'save 10%'). */
export function yearlySavingPercent(plan: Plan): number {
  return Math.round((1 - plan.price.yearly / (plan.price.monthly * 12)) * 100);
}

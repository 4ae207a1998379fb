// Stripe, when configured: Checkout for a plan, the Billing Portal, and ending subscriptions.
// The secret key lives in config.billing.stripe (non-enumerable) and is only read here.
import type Stripe from "stripe";
import type { Locale } from "#app/i18n/i18n.ts";
import type { AppConfig, StripeConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { billingPeriods, planIds, type BillingPeriod, type PlanId } from "#app/lib/plans.ts";

let cached: { config: StripeConfig; client: Stripe } | undefined;
let stripeLibrary: Promise<typeof Stripe> | undefined;

/** Stripe's library, imported at its first use: most servers seldom call Stripe (docs/decisions/021). */
function loadStripe(): Promise<typeof Stripe> {
  stripeLibrary ??= import("stripe").then((library) => library.default);
  return stripeLibrary;
}

/** One client per configuration (it keeps its HTTP connections). */
export async function stripeClient(config: StripeConfig): Promise<Stripe> {
  const StripeLibrary = await loadStripe();
  if (cached?.config !== config) {
    cached = {
      config,
      client: new StripeLibrary(config.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        appInfo: { name: "Sellscribe" },
        ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
      }),
    };
  }
  return cached.client;
}

export function priceIdFor(config: StripeConfig, plan: PlanId, period: BillingPeriod): string {
  return config.prices[plan][period];
}

/** The plan and period a price id sells, if it is one of ours. */
export function planForPrice(config: StripeConfig, priceId: string | undefined): { plan: PlanId; period: BillingPeriod } | null {
  for (const plan of planIds) for (const period of billingPeriods) if (config.prices[plan][period] === priceId) return { plan, period };
  return null;
}

/** Subscription states in which the plan is paid for (past_due: Stripe is still retrying the payment). */
export const payingStatuses: readonly string[] = ["active", "trialing", "past_due"];

interface WorkspaceStripe {
  id: string;
  billingEmail: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  subscriptionStatus: string | null;
}

function readWorkspaceStripe(db: Db, workspaceId: string): Promise<WorkspaceStripe> {
  return db
    .selectFrom("workspace")
    .select(["id", "billingEmail", "stripeCustomerId", "stripeSubscriptionId", "subscriptionStatus"])
    .where("id", "=", workspaceId)
    .executeTakeFirstOrThrow();
}

/** What the billing page needs to offer: a portal (payment details on file) and cancel/resume (a live subscription). */
export async function getWorkspacePayments({ db, workspaceId }: { db: Db; workspaceId: string }): Promise<{ hasCustomer: boolean; liveSubscription: boolean }> {
  const workspace = await readWorkspaceStripe(db, workspaceId);
  return { hasCustomer: workspace.stripeCustomerId !== null, liveSubscription: hasLiveSubscription(workspace) };
}

export function hasLiveSubscription(workspace: Pick<WorkspaceStripe, "stripeSubscriptionId" | "subscriptionStatus">): boolean {
  return workspace.stripeSubscriptionId !== null && payingStatuses.includes(workspace.subscriptionStatus ?? "");
}

/**
 * Where to pay for `plan` and `period`: a new Checkout session, or the Billing Portal when the
 * workspace already pays for a subscription (switching plans there keeps one subscription).
 */
export async function startCheckout({
  db,
  config,
  workspaceId,
  email,
  plan,
  period,
  locale,
}: {
  db: Db;
  config: AppConfig;
  workspaceId: string;
  email: string;
  plan: PlanId;
  period: BillingPeriod;
  locale: Locale;
}): Promise<{ url: string; kind: "checkout" | "portal" }> {
  const stripe = config.billing.stripe;
  if (!stripe) throw new Error("Stripe is not configured");
  const workspace = await readWorkspaceStripe(db, workspaceId);
  if (hasLiveSubscription(workspace) && workspace.stripeCustomerId) {
    return { url: await createPortalSession({ config, customerId: workspace.stripeCustomerId }), kind: "portal" };
  }
  const returnTo = `${config.publicUrl}/settings/billing`;
  const session = await (await stripeClient(stripe)).checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: priceIdFor(stripe, plan, period), quantity: 1 }],
    client_reference_id: workspaceId,
    ...(workspace.stripeCustomerId ? { customer: workspace.stripeCustomerId } : { customer_email: workspace.billingEmail ?? email }),
    metadata: { workspaceId, plan, period },
    // Copied onto the subscription and its invoices, so every webhook finds the workspace.
    subscription_data: { metadata: { workspaceId } },
    locale,
    success_url: `${returnTo}?checkout=success`,
    cancel_url: `${returnTo}?checkout=cancelled`,
  });
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
  return { url: session.url, kind: "checkout" };
}

/** A Billing Portal session (payment details, invoices, plan changes) that comes back to billing. */
export async function createPortalSession({ config, customerId }: { config: AppConfig; customerId: string }): Promise<string> {
  const stripe = config.billing.stripe;
  if (!stripe) throw new Error("Stripe is not configured");
  const session = await (await stripeClient(stripe)).billingPortal.sessions.create({ customer: customerId, return_url: `${config.publicUrl}/settings/billing` });
  return session.url;
}

/** Stripe's customer portal for a workspace that has payment details on file. */
export async function openBillingPortal({ db, config, workspaceId }: { db: Db; config: AppConfig; workspaceId: string }): Promise<{ ok: true; url: string } | { ok: false; reason: "noPaymentDetails" }> {
  const { stripeCustomerId } = await readWorkspaceStripe(db, workspaceId);
  if (!stripeCustomerId) return { ok: false, reason: "noPaymentDetails" };
  return { ok: true, url: await createPortalSession({ config, customerId: stripeCustomerId }) };
}

/** Ends the subscription at the end of the period (cancel = true), or keeps it renewing (false). */
export async function setCancelAtPeriodEnd({ db, config, workspaceId, cancel }: { db: Db; config: AppConfig; workspaceId: string; cancel: boolean }): Promise<{ ok: true } | { ok: false; reason: "noSubscription" }> {
  const stripe = config.billing.stripe;
  if (!stripe) throw new Error("Stripe is not configured");
  const workspace = await readWorkspaceStripe(db, workspaceId);
  if (!workspace.stripeSubscriptionId || !hasLiveSubscription(workspace)) return { ok: false, reason: "noSubscription" };
  const subscription = await (await stripeClient(stripe)).subscriptions.update(workspace.stripeSubscriptionId, { cancel_at_period_end: cancel });
  // The webhook says the same a moment later; the page should not wait for it.
  await db
    .updateTable("workspace")
    .set({ cancelAtPeriodEnd: subscription.cancel_at_period_end ? 1 : 0, subscriptionStatus: subscription.status })
    .where("id", "=", workspaceId)
    .where("stripeSubscriptionId", "=", subscription.id)
    .execute();
  return { ok: true };
}

/** Cancels the subscriptions of workspaces about to be deleted, at once (there is no account left to serve). */
export async function cancelSubscriptionsOf({ db, config, workspaceIds }: { db: Db; config: AppConfig; workspaceIds: string[] }): Promise<number> {
  if (workspaceIds.length === 0) return 0;
  const rows = await db
    .selectFrom("workspace")
    .select(["id", "stripeSubscriptionId", "subscriptionStatus"])
    .where("id", "in", workspaceIds)
    .where("stripeSubscriptionId", "is not", null)
    .execute();
  const live = rows.filter((row) => row.subscriptionStatus !== "canceled");
  if (live.length === 0) return 0;
  const stripe = config.billing.stripe;
  if (!stripe) throw new Error("A workspace has a Stripe subscription but Stripe is not configured: set the STRIPE_* variables to cancel it");
  for (const row of live) {
    try {
      await (await stripeClient(stripe)).subscriptions.cancel(row.stripeSubscriptionId!);
    } catch (error) {
      // Already cancelled at Stripe: nothing left to stop.
      if (error instanceof (await loadStripe()).errors.StripeInvalidRequestError && error.code === "resource_missing") continue;
      throw error;
    }
  }
  return live.length;
}

// POST /api/stripe/webhook: verifies Stripe's signature on the raw body, then applies the event to the
// workspace's plan, period and credits in one transaction with the event's id (a replay changes nothing).
import type Stripe from "stripe";
import { defaultLocale, type Locale } from "#app/i18n/i18n.ts";
import { apiErrorResponse, methodNotAllowedResponse } from "#app/lib/errors.ts";
import type { AppConfig, StripeConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import type { Database, WorkspaceTable } from "#server/db/schema.ts";
import { logger } from "#server/logger.server.ts";
import type { Selectable, Transaction } from "kysely";
import { syncCreditPeriod } from "./credits.server.ts";
import { payingStatuses, planForPrice, stripeClient } from "./stripe.server.ts";

export const handledEventTypes = ["checkout.session.completed", "customer.subscription.updated", "customer.subscription.deleted", "invoice.paid", "invoice.payment_failed"] as const;

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

type WorkspaceRow = Pick<Selectable<WorkspaceTable>, "id" | "plan" | "periodStart" | "stripeCustomerId" | "stripeSubscriptionId" | "stripeSyncedAt">;

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** Verifies and applies one webhook request. Bad signature → 400 with nothing changed; a failure → 500 so Stripe retries. */
export async function handleStripeWebhook({ request, db, config, requestId, locale = defaultLocale }: { request: Request; db: Db; config: AppConfig; requestId: string; locale?: Locale }): Promise<Response> {
  const answer = { locale, requestId };
  if (request.method !== "POST") return methodNotAllowedResponse({ request, ...answer, allow: "POST" });
  const stripe = config.billing.stripe;
  if (!stripe) return apiErrorResponse("PAYMENTS_NOT_CONFIGURED", answer);
  const signature = request.headers.get("stripe-signature");
  if (!signature) return apiErrorResponse("BAD_SIGNATURE", answer);
  // The signature covers the exact bytes Stripe sent.
  const payload = new Uint8Array(await request.arrayBuffer());
  const client = await stripeClient(stripe);
  let event: Stripe.Event;
  try {
    event = client.webhooks.constructEvent(payload, signature, stripe.webhookSecret);
  } catch (error) {
    logger.warn({ requestId, err: error instanceof Error ? error.message : String(error) }, "stripe webhook refused: bad signature");
    return apiErrorResponse("BAD_SIGNATURE", answer);
  }
  try {
    const outcome = await applyStripeEvent({ db, config, event });
    logger.info({ requestId, eventId: event.id, type: event.type, outcome }, "stripe webhook");
    return Response.json({ received: true, outcome }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ requestId, eventId: event.id, type: event.type, err: error }, "stripe webhook failed");
    return apiErrorResponse("WEBHOOK_FAILED", answer);
  }
}

/** Applies a verified event once (the webhook calls it after checking the signature). */
export async function applyStripeEvent({ db, config, event }: { db: Db; config: AppConfig; event: Stripe.Event }): Promise<WebhookOutcome> {
  const stripe = config.billing.stripe;
  if (!stripe || !(handledEventTypes as readonly string[]).includes(event.type)) return "ignored";
  // Network calls happen before the transaction, which only touches the database.
  const subscription = event.type === "checkout.session.completed" ? await subscriptionOfCheckout(stripe, event.data.object) : null;
  return db.transaction().execute(async (trx) => {
    const first = await trx
      .insertInto("stripe_event")
      .values({ id: event.id, type: event.type, processedAt: new Date().toISOString() })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (first.numInsertedOrUpdatedRows === 0n) return "duplicate";
    const workspaceId = await applyToWorkspace(trx, stripe, event, subscription);
    if (!workspaceId) return "ignored";
    await syncCreditPeriod({ db: trx, workspaceId, trialWords: config.billing.trialWords });
    return "applied";
  });
}

async function subscriptionOfCheckout(stripe: StripeConfig, session: Stripe.Checkout.Session): Promise<Stripe.Subscription | null> {
  const id = idOf(session.subscription);
  if (session.mode !== "subscription" || !id) return null;
  return (await stripeClient(stripe)).subscriptions.retrieve(id);
}

async function findWorkspace(trx: Transaction<Database>, by: { workspaceId?: string | null; subscriptionId?: string | null; customerId?: string | null }): Promise<WorkspaceRow | undefined> {
  const query = trx.selectFrom("workspace").select(["id", "plan", "periodStart", "stripeCustomerId", "stripeSubscriptionId", "stripeSyncedAt"]);
  if (by.workspaceId) return query.where("id", "=", by.workspaceId).executeTakeFirst();
  if (by.subscriptionId) {
    const found = await query.where("stripeSubscriptionId", "=", by.subscriptionId).executeTakeFirst();
    if (found) return found;
  }
  if (by.customerId) return query.where("stripeCustomerId", "=", by.customerId).executeTakeFirst();
  return undefined;
}

/** Applies the event; returns the workspace it changed, or null when it concerns none of ours. */
async function applyToWorkspace(trx: Transaction<Database>, stripe: StripeConfig, event: Stripe.Event, checkoutSubscription: Stripe.Subscription | null): Promise<string | null> {
  const eventAt = iso(event.created);
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const workspace = await findWorkspace(trx, { workspaceId: session.client_reference_id ?? session.metadata?.workspaceId });
      if (!workspace || !checkoutSubscription) return null;
      return applySubscription(trx, stripe, workspace, checkoutSubscription, eventAt, { startsPeriod: true });
    }
    case "customer.subscription.updated": {
      const subscription = event.data.object;
      const workspace = await findWorkspace(trx, { workspaceId: subscription.metadata?.workspaceId, subscriptionId: subscription.id, customerId: idOf(subscription.customer) });
      if (!workspace) return null;
      return applySubscription(trx, stripe, workspace, subscription, eventAt, { startsPeriod: false });
    }
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const workspace = await findWorkspace(trx, { workspaceId: subscription.metadata?.workspaceId, subscriptionId: subscription.id, customerId: idOf(subscription.customer) });
      // Only the workspace's current subscription can end its plan (an old one may end after a new one started).
      if (!workspace || workspace.stripeSubscriptionId !== subscription.id) return null;
      await trx
        .updateTable("workspace")
        .set({
          plan: "none",
          periodStart: iso(subscription.ended_at ?? event.created),
          periodEnd: null,
          stripeSubscriptionId: null,
          subscriptionStatus: subscription.status,
          cancelAtPeriodEnd: 0,
          stripeSyncedAt: eventAt,
        })
        .where("id", "=", workspace.id)
        .execute();
      return workspace.id;
    }
    case "invoice.paid": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = idOf(details?.subscription);
      const workspace = await findWorkspace(trx, { workspaceId: details?.metadata?.workspaceId, subscriptionId, customerId: idOf(invoice.customer) });
      if (!workspace || !subscriptionId) return null;
      if (workspace.stripeSubscriptionId && workspace.stripeSubscriptionId !== subscriptionId) return null;
      // Only a new subscription's first invoice and each renewal start a period (a proration does not).
      if (invoice.billing_reason !== "subscription_create" && invoice.billing_reason !== "subscription_cycle") {
        await trx.updateTable("workspace").set({ subscriptionStatus: "active" }).where("id", "=", workspace.id).where("subscriptionStatus", "=", "past_due").execute();
        return workspace.id;
      }
      const line = invoice.lines.data.find((item) => item.pricing?.price_details) ?? invoice.lines.data[0];
      const sold = planForPrice(stripe, idOf(line?.pricing?.price_details?.price) ?? undefined);
      if (!line || !sold) {
        logger.error({ eventId: event.id, invoice: invoice.id }, "stripe invoice.paid for a price that is not one of STRIPE_PRICE_*: plan unchanged");
        return null;
      }
      const periodStart = iso(line.period.start);
      // Periods only move forward: a late or replayed older invoice never rewinds one.
      if (workspace.stripeSubscriptionId === subscriptionId && workspace.periodStart >= periodStart) return null;
      await trx
        .updateTable("workspace")
        .set({
          plan: sold.plan,
          billingPeriod: sold.period,
          periodStart,
          periodEnd: iso(line.period.end),
          stripeSubscriptionId: subscriptionId,
          stripeCustomerId: idOf(invoice.customer) ?? workspace.stripeCustomerId,
          subscriptionStatus: "active",
        })
        .where("id", "=", workspace.id)
        .execute();
      return workspace.id;
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = idOf(details?.subscription);
      const workspace = await findWorkspace(trx, { workspaceId: details?.metadata?.workspaceId, subscriptionId, customerId: idOf(invoice.customer) });
      if (!workspace || !subscriptionId || workspace.stripeSubscriptionId !== subscriptionId) return null;
      await trx.updateTable("workspace").set({ subscriptionStatus: "past_due" }).where("id", "=", workspace.id).execute();
      return workspace.id;
    }
    default:
      return null;
  }
}

/** The workspace's plan from a subscription (checkout completed, or updated: status, plan switch, cancel at period end). */
async function applySubscription(
  trx: Transaction<Database>,
  stripe: StripeConfig,
  workspace: WorkspaceRow,
  subscription: Stripe.Subscription,
  eventAt: string,
  { startsPeriod }: { startsPeriod: boolean },
): Promise<string | null> {
  // A newer event already applied wins; another subscription than the current one changes nothing.
  if (workspace.stripeSyncedAt && workspace.stripeSyncedAt > eventAt) return null;
  if (workspace.stripeSubscriptionId && workspace.stripeSubscriptionId !== subscription.id) return null;
  const item = subscription.items.data[0];
  const sold = planForPrice(stripe, item?.price.id);
  const customerId = idOf(subscription.customer);
  const paying = payingStatuses.includes(subscription.status);
  const base = { stripeCustomerId: customerId, subscriptionStatus: subscription.status, cancelAtPeriodEnd: subscription.cancel_at_period_end ? 1 : 0, stripeSyncedAt: eventAt };
  if (!paying) {
    // A subscription that never became the workspace's (an unfinished checkout) has no plan to stop.
    if (workspace.stripeSubscriptionId !== subscription.id) return null;
    // Unpaid or ended: the plan stops; a later successful payment (invoice.paid) brings it back.
    await trx
      .updateTable("workspace")
      .set({ ...base, plan: "none", periodStart: eventAt, periodEnd: null, stripeSubscriptionId: null })
      .where("id", "=", workspace.id)
      .execute();
    return workspace.id;
  }
  if (!item || !sold) {
    logger.error({ subscription: subscription.id, price: item?.price.id }, "stripe subscription for a price that is not one of STRIPE_PRICE_*: plan unchanged");
    await trx.updateTable("workspace").set(base).where("id", "=", workspace.id).execute();
    return workspace.id;
  }
  // The first event of a subscription sets its period; later ones leave periods to invoice.paid.
  const newSubscription = workspace.stripeSubscriptionId !== subscription.id;
  const period = startsPeriod || newSubscription ? { periodStart: iso(item.current_period_start), periodEnd: iso(item.current_period_end) } : {};
  await trx
    .updateTable("workspace")
    .set({ ...base, ...period, plan: sold.plan, billingPeriod: sold.period, stripeSubscriptionId: subscription.id })
    .where("id", "=", workspace.id)
    .execute();
  return workspace.id;
}

// Payments against a local stand-in for Stripe's API (real HTTP, through the stripe library's host/port/protocol
// options), and webhooks signed with the library's test-header helper, on SQLite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getWorkspaceBilling, getLedgerTotal, reserveCredits } from "#app/features/billing/credits.server.ts";
import { cancelSubscriptionsOf, createPortalSession, getWorkspacePayments, openBillingPortal, setCancelAtPeriodEnd, startCheckout } from "#app/features/billing/stripe.server.ts";
import { handleStripeWebhook } from "#app/features/billing/stripe-webhook.server.ts";
import { listSoleOwnedWorkspaceIds } from "#app/features/workspace/workspaces.server.ts";
import { buildConfig, type AppConfig } from "#server/config.server.ts";
import { checkoutSessionObject, invoiceObject, signedEvent, startStripeStub, subscriptionObject, testStripePrices, type StripeStub } from "#tests/support/stripe-stub.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const webhookSecret = "whsec_test_sellscribe";
const secretKey = "sk_test_sellscribe";
const day = 86_400_000;
/** Stripe's times are whole seconds. */
const secondsIso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();

describe.each(testDatabaseKinds)("Stripe on %s", (kind) => {
  const { testDb, signUp } = useIntegrationBackend(kind);
  let stub: StripeStub;
  let config: AppConfig;
  let counter = 0;

  beforeAll(async () => {
    stub = await startStripeStub({ secretKey });
    config = buildConfig({
      NODE_ENV: "test",
      DATA_DIR: testDb.config.dataDir,
      DATABASE_URL: testDb.url,
      PUBLIC_URL: "https://app.sellscribe.test",
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stub.url,
      ...testStripePrices,
    });
  });
  afterAll(async () => {
    await stub.close();
  });
  beforeEach(() => stub.reset());

  async function newUser() {
    const { user, workspaceId } = await signUp({ firstName: "Pat", lastName: "Payer", email: `payer-${kind}-${++counter}@example.com` });
    // As loading any signed-in page does: the trial's balance exists.
    await getWorkspaceBilling({ db: testDb.db, workspaceId });
    return { user, workspaceId };
  }

  const workspaceRow = (id: string) => testDb.db.selectFrom("workspace").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const deliver = (event: { payload: string; signature: string }) =>
    handleStripeWebhook({
      request: new Request("http://localhost/api/stripe/webhook", { method: "POST", body: event.payload, headers: { "content-type": "application/json", "stripe-signature": event.signature } }),
      db: testDb.db,
      config,
      requestId: "req-webhook",
    });

  /** A workspace that completed Checkout for Pro yearly (the subscription lives in the stub). */
  async function subscribed() {
    const { user, workspaceId } = await newUser();
    const periodStart = secondsIso(Date.now() - day);
    const periodEnd = secondsIso(Date.now() + 364 * day);
    const subscriptionId = `sub_${kind}_${counter}`;
    const customerId = `cus_${kind}_${counter}`;
    const subscription = subscriptionObject({ id: subscriptionId, customer: customerId, price: "price_pro_yearly", periodStart, periodEnd, workspaceId });
    stub.putSubscription(subscription);
    const completed = signedEvent(webhookSecret, "checkout.session.completed", checkoutSessionObject({ id: `cs_${counter}`, workspaceId, customer: customerId, subscription: subscriptionId }));
    const response = await deliver(completed);
    expect(await response.json()).toEqual({ received: true, outcome: "applied" });
    return { user, workspaceId, subscriptionId, customerId, periodStart, periodEnd, completed };
  }

  it("creates a Checkout session for the chosen plan and period, with everything the webhooks need", async () => {
    const { user, workspaceId } = await newUser();
    const { url, kind: where } = await startCheckout({ db: testDb.db, config, workspaceId, email: user.email, plan: "pro", period: "yearly", locale: "es" });
    expect(where).toBe("checkout");
    // Stripe's hosted Checkout page (the stand-in serves it at its own address).
    expect(url).toMatch(new RegExp(`^${stub.url}/c/pay/cs_test_stub\\d+$`));
    expect(stub.requests).toHaveLength(1);
    const request = stub.requests[0]!;
    expect(request).toMatchObject({ method: "POST", path: "/v1/checkout/sessions", authorization: `Bearer ${secretKey}` });
    expect(request.form).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_pro_yearly",
      "line_items[0][quantity]": "1",
      client_reference_id: workspaceId,
      customer_email: user.email,
      "metadata[workspaceId]": workspaceId,
      "metadata[plan]": "pro",
      "metadata[period]": "yearly",
      "subscription_data[metadata][workspaceId]": workspaceId,
      locale: "es",
      success_url: "https://app.sellscribe.test/settings/billing?checkout=success",
      cancel_url: "https://app.sellscribe.test/settings/billing?checkout=cancelled",
    });
  });

  it("opens the Billing Portal for a customer, and sends a subscriber who picks a plan there too", async () => {
    const url = await createPortalSession({ config, customerId: "cus_portal" });
    expect(url).toMatch(new RegExp(`^${stub.url}/p/session/bps_stub\\d+$`));
    expect(stub.requests[0]).toMatchObject({ path: "/v1/billing_portal/sessions", form: { customer: "cus_portal", return_url: "https://app.sellscribe.test/settings/billing" } });

    const { user, workspaceId, customerId } = await subscribed();
    stub.requests.length = 0;
    const next = await startCheckout({ db: testDb.db, config, workspaceId, email: user.email, plan: "enterprise", period: "monthly", locale: "en" });
    expect(next.kind).toBe("portal");
    expect(stub.requests.map((r) => r.path)).toEqual(["/v1/billing_portal/sessions"]);
    expect(stub.requests[0]!.form.customer).toBe(customerId);
  });

  it("fails clearly when Stripe is down (after the library's retries)", async () => {
    const { user, workspaceId } = await newUser();
    stub.failNext(10);
    await expect(startCheckout({ db: testDb.db, config, workspaceId, email: user.email, plan: "starter", period: "monthly", locale: "en" })).rejects.toThrow(/told to fail/);
    expect(stub.requests.length).toBe(3);
  });

  it("puts the workspace on the paid plan when Checkout completes; a replayed event changes nothing", async () => {
    const { workspaceId, subscriptionId, customerId, periodStart, periodEnd, completed } = await subscribed();
    const workspace = await workspaceRow(workspaceId);
    expect(workspace).toMatchObject({ plan: "pro", billingPeriod: "yearly", stripeCustomerId: customerId, stripeSubscriptionId: subscriptionId, subscriptionStatus: "active", cancelAtPeriodEnd: 0, periodStart, periodEnd });
    expect(stub.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/subscriptions/${subscriptionId}`]);
    const billing = await getWorkspaceBilling({ db: testDb.db, workspaceId });
    expect(billing.plan).toMatchObject({ kind: "paid", planId: "pro", period: "yearly", renewsAt: periodEnd, viaStripe: true, cancelAtPeriodEnd: false });
    expect(billing.balance).toMatchObject({ allowance: 20_000, available: 20_000, used: 0, periodStart, periodEnd });
    const ledgerBefore = await testDb.db.selectFrom("credit_ledger").select(["reason", "delta"]).where("workspaceId", "=", workspaceId).orderBy("id").execute();
    expect(ledgerBefore).toEqual([
      { reason: "period", delta: 2000 },
      { reason: "expire", delta: -2000 },
      { reason: "period", delta: 20_000 },
    ]);

    const replay = await deliver(completed);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await workspaceRow(workspaceId)).toEqual(workspace);
    expect(await testDb.db.selectFrom("credit_ledger").select(["reason", "delta"]).where("workspaceId", "=", workspaceId).orderBy("id").execute()).toEqual(ledgerBefore);
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const { workspaceId } = await newUser();
    const before = await workspaceRow(workspaceId);
    const forged = signedEvent("whsec_someone_else", "checkout.session.completed", checkoutSessionObject({ id: "cs_forged", workspaceId, customer: "cus_forged", subscription: "sub_forged" }));
    const response = await deliver(forged);
    expect(response.status).toBe(400);
    const badSignature = { code: "BAD_SIGNATURE", error: "The Stripe-Signature header is missing or does not match this endpoint's signing secret.", requestId: "req-webhook" };
    expect(await response.json()).toEqual(badSignature);
    const tampered = signedEvent(webhookSecret, "invoice.paid", {});
    const altered = await deliver({ payload: tampered.payload.replace("invoice.paid", "invoice.paid "), signature: tampered.signature });
    expect(altered.status).toBe(400);
    const unsigned = await handleStripeWebhook({ request: new Request("http://localhost/api/stripe/webhook", { method: "POST", body: "{}" }), db: testDb.db, config, requestId: "r" });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ ...badSignature, requestId: "r" });
    expect(await workspaceRow(workspaceId)).toEqual(before);
    expect(await testDb.db.selectFrom("stripe_event").select("id").where("id", "in", [forged.id, tampered.id]).execute()).toEqual([]);
    expect(stub.requests).toHaveLength(0);
  });

  it("starts a new period on each paid renewal: the allowance resets and unused words do not roll over", async () => {
    const { workspaceId, subscriptionId, customerId, periodEnd } = await subscribed();
    expect((await reserveCredits({ db: testDb.db, workspaceId, words: 15_000 })).ok).toBe(true);
    const nextEnd = secondsIso(Date.parse(periodEnd) + 365 * day);
    const invoice = invoiceObject({ id: `in_${counter}`, customer: customerId, subscription: subscriptionId, price: "price_pro_yearly", periodStart: periodEnd, periodEnd: nextEnd, workspaceId });
    const renewal = signedEvent(webhookSecret, "invoice.paid", invoice);
    expect(await (await deliver(renewal)).json()).toEqual({ received: true, outcome: "applied" });
    // The renewal date is in the future here, so read the balance as of the new period.
    const inNewPeriod = { now: new Date(Date.parse(periodEnd) + day) };
    const { balance } = await getWorkspaceBilling({ db: testDb.db, workspaceId, ...inNewPeriod });
    expect(balance).toMatchObject({ periodStart: periodEnd, periodEnd: nextEnd, allowance: 20_000, used: 0, available: 20_000 });
    const ledger = await testDb.db.selectFrom("credit_ledger").select(["reason", "delta"]).where("workspaceId", "=", workspaceId).orderBy("id").execute();
    expect(ledger.slice(-3)).toEqual([
      { reason: "reserve", delta: -15_000 },
      { reason: "expire", delta: -5000 },
      { reason: "period", delta: 20_000 },
    ]);
    expect(await getLedgerTotal({ db: testDb.db, workspaceId })).toBe(20_000);
    // The same invoice again under another event id, or an older one: periods only move forward.
    expect(await (await deliver(signedEvent(webhookSecret, "invoice.paid", invoice))).json()).toEqual({ received: true, outcome: "ignored" });
    expect(await getLedgerTotal({ db: testDb.db, workspaceId })).toBe(20_000);
  });

  it("follows subscription updates: plan switches, cancel at period end, failed payments, and ignores older events", async () => {
    const { workspaceId, subscriptionId, customerId, periodStart, periodEnd } = await subscribed();
    const updated = (fields: Partial<Parameters<typeof subscriptionObject>[0]>, created?: number) =>
      deliver(signedEvent(webhookSecret, "customer.subscription.updated", subscriptionObject({ id: subscriptionId, customer: customerId, price: "price_pro_yearly", periodStart, periodEnd, workspaceId, ...fields }), { created }));

    await updated({ price: "price_starter_monthly" });
    expect(await workspaceRow(workspaceId)).toMatchObject({ plan: "starter", billingPeriod: "monthly", periodStart, periodEnd });
    expect((await getWorkspaceBilling({ db: testDb.db, workspaceId })).balance).toMatchObject({ allowance: 5000, available: 5000 });

    await updated({ price: "price_starter_monthly", cancelAtPeriodEnd: true });
    expect((await getWorkspaceBilling({ db: testDb.db, workspaceId })).plan).toMatchObject({ kind: "paid", planId: "starter", cancelAtPeriodEnd: true });
    // An event created before the last one applied is stale.
    expect(await (await updated({ price: "price_enterprise_yearly" }, Math.floor(Date.now() / 1000) - 3600)).json()).toEqual({ received: true, outcome: "ignored" });
    expect((await workspaceRow(workspaceId)).plan).toBe("starter");

    const failed = signedEvent(webhookSecret, "invoice.payment_failed", invoiceObject({ id: `in_fail_${counter}`, customer: customerId, subscription: subscriptionId, price: "price_starter_monthly", periodStart, periodEnd, workspaceId }));
    expect(await (await deliver(failed)).json()).toEqual({ received: true, outcome: "applied" });
    const billing = await getWorkspaceBilling({ db: testDb.db, workspaceId });
    expect(billing.plan).toMatchObject({ kind: "paid", paymentFailed: true });
    // Stripe still retries the payment: generating keeps working meanwhile.
    expect((await reserveCredits({ db: testDb.db, workspaceId, words: 100 })).ok).toBe(true);
  });

  it("ends the plan when the subscription is deleted: generating is refused, bonus words stay", async () => {
    const { workspaceId, subscriptionId, customerId, periodStart } = await subscribed();
    const deleted = signedEvent(webhookSecret, "customer.subscription.deleted", subscriptionObject({ id: subscriptionId, customer: customerId, price: "price_pro_yearly", status: "canceled", periodStart, periodEnd: new Date().toISOString(), workspaceId }));
    expect(await (await deliver(deleted)).json()).toEqual({ received: true, outcome: "applied" });
    expect(await workspaceRow(workspaceId)).toMatchObject({ plan: "none", stripeSubscriptionId: null, subscriptionStatus: "canceled", stripeCustomerId: customerId });
    const refusal = await reserveCredits({ db: testDb.db, workspaceId, words: 200 });
    expect(refusal).toMatchObject({ ok: false, needed: 200, available: 0, plan: { kind: "none" } });
    // Subscribing again later works through Checkout with the same customer.
    const { url } = await startCheckout({ db: testDb.db, config, workspaceId, email: "x@example.com", plan: "starter", period: "monthly", locale: "en" });
    expect(url).toMatch(new RegExp(`^${stub.url}/c/pay/`));
    expect(stub.requests.at(-1)!.form).toMatchObject({ customer: customerId });
    expect(stub.requests.at(-1)!.form.customer_email).toBeUndefined();
  });

  it("cancels at period end through Stripe, and can undo it", async () => {
    const { workspaceId, subscriptionId } = await subscribed();
    expect(await setCancelAtPeriodEnd({ db: testDb.db, config, workspaceId, cancel: true })).toEqual({ ok: true });
    expect(stub.requests.at(-1)).toMatchObject({ method: "POST", path: `/v1/subscriptions/${subscriptionId}`, form: { cancel_at_period_end: "true" } });
    expect((await workspaceRow(workspaceId)).cancelAtPeriodEnd).toBe(1);
    await setCancelAtPeriodEnd({ db: testDb.db, config, workspaceId, cancel: false });
    expect((await workspaceRow(workspaceId)).cancelAtPeriodEnd).toBe(0);
  });

  it("refuses cancel, resume and the portal to a workspace that never paid, without calling Stripe", async () => {
    const { workspaceId } = await newUser();
    const before = stub.requests.length;
    expect(await setCancelAtPeriodEnd({ db: testDb.db, config, workspaceId, cancel: true })).toEqual({ ok: false, reason: "noSubscription" });
    expect(await setCancelAtPeriodEnd({ db: testDb.db, config, workspaceId, cancel: false })).toEqual({ ok: false, reason: "noSubscription" });
    expect(await openBillingPortal({ db: testDb.db, config, workspaceId })).toEqual({ ok: false, reason: "noPaymentDetails" });
    expect(await getWorkspacePayments({ db: testDb.db, workspaceId })).toEqual({ hasCustomer: false, liveSubscription: false });
    expect(stub.requests.length).toBe(before);
  });

  it("opens the portal for a paying workspace and reports its live subscription", async () => {
    const { workspaceId } = await subscribed();
    expect(await getWorkspacePayments({ db: testDb.db, workspaceId })).toEqual({ hasCustomer: true, liveSubscription: true });
    const portal = await openBillingPortal({ db: testDb.db, config, workspaceId });
    expect(portal.ok && portal.url).toMatch(/^https?:\/\//);
    expect(stub.requests.at(-1)).toMatchObject({ method: "POST", path: "/v1/billing_portal/sessions" });
  });

  it("cancels the subscription of a workspace whose owner deletes the account", async () => {
    const { user, workspaceId, subscriptionId } = await subscribed();
    const ids = await listSoleOwnedWorkspaceIds({ db: testDb.db, userId: user.id });
    expect(ids).toEqual([workspaceId]);
    stub.failNext(10);
    await expect(cancelSubscriptionsOf({ db: testDb.db, config, workspaceIds: ids })).rejects.toThrow();
    stub.failNext(0);
    expect(await cancelSubscriptionsOf({ db: testDb.db, config, workspaceIds: ids })).toBe(1);
    expect(stub.requests.at(-1)).toMatchObject({ method: "DELETE", path: `/v1/subscriptions/${subscriptionId}` });
    expect(stub.subscription(subscriptionId)?.status).toBe("canceled");
  });

  it("ignores events for prices and workspaces that are not ours", async () => {
    const { workspaceId } = await newUser();
    const foreign = signedEvent(webhookSecret, "invoice.paid", invoiceObject({ id: "in_foreign", customer: "cus_nobody", subscription: "sub_nobody", price: "price_pro_yearly", periodStart: new Date().toISOString(), periodEnd: new Date(Date.now() + 30 * day).toISOString() }));
    expect(await (await deliver(foreign)).json()).toEqual({ received: true, outcome: "ignored" });
    const otherPrice = signedEvent(webhookSecret, "invoice.paid", invoiceObject({ id: "in_other", customer: "cus_other", subscription: "sub_other", price: "price_unknown", periodStart: new Date().toISOString(), periodEnd: new Date(Date.now() + 30 * day).toISOString(), workspaceId, billingReason: "subscription_create" }));
    expect(await (await deliver(otherPrice)).json()).toEqual({ received: true, outcome: "ignored" });
    expect((await workspaceRow(workspaceId)).plan).toBe("trial");
    const unhandled = signedEvent(webhookSecret, "customer.created", { id: "cus_x", object: "customer" });
    expect(await (await deliver(unhandled)).json()).toEqual({ received: true, outcome: "ignored" });
  });
});

/**
 * Stripe API stand-in for tests and local development: a real HTTP server speaking the small part of
 * Stripe's REST API Sellscribe uses (form-encoded requests, JSON answers, Stripe's error shape):
 *
 *   POST   /v1/checkout/sessions         → a Checkout session with a `url`
 *   POST   /v1/billing_portal/sessions   → a Billing Portal session with a `url`
 *   GET    /v1/subscriptions/:id         → a subscription registered with `putSubscription`
 *   POST   /v1/subscriptions/:id         → updates it (cancel_at_period_end)
 *   DELETE /v1/subscriptions/:id         → cancels it (status "canceled")
 *   GET    /c/pay/:id, /p/session/:id    → the hosted Checkout and Billing Portal pages those `url`s point at
 *                                          (a title and a heading: tests only need to see the browser arrive)
 *
 * Point the stripe library at it with its host/port/protocol options (the app: STRIPE_API_BASE=http://127.0.0.1:$PORT).
 * Requests without `Authorization: Bearer <the key>` get Stripe's 401. `failNext(n)` answers the next n
 * requests with a 500 api_error (the library retries 5xx, so a failure needs more than one).
 * Fixture builders (`subscriptionObject`, `invoiceObject`, `checkoutSessionObject`) make the objects
 * webhook events carry; `signedEvent` signs an event with the library's own test-header helper.
 *
 * Run it:  STRIPE_STUB_PORT=12111 node --disable-warning=ExperimentalWarning tests/support/stripe-stub.ts
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { closeOnSignal, isMainModule, portFromEnv } from "./standalone.ts";

const HOST = "127.0.0.1";

/** The price ids the app is configured with in tests (STRIPE_PRICE_* variables), one per plan and period. */
export const testStripePrices = {
  STRIPE_PRICE_STARTER_MONTHLY: "price_starter_monthly",
  STRIPE_PRICE_STARTER_YEARLY: "price_starter_yearly",
  STRIPE_PRICE_PRO_MONTHLY: "price_pro_monthly",
  STRIPE_PRICE_PRO_YEARLY: "price_pro_yearly",
  STRIPE_PRICE_ENTERPRISE_MONTHLY: "price_enterprise_monthly",
  STRIPE_PRICE_ENTERPRISE_YEARLY: "price_enterprise_yearly",
};

export interface StripeStubRequest {
  method: string;
  path: string;
  /** The form body, flat: `line_items[0][price]` → "price_…". */
  form: Record<string, string>;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface StripeStub {
  url: string;
  host: string;
  port: number;
  requests: StripeStubRequest[];
  /** Answers GET/POST/DELETE /v1/subscriptions/:id with this object (and keeps its updates). */
  putSubscription(subscription: Stripe.Subscription): void;
  subscription(id: string): Stripe.Subscription | undefined;
  failNext(count: number): void;
  reset(): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_stub_${Date.now()}` });
  res.end(JSON.stringify(body));
}

const stripeError = (type: string, message: string, code?: string) => ({ error: { type, message, ...(code ? { code } : {}) } });

export async function startStripeStub({ port = 0, secretKey = "sk_test_stub" }: { port?: number; secretKey?: string } = {}): Promise<StripeStub> {
  const requests: StripeStubRequest[] = [];
  const subscriptions = new Map<string, Stripe.Subscription>();
  let failures = 0;
  let counter = 0;

  let selfUrl = "";
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://${HOST}`);
    const raw = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(raw));
    const header = (name: string) => (Array.isArray(req.headers[name]) ? req.headers[name][0] : (req.headers[name] as string | undefined));
    const method = req.method ?? "GET";
    if (url.pathname === "/healthz") return send(res, 200, { status: "ok" });
    // Stripe's hosted pages, on the stand-in's own address (a browser reaches them like any other page).
    const hosted = /^\/(c\/pay|p\/session)\/[\w-]+$/.exec(url.pathname);
    if (method === "GET" && hosted) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return void res.end(`<!doctype html><html lang="en"><title>Stripe stand-in</title><h1>${hosted[1] === "c/pay" ? "Checkout" : "Billing portal"} (Stripe stand-in)</h1></html>`);
    }
    requests.push({ method, path: url.pathname, form, authorization: header("authorization"), idempotencyKey: header("idempotency-key") });

    if (header("authorization") !== `Bearer ${secretKey}`) return send(res, 401, stripeError("invalid_request_error", "Invalid API Key provided."));
    if (failures > 0) {
      failures--;
      return send(res, 500, stripeError("api_error", "The stub was told to fail."));
    }
    const id = (prefix: string) => `${prefix}_stub${++counter}`;

    if (method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (form.mode !== "subscription" || !form["line_items[0][price]"]) return send(res, 400, stripeError("invalid_request_error", "mode=subscription and line_items are required", "parameter_missing"));
      const sessionId = id("cs_test");
      return send(res, 200, {
        ...checkoutSessionObject({ id: sessionId, workspaceId: form.client_reference_id ?? "", customer: form.customer ?? null, subscription: null }),
        url: `${selfUrl}/c/pay/${sessionId}`,
        customer_email: form.customer_email ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        status: "open",
      });
    }
    if (method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      if (!form.customer) return send(res, 400, stripeError("invalid_request_error", "Missing required param: customer.", "parameter_missing"));
      const sessionId = id("bps");
      return send(res, 200, { id: sessionId, object: "billing_portal.session", customer: form.customer, return_url: form.return_url, url: `${selfUrl}/p/session/${sessionId}` });
    }
    const match = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
    if (match) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return send(res, 404, stripeError("invalid_request_error", `No such subscription: '${match[1]}'`, "resource_missing"));
      if (method === "POST" && form.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = form.cancel_at_period_end === "true";
      if (method === "DELETE") {
        subscription.status = "canceled";
        subscription.ended_at = Math.floor(Date.now() / 1000);
      }
      return send(res, 200, subscription);
    }
    return send(res, 404, stripeError("invalid_request_error", `Unrecognized request URL (${method}: ${url.pathname}).`));
  });

  await new Promise<void>((resolve) => server.listen(port, HOST, resolve));
  const actualPort = (server.address() as AddressInfo).port;
  selfUrl = `http://${HOST}:${actualPort}`;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${HOST}:${actualPort}`,
    host: HOST,
    port: actualPort,
    requests,
    putSubscription: (subscription) => void subscriptions.set(subscription.id, structuredClone(subscription)),
    subscription: (id) => subscriptions.get(id),
    failNext: (count) => void (failures = count),
    reset() {
      requests.length = 0;
      subscriptions.clear();
      failures = 0;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

// --- Objects as Stripe sends them (only the fields Sellscribe reads are meaningful) ---

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function subscriptionObject({
  id,
  customer,
  price,
  status = "active",
  periodStart,
  periodEnd,
  cancelAtPeriodEnd = false,
  workspaceId,
}: {
  id: string;
  customer: string;
  price: string;
  status?: Stripe.Subscription.Status;
  periodStart: string;
  periodEnd: string;
  cancelAtPeriodEnd?: boolean;
  workspaceId?: string;
}): Stripe.Subscription {
  return {
    id,
    object: "subscription",
    customer,
    status,
    cancel_at_period_end: cancelAtPeriodEnd,
    ended_at: status === "canceled" ? unix(periodEnd) : null,
    metadata: workspaceId ? { workspaceId } : {},
    items: {
      object: "list",
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
      data: [{ id: `si_${id}`, object: "subscription_item", price: { id: price, object: "price" }, current_period_start: unix(periodStart), current_period_end: unix(periodEnd) }],
    },
  } as unknown as Stripe.Subscription;
}

export function invoiceObject({
  id,
  customer,
  subscription,
  price,
  periodStart,
  periodEnd,
  billingReason = "subscription_cycle",
  workspaceId,
}: {
  id: string;
  customer: string;
  subscription: string;
  price: string;
  periodStart: string;
  periodEnd: string;
  billingReason?: Stripe.Invoice.BillingReason;
  workspaceId?: string;
}): Stripe.Invoice {
  return {
    id,
    object: "invoice",
    customer,
    billing_reason: billingReason,
    status: "paid",
    parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription, metadata: workspaceId ? { workspaceId } : {} } },
    lines: {
      object: "list",
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
      data: [{ id: `il_${id}`, object: "line_item", period: { start: unix(periodStart), end: unix(periodEnd) }, pricing: { type: "price_details", price_details: { price, product: "prod_stub" }, unit_amount_decimal: null } }],
    },
  } as unknown as Stripe.Invoice;
}

export function checkoutSessionObject({ id, workspaceId, customer, subscription }: { id: string; workspaceId: string; customer: string | null; subscription: string | null }): Stripe.Checkout.Session {
  return {
    id,
    object: "checkout.session",
    mode: "subscription",
    client_reference_id: workspaceId,
    customer,
    subscription,
    payment_status: "paid",
    status: "complete",
    metadata: { workspaceId },
  } as unknown as Stripe.Checkout.Session;
}

let eventCounter = 0;

/** A webhook event as Stripe posts it: the JSON body and its Stripe-Signature header (the library's test helper). */
export function signedEvent(
  secret: string,
  type: string,
  object: unknown,
  { id = `evt_stub${++eventCounter}_${Date.now()}`, created = Math.floor(Date.now() / 1000) }: { id?: string; created?: number } = {},
): { id: string; payload: string; signature: string } {
  const payload = JSON.stringify({ id, object: "event", api_version: Stripe.API_VERSION, created, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { id, payload, signature };
}

if (isMainModule(import.meta.url)) {
  const stub = await startStripeStub({ port: portFromEnv("STRIPE_STUB_PORT", 12111), secretKey: process.env.STRIPE_STUB_SECRET_KEY || "sk_test_stub" });
  console.log(`Stripe API stub at ${stub.url} (secret key: the STRIPE_STUB_SECRET_KEY you set, or sk_test_stub)`);
  closeOnSignal("stripe-stub", () => stub.close());
}

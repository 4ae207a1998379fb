import { spawnSync } from "node:child_process";
import path from "node:path";
import { type Page, type Response } from "@playwright/test";
import { expectNoAxeViolations } from "#tests/support/e2e.ts";
import { endTrialOf } from "#tests/support/e2e-db.ts";
import { expect, test } from "#tests/support/fixtures.ts";
import { startServer, type ServerProcess } from "#tests/support/server-process.ts";
import { checkoutSessionObject, signedEvent, startStripeStub, subscriptionObject, testStripePrices } from "#tests/support/stripe-stub.ts";

async function fillDescription(page: Page, name: string) {
  await page.getByRole("textbox", { name: "Product name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Key benefits / features", exact: true }).fill("Three sizes, deep juice groove");
  await page.getByRole("combobox", { name: "Tone of voice" }).click();
  await page.getByRole("option", { name: "Professional" }).click();
  await page.getByRole("textbox", { name: "Number of outputs", exact: true }).fill("1");
}

/** Clicks Generate and returns the answer of POST /api/generations. */
async function generate(page: Page): Promise<Response> {
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/generations") && response.request().method() === "POST");
  await page.getByRole("button", { name: "Generate" }).click();
  return answer;
}

test.describe("credits, on a server of its own with a 400-word trial", () => {
  let server: ServerProcess;
  test.beforeAll(async () => {
    server = await startServer({ TRIAL_WORDS: "400", AI_OFFLINE_WORD_DELAY_MS: "1" });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test("a trial user generates until the words run out, is refused with the numbers, keeps every output, and a plan brings words back", async ({ browser, login }) => {
    test.slow();
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    try {
      const { email } = await login({ context, server });
      await page.goto("/dashboard");
      await expect(page.getByTestId("credits-available")).toHaveText("400");

      await page.goto("/templates/descriptionGenerator");
      const outputs = page.getByTestId("new-output");
      let saved = 0;
      let refusal: { code: string; error: string; requestId: string } | undefined;
      // Each run reserves up to 200 words and is charged what it really wrote, until less than 200 are left.
      for (let run = 1; run <= 20 && !refusal; run++) {
        await fillDescription(page, `Bamboo Board ${run}`);
        const answer = await generate(page);
        if (answer.status() === 402) {
          refusal = await answer.json();
          break;
        }
        expect(answer.status()).toBe(200);
        saved++;
        await expect(outputs).toHaveCount(saved, { timeout: 15_000 });
        await expect(outputs.first()).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
        await expect(outputs.first()).toContainText(`Bamboo Board ${run}`);
      }
      expect(saved).toBeGreaterThanOrEqual(2);
      // Refused before the provider was called: the message gives the numbers and what to do next.
      expect(refusal).toEqual({ code: "NO_CREDITS", error: expect.stringMatching(/^Not enough words left in your free trial: this needs up to 200 words and \d+ are left\./), requestId: expect.any(String) });
      const available = Number(/and (\d+) are left/.exec(refusal!.error)![1]);
      expect(available).toBeLessThan(200);
      const message = `Not enough words left in your free trial: this needs up to 200 words and ${available} are left. Ask for fewer outputs, or choose a plan to keep generating.`;
      expect(refusal!.error).toBe(message);
      const refused = page.getByRole("alert").filter({ hasText: "You are out of words" });
      await expect(refused.getByText(message, { exact: false })).toBeVisible();
      await expect(refused.getByRole("link", { name: "See plans and upgrade" })).toHaveAttribute("href", "/pricing");
      await expect(outputs).toHaveCount(saved);

      // Every output is still there: the History tab and the dashboard.
      await page.getByRole("tab", { name: "History" }).click();
      await expect(page.getByTestId("history-list").getByRole("article")).toHaveCount(saved);
      await page.goto("/dashboard");
      await expect(page.getByTestId("credits-available")).toHaveText(String(available));
      await expect(page.getByRole("region", { name: "Latest outputs" }).getByText(/Bamboo Board \d/)).toHaveCount(Math.min(saved, 6));

      // Billing: the real balance, and the usage chart of this period.
      await page.getByRole("link", { name: "View usage details" }).click();
      await expect(page).toHaveURL(/\/settings\/billing#usage$/);
      await expect(page.getByTestId("billing-available")).toHaveText(String(available));
      const usage = page.getByRole("region", { name: "Usage" });
      await expect(usage.getByRole("img", { name: "Words per day" })).toBeVisible();
      await expect(usage.locator(".recharts-bar-rectangle").first()).toBeVisible();
      await expect(usage.getByText(`${400 - available} words this period (days in UTC)`)).toBeVisible();
      await expect(usage.getByText(new RegExp(`^${400 - available} words · ${saved} generations$`))).toBeVisible();
      await expect(page.getByTestId("renewal")).toHaveText(/^Your free trial ends in 7 days \(.+\)\.$/);
      await expectNoAxeViolations(page);

      // Start Now without payments set up: billing, with the plan chosen and how an operator sets it.
      await page.goto("/pricing");
      await page.getByRole("region", { name: "Pro" }).getByRole("link", { name: /Start Now/ }).click();
      await expect(page).toHaveURL(/\/settings\/billing\?plan=pro&period=monthly$/);
      await expect(page.getByText("You chose Pro (Monthly)")).toBeVisible();
      await expect(page.getByText(`npm run plan -- set ${email} <starter|pro|enterprise> [monthly|yearly]`).first()).toBeVisible();
      for (const query of ["plan=gold&period=monthly", "plan=pro&period=weekly", ""]) {
        const unknown = await page.request.get(`/billing/start?${query}`, { maxRedirects: 0 });
        expect(unknown.status()).toBe(400);
        expect(await unknown.json()).toEqual({ code: "UNKNOWN_PLAN", error: "Choose Starter, Pro or Enterprise, billed monthly or yearly.", requestId: unknown.headers()["x-request-id"] });
      }

      // The trial ends: generating is refused with the trial's message; history still works.
      endTrialOf(email, path.join(server.dataDir, "db.sqlite"));
      await page.goto("/templates/descriptionGenerator");
      await expect(page.getByRole("banner").getByRole("link", { name: "Trial ended · Choose a plan" })).toBeVisible();
      await fillDescription(page, "After the trial");
      const afterTrial = await generate(page);
      expect(afterTrial.status()).toBe(402);
      await expect(page.getByText(/Your free trial ended on .+: this needs up to 200 words and 0 are left\. Choose a plan to keep generating; your saved outputs stay\./)).toBeVisible();
      await page.getByRole("tab", { name: "History" }).click();
      await expect(page.getByTestId("history-list").getByRole("article")).toHaveCount(saved);

      // Without payments, the operator sets a plan from the command line; words are back at once.
      const billing = await context.newPage();
      await billing.goto("/settings/billing");
      await expect(billing.getByText(`npm run plan -- set ${email} <starter|pro|enterprise> [monthly|yearly]`)).toBeVisible();
      // Hovering before the page has hydrated shows nothing: move away and hover again until it does.
      await expect(async () => {
        await billing.mouse.move(0, 0);
        await billing.getByRole("button", { name: "Edit plan" }).hover();
        await expect(billing.getByRole("tooltip")).toHaveText("Online payments are not set up on this server yet.", { timeout: 1_000 });
      }).toPass();
      const command = spawnSync(process.execPath, ["--disable-warning=ExperimentalWarning", "scripts/operator.ts", "plan", "set", email, "starter"], {
        env: { PATH: process.env.PATH, DATA_DIR: server.dataDir, DATABASE_URL: `file:${path.join(server.dataDir, "db.sqlite")}` },
        encoding: "utf8",
      });
      expect(command.stderr).toBe("");
      expect(command.stdout).toContain("is now on starter (monthly");
      await billing.reload();
      await expect(billing.getByRole("banner").getByRole("link", { name: "Starter plan" })).toBeVisible();
      await expect(billing.getByTestId("billing-available")).toHaveText("5,000");
      await expect(billing.getByTestId("renewal")).toHaveText(/^Renews in (30|31) days \(.+\)\.$/);
      await page.getByRole("tab", { name: "New outputs" }).click();
      const afterPlan = await generate(page);
      expect(afterPlan.status()).toBe(200);
      await expect(outputs).toHaveCount(1, { timeout: 15_000 });
      await expect(outputs.first()).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
      await page.getByRole("tab", { name: "History" }).click();
      await expect(page.getByTestId("history-list").getByRole("article")).toHaveCount(saved + 1);
    } finally {
      await context.close();
    }
  });
});

test.describe("payments, on a server of its own talking to a Stripe stand-in", () => {
  const webhookSecret = "whsec_e2e_sellscribe";
  const secretKey = "sk_test_e2e_sellscribe";

  test("Start Now goes to Checkout for the plan and period chosen; the webhook activates it; the portal and cancel work", async ({ browser, login }) => {
    test.slow();
    const stub = await startStripeStub({ secretKey });
    const server = await startServer({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stub.url,
      ...testStripePrices,
    });
    const context = await browser.newContext({ baseURL: server.url });
    // Stripe's hosted pages are the stand-in's own (tests/support/stripe-stub.ts): the test sees the browser arrive there.
    const page = await context.newPage();
    try {
      await login({ context, server });
      await page.goto("/pricing");
      await page.getByText("Yearly", { exact: true }).click();
      await page.getByRole("region", { name: "Pro" }).getByRole("link", { name: /Start Now/ }).click();
      await expect(page).toHaveURL(new RegExp(`^${stub.url}/c/pay/cs_test_stub\\d+$`));
      await expect(page.getByRole("heading", { name: "Checkout (Stripe stand-in)" })).toBeVisible();
      const checkout = stub.requests.find((r) => r.path === "/v1/checkout/sessions")!;
      expect(checkout.form).toMatchObject({ "line_items[0][price]": "price_pro_yearly", mode: "subscription" });
      const workspaceId = checkout.form.client_reference_id!;

      // Stripe calls the webhook (server to server: no Origin header); a forged one is refused.
      const periodStart = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
      const periodEnd = new Date(Date.parse(periodStart) + 365 * 86_400_000).toISOString();
      stub.putSubscription(subscriptionObject({ id: "sub_e2e", customer: "cus_e2e", price: "price_pro_yearly", periodStart, periodEnd, workspaceId }));
      const completed = signedEvent(webhookSecret, "checkout.session.completed", checkoutSessionObject({ id: "cs_e2e", workspaceId, customer: "cus_e2e", subscription: "sub_e2e" }));
      const post = (body: string, signature: string) => fetch(`${server.url}/api/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body });
      expect((await post(completed.payload, "t=1,v1=forged")).status).toBe(400);
      const delivered = await post(completed.payload, completed.signature);
      expect(delivered.status).toBe(200);
      expect(await delivered.json()).toEqual({ received: true, outcome: "applied" });

      await page.goto("/settings/billing?checkout=success");
      await expect(page.getByText("Thank you! Your plan starts as soon as Stripe confirms the payment (usually a few seconds).")).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: "Pro plan" })).toBeVisible();
      const subscription = page.getByRole("region", { name: "Subscription" });
      await expect(subscription.getByText("Billed yearly")).toBeVisible();
      await expect(page.getByTestId("renewal")).toHaveText(/^Renews in 365 days \(.+\)\.$/);
      await expect(page.getByTestId("billing-available")).toHaveText("20,000");
      // Checked without the toast: toasts' close buttons have no name yet (app-wide, see notifications-host.tsx).
      await page.goto("/settings/billing");
      await expectNoAxeViolations(page);

      await subscription.getByRole("button", { name: "Cancel subscription" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Cancel subscription" }).click();
      await expect(page.getByText("Your subscription will end at the end of this period. It will not renew.")).toBeVisible();
      await expect(page.getByTestId("renewal")).toHaveText(/^Ends in 365 days \(.+\) and will not renew\.$/);
      expect(stub.requests.at(-1)).toMatchObject({ method: "POST", path: "/v1/subscriptions/sub_e2e", form: { cancel_at_period_end: "true" } });

      await subscription.getByRole("button", { name: "Edit payment details" }).click();
      await expect(page).toHaveURL(new RegExp(`^${stub.url}/p/session/bps_stub\\d+$`));
      await expect(page.getByRole("heading", { name: "Billing portal (Stripe stand-in)" })).toBeVisible();
      expect(stub.requests.at(-1)!.form).toMatchObject({ customer: "cus_e2e", return_url: `${server.url}/settings/billing` });
    } finally {
      await context.close();
      await server.stop();
      await stub.close();
    }
  });
});

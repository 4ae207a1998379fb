import { insertGenerationFor } from "#tests/support/e2e-db.ts";
import { expectNoAxeViolations, greetingOf } from "#tests/support/e2e.ts";
import { expect, test } from "#tests/support/fixtures.ts";

test.describe("signed-in shell", () => {
  test("the sidebar highlights the current page; the plan button shows the trial and leads to billing", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "App" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Templates" }).click();
    await expect(page).toHaveURL(/\/templates$/);
    await expect(nav.getByRole("link", { name: "Templates" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "New generation" })).toHaveAttribute("href", "/templates");
    const plan = page.getByRole("banner").getByRole("link", { name: "Trial · 7 days left" });
    await plan.click();
    await expect(page).toHaveURL(/\/settings\/billing$/);
    await expect(page.getByText(/Your free trial ends in 7 days/)).toBeVisible();
  });

  test("every user-menu link goes where it says", async ({ page, login }) => {
    await login({ firstName: "Grace", lastName: "Hopper" });
    await page.goto("/dashboard");
    const targets: [string, RegExp][] = [
      ["Account settings", /\/settings\/personal$/],
      ["Billing", /\/settings\/billing$/],
      ["Usage", /\/settings\/billing#usage$/],
      ["Add members", /\/settings\/workspace#members$/],
    ];
    for (const [name, url] of targets) {
      const menu = page.getByRole("button", { name: /Account menu/ });
      await expect(menu).toContainText("Grace Hopper");
      await menu.click();
      await page.getByRole("menuitem", { name }).click();
      await expect(page).toHaveURL(url);
    }
    await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
  });

  test("sign out ends the session; when the server cannot be reached the user stays and sees why", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard");
    await page.route("**/sign-out", (route) => route.abort());
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page.getByText("We could not sign you out. Check your connection and try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.unroute("**/sign-out");
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fdashboard$/);
  });

  test("the usage panel closes on its button, on Escape and on the backdrop", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard");
    const open = page.getByRole("button", { name: "Usage and what's new" });
    const panel = page.getByRole("dialog", { name: "Usage and what's new" });
    await open.click();
    await expect(panel).toBeVisible();
    await expect(panel.getByText("0 of 2,000 words used")).toBeVisible();
    await panel.getByRole("button", { name: "Close panel" }).click();
    await expect(panel).toBeHidden();

    await open.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();

    await open.click();
    await expect(panel).toBeVisible();
    // The dimmed backdrop covers the page left of the panel.
    await page.mouse.click(100, 400);
    await expect(panel).toBeHidden();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the sidebar is a drawer opened from the burger; choosing a page closes it", async ({ page, login }) => {
      await login();
      await page.goto("/dashboard");
      const nav = page.getByRole("navigation", { name: "App" });
      await expect(nav).toBeHidden();
      await page.getByRole("button", { name: "Open navigation" }).click();
      await expect(nav).toBeVisible();
      await nav.getByRole("link", { name: "Templates" }).click();
      await expect(page).toHaveURL(/\/templates$/);
      await expect(nav).toBeHidden();
      await page.getByRole("button", { name: "Open navigation" }).click();
      await expect(nav).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(nav).toBeHidden();
      // Nothing spills sideways at 375 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  });
});

test.describe("dashboard greeting follows the browser's clock", () => {
  test.use({ timezoneId: "UTC" });
  for (const [time, greeting] of [
    ["2026-11-21T08:15:00Z", "Good morning"],
    ["2026-11-21T14:30:00Z", "Good afternoon"],
    ["2026-11-21T21:45:00Z", "Good evening"],
  ] as const) {
    test(`at ${time.slice(11, 16)} it says ${greeting}`, async ({ page, login }) => {
      await login({ firstName: "Linus" });
      await page.goto("/dashboard");
      await page.clock.setFixedTime(new Date(time));
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${greeting}, Linus!`);
      await expect(page.getByText("Here is an overview of your catalogs performance")).toBeVisible();
    });
  }
});

test.describe("dashboard and templates", () => {
  test("empty states, a pinned template on the dashboard, and the credit balance", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: greetingOf("Ada") })).toBeVisible();
    await expect(page.getByText("No favorite templates yet")).toBeVisible();
    await expect(page.getByText("Nothing written yet")).toBeVisible();
    await expect(page.getByTestId("credits-available")).toHaveText("2,000");
    await expect(page.getByRole("link", { name: "View usage details" })).toHaveAttribute("href", "/settings/billing#usage");

    await page.getByRole("link", { name: "See all" }).click();
    await expect(page).toHaveURL(/\/templates$/);
    for (const name of ["Product Description", "Product Title", "Reviews", "Existing Copy", "Keywords"]) {
      await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await page.getByRole("radiogroup").getByText("SEO", { exact: true }).click();
    await expect(page).toHaveURL(/category=seo/);
    await expect(page.getByRole("link", { name: "Keywords", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Reviews", exact: true })).toBeHidden();
    await page.getByRole("radiogroup").getByText("All", { exact: true }).click();
    await expect(page.getByRole("link", { name: "Reviews", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Product Description", exact: true })).toHaveAttribute("href", "/templates/descriptionGenerator");

    const pin = page.getByRole("button", { name: "Pin Keywords to the dashboard" });
    await pin.click();
    await expect(page.getByRole("button", { name: "Unpin Keywords from the dashboard" })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(page.getByRole("button", { name: "Unpin Keywords from the dashboard" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Favorite Templates" }).getByRole("link", { name: /Keywords/ })).toHaveAttribute("href", "/templates/keyWordGenerator");
  });
});

test.describe("in the browser's time zone", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("billing counts usage by the user's own days and shows dates there", async ({ page, login }) => {
    const { email } = await login();
    // The first page a browser loads names its zone in the tz cookie; billing is the page after it.
    await page.goto("/dashboard");
    await insertGenerationFor(email, { words: 40 });
    await page.goto("/settings/billing");
    await expect(page.getByText("40 words this period (days in America/Los_Angeles)")).toBeVisible();
    const today = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Los_Angeles" }).format(new Date());
    await expect(page.getByText(new RegExp(`^This period: ${today} to `))).toBeVisible();
  });
});

test.describe("settings", () => {
  test("workspace details are validated, saved and shown after a reload", async ({ page, login }) => {
    await login();
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/settings\/workspace$/);
    await expect(page.getByRole("link", { name: "Workspace" })).toHaveAttribute("aria-current", "page");
    const name = page.getByRole("textbox", { name: "Company name", exact: true });
    const website = page.getByRole("textbox", { name: "Primary website domain", exact: true });
    const billing = page.getByRole("textbox", { name: "Billing email", exact: true });
    await name.fill("Acme Kitchen Supplies");
    await website.fill("not a domain");
    await billing.fill("billing@");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Enter a domain such as mystore.com")).toBeVisible();
    await expect(page.getByText("Enter an e-mail address like name@example.com")).toBeVisible();
    // Field messages are read on white: their red must pass WCAG AA too.
    await expectNoAxeViolations(page);

    await website.fill("https://www.AcmeKitchen.com/shop");
    await billing.fill("Billing@AcmeKitchen.com");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Workspace details saved.")).toBeVisible();
    await page.reload();
    await expect(name).toHaveValue("Acme Kitchen Supplies");
    await expect(website).toHaveValue("www.acmekitchen.com");
    await expect(billing).toHaveValue("billing@acmekitchen.com");
  });

  test("a bad domain sent without the browser's checks gets a field message, not a 500", async ({ page, login }) => {
    await login();
    await page.goto("/settings/workspace");
    const response = await page.request.post("/settings/workspace", {
      form: { intent: "details", name: "Shop", website: "exa mple..com", billingEmail: "" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(400);
  });

  test("billing shows credits, a subscription with disabled payment buttons that say why, usage and invoices", async ({ page, login }) => {
    await login();
    await page.goto("/settings/billing");
    await expect(page.getByRole("region", { name: "Credits" })).toContainText("2,000");
    const editPlan = page.getByRole("button", { name: "Edit plan" });
    await expect(editPlan).toHaveAttribute("aria-disabled", "true");
    await editPlan.focus();
    await expect(page.getByRole("tooltip")).toHaveText("Online payments are not set up on this server yet.");
    await editPlan.click({ force: true });
    await expect(page).toHaveURL(/\/settings\/billing$/);
    await expect(page.getByRole("button", { name: "View billing history" })).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("region", { name: "Usage" })).toContainText("No words used this period");
  });
});

for (const width of [1280, 375]) {
  test.describe(`signed-in pages have no axe violations at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    test("dashboard, templates, settings tabs and the open panel", async ({ page, login }) => {
      // Many pages (or a stream and several steps) on a 2-core machine running two workers: 30 s is too tight.
      test.setTimeout(60_000);
      await login();
      await page.goto("/dashboard");
      // The plan button's label shows whole lines of text: its box is not trimmed to the capitals, which
      // with the overflow its ellipsis needs would cut off the descenders of "days".
      const planLabel = page.locator('header a[href="/settings/billing"] .mantine-Button-label');
      await expect(planLabel).toHaveText(/Trial/);
      const { height, lineHeight } = await planLabel.evaluate((label) => ({ height: label.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(label).lineHeight) }));
      expect(height).toBeGreaterThanOrEqual(lineHeight);
      for (const path of ["/dashboard", "/templates", "/settings/workspace", "/settings/personal", "/settings/billing"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
      }
      await page.getByRole("button", { name: "Usage and what's new" }).click();
      await expect(page.getByRole("dialog", { name: "Usage and what's new" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "#tests/support/e2e.ts";

test.describe("public pages", () => {
  test("the landing page shows every section of the seed", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Sellscribe/);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Pricing", "About"]) await expect(nav.getByRole("link", { name })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign up" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Listing copy that sells, written in seconds");
    await expect(page.getByText("7-day free trial · No credit card required")).toBeVisible();
    for (const heading of ["Descriptions and titles", "Improve existing copy", "Keywords and reviews"]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    for (const stat of ["7k+", "7500+", "150+", "35 hours"]) await expect(page.getByText(stat, { exact: true })).toBeVisible();
    await expect(page.getByText("descriptions generated")).toBeVisible();
    await expect(page.getByText("writing hours saved")).toBeVisible();
    await expect(page.getByText("saved per month on average")).toBeVisible();
    await expect(page.locator("figure blockquote")).toHaveCount(2);
    await expect(page.getByRole("img", { name: "The product tour video is coming soon." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Write your next listing today" })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    for (const column of ["Products", "Social Media", "Company", "Help Center"]) await expect(footer.getByRole("heading", { name: column })).toBeVisible();
    for (const product of ["Product descriptions", "Reviews", "Improve existing copy", "Keywords"]) await expect(footer.getByRole("link", { name: product, exact: true })).toBeVisible();
    await expect(footer.getByRole("link", { name: "help@sellscribe.test" })).toHaveAttribute("href", "mailto:help@sellscribe.test");
  });

  test("the FAQ opens one entry at a time and closes the open one on click", async ({ page }) => {
    await page.goto("/");
    const question = (name: string) => page.getByRole("button", { name });
    await expect(page.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
    await expect(page.locator("#faq").getByRole("button")).toHaveCount(5);

    await question("Do team members cost extra?").click();
    await expect(question("Do team members cost extra?")).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("Team members are free")).toBeVisible();

    await question("What is your refund policy?").click();
    await expect(question("What is your refund policy?")).toHaveAttribute("aria-expanded", "true");
    await expect(question("Do team members cost extra?")).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText("within 7 days of your payment")).toBeVisible();
    await expect(page.getByText("help@sellscribe.test within 7 days")).toBeVisible();

    await question("What is your refund policy?").click();
    await expect(question("What is your refund policy?")).toHaveAttribute("aria-expanded", "false");
    for (const name of ["Is the content original?", "What if I need more words than my plan includes?", "Which payment methods do you accept?"]) {
      await expect(question(name)).toHaveAttribute("aria-expanded", "false");
    }
  });

  test("pricing shows three plans, toggles to yearly prices and starts sign-up", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("save 10%")).toBeVisible();
    const price = (id: string) => page.getByTestId(`price-${id}`);
    await expect(price("starter")).toHaveText("$9");
    await expect(price("pro")).toHaveText("$19");
    await expect(price("enterprise")).toHaveText("$45");
    const pro = page.getByRole("region", { name: "Pro" });
    await expect(pro.getByText("Most Popular")).toBeVisible();
    await expect(page.getByText("Most Popular")).toHaveCount(1);
    await expect(pro.getByText("Up to 20,000 words")).toBeVisible();
    await expect(pro.getByText("Unlimited users")).toBeVisible();
    await expect(pro.getByText("5-25 stores")).toBeVisible();
    await expect(page.getByRole("region", { name: "Starter" }).getByText("1 user", { exact: true })).toBeVisible();
    await expect(pro.getByText("24/7 support")).toBeVisible();

    await page.getByText("Yearly", { exact: true }).click();
    await expect(price("starter")).toHaveText("$97");
    await expect(price("pro")).toHaveText("$205");
    await expect(price("enterprise")).toHaveText("$450");

    await expect(page.getByRole("heading", { name: "7-day money-back guarantee" })).toBeVisible();
    await pro.getByRole("link", { name: /Start Now/ }).click();
    // A guest signs up first, then lands on billing with the plan chosen (see credits.spec.ts for signed-in users).
    await expect(page).toHaveURL(/\/sign-up\?plan=pro&period=yearly&redirectTo=%2Fsettings%2Fbilling%3Fplan%3Dpro%26period%3Dyearly$/);
  });

  test("about states the mission; privacy and terms exist", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByText("Powerful AI-generated copy and resources to help entrepreneurs and brands grow on the marketplace.")).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Use" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible();
  });

  test("an unknown address shows the 404 page with a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("switches to Spanish and back from the footer", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByText("Empieza ahora").first()).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByText("Start Now").first()).toBeVisible();
  });

  test("uses the browser's language when no choice was made", async ({ browser }) => {
    const context = await browser.newContext({ locale: "es-ES" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await context.close();
  });

  test("switches to German and French from the footer", async ({ page }) => {
    await page.goto("/pricing");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("button", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Einfache Tarife, die mit Ihrem Katalog wachsen");
    await expect(page.getByText("Jetzt starten").first()).toBeVisible();
    await expect(footer.getByRole("button", { name: "Deutsch" })).toHaveAttribute("aria-pressed", "true");
    await expect(footer.getByRole("button", { name: "Deutsch" })).toHaveAttribute("lang", "de");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await footer.getByRole("button", { name: "Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Des forfaits simples qui grandissent avec votre catalogue");
    await expect(footer.getByRole("button", { name: "Français" })).toHaveAttribute("aria-pressed", "true");
    await expect(footer.getByRole("button", { name: "Deutsch" })).toHaveAttribute("aria-pressed", "false");
    await page.getByRole("banner").getByRole("link", { name: "À propos" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "À propos de Sellscribe" })).toBeVisible();
    await footer.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "About Sellscribe" })).toBeVisible();
  });

  for (const [browserLocale, lang, heading] of [
    ["de-AT", "de", "Listing-Texte, die verkaufen – in Sekunden geschrieben"],
    ["fr-CA", "fr", "Des fiches produits qui vendent, rédigées en quelques secondes"],
  ] as const) {
    test(`uses the browser's language ${browserLocale} when no choice was made`, async ({ browser }) => {
      const context = await browser.newContext({ locale: browserLocale });
      const page = await context.newPage();
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await context.close();
    });
  }
});

test.describe("navigation on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the burger menu opens the navigation", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Pricing" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});

test.describe("the language switcher on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const language of ["Deutsch", "Français"]) {
    test(`in ${language} the footer fits 375 px and the page has no axe violations`, async ({ page }) => {
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("button", { name: language }).click();
      await expect(page.getByRole("contentinfo").getByRole("button", { name: language })).toHaveAttribute("aria-pressed", "true");
      const switcher = page.getByRole("contentinfo").getByRole("form");
      await switcher.scrollIntoViewIfNeeded();
      for (const name of ["English", "Español", "Deutsch", "Français"]) {
        const box = await switcher.getByRole("button", { name }).boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.x, name).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, name).toBeLessThanOrEqual(375);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoAxeViolations(page);
    });
  }
});

for (const width of [1280, 375]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const path of ["/", "/pricing", "/about"]) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
}

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
    // <details> sharing a name: the browser keeps one open (the page is not hydrated).
    const entry = (name: string) => page.locator("#faq details").filter({ has: page.locator("summary", { hasText: name }) });
    await expect(page.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
    await expect(page.locator("#faq summary")).toHaveCount(5);

    await entry("Do team members cost extra?").locator("summary").click();
    await expect(entry("Do team members cost extra?")).toHaveJSProperty("open", true);
    await expect(page.getByText("Team members are free")).toBeVisible();

    await entry("What is your refund policy?").locator("summary").click();
    await expect(entry("What is your refund policy?")).toHaveJSProperty("open", true);
    await expect(entry("Do team members cost extra?")).toHaveJSProperty("open", false);
    await expect(page.getByText("Team members are free")).toBeHidden();
    await expect(page.getByText("within 7 days of your payment")).toBeVisible();
    await expect(page.getByText("help@sellscribe.test within 7 days")).toBeVisible();

    await entry("What is your refund policy?").locator("summary").click();
    await expect(entry("What is your refund policy?")).toHaveJSProperty("open", false);
    for (const name of ["Is the content original?", "What if I need more words than my plan includes?", "Which payment methods do you accept?"]) {
      await expect(entry(name)).toHaveJSProperty("open", false);
    }
  });

  test("pricing shows three plans, toggles to yearly prices and starts sign-up", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("save 10%")).toBeVisible();
    // Both periods' prices are in the page; CSS shows the checked one's (innerText leaves the hidden one out).
    const price = (id: string) => page.getByTestId(`price-${id}`);
    await expect(price("starter")).toHaveText("$9", { useInnerText: true });
    await expect(price("pro")).toHaveText("$19", { useInnerText: true });
    await expect(price("enterprise")).toHaveText("$45", { useInnerText: true });
    const pro = page.getByRole("region", { name: "Pro" });
    await expect(pro.getByText("Most Popular")).toBeVisible();
    await expect(page.getByText("Most Popular")).toHaveCount(1);
    await expect(pro.getByText("Up to 20,000 words")).toBeVisible();
    await expect(pro.getByText("Unlimited users")).toBeVisible();
    await expect(pro.getByText("5-25 stores")).toBeVisible();
    await expect(page.getByRole("region", { name: "Starter" }).getByText("1 user", { exact: true })).toBeVisible();
    await expect(pro.getByText("24/7 support")).toBeVisible();

    await page.getByText("Yearly", { exact: true }).click();
    await expect(page.getByRole("radio", { name: "Yearly" })).toBeChecked();
    await expect(price("starter")).toHaveText("$97", { useInnerText: true });
    await expect(price("pro")).toHaveText("$205", { useInnerText: true });
    await expect(price("enterprise")).toHaveText("$450", { useInnerText: true });
    await expect(pro.getByText("/year")).toBeVisible();
    await expect(pro.getByText("/month")).toBeHidden();

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
    const burger = page.getByRole("button", { name: "Open menu" });
    const dialog = page.getByRole("dialog");
    // The close button and Escape close it (a popover: the browser's own behaviour, no script).
    await burger.click();
    await expect(dialog.getByRole("link", { name: "About" })).toBeVisible();
    await dialog.getByRole("button", { name: "Close menu" }).click();
    await expect(dialog).toBeHidden();
    await burger.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(burger).toBeFocused();

    await burger.click();
    await dialog.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});

// The public pages are the server's HTML without React (docs/decisions/022): one small script, and what
// people use on them (menu, FAQ, billing period, language) works with HTML and CSS alone.
for (const width of [1280, 375]) {
  test.describe(`without hydration at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of ["/", "/pricing"]) {
      test(`${path} loads no React runtime, only the public script`, async ({ page }) => {
        const scripts: string[] = [];
        page.on("request", (request) => {
          if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
        });
        const response = await page.goto(path);
        await page.waitForLoadState("networkidle");
        expect(scripts).toEqual([expect.stringMatching(/^\/assets\/public-site-[\w-]+\.js$/)]);
        const html = await response!.text();
        expect(html).not.toContain("modulepreload");
        expect(html).not.toContain("__reactRouterContext");
        expect(await page.evaluate(() => "__reactRouterContext" in window || "__reactRouterDataRouter" in window)).toBe(false);
      });
    }

    test("the menu, the FAQ, the billing period and the language switch work", async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto("/pricing");
      if (width < 768) {
        await expect(page.getByRole("banner").getByRole("navigation")).toBeHidden();
        await page.getByRole("button", { name: "Open menu" }).click();
        const menu = page.getByRole("dialog", { name: "Sellscribe" });
        await expect(menu.getByRole("link", { name: "Sign up" })).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
      } else {
        await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
        await expect(page.getByRole("banner").getByRole("link", { name: "Pricing" })).toHaveAttribute("aria-current", "page");
      }

      // The keyboard moves between the two periods as in any radio group.
      await page.getByRole("radio", { name: "Monthly" }).focus();
      await page.keyboard.press("ArrowRight");
      await expect(page.getByRole("radio", { name: "Yearly" })).toBeChecked();
      await expect(page.getByTestId("price-pro")).toHaveText("$205", { useInnerText: true });
      await expect(page.getByRole("region", { name: "Pro" }).getByRole("link", { name: /Start Now/ })).toHaveAttribute("href", "/billing/start?plan=pro&period=yearly");
      await page.getByText("Monthly", { exact: true }).click();
      await expect(page.getByTestId("price-pro")).toHaveText("$19", { useInnerText: true });
      await expect(page.getByRole("region", { name: "Pro" }).getByRole("link", { name: /Start Now/ })).toHaveAttribute("href", "/billing/start?plan=pro&period=monthly");

      const question = page.locator("#faq summary", { hasText: "Which payment methods do you accept?" });
      await question.click();
      await expect(page.getByText("All major credit and debit cards.")).toBeVisible();

      // The switch is a plain form post; the public script adds the address's #fragment to where it returns.
      await page.goto("/#faq");
      await page.getByRole("contentinfo").getByRole("button", { name: "Deutsch" }).click();
      await expect(page).toHaveURL(/\/#faq$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await page.getByRole("contentinfo").getByRole("button", { name: "English" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      expect(errors).toEqual([]);
    });
  });
}

test("public pages rendered by React after a client-side navigation work the same", async ({ page }) => {
  await page.goto("/sign-in");
  // Hydrated: React Router's router is up (a click before then would load the next page from the server).
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("link", { name: "Sellscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Listing copy that sells, written in seconds");
  await page.getByRole("banner").getByRole("link", { name: "Pricing" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Simple plans that grow with your catalog");
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

  await page.getByText("Yearly", { exact: true }).click();
  await expect(page.getByTestId("price-starter")).toHaveText("$97", { useInnerText: true });
  await page.locator("#faq summary", { hasText: "Do team members cost extra?" }).click();
  await expect(page.getByText("Team members are free")).toBeVisible();
  await page.getByRole("contentinfo").getByRole("button", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  // Still the same document, so still yearly prices.
  await expect(page.getByRole("link", { name: /Empieza ahora/ }).first()).toHaveAttribute("href", /period=yearly/);
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

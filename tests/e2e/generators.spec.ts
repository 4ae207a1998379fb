import { type Page } from "@playwright/test";
import { startAiStub } from "#tests/support/ai-stub-server.ts";
import { expectNoAxeViolations } from "#tests/support/e2e.ts";
import { expect, test } from "#tests/support/fixtures.ts";
import { startServer } from "#tests/support/server-process.ts";

async function fillDescription(page: Page, { name = "Bamboo Cutting Board Set", count = "3" } = {}) {
  await page.getByRole("textbox", { name: "Product name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Key benefits / features", exact: true }).fill("Three sizes, deep juice groove, easy to clean");
  await page.getByRole("combobox", { name: "Tone of voice" }).click();
  await page.getByRole("option", { name: "Professional" }).click();
  await page.getByRole("textbox", { name: "Number of outputs", exact: true }).fill(count);
}

test.describe("generators", () => {
  test("three descriptions stream in from the provider, are saved, and show under History", async ({ page, login }) => {
    // Many pages (or a stream and several steps) on a 2-core machine running two workers: 30 s is too tight.
    test.setTimeout(60_000);
    await login();
    await page.goto("/templates");
    await page.getByRole("link", { name: "Product Description", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Amazon Product Description (paragraph)" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Templates" })).toHaveAttribute("href", "/templates");
    // The e2e server talks to an OpenAI-compatible stub, not the offline writer.
    await expect(page.getByText("Offline writer — connect an AI provider for AI-written copy")).toBeHidden();
    await expect(page.getByRole("tabpanel").getByText("No saved outputs yet").or(page.getByText("Your new copy appears here"))).toBeVisible();

    await fillDescription(page, { name: "Bamboo <b>Board</b>" });
    // A slower answer than the stub's default, so the streaming is easy to watch.
    await fetch(`http://127.0.0.1:${process.env.E2E_AI_STUB_PORT}/__stub/replies`, { method: "POST", body: JSON.stringify({ tokenDelayMs: 60 }) });
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
    // The 'Generating content...' toast stays until the generation is done.
    await expect(page.getByText("Generating content...").first()).toBeVisible();
    const outputs = page.getByTestId("new-output");
    await expect(outputs).toHaveCount(3);
    // Streaming: an output shows text while it is still being written.
    await expect(page.locator('[data-testid="new-output"][aria-busy="true"]').filter({ hasText: "Bamboo" }).first()).toBeVisible();
    await expect(page.getByText("3 new outputs saved to your history.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Generating content...")).toHaveCount(0);
    for (const output of await outputs.all()) {
      await expect(output).toHaveAttribute("aria-busy", "false");
      // Inputs are shown as text, never run as HTML.
      await expect(output.locator("b")).toHaveCount(0);
    }
    const texts = await outputs.allInnerTexts();
    expect(new Set(texts).size).toBe(3);

    await page.getByRole("tab", { name: "History" }).click();
    const history = page.getByTestId("history-list").getByRole("article");
    await expect(history).toHaveCount(3);
    await expect(history.first()).toContainText("Bamboo <b>Board</b>");

    // A second run adds its outputs on top of the first.
    await page.getByRole("button", { name: "Reset" }).click();
    await expect(page.getByRole("textbox", { name: "Product name", exact: true })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Number of outputs", exact: true })).toHaveValue("1");
    await fillDescription(page, { name: "Walnut Serving Tray", count: "1" });
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByText("1 new output saved to your history.")).toBeVisible({ timeout: 20_000 });
    await page.getByRole("tab", { name: "New outputs" }).click();
    await expect(outputs).toHaveCount(4);
    await expect(outputs.first()).toContainText("Walnut Serving Tray");

    // "Use these inputs again" opens the generator with the form filled in.
    await page.getByRole("tab", { name: "History" }).click();
    const oldest = page.getByTestId("history-list").getByRole("article").filter({ hasText: "Bamboo <b>Board</b>" }).first();
    await oldest.getByRole("button", { name: "Show the inputs used" }).click();
    await oldest.getByRole("link", { name: "Use these inputs again" }).click();
    await expect(page).toHaveURL(/\/templates\/descriptionGenerator\?from=/);
    await expect(page.getByRole("textbox", { name: "Product name", exact: true })).toHaveValue("Bamboo <b>Board</b>");
    await expect(page.getByRole("textbox", { name: "Number of outputs", exact: true })).toHaveValue("3");
  });

  test("the form checks required fields and the count rule before anything is sent", async ({ page, login }) => {
    await login();
    await page.goto("/templates/reviewGenerator");
    let posted = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/generations")) posted += 1;
    });
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByText("There are errors in the form")).toBeVisible();
    await expect(page.getByText("This field is required.")).toHaveCount(3);
    await page.getByRole("textbox", { name: "Product name", exact: true }).fill("Trail Running Shoes");
    await page.getByRole("combobox", { name: "Tone of voice" }).click();
    await page.getByRole("option", { name: "Casual" }).click();
    await page.getByRole("combobox", { name: "Rating" }).click();
    await page.getByRole("option", { name: "4 stars" }).click();
    await page.getByRole("textbox", { name: "Number of outputs", exact: true }).fill("99");
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByText("At most 10 can be asked at once.")).toBeVisible();
    expect(posted).toBe(0);

    // The seed's count rule: signs are stripped, so "-2" asks for 2.
    await page.getByRole("textbox", { name: "Number of outputs", exact: true }).fill("-2");
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByTestId("new-output")).toHaveCount(2);
    await expect(page.getByText("2 new outputs saved to your history.")).toBeVisible({ timeout: 20_000 });
    expect(posted).toBe(1);
  });

  test("text areas count characters and stop at 400", async ({ page, login }) => {
    await login();
    await page.goto("/templates/existingCopyGenerator");
    const copy = page.getByRole("textbox", { name: "Copy", exact: true });
    await copy.fill("Soft cotton tee.");
    await expect(page.getByText("16/400")).toBeVisible();
    await copy.fill("x".repeat(450));
    await expect(copy).toHaveValue("x".repeat(400));
    await expect(page.getByText("400/400")).toBeVisible();
  });

  test("an unknown template is a 404 page; the API answers 401 JSON to guests", async ({ page, login }) => {
    const guest = await page.request.post("/api/generations", { data: { templateId: "description", inputs: {} }, headers: { Origin: new URL(test.info().project.use.baseURL!).origin } });
    expect(guest.status()).toBe(401);
    expect(await guest.json()).toMatchObject({ code: "SIGNED_OUT" });
    await login();
    const response = await page.goto("/templates/noSuchGenerator");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  for (const width of [1280, 375]) {
    test(`the generator page has no axe violations at ${width} px, and on phones the results stack under the form`, async ({ page, login }) => {
      await page.setViewportSize({ width, height: 900 });
      await login();
      await page.goto("/templates/keyWordGenerator");
      await expect(page.getByRole("heading", { name: "Keywords Generator" })).toBeVisible();
      await expectNoAxeViolations(page);
      const form = await page.getByRole("form", { name: "Generator inputs" }).boundingBox();
      const results = await page.getByRole("tab", { name: "New outputs" }).boundingBox();
      if (width < 768) expect(results!.y).toBeGreaterThan(form!.y + form!.height);
      else expect(results!.x).toBeGreaterThan(form!.x + form!.width);
    });
  }
});

test.describe("generation failures, on a server of its own with a scripted provider", () => {
  test("a provider error shows a message with a request id and saves nothing; Stop cancels", async ({ browser, login }) => {
    test.slow();
    const stub = await startAiStub({ tokenDelayMs: 40 });
    const server = await startServer({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: `${stub.url}/v1`, AI_API_KEY: "sk-test-failures" });
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    try {
      await login({ context, server });
      await page.goto("/templates/descriptionGenerator");
      // Four 500s: the first try and three retries.
      for (let i = 0; i < 4; i++) stub.enqueue({ status: 500 });
      await fillDescription(page, { count: "2" });
      await page.getByRole("button", { name: "Generate" }).click();
      await expect(page.getByText(/The AI provider is not answering right now\. Please try again in a moment\. Request id: \S+/)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId("new-output")).toHaveCount(0);
      await page.getByRole("tab", { name: "History" }).click();
      await expect(page.getByText("No saved outputs yet")).toBeVisible();
      await page.getByRole("tab", { name: "New outputs" }).click();

      stub.enqueue({ tokenDelayMs: 300 });
      await page.getByRole("button", { name: "Generate" }).click();
      await expect(page.getByTestId("new-output")).toHaveCount(2);
      await expect(page.getByTestId("new-output").first()).not.toHaveText("");
      await page.getByRole("button", { name: "Stop" }).click();
      await expect(page.getByText("Generation stopped. Nothing was saved.")).toBeVisible();
      await expect(page.getByTestId("new-output")).toHaveCount(0);
      await expect.poll(() => stub.requests.at(-1)?.closedByClient).toBe(true);
      await page.reload();
      await page.getByRole("tab", { name: "History" }).click();
      await expect(page.getByText("No saved outputs yet")).toBeVisible();
    } finally {
      await context.close();
      await server.stop();
      await stub.close();
    }
  });
});

test("toasts close on click, wait while the window has no focus, and have a named close button", async ({ page, login }) => {
  await login();
  await page.goto("/templates/descriptionGenerator");
  await page.getByRole("button", { name: "Generate" }).click();
  const toast = page.locator(".mantine-Notification-root").filter({ hasText: "There are errors in the form" });
  await expect(toast).toBeVisible();
  await expect(toast.getByRole("button", { name: "Close" })).toBeVisible();
  await toast.click({ position: { x: 20, y: 10 } });
  await expect(toast).toBeHidden();

  await page.getByRole("button", { name: "Generate" }).click();
  await expect(toast).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event("blur")));
  await page.waitForTimeout(6_000);
  await expect(toast).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(toast).toBeHidden({ timeout: 8_000 });
});

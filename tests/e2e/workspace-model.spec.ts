import { type Page } from "@playwright/test";
import { expectNoAxeViolations, linkFromMail, uniqueEmail } from "#tests/support/e2e.ts";
import { expect, test } from "#tests/support/fixtures.ts";

// The e2e server talks to the AI stub as an OpenAI-compatible server (playwright.config.ts): its
// GET /v1/models lists llama3.2 (the default, AI_MODEL being unset), stub-large and stub-small.

const modelSection = (page: Page) => page.getByRole("region", { name: "AI model" });
const picker = (page: Page) => modelSection(page).getByRole("combobox", { name: "Model" });

/** Opens the model list; tried again while the page hydrates (a click before then opens nothing). */
async function openPicker(page: Page) {
  await expect(async () => {
    if (!(await page.getByRole("option").first().isVisible())) await picker(page).click();
    await expect(page.getByRole("option").first()).toBeVisible({ timeout: 1000 });
  }).toPass();
}

/** The `start` event of a generation posted straight to the API. */
async function startEvent(page: Page, productName: string): Promise<{ provider: string; model: string }> {
  const answer = await page.request.post("/api/generations", {
    data: { templateId: "description", inputs: { productName, keyBenefitsFeatures: "Keeps coffee hot", toneOfVoice: "Casual", numberOutputs: "1" } },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(answer.status()).toBe(200);
  const stream = await answer.text();
  expect(stream).toContain("event: done");
  const start = /event: start\ndata: (.+)\n/.exec(stream)?.[1];
  expect(start, stream).toBeTruthy();
  return JSON.parse(start!) as { provider: string; model: string };
}

/** The models the AI stub was asked to write with for a product (its requests log). */
async function stubModelsFor(productName: string): Promise<string[]> {
  const requests = (await (await fetch(`http://127.0.0.1:${process.env.E2E_AI_STUB_PORT}/__stub/requests`)).json()) as { path: string; body: { model?: string; messages?: { content?: string }[] } }[];
  return requests.filter((r) => r.path.endsWith("/chat/completions") && JSON.stringify(r.body.messages ?? []).includes(productName)).map((r) => r.body.model ?? "");
}

test.describe("the workspace's AI model", () => {
  test("an owner picks a model from the provider's list with the keyboard; generations write with it and record it; an unknown model is refused next to the picker", async ({ page, login }) => {
    test.slow(); // Several saves and two generations.
    await login({ firstName: "Mara", lastName: "Model" });
    await page.goto("/dashboard");
    const before = `Default Model Mug ${Date.now()}`;
    expect(await startEvent(page, before)).toMatchObject({ provider: "openai-compatible", model: "llama3.2" });

    await page.goto("/settings/workspace");
    await expect(modelSection(page).getByText("Every generation in this workspace is written by this model from the OpenAI-compatible server.")).toBeVisible();
    await expect(picker(page)).toHaveValue("llama3.2 (default)");
    await expectNoAxeViolations(page);

    // Keyboard only: focus the picker, search, choose, save.
    await picker(page).focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("option", { name: "stub-small" })).toBeVisible();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("stub-lar");
    await expect(page.getByRole("option", { name: "stub-small" })).toBeHidden();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(picker(page)).toHaveValue("stub-large");
    await page.keyboard.press("Tab");
    await expect(modelSection(page).getByRole("button", { name: "Use this model" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("AI model saved. New generations use stub-large.")).toBeVisible();
    await page.reload();
    await expect(picker(page)).toHaveValue("stub-large");

    const after = `Picked Model Mug ${Date.now()}`;
    expect(await startEvent(page, after)).toMatchObject({ provider: "openai-compatible", model: "stub-large" });
    expect(await stubModelsFor(after)).toEqual(["stub-large"]);
    expect(await stubModelsFor(before)).toEqual(["llama3.2"]);

    // A model the provider does not offer (as a stale or hand-made form would send): a field message, nothing saved.
    // The page re-renders when the streamed model list lands, which puts the picker's value back (seen in CI):
    // tamper and send again until the refusal shows (a send of the real pick in between saves the same model).
    await expect(async () => {
      await page.locator('input[type="hidden"][name="model"]').evaluate((input: HTMLInputElement) => (input.value = "gpt-17-ultra"));
      await modelSection(page).getByRole("button", { name: "Use this model" }).click();
      await expect(modelSection(page).getByText("The provider does not offer this model. Choose one from the list.")).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    const origin = new URL(page.url()).origin;
    const refused = await page.request.post("/settings/workspace", { form: { intent: "model", model: "gpt-17-ultra" }, headers: { Origin: origin } });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("workspace.error.unknownModel");
    await page.reload();
    await expect(picker(page)).toHaveValue("stub-large");

    // Back to the default.
    await openPicker(page);
    await page.getByRole("option", { name: "llama3.2 (default)" }).click();
    await modelSection(page).getByRole("button", { name: "Use this model" }).click();
    await expect(page.getByText("AI model saved. New generations use llama3.2.")).toBeVisible();
  });

  test("a POST without a known intent is a 400 with a message, shown as a toast, and changes nothing", async ({ page, login }) => {
    await login({ firstName: "Ivo", lastName: "Intent" });
    await page.goto("/settings/workspace");
    const origin = new URL(page.url()).origin;
    const forms: Record<string, string>[] = [{ intent: "explode" }, { model: "stub-large" }, { intent: "" }];
    for (const form of forms) {
      const answer = await page.request.post("/settings/workspace", { form, headers: { Origin: origin } });
      expect(answer.status(), JSON.stringify(form)).toBe(400);
      expect(await answer.text()).toContain("form.malformed");
    }
    // The same from the page: the message shows as a toast and the model stays the default. The picker
    // opening shows the page is hydrated: React would otherwise put the hidden input's value back.
    await openPicker(page);
    await page.keyboard.press("Escape");
    await page.locator('input[type="hidden"][name="intent"][value="model"]').evaluate((input: HTMLInputElement) => (input.value = "explode"));
    await modelSection(page).getByRole("button", { name: "Use this model" }).click();
    await expect(page.getByText("We could not read what was sent. Reload the page and try again.")).toBeVisible();
    await page.reload();
    await expect(picker(page)).toHaveValue("llama3.2 (default)");
  });

  test("a member sees the workspace's model but cannot change it", async ({ page, browser, login }) => {
    test.slow(); // Two accounts and an invitation.
    await login({ firstName: "Otto", lastName: "Owner" });
    await page.goto("/settings/workspace");
    await openPicker(page);
    await page.getByRole("option", { name: "stub-small" }).click();
    await modelSection(page).getByRole("button", { name: "Use this model" }).click();
    await expect(page.getByText("AI model saved. New generations use stub-small.")).toBeVisible();
    const memberEmail = uniqueEmail("member");
    await page.getByRole("textbox", { name: "E-mail address", exact: true }).fill(memberEmail);
    await page.getByRole("button", { name: "Send invite" }).click();
    await expect(page.getByText(`Invite sent to ${memberEmail}.`)).toBeVisible();
    const link = await linkFromMail(memberEmail, /You are invited to a workspace on Sellscribe/);

    const context = await browser.newContext();
    try {
      const member = await context.newPage();
      await login({ context, firstName: "Mia", lastName: "Member", email: memberEmail });
      await member.goto(link);
      await member.getByRole("button", { name: /^Join / }).click();
      await expect(member).toHaveURL(/\/dashboard/);

      await member.goto("/settings/workspace");
      await expect(modelSection(member).getByText("Only the workspace owner can change the model.")).toBeVisible();
      await expect(picker(member)).toHaveValue("stub-small");
      await expect(picker(member)).toBeDisabled();
      await expect(modelSection(member).getByRole("button", { name: "Use this model" })).toHaveCount(0);
      const refused = await member.request.post("/settings/workspace", { form: { intent: "model", model: "stub-large" }, headers: { Origin: new URL(member.url()).origin } });
      expect(refused.status()).toBe(403);
      expect(await refused.text()).toContain("workspace.error.ownerOnly");
      // The member's generations use the workspace's model too.
      expect(await startEvent(member, `Member Mug ${Date.now()}`)).toMatchObject({ model: "stub-small" });
    } finally {
      await context.close();
    }
    await page.reload();
    await expect(picker(page)).toHaveValue("stub-small");
  });
});

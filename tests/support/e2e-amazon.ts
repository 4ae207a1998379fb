// Amazon Seller Central in the browser tests: connecting the stand-in's European seller from the Amazon card, and
// the stand-in's knob for how Amazon treats a SKU's next patch (tests/support/sp-api-stub-server.ts).
import { expect, type Locator, type Page } from "@playwright/test";
import { spApiStubControlUrl } from "./e2e-env.ts";
import type { PatchBehaviour, StubIssue } from "./sp-api-stub-patch.ts";

/** Connects Seller Central for Europe through the stand-in's consent page; the Amazon card, back on the settings page. */
export async function connectSellerCentralEurope(page: Page): Promise<Locator> {
  await page.goto("/settings/workspace");
  const card = page.getByRole("region", { name: "Amazon Seller Central" });
  await card.getByRole("button", { name: "Connect Seller Central for Europe" }).click();
  await expect(page.getByRole("heading", { name: "Authorize Sellscribe" })).toBeVisible();
  const account = page.getByLabel("Selling account");
  await account.selectOption({ label: (await account.locator("option").allTextContents()).find((label) => label.includes("(EU:"))! });
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/amazon=connected&region=eu/);
  return card;
}

/** How the stand-in answers the next patches of one SKU ("normal" puts it back). */
export async function setStubBehaviour(input: { sellerId: string; sku: string; behaviour: PatchBehaviour; issues?: StubIssue[] }): Promise<void> {
  const response = await fetch(`${spApiStubControlUrl}/__stub/behaviour`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) });
  expect(response.status, await response.text()).toBe(204);
}

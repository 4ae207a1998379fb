// Fix a listing whose title breaks the 75-character rule (issue 33 item 6): "Fix what fails" on the listing
// starts a fix job, the review shows live vs proposed section by section, the title is accepted and the item
// highlights rejected from the keyboard, the listing's live copy takes only the title; axe at 1280 and 375 px.
import { expectNoAxeViolations } from "#tests/support/e2e.ts";
import { createSavedListing, cuttingBoardLongTitle } from "#tests/support/e2e-listings.ts";
import { expect, test } from "#tests/support/fixtures.ts";

test("a long title fixed: fix, review side by side, accept the title, reject the highlights, axe at 1280 and 375 px", async ({ page, login }) => {
  test.setTimeout(60_000);
  await login();
  await page.goto("/dashboard");
  const listing = await createSavedListing(page);

  await page.goto(`/listings/${listing.id}`);
  await page.getByRole("button", { name: "Fix what fails" }).click();
  await expect(page).toHaveURL(new RegExp(`/listings/${listing.id}/proposal$`));
  await expect(page.getByRole("heading", { name: "Proposed fix", level: 1 })).toBeVisible();
  // The fix job writes it; the page looks again until the proposal is there.
  const title = page.getByRole("region", { name: "Title" });
  await expect(title.getByRole("button", { name: "Accept: Title" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("region", { name: "Item highlights" })).toBeVisible();
  // Only the failing sections are proposed: the bullets, description and search terms pass and stay.
  await expect(page.getByRole("region", { name: "Bullet points" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Search terms" })).toHaveCount(0);
  await expect(title.getByText("Live now")).toBeVisible();
  // The words the title loses are marked on the live side; the highlights (empty now) are all new.
  await expect(title.locator("del").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Item highlights" }).locator("ins").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/fixes-1280.png", fullPage: true });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole("button", { name: "Accept: Title" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/fixes-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();

  // Accept the title with the keyboard.
  const acceptTitle = title.getByRole("button", { name: "Accept: Title" });
  await page.waitForLoadState("networkidle");
  await expect(acceptTitle).toBeEnabled();
  await acceptTitle.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Accepted: saved as a new version of the listing." })).toBeVisible();
  await expect(page.getByRole("region", { name: "Title" })).toHaveCount(0);
  const rejectHighlights = page.getByRole("button", { name: "Reject: Item highlights" });
  await page.waitForLoadState("networkidle");
  await expect(rejectHighlights).toBeEnabled();
  await rejectHighlights.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Rejected: the live text stays." })).toBeVisible();
  await expect(page.getByText("No proposal to review")).toBeVisible();

  // The live copy took the fixed title only.
  const answer = await page.request.get(`/api/listings/${listing.id}/export?format=json&force=1`);
  expect(answer.status()).toBe(200);
  const exported = JSON.stringify(await answer.json());
  expect(exported).not.toContain(cuttingBoardLongTitle);
  // The history marks the accepted version as the current copy, not the proposal saved after it.
  await page.goto(`/listings/${listing.id}/versions`);
  const current = page.getByRole("listitem").filter({ has: page.getByText("current", { exact: true }) });
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAccessibleName("Version 3 (edited)");
  await expect(page.getByRole("listitem", { name: "Version 4 (proposed fix)" })).toBeVisible();
  await page.goto(`/listings/${listing.id}`);
  await expect(page.getByRole("button", { name: "Fix what fails" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Review the proposed fix" })).toHaveCount(0);
});

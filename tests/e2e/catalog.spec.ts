// The catalog audit page (issue 33 items 5 and 6) with a few listings: the empty state, totals with Amazon's
// issues beside ours, "Run audit", a filter by keyboard, opening a listing, the CSV export of the filter, fixing
// every listing that fails a rule, the dashboard's card, and axe at 1280 and 375 px; then selecting listings and
// fixing only those from the selection toolbar.
import { readFile } from "node:fs/promises";
import { expectNoAxeViolations } from "#tests/support/e2e.ts";
import { createSavedListing, cuttingBoardCopy, cuttingBoardLongTitle } from "#tests/support/e2e-listings.ts";
import { expect, test } from "#tests/support/fixtures.ts";

const facts = { brand: "Acme", productName: "Bamboo Cutting Board Set", productType: "Cutting board", keyFeatures: "3 sizes", targetAudience: "Home cooks", wordsToAvoid: "", tone: "Professional" };
const bullets = [
  "Three sizes for every job: small for fruit, medium for bread and large for carving, so the right board is always at hand.",
  "Deep juice groove: catches juices from roasts and ripe tomatoes, so the counter stays dry while you slice.",
  "Solid bamboo: dense, hard-wearing bamboo that is kind to knife edges and does not soak up smells.",
];
const passing = {
  title: "Acme Bamboo Cutting Board Set, 3 Sizes, Deep Juice Groove",
  itemHighlights: "Three sizes, deep juice groove, solid bamboo that is kind to knives",
  bullets,
  description: "The Acme Bamboo Cutting Board Set gives every kitchen job its own board.",
  searchTerms: "chopping block butcher serving tray",
};
const longTitle = "Acme Bamboo Cutting Board Set with Deep Juice Groove, Three Sizes for Every Kitchen Job";

test("the catalog audit: empty state, totals, run, filter, open, export, dashboard, axe at 1280 and 375 px", async ({ page, login, e2eBackend }) => {
  test.setTimeout(60_000);
  await login();
  await page.goto("/catalog");
  await expect(page.getByText("No listings yet: import from Amazon or upload a catalog")).toBeVisible();
  await expect(page.getByRole("link", { name: /Connect Amazon/ })).toHaveAttribute("href", "/settings/workspace#amazon");
  await expect(page.getByRole("link", { name: /Upload a catalog/ })).toHaveAttribute("href", "/jobs");

  // Three listings written through the builder's save (each save is audited with it).
  const origin = { Origin: new URL(page.url()).origin };
  const save = async (id: string, copy: typeof passing, version: number) => {
    const response = await page.request.post(`/listings/${id}`, { form: { intent: "save", listing: JSON.stringify({ facts, copy, version }) }, headers: origin });
    expect(response.status()).toBe(200);
  };
  const create = async (productName: string, copy: typeof passing) => {
    const response = await page.request.post("/api/listings", { data: { facts: { ...facts, productName } }, headers: origin });
    expect(response.status()).toBe(201);
    const { listing } = (await response.json()) as { listing: { id: string } };
    await save(listing.id, copy, 0);
    return listing.id;
  };
  const good = await create("Good board", passing);
  const long = await create("Long board", { ...passing, title: longTitle });
  const imported = await create("Imported board", { ...passing, title: "Acme Bamboo Board, Imported Copy" });
  // Imported with Amazon's own error, then edited here once.
  await e2eBackend.services.db
    .updateTable("listing")
    .set({ importedVersion: 1, importedAt: new Date().toISOString(), amazonIssues: JSON.stringify([{ code: "90220", message: "'item_name' is required but not supplied.", severity: "ERROR" }]) })
    .where("id", "=", imported)
    .execute();
  await save(imported, { ...passing, title: "Acme Bamboo Board, Edited Here" }, 1);

  await page.goto("/catalog");
  await expect(page.getByTestId("catalog-listings")).toHaveText("3");
  await expect(page.getByTestId("catalog-failing")).toHaveText("2");
  await expect(page.getByTestId("catalog-ours")).toHaveText("1");
  await expect(page.getByTestId("catalog-amazon")).toHaveText("1");
  await page.getByRole("button", { name: "Run audit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The audit is done: 3 listings checked." })).toBeVisible();
  await expect(page.getByText(/1 point, one per import or audit/)).toBeVisible();

  // Filter by keyboard: the rule, then Apply.
  await page.getByLabel("Rule").selectOption({ label: "Too long" });
  await page.getByRole("button", { name: "Apply" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/rule=lint%3Atoo_long/);
  const list = page.getByRole("list", { name: "Listings" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("link", { name: longTitle })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/catalog-1280.png", fullPage: true });

  // The export holds the filter's rows only.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv).toContain(long);
  expect(csv).toContain("lint:too_long");
  expect(csv).not.toContain(good);
  // A filter that is not one is refused from the error catalogue, naming the field.
  const refused = await page.request.get("/catalog/export?min=500&severity=fatal");
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ code: "INVALID_QUERY", fieldErrors: { min: expect.any(String), severity: expect.any(String) } });

  // "Changed since import" keeps the edited import.
  await page.goto("/catalog?changed=1");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByText("Changed since import")).toBeVisible();
  await expect(list.getByText("Amazon issue 90220")).toBeVisible();

  await page.goto("/catalog?rule=lint%3Atoo_long");
  await list.getByRole("link", { name: longTitle }).click();
  await expect(page).toHaveURL(new RegExp(`/listings/${long}$`));

  // Fix every listing that fails the rule: a fix job, then a proposal to review on the listing; Amazon's own
  // issues are fixed on Amazon, so their filter offers no fix.
  await page.goto("/catalog?rule=amazon%3A90220");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("button", { name: /fails this rule/ })).toHaveCount(0);
  await page.goto("/catalog?rule=lint%3Atoo_long");
  await expect(page.getByRole("link", { name: "Import from Amazon" })).toHaveAttribute("href", "/settings/workspace#amazon");
  await page.getByRole("button", { name: "Fix the listing that fails this rule" }).click();
  await expect(page).toHaveURL(/\/jobs\/[\w-]+$/);
  const fixId = new URL(page.url()).pathname.split("/").at(-1)!;
  await expect.poll(async () => ((await (await page.request.get(`/api/fixes/${fixId}`)).json()) as { fix: { status: string } }).fix.status, { timeout: 20_000 }).toBe("completed");
  await page.goto(`/listings/${long}`);
  await expect(page.getByRole("link", { name: "Review the proposed fix" })).toBeVisible();

  // The dashboard's card names the rules most listings break.
  await page.goto("/dashboard");
  const card = page.getByRole("region", { name: "Catalog health" });
  await expect(card.getByTestId("dashboard-catalog-figures")).toContainText("2 of 3 listings failing");
  await expect(card.getByRole("link", { name: "Too long" })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/catalog");
  await expect(page.getByTestId("catalog-listings")).toHaveText("3");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/catalog-375.png", fullPage: true });
});

test("select two listings and fix only those: the selection toolbar, its job, at 375 px in view and axe clean", async ({ page, login, e2eBackend }) => {
  test.setTimeout(60_000);
  await login();
  await page.goto("/catalog");
  // Three listings whose titles break the 75-character rule; two are chosen.
  const woods = ["Oak", "Walnut", "Maple"];
  const ids: string[] = [];
  for (const wood of woods) ids.push((await createSavedListing(page, { copy: { ...cuttingBoardCopy, title: `${cuttingBoardLongTitle}, ${wood}` } })).id);
  await page.goto("/catalog");
  const list = page.getByRole("list", { name: "Listings" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  const toolbar = page.getByRole("region", { name: "Selected listings" });
  await expect(toolbar).toHaveCount(0);
  await list.getByRole("checkbox", { name: `Select ${cuttingBoardLongTitle}, Walnut` }).check();
  // By keyboard: the checkbox is a real one.
  await list.getByRole("checkbox", { name: `Select ${cuttingBoardLongTitle}, Maple` }).focus();
  await page.keyboard.press("Space");
  await expect(toolbar.getByText("2 selected")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Select all listings on this page" })).toHaveJSProperty("indeterminate", true);
  await page.screenshot({ path: "test-results/catalog-selection-1280.png" });

  // At 375 px the toolbar stays in view while the list is, and nothing overflows.
  await page.setViewportSize({ width: 375, height: 700 });
  await list.getByRole("checkbox", { name: `Select ${cuttingBoardLongTitle}, Walnut` }).scrollIntoViewIfNeeded();
  await expect(toolbar).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/catalog-selection-375.png" });

  await toolbar.getByRole("button", { name: "Fix selected" }).click();
  await expect(page).toHaveURL(/\/jobs\/[\w-]+$/);
  await expect(page.getByRole("heading", { name: "Fix: 2 listings", level: 1 })).toBeVisible();
  const fixId = new URL(page.url()).pathname.split("/").at(-1)!;
  await expect.poll(async () => ((await (await page.request.get(`/api/fixes/${fixId}`)).json()) as { fix: { status: string } }).fix.status, { timeout: 20_000 }).toBe("completed");
  const proposed = await e2eBackend.services.db.selectFrom("listing_version").select("listingId").distinct().where("listingId", "in", ids).where("source", "=", "proposed").execute();
  expect(proposed.map((row) => row.listingId).sort()).toEqual([ids[1], ids[2]].sort());

  // The finished job offers to publish what it fixed (issue 34 item 3); these two are not linked to Amazon: the review says so.
  const publishFixed = page.getByRole("button", { name: "Publish the fixed listings (2)" });
  await expect(publishFixed).toBeInViewport({ timeout: 10_000 });
  await publishFixed.click();
  const dialog = page.getByRole("dialog", { name: "Publish to Amazon" });
  await expect(dialog.getByTestId("bulk-skipped")).toHaveText("Not linked to an Amazon SKU (2)");
  await expect(dialog.getByRole("button", { name: "Confirm" })).toBeDisabled();
  await page.screenshot({ path: "test-results/fix-job-publish-375.png" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
});

// Import from Amazon on the Amazon card (issue 33 item 3) through the SP-API stand-in: connect Europe, import
// one store, follow the run to its end, find the imported listings with their "live on Amazon" version;
// another workspace's run and connection are 404s over HTTP.
import { connectSellerCentralEurope } from "#tests/support/e2e-amazon.ts";
import { expect, test } from "#tests/support/fixtures.ts";

test("an owner imports a store from Amazon, follows it to the end and finds its listings; another workspace gets 404s", async ({ page, login, e2eBackend }) => {
  test.slow(); // One round trip through the consent page and an import at Amazon's own rates.
  const owner = await login({ firstName: "Ines", lastName: "Importer" });
  const card = await connectSellerCentralEurope(page);

  const europe = card.getByRole("region", { name: "Europe" });
  await expect(europe.getByRole("button", { name: "Import from Amazon: every store in Europe" })).toBeVisible();
  // The choice is the page's own state: made again until the hydrated page has taken it.
  const importStore = europe.getByRole("button", { name: "Import from Amazon: amazon.de" });
  await expect(async () => {
    await europe.getByRole("combobox", { name: "Stores" }).selectOption({ label: "amazon.de" });
    await expect(importStore).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await importStore.click();
  const status = europe.getByRole("status");
  await expect(status).toHaveText(/Imported from Amazon: \d+ new, 0 updated, 0 unchanged, \d+ flagged\./, { timeout: 30_000 });
  const created = Number(/(\d+) new/.exec((await status.textContent()) ?? "")![1]);
  expect(created).toBeGreaterThan(0);

  const { db } = e2eBackend.services;
  const { workspaceId } = await db.selectFrom("member").select("workspaceId").where("userId", "=", owner.id).executeTakeFirstOrThrow();
  const listings = await db.selectFrom("listing").select(["id", "marketplace", "amazonSku"]).where("workspaceId", "=", workspaceId).execute();
  expect(listings).toHaveLength(created);
  expect(new Set(listings.map((listing) => listing.marketplace))).toEqual(new Set(["amazon.de"]));
  await page.goto(`/listings/${listings[0]!.id}/versions`);
  await expect(page.getByRole("listitem", { name: /Version 1 \(live on Amazon, imported .+\)/ })).toBeVisible();

  // Another workspace: neither the run nor the connection is there for it.
  const run = await db.selectFrom("amazon_import").select(["id", "connectionId"]).where("workspaceId", "=", workspaceId).executeTakeFirstOrThrow();
  const strangerContext = await page.context().browser()!.newContext();
  const stranger = await login({ firstName: "Stan", context: strangerContext });
  const origin = new URL(page.url()).origin;
  const headers = { cookie: stranger.cookie, origin, accept: "application/json", "content-type": "application/json" };
  expect((await fetch(`${origin}/api/amazon/imports/${run.id}`, { headers })).status).toBe(404);
  expect((await fetch(`${origin}/api/amazon/imports/${run.id}/pause`, { method: "POST", headers })).status).toBe(404);
  const start = await fetch(`${origin}/api/amazon/imports`, { method: "POST", headers, body: JSON.stringify({ connectionId: run.connectionId }) });
  expect(start.status).toBe(404);
  expect(await start.json()).toMatchObject({ code: "NOT_FOUND", requestId: expect.any(String) });
  // A cross-site POST is refused before it reaches the import.
  expect((await fetch(`${origin}/api/amazon/imports`, { method: "POST", headers: { ...headers, origin: "https://evil.example" }, body: JSON.stringify({ connectionId: run.connectionId }) })).status).toBe(403);
  await strangerContext.close();
});

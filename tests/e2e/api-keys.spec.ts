// API keys (issue 35 item 1) on the built server: an owner creates a key on Settings → Workspace and sees it once, a
// client uses it over HTTP (no cookie), a session cookie never rescues a key, a key in the query string is refused,
// and a revoked key is refused on the next request; the card is axe clean at 1280 and 375 px.
import { expectNoAxeViolations } from "#tests/support/e2e.ts";
import { expect, test } from "#tests/support/fixtures.ts";

const screenshots = process.env.E2E_SCREENSHOT_DIR;

test("API keys: created on the settings card and shown once, used over HTTP, revoked and refused", async ({ page, request, login }) => {
  await login({ firstName: "Kira", lastName: "Keys" });
  await page.goto("/settings/workspace");
  const card = page.getByRole("region", { name: "API keys" });
  await expect(card).toContainText("No API keys yet.");

  await card.getByRole("textbox", { name: "Name" }).fill("Inventory sync");
  await card.getByRole("checkbox", { name: /^Write/ }).check();
  await card.getByRole("button", { name: "Create key" }).click();
  const shown = card.getByTestId("new-api-key");
  await expect(shown).toHaveText(/^ss_live_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
  await expect(card).toContainText("you will not see it again");
  const key = (await shown.textContent())!;
  const prefix = key.split("_")[2]!;
  const list = card.getByRole("list", { name: "API keys of this workspace" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText(`ss_live_${prefix}_…`);
  await expect(list).toContainText("Created by Kira Keys");
  await expect(list).toContainText("Last used: never");
  await expect(list).not.toContainText(key);
  await expectNoAxeViolations(page);
  if (screenshots) await card.screenshot({ path: `${screenshots}/k-api-keys-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await card.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  if (screenshots) await card.screenshot({ path: `${screenshots}/k-api-keys-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Shown once: the page, loaded again, has the key's prefix and not the key.
  await page.reload();
  await expect(list).toContainText(`ss_live_${prefix}_…`);
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  expect(await page.content()).not.toContain(key.split("_")[3]!.slice(0, 20));

  // A client without a cookie: the key alone reads the API, within its scopes.
  const bearer = { Authorization: `Bearer ${key}` };
  const listings = await request.get("/api/listings", { headers: bearer });
  expect(listings.status()).toBe(200);
  expect(await listings.json()).toMatchObject({ items: [] });
  expect((await request.get("/api/outputs", { headers: bearer })).status()).toBe(200);
  const publish = await request.post("/api/publish-batches/preview", { headers: { ...bearer, "Content-Type": "application/json" }, data: { listingIds: [] } });
  expect(publish.status()).toBe(403);
  expect(await publish.json()).toMatchObject({ code: "INSUFFICIENT_SCOPE", error: expect.stringContaining("“publish”") });
  const inQuery = await request.get(`/api/listings?api_key=${encodeURIComponent(key)}`);
  expect(inQuery.status()).toBe(400);
  expect(await inQuery.json()).toMatchObject({ code: "API_KEY_IN_QUERY" });
  await page.reload();
  await expect(list).not.toContainText("Last used: never");

  await list.getByRole("button", { name: "Revoke key “Inventory sync”" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("API key revoked: requests with it are refused from now on.")).toBeVisible();
  await expect(card).toContainText("No API keys yet.");

  const revoked = await request.get("/api/listings", { headers: bearer });
  expect(revoked.status()).toBe(401);
  expect(await revoked.json()).toMatchObject({ code: "API_KEY_INVALID" });
  // The page's own session cookie goes with page.request: it does not rescue the key (a key's request is the key's alone).
  expect((await page.request.get("/api/listings", { headers: bearer })).status()).toBe(401);
  expect((await page.request.get("/api/listings")).status()).toBe(200);
});

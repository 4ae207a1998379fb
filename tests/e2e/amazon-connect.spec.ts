// Settings → Workspace → Amazon (issue 33 item 1) through the SP-API stand-in's consent page: connect a region,
// see the card (seller id, stores, who and when, re-authorization date), cancel on Seller Central, disconnect.
import { expectNoAxeViolations } from "#tests/support/e2e.ts";
import { expect, test } from "#tests/support/fixtures.ts";

test("an owner connects Seller Central for Europe through the consent page, sees the card, and disconnects", async ({ page, login, e2eBackend }) => {
  test.slow(); // Two round trips through the stand-in's consent page and two screenshots.
  await login({ firstName: "Sam", lastName: "Seller" });
  await page.goto("/settings/workspace");
  const card = page.getByRole("region", { name: "Amazon Seller Central" });
  await expect(card.getByRole("region", { name: "Europe" }).getByText("Not connected")).toBeVisible();

  // Cancel on Seller Central: a clear message and nothing connected.
  await card.getByRole("button", { name: "Connect Seller Central for North America" }).click();
  await expect(page.getByRole("heading", { name: "Authorize Sellscribe" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/settings\/workspace\?amazon=denied&region=na/);
  await expect(card.getByRole("alert")).toHaveText(/You cancelled on Seller Central, so nothing was connected/);
  await expect(card.getByRole("region", { name: "North America" }).getByText("Not connected")).toBeVisible();

  // Approve with the European seller.
  await card.getByRole("button", { name: "Connect Seller Central for Europe" }).click();
  await expect(page).toHaveURL(/\/apps\/authorize\/consent\?.*version=beta/);
  const account = page.getByLabel("Selling account");
  const european = (await account.locator("option").allTextContents()).find((label) => label.includes("(EU:"))!;
  await account.selectOption({ label: european });
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/settings\/workspace\?amazon=connected&region=eu/);
  await expect(card.getByRole("status")).toHaveText("Seller Central is connected for Europe.");
  const europe = card.getByRole("region", { name: "Europe" });
  await expect(europe.getByText("Connected", { exact: true })).toBeVisible();
  await expect(europe.getByText(european.split(" ")[0]!)).toBeVisible();
  await expect(europe.getByText(/Stores: .*amazon\.de \(Germany\)/)).toBeVisible();
  await expect(europe.getByText(/Connected by Sam Seller on .* · re-authorization due /)).toBeVisible();
  // The refresh token never reaches the page.
  const stored = await e2eBackend.services.db.selectFrom("amazon_connection").select(["refreshToken", "sellingPartnerId"]).where("sellingPartnerId", "=", european.split(" ")[0]!).execute();
  expect(stored.length).toBeGreaterThan(0);
  expect(await page.content()).not.toContain(stored[0]!.refreshToken);
  expect(await page.content()).not.toContain("Atzr|");
  await expectNoAxeViolations(page);

  await card.screenshot({ path: "test-reports/amazon-card-1280.png" });
  await page.setViewportSize({ width: 375, height: 900 });
  await card.screenshot({ path: "test-reports/amazon-card-375.png" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await europe.getByRole("button", { name: "Disconnect Seller Central for Europe" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("Seller Central is disconnected for Europe; its tokens are deleted.")).toBeVisible();
  await expect(europe.getByText("Not connected")).toBeVisible();
});

test("another workspace's connection cannot be disconnected (404), an unknown region is refused (400), and a member sees the card read-only (403)", async ({ page, login, e2eBackend }) => {
  const owner = await login({ firstName: "Olga" });
  await page.goto("/settings/workspace");
  await page.getByRole("button", { name: "Connect Seller Central for Far East" }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/amazon=connected&region=fe/);
  const { db } = e2eBackend.services;
  const member = await db.selectFrom("member").select("workspaceId").where("userId", "=", owner.id).executeTakeFirstOrThrow();
  const { id } = await db.selectFrom("amazon_connection").select("id").where("workspaceId", "=", member.workspaceId).where("region", "=", "fe").executeTakeFirstOrThrow();

  const strangerContext = await page.context().browser()!.newContext();
  const stranger = await login({ firstName: "Stan", context: strangerContext });
  const origin = new URL(page.url()).origin;
  const post = (cookie: string, form: Record<string, string>) =>
    fetch(`${origin}/settings/workspace`, { method: "POST", headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form), redirect: "manual" });
  expect((await post(stranger.cookie, { intent: "amazonDisconnect", id })).status).toBe(404);
  expect(await db.selectFrom("amazon_connection").select("id").where("id", "=", id).execute()).toHaveLength(1);
  expect((await post(stranger.cookie, { intent: "amazonConnect", region: "moon" })).status).toBe(400);

  // Once a member of Olga's workspace, Stan sees its connection read-only and cannot change it (403).
  await db.insertInto("member").values({ workspaceId: member.workspaceId, userId: stranger.id, role: "member", createdAt: new Date().toISOString() }).execute();
  const memberPage = await strangerContext.newPage();
  await memberPage.goto("/settings/workspace");
  const card = memberPage.getByRole("region", { name: "Amazon Seller Central" });
  await expect(card.getByText("Only the workspace owner can connect or disconnect Seller Central.")).toBeVisible();
  await expect(card.getByRole("region", { name: "Far East" }).getByText("Connected", { exact: true })).toBeVisible();
  await expect(card.getByRole("button")).toHaveCount(0);
  expect((await post(stranger.cookie, { intent: "amazonDisconnect", id })).status).toBe(403);
  expect((await post(stranger.cookie, { intent: "amazonConnect", region: "eu" })).status).toBe(403);
  expect(await db.selectFrom("amazon_connection").select("id").where("id", "=", id).execute()).toHaveLength(1);
  await strangerContext.close();
});

// The operator page (/admin, issue 21): an admin (ADMIN_EMAILS in tests/support/e2e-env.ts, verified)
// grants words and sets a plan through the page and sees the audit rows; anyone else gets the 404 page.
import { randomBytes } from "node:crypto";
import { test, expect } from "#tests/support/fixtures.ts";
import { expectNoAxeViolations, uniqueEmail } from "#tests/support/e2e.ts";
import { e2eServerEnv } from "#tests/support/e2e-env.ts";

const adminEmail = e2eServerEnv.ADMIN_EMAILS!;
const screenshots = process.env.ADMIN_SCREENSHOTS;

test("an admin grants words and sets a plan through the page, and sees both in the audit log", async ({ page, browser, login, e2eBackend }) => {
  // Two users, two actions, three axe runs and two viewports: longer than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const { db } = e2eBackend.services;
  // The seller, signed in elsewhere: only their workspace is needed here.
  const sellerContext = await browser.newContext();
  const seller = await login({ email: uniqueEmail("shop"), context: sellerContext });
  await sellerContext.close();
  const shopName = `Harbor Goods ${randomBytes(3).toString("hex")}`;
  const member = await db.selectFrom("member").select("workspaceId").where("userId", "=", seller.id).executeTakeFirstOrThrow();
  await db.updateTable("workspace").set({ name: shopName }).where("id", "=", member.workspaceId).execute();

  const admin = await login({ email: adminEmail, firstName: "Oscar", lastName: "Operator" });
  // Listed but not verified yet: not an admin.
  expect((await page.goto("/admin"))?.status()).toBe(404);
  await db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", admin.id).execute();

  expect((await page.goto("/admin"))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Operator page" })).toBeVisible();
  await page.getByRole("textbox", { name: "Search workspaces" }).fill(seller.email.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  const workspaces = page.getByTestId("admin-workspaces");
  await expect(workspaces.getByRole("row")).toHaveCount(2);
  await expect(workspaces).toContainText(shopName);
  await expect(workspaces).toContainText("0 used · 2,000 left");
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: `Manage ${shopName}` }).click();
  const manage = page.getByTestId("admin-manage");
  await expect(manage.getByRole("heading", { name: `Manage “${shopName}”` })).toBeVisible();

  // A bad number: the message sits next to the field, and nothing is sent.
  const words = manage.getByRole("textbox", { name: "Words" });
  await words.fill("5,000");
  await manage.getByRole("button", { name: "Grant words" }).click();
  await expect(manage.getByText("Enter a whole number of words from 1 to 10,000,000 (digits only).")).toBeVisible();
  await expect(words).toBeFocused();

  await words.fill("5000");
  await manage.getByRole("button", { name: "Grant words" }).click();
  await expect(page.getByText(`Granted 5,000 bonus words to “${shopName}”: 7,000 words available.`)).toBeVisible();
  await expect(page.getByTestId("admin-manage-summary")).toContainText("7,000 left");

  await manage.getByLabel("Plan", { exact: true }).selectOption({ label: "Pro" });
  await manage.getByLabel("Billing period").selectOption({ label: "Yearly" });
  await manage.getByRole("button", { name: "Set plan" }).click();
  await expect(page.getByText(`“${shopName}” is now on Pro.`)).toBeVisible();
  await expect(page.getByTestId("admin-manage-summary")).toContainText("Pro plan");
  await expect(page.getByTestId("admin-manage-summary")).toContainText("25,000 left");

  const audit = page.getByTestId("admin-audit");
  const rows = audit.getByRole("row").filter({ hasText: shopName });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Set the plan to Pro (Yearly)");
  await expect(rows.nth(0)).toContainText(adminEmail);
  await expect(rows.nth(1)).toContainText("Granted 5,000 bonus words");
  await expectNoAxeViolations(page);
  if (screenshots) await page.screenshot({ path: `${screenshots}/admin-1280.png`, fullPage: true });

  // A phone: the tables become cards, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId("admin-manage")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  if (screenshots) await page.screenshot({ path: `${screenshots}/admin-375.png`, fullPage: true });

  // The keyboard reaches the search, the workspace links and both forms.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
});

test("anyone but an admin gets the ordinary 404 page, for the page and its actions", async ({ page, login, playwright, baseURL }) => {
  // Signed out: a 404, not a redirect to sign in.
  const guest = await playwright.request.newContext({ baseURL, maxRedirects: 0 });
  expect((await guest.get("/admin")).status()).toBe(404);
  expect((await guest.post("/admin", { form: { intent: "grantWords", workspaceId: "x", words: "10" } })).status()).toBe(404);
  await guest.dispose();

  const user = await login();
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found · Sellscribe");
  const post = await page.request.post("/admin", { form: { intent: "grantWords", workspaceId: "x", words: "10" } });
  expect(post.status()).toBe(404);
  expect(user.email).not.toBe(adminEmail);
  await expectNoAxeViolations(page);
});

import { signIn } from "#tests/support/e2e.ts";
import { expect, test } from "#tests/support/fixtures.ts";

test.describe("signed-in devices", () => {
  test("lists both devices of a user and signs the other one out; its next request goes to sign-in", async ({ page, browser, login }) => {
    const user = await login();
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await otherPage.goto("/sign-in");
      await signIn(otherPage, user.email, user.password);
      await expect(otherPage).toHaveURL(/\/dashboard$/);

      await page.goto("/settings/personal");
      const list = page.getByRole("list", { name: "Signed-in devices" });
      await expect(list.getByRole("listitem")).toHaveCount(2);
      await expect(list.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
      const otherRow = list.getByRole("listitem").filter({ hasNotText: "This device" });
      // Playwright's Desktop Chrome device announces Windows.
      await expect(otherRow).toContainText("Chrome on Windows");
      await expect(otherRow).toContainText("IP address 127.0.0.1");
      await expect(otherRow).toContainText(/Last active/);
      await otherRow.getByRole("button", { name: /^Sign out Chrome on Windows/ }).click();
      await expect(page.getByText("That device was signed out.")).toBeVisible();
      await expect(list.getByRole("listitem")).toHaveCount(1);

      await otherPage.goto("/settings/personal");
      await expect(otherPage).toHaveURL(/\/sign-in\?redirectTo=%2Fsettings%2Fpersonal$/);
      // This device is still signed in.
      await page.reload();
      await expect(page.getByRole("heading", { name: "Signed-in devices" })).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("signs out every other device at once", async ({ page, browser, login }) => {
    const user = await login();
    const others = await Promise.all([browser.newContext(), browser.newContext()]);
    try {
      const pages = await Promise.all(others.map((context) => context.newPage()));
      for (const otherPage of pages) {
        await otherPage.goto("/sign-in");
        await signIn(otherPage, user.email, user.password);
        await expect(otherPage).toHaveURL(/\/dashboard$/);
      }
      await page.goto("/settings/personal");
      const list = page.getByRole("list", { name: "Signed-in devices" });
      await expect(list.getByRole("listitem")).toHaveCount(3);
      await page.getByRole("button", { name: "Sign out all other devices" }).click();
      await expect(page.getByText("All other devices were signed out.")).toBeVisible();
      await expect(list.getByRole("listitem")).toHaveCount(1);
      for (const otherPage of pages) {
        await otherPage.goto("/dashboard");
        await expect(otherPage).toHaveURL(/\/sign-in/);
      }
    } finally {
      await Promise.all(others.map((context) => context.close()));
    }
  });
});

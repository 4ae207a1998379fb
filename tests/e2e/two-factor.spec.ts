import type { Page } from "@playwright/test";
import { expectNoAxeViolations, mailsTo, signIn, signInWithOidc, signOut, testPassword, uniqueEmail } from "#tests/support/e2e.ts";
import { expect, test } from "#tests/support/fixtures.ts";
import { nextTotp, totp, totpStep } from "#tests/support/totp.ts";

/** axe at desktop and phone width, back to desktop after. */
async function expectAccessibleAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The code step: password right, no session yet. */
async function toCodeStep(page: Page, email: string) {
  await page.goto("/sign-in");
  await signIn(page, email, testPassword);
  await expect(page).toHaveURL(/\/sign-in\/two-factor$/);
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
}

test.describe("two-factor", () => {
  test("enrol with an authenticator app, then sign in with a code and with a backup code (once)", async ({ page, login }) => {
    test.slow();
    const { email } = await login();
    await page.goto("/settings/personal");
    const card = page.getByRole("region", { name: "Two-factor authentication" });
    await card.getByLabel("Confirm your password").fill("not the password");
    await card.getByRole("button", { name: "Turn on two-factor" }).click();
    await expect(card.getByText("The password is not right.")).toBeVisible();
    await card.getByLabel("Confirm your password").fill(testPassword);
    await card.getByRole("button", { name: "Turn on two-factor" }).click();

    // The QR code and the key as text; the test is the authenticator app.
    const secretText = card.getByTestId("two-factor-secret");
    await expect(secretText).toHaveText(/^[A-Z2-7]{16,}$/);
    await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    const secret = (await secretText.textContent())!.trim();

    await card.getByLabel("6-digit code").fill("000000");
    await card.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(card.getByText("That code is not right. Check your app and try again.")).toBeVisible();
    // The server takes each step's code once: the sign-in below uses the next step's.
    const enrolCode = await nextTotp(secret, totpStep() - 1);
    await card.getByLabel("6-digit code").fill(enrolCode.code);
    await card.getByRole("button", { name: "Verify and turn on" }).click();

    // Ten backup codes, shown once.
    const codes = card.getByTestId("backup-codes").getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const backupCodes = (await codes.allTextContents()).map((code) => code.trim());
    await expect(card.getByRole("link", { name: "Download codes" })).toHaveAttribute("download", "sellscribe-backup-codes.txt");
    await expect.poll(async () => (await mailsTo(email)).map((mail) => mail.subject)).toContain("Two-factor authentication was turned on");
    await card.getByRole("button", { name: "I saved my codes" }).click();
    await expect(card.getByText(/Two-factor authentication is on/)).toBeVisible();
    await page.reload();
    await expect(card.getByTestId("backup-codes")).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Turn off two-factor" })).toBeVisible();
    await signOut(page);

    // Password, then a code from the app.
    await toCodeStep(page, email);
    await expectAccessibleAtBothWidths(page);
    await page.getByLabel("6-digit code").fill((await nextTotp(secret, enrolCode.step)).code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await signOut(page);

    // Password, then a backup code.
    await toCodeStep(page, email);
    await page.getByRole("link", { name: "Use a backup code instead" }).click();
    await expect(page.getByText("Enter one of the backup codes you saved. Each works once.")).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await page.getByLabel("Backup code").fill(backupCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await signOut(page);

    // The same backup code again is refused.
    await toCodeStep(page, email);
    await page.getByRole("link", { name: "Use a backup code instead" }).click();
    await page.getByLabel("Backup code").fill(backupCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code is not right. Check your app and try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in\/two-factor/);
  });

  test("an OpenID Connect account without a password turns two-factor on with the app alone, and is asked for the code after the provider", async ({ page }) => {
    test.slow();
    await signInWithOidc(page, uniqueEmail("oidc-2fa"));
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/settings/personal");
    const card = page.getByRole("region", { name: "Two-factor authentication" });
    // No password to confirm: the button alone starts, and the first code from the app turns it on.
    await expect(card.getByLabel("Confirm your password")).toHaveCount(0);
    await card.getByRole("button", { name: "Turn on two-factor" }).click();
    const secret = (await card.getByTestId("two-factor-secret").textContent())!.trim();
    const enrolCode = await nextTotp(secret, totpStep() - 1);
    await card.getByLabel("6-digit code").fill(enrolCode.code);
    await card.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(card.getByTestId("backup-codes").getByRole("listitem")).toHaveCount(10);
    const firstCodes = await card.getByTestId("backup-codes").getByRole("listitem").allTextContents();
    await card.getByRole("button", { name: "I saved my codes" }).click();

    // New backup codes, confirmed with a code from the app (a wrong one is refused next to the field).
    await page.reload();
    const newCodes = card.getByRole("form", { name: "Backup codes" });
    await newCodes.getByLabel("Code from your authenticator app").fill("000000");
    await newCodes.getByRole("button", { name: "Make new backup codes" }).click();
    await expect(newCodes.getByText("That code is not right. Check your app and try again.")).toBeVisible();
    const confirmCode = await nextTotp(secret, enrolCode.step);
    await newCodes.getByLabel("Code from your authenticator app").fill(confirmCode.code);
    await newCodes.getByRole("button", { name: "Make new backup codes" }).click();
    await expect(card.getByTestId("backup-codes").getByRole("listitem")).toHaveCount(10);
    expect(await card.getByTestId("backup-codes").getByRole("listitem").allTextContents()).not.toEqual(firstCodes);
    await expectAccessibleAtBothWidths(page);
    await signOut(page);

    // Back through the provider (it remembers the login): the code step comes before the app.
    await signInWithOidc(page, "", { again: true });
    await expect(page).toHaveURL(/\/sign-in\/two-factor/);
    await page.getByLabel("6-digit code").fill((await nextTotp(secret, confirmCode.step)).code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a workspace that requires two-factor sends a member without it to turn it on, then lets them in", async ({ page, login, e2eBackend }) => {
    test.slow();
    const { id } = await login();
    const { db } = e2eBackend.services;
    const { workspaceId } = await db.selectFrom("member").select("workspaceId").where("userId", "=", id).executeTakeFirstOrThrow();
    await db.updateTable("workspace").set({ requireTwoFactor: 1 }).where("id", "=", workspaceId).execute();

    await page.goto("/listings");
    await expect(page).toHaveURL(/\/settings\/personal\?twoFactor=required$/);
    // The JSON API refuses them too, with the catalogue's body (the Express-served outputs API as well).
    for (const path of ["/api/listings", "/api/outputs"]) {
      const refused = await page.request.get(path);
      expect(refused.status(), path).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "TWO_FACTOR_REQUIRED", error: "Your workspace requires two-factor authentication. Turn it on in Settings → Personal, then try again." });
    }
    const card = page.getByRole("region", { name: "Two-factor authentication" });
    await expect(card.getByText("Your workspace requires two-factor authentication. Turn it on below to keep using Sellscribe.")).toBeVisible();
    await card.getByLabel("Confirm your password").fill(testPassword);
    await card.getByRole("button", { name: "Turn on two-factor" }).click();
    const secret = (await card.getByTestId("two-factor-secret").textContent())!.trim();
    await card.getByLabel("6-digit code").fill(totp(secret));
    await card.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(card.getByTestId("backup-codes").getByRole("listitem")).toHaveCount(10);
    for (const path of ["/api/listings", "/api/outputs"]) expect((await page.request.get(path)).status(), path).toBe(200);

    await page.goto("/settings/workspace");
    await expect(page).toHaveURL(/\/settings\/workspace$/);
    await expect(page.getByRole("switch", { name: "Require two-factor authentication for all members" })).toBeChecked();
  });

  test("the code step without a right password first sends the visitor to sign in", async ({ page }) => {
    await page.goto("/sign-in/two-factor");
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});

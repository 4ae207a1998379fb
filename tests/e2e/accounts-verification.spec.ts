import { greetingOf, linkFromMail, mailsTo, signIn, signInWithOidc, signOut, signUp, testPassword, uniqueEmail } from "#tests/support/e2e.ts";
import { expect, test } from "#tests/support/fixtures.ts";

test.describe("e-mail verification", () => {
  test("sign up, verify by the mailed link, then link OpenID Connect and sign in either way", async ({ page }) => {
    test.slow(); // Several mails through a real SMTP server and two OAuth round trips.
    const { email } = await signUp(page, { firstName: "Vera", email: uniqueEmail("verify") });
    const banner = page.getByTestId("verify-email-banner");
    await expect(banner).toContainText(`Please verify your e-mail address (${email})`);

    // "Send again" mails a new link; the app stays usable meanwhile.
    await banner.getByRole("button", { name: "Send again" }).click();
    await expect(page.getByText(`We sent a new link to ${email}.`)).toBeVisible();
    await expect.poll(async () => (await mailsTo(email)).filter((mail) => mail.subject === "Verify your e-mail address for Sellscribe").length).toBe(2);
    // Three a user per hour (authRateLimits.verificationEmail): two more, then a 429 with when to retry
    // (the data request, as the banner's fetcher sends it, carries the action's answer alone).
    const origin = { Origin: new URL(page.url()).origin };
    for (let i = 0; i < 2; i++) expect((await page.request.post("/verify-email.data", { form: { intent: "resend" }, headers: origin })).status()).toBe(200);
    const limited = await page.request.post("/verify-email.data", { form: { intent: "resend" }, headers: origin });
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(3000);
    await page.goto("/templates");
    await expect(banner).toBeVisible();

    // Unverified: an external sign-in with the same address is not linked to this account.
    await signOut(page);
    await signInWithOidc(page, email);
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByText("An account with this e-mail already exists.", { exact: false })).toBeVisible();

    // The link from the mail verifies the address and signs the user in.
    const link = await linkFromMail(email, /Verify your e-mail address for Sellscribe/);
    expect(new URL(link).pathname).toBe("/verify-email");
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Your e-mail address is verified.")).toBeVisible();
    await expect(page.getByRole("heading", { name: greetingOf("Vera") })).toBeVisible();
    await expect(banner).toHaveCount(0);

    // Verified: signing in with OpenID Connect (same verified address) links it to this account.
    await signOut(page);
    await signInWithOidc(page, email, { again: true });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: greetingOf("Vera") })).toBeVisible();
    await expect(banner).toHaveCount(0);

    // And the password still works.
    await signOut(page);
    await page.goto("/sign-in");
    await signIn(page, email, testPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: greetingOf("Vera") })).toBeVisible();
  });

  test("settings connect OpenID Connect to a verified password account, and it signs in to that account", async ({ page }) => {
    test.slow();
    const { email } = await signUp(page, { firstName: "Linda", email: uniqueEmail("link") });
    await page.goto("/settings/personal");
    const card = page.getByRole("region", { name: "Sign-in methods" });
    await expect(card.getByText("Verify your e-mail address first to connect an external account.")).toBeVisible();
    await expect(card.getByRole("button", { name: "Connect Test SSO" })).toBeDisabled();
    // Not through a hand-made request either.
    const refused = await page.request.post("/settings/personal", { form: { intent: "link", provider: "oidc" }, maxRedirects: 0, headers: { Origin: new URL(page.url()).origin } });
    expect(refused.status()).toBe(403);

    await page.goto(await linkFromMail(email, /Verify your e-mail address for Sellscribe/));
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/settings/personal");
    await card.getByRole("button", { name: "Connect Test SSO" }).click();
    await page.getByPlaceholder("Enter any login").fill(email);
    await page.getByPlaceholder("and password").fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await expect(page).toHaveURL(/\/settings\/personal/);
    await expect(page.getByText("The account is connected: you can sign in with it too.")).toBeVisible();
    await expect(card.getByText("Connected", { exact: true })).toBeVisible();

    await signOut(page);
    await signInWithOidc(page, email, { again: true });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: greetingOf("Linda") })).toBeVisible();
  });

  test("an external sign-up whose provider says the e-mail is verified has no banner", async ({ page }) => {
    await signInWithOidc(page, uniqueEmail("oidc"));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Good (morning|afternoon|evening), / })).toBeVisible();
    await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);
  });

  test("change the e-mail address: only after the link to the new one, with a notice to the old one; a password change sends a notice", async ({ page }) => {
    test.slow();
    const { email } = await signUp(page, { firstName: "Carla", email: uniqueEmail("old") });
    const newEmail = uniqueEmail("new");
    await page.goto("/settings/personal");
    await expect(page.getByTestId("current-email")).toHaveText(email);
    await page.getByRole("textbox", { name: "New e-mail address" }).fill(newEmail);
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(page.getByText(`We sent a link to ${newEmail}. Your address changes when you open it.`)).toBeVisible();

    const notice = await linkFromMail(email, /Your Sellscribe e-mail address is being changed/);
    expect(new URL(notice).pathname).toBe("/forgot-password");
    expect((await mailsTo(email)).find((mail) => mail.subject === "Your Sellscribe e-mail address is being changed")?.text).toContain(newEmail);
    await page.reload();
    await expect(page.getByTestId("current-email")).toHaveText(email);

    const link = await linkFromMail(newEmail, /Confirm your new e-mail address for Sellscribe/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Your e-mail address was changed.")).toBeVisible();
    await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);
    await page.goto("/settings/personal");
    await expect(page.getByTestId("current-email")).toHaveText(newEmail);
    // A used link does not work twice.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();

    await page.goto("/settings/personal");
    await page.getByRole("textbox", { name: "Current password", exact: true }).fill(testPassword);
    await page.getByRole("textbox", { name: "New password", exact: true }).fill("carla-password-2");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Your password was changed. Other devices were signed out.")).toBeVisible();
    await linkFromMail(newEmail, /Your Sellscribe password was changed/);
  });
});

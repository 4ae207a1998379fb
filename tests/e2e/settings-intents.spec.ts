// Settings forms name their action in `intent`; a POST with no intent, an empty one or one the route
// does not know is a 400 with a message, and nothing changes (workspace-model.spec.ts covers the
// workspace page, attack-surface.spec.ts billing's former fall-through to account deletion).
import { expect, test } from "#tests/support/fixtures.ts";
import { userIdOf } from "#tests/support/e2e-db.ts";

const unknownIntents: Record<string, string>[] = [{}, { intent: "" }, { intent: "explode" }, { intent: "Profile" }];

test("personal settings refuse an unknown intent with a 400 and keep the name and password", async ({ page, login }) => {
  const user = await login({ firstName: "Pia", lastName: "Personal" });
  await page.goto("/settings/personal");
  const origin = new URL(page.url()).origin;
  for (const extra of unknownIntents) {
    const form = { firstName: "Changed", lastName: "Name", currentPassword: user.password, newPassword: "another-password-2026", ...extra };
    const answer = await page.request.post("/settings/personal", { form, headers: { Origin: origin } });
    expect(answer.status(), JSON.stringify(extra)).toBe(400);
    expect(await answer.text()).toContain("form.malformed");
  }
  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue("Pia");
  await expect(page.getByLabel("Last name")).toHaveValue("Personal");
  // The password is unchanged: the session was not revoked and the old password still signs in.
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  const signIn = await page.request.post("/sign-in", { form: { email: user.email, password: user.password }, headers: { Origin: origin }, maxRedirects: 0 });
  expect(signIn.status()).toBe(302);
});

test("billing refuses an unknown intent with a 400 and the account stays", async ({ page, login }) => {
  const user = await login({ firstName: "Bill", lastName: "Ing" });
  await page.goto("/settings/billing");
  const origin = new URL(page.url()).origin;
  for (const extra of unknownIntents) {
    const answer = await page.request.post("/settings/billing", { form: { confirmation: "DELETE", plan: "pro", ...extra }, headers: { Origin: origin } });
    expect(answer.status(), JSON.stringify(extra)).toBe(400);
    expect(await answer.text()).toContain("form.malformed");
  }
  expect(await userIdOf(user.email)).toBe(user.id);
  await page.reload();
  await expect(page.getByText("Trial · 7 days left").first()).toBeVisible();
});

import { type Browser } from "@playwright/test";
import { expireInvitationsTo, setPlanOf } from "#tests/support/e2e-db.ts";
import { expectNoAxeViolations, linkFromMail, signIn, testPassword, uniqueEmail } from "#tests/support/e2e.ts";
import { expect, test } from "#tests/support/fixtures.ts";

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test.describe("workspace members", () => {
  test("an owner invites by e-mail; the invitee signs up from the link and joins; owner-only actions are refused to members", async ({ page, browser, login }) => {
    test.slow(); // Two accounts and many steps; the default 30 s is tight on a busy machine.
    const owner = await login({ firstName: "Olive", lastName: "Owner" });
    await page.goto("/settings/workspace");
    await page.getByRole("textbox", { name: "Company name", exact: true }).fill("Olive Oils Ltd");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Workspace details saved.")).toBeVisible();

    const inviteeEmail = uniqueEmail("invitee");
    const inviteField = page.getByRole("textbox", { name: "E-mail address", exact: true });
    await inviteField.fill(owner.email);
    await page.getByRole("button", { name: "Send invite" }).click();
    await expect(page.getByText("This person is already a member of the workspace.")).toBeVisible();
    await inviteField.fill(inviteeEmail);
    await page.getByRole("button", { name: "Send invite" }).click();
    await expect(page.getByText(`Invite sent to ${inviteeEmail}.`)).toBeVisible();
    await expect(page.getByText("Pending invites")).toBeVisible();

    const link = await linkFromMail(inviteeEmail, /You are invited to a workspace on Sellscribe/);
    expect(link).toMatch(/\/invite\/[\w-]{20,}$/);

    const invitee = await newPage(browser);
    try {
      await invitee.page.goto(link);
      await expect(invitee.page.getByRole("heading", { name: "Join Olive Oils Ltd" })).toBeVisible();
      await expectNoAxeViolations(invitee.page);
      await invitee.page.getByRole("link", { name: "Create an account to join" }).click();
      await expect(invitee.page.getByRole("heading", { name: "Create your account" })).toBeVisible();
      await invitee.page.getByLabel("First name").fill("Ivan");
      await invitee.page.getByLabel("Last name").fill("Invitee");
      await invitee.page.getByRole("textbox", { name: "E-mail", exact: true }).fill(inviteeEmail);
      await invitee.page.getByRole("textbox", { name: "Password", exact: true }).fill(testPassword);
      await invitee.page.getByRole("button", { name: "Next" }).click();
      await expect(invitee.page).toHaveURL(/\/invite\//);
      await invitee.page.getByRole("button", { name: "Join Olive Oils Ltd" }).click();
      await expect(invitee.page).toHaveURL(/\/dashboard/);
      await expect(invitee.page.getByText("Welcome! You joined the workspace.")).toBeVisible();

      // A member sees the workspace read-only and has no invite form.
      await invitee.page.goto("/settings/workspace");
      await expect(invitee.page.getByRole("textbox", { name: "Company name", exact: true })).toHaveValue("Olive Oils Ltd");
      await expect(invitee.page.getByRole("textbox", { name: "Company name", exact: true })).toBeDisabled();
      await expect(invitee.page.getByRole("button", { name: "Send invite" })).toBeHidden();
      const origin = new URL(invitee.page.url()).origin;
      const ownerOnlyForms: Record<string, string>[] = [
        { intent: "invite", email: uniqueEmail("sneaky") },
        { intent: "details", name: "Taken over", website: "", billingEmail: "" },
      ];
      for (const form of ownerOnlyForms) {
        const response = await invitee.page.request.post("/settings/workspace", { form, headers: { Origin: origin } });
        expect(response.status()).toBe(403);
        // The page answers with the message for its toast (as a catalog key, shown in the reader's language).
        expect(await response.text()).toContain("workspace.error.ownerOnly");
      }

      // The link worked once.
      await invitee.page.goto(link);
      await expect(invitee.page.getByRole("heading", { name: "This invite cannot be used" })).toBeVisible();
      await expect(invitee.page.getByText("This invite was already used.")).toBeVisible();
    } finally {
      await invitee.context.close();
    }

    await page.reload();
    const members = page.getByRole("list", { name: "Members" });
    await expect(members.getByText("Ivan Invitee")).toBeVisible();
    await expect(members.getByRole("listitem").filter({ hasText: "Ivan Invitee" }).getByText("Member", { exact: true })).toBeVisible();
    await expect(page.getByText("Pending invites")).toBeHidden();

    await page.getByRole("button", { name: "Remove Ivan Invitee" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Member removed.")).toBeVisible();
    await expect(members.getByText("Ivan Invitee")).toBeHidden();
  });

  test("a member can leave a workspace and is back in their own", async ({ page, browser, login }) => {
    await login({ firstName: "Olga", lastName: "Owner" });
    await page.goto("/settings/workspace");
    await page.getByRole("textbox", { name: "Company name", exact: true }).fill("Olga Goods");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Workspace details saved.")).toBeVisible();
    const memberEmail = uniqueEmail("leaver");
    await page.getByRole("textbox", { name: "E-mail address", exact: true }).fill(memberEmail);
    await page.getByRole("button", { name: "Send invite" }).click();
    await expect(page.getByText(`Invite sent to ${memberEmail}.`)).toBeVisible();
    const link = await linkFromMail(memberEmail, /You are invited to a workspace on Sellscribe/);

    const member = await newPage(browser);
    try {
      await login({ context: member.context, firstName: "Leo", lastName: "Leaver", email: memberEmail });
      await member.page.goto(link);
      await member.page.getByRole("button", { name: "Join Olga Goods" }).click();
      await expect(member.page).toHaveURL(/\/dashboard/);
      await member.page.goto("/settings/workspace");
      await expect(member.page.getByRole("textbox", { name: "Company name", exact: true })).toHaveValue("Olga Goods");
      await member.page.getByRole("button", { name: "Leave", exact: true }).click();
      await member.page.getByRole("dialog").getByRole("button", { name: "Leave", exact: true }).click();
      await expect(member.page).toHaveURL(/\/dashboard/);
      await expect(member.page.getByText("You left the workspace.")).toBeVisible();
      await member.page.goto("/settings/workspace");
      await expect(member.page.getByRole("textbox", { name: "Company name", exact: true })).toHaveValue("Leo Leaver");
      // The sole owner of the personal workspace has no Leave button.
      await expect(member.page.getByRole("button", { name: "Leave", exact: true })).toBeHidden();
    } finally {
      await member.context.close();
    }
  });

  test("Starter allows one user: inviting is refused with a clear message", async ({ page, login }) => {
    const owner = await login();
    setPlanOf(owner.email, "starter");
    await page.goto("/settings/workspace");
    await expect(page.getByText("Your plan allows 1 user")).toBeVisible();
    await page.getByRole("textbox", { name: "E-mail address", exact: true }).fill(uniqueEmail("second"));
    await page.getByRole("button", { name: "Send invite" }).click();
    await expect(page.getByText("Your plan has no seat left for another member. Upgrade to Pro for unlimited users.")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Starter plan" })).toBeVisible();
  });

  test("an expired or unknown invite link shows a page that says so", async ({ page, login }) => {
    const owner = await login();
    const email = uniqueEmail("late");
    await page.goto("/settings/workspace");
    await page.getByRole("textbox", { name: "E-mail address", exact: true }).fill(email);
    await page.getByRole("button", { name: "Send invite" }).click();
    await expect(page.getByText(`Invite sent to ${email}.`)).toBeVisible();
    const link = await linkFromMail(email, /on Sellscribe/);
    expireInvitationsTo(email);
    const response = await page.goto(link);
    expect(response?.status()).toBe(410);
    await expect(page.getByText("This invite has expired. Ask the workspace owner to send a new one.")).toBeVisible();
    await page.goto("/invite/not-a-real-token");
    await expect(page.getByText("This invite link is not valid.")).toBeVisible();
    expect(owner.email).toBeTruthy();
  });

  test("signing in from an invite link comes back to it", async ({ page, browser, login }) => {
    await login({ firstName: "Otto" });
    const existing = await newPage(browser);
    try {
      const existingUser = await login({ context: existing.context, firstName: "Erin", lastName: "Existing" });
      await existing.context.clearCookies();
      await page.goto("/settings/workspace");
      await page.getByRole("textbox", { name: "E-mail address", exact: true }).fill(existingUser.email);
      await page.getByRole("button", { name: "Send invite" }).click();
      await expect(page.getByText(`Invite sent to ${existingUser.email}.`)).toBeVisible();
      const link = await linkFromMail(existingUser.email, /on Sellscribe/);
      await existing.page.goto(link);
      await existing.page.getByRole("link", { name: "I have an account: sign in" }).click();
      await expect(existing.page.getByRole("heading", { name: "Start your free trial" })).toBeVisible();
      await signIn(existing.page, existingUser.email, testPassword);
      await expect(existing.page).toHaveURL(/\/invite\//);
      await existing.page.getByRole("button", { name: /^Join / }).click();
      await expect(existing.page.getByText("Welcome! You joined the workspace.")).toBeVisible();
    } finally {
      await existing.context.close();
    }
  });
});

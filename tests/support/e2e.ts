import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** A fresh e-mail address per test, so tests never share an account. */
export function uniqueEmail(label = "seller"): string {
  return `${label}-${randomBytes(5).toString("hex")}@example.com`;
}

export const testPassword = "listing-copy-2026";

/** Mails the SMTP sink received for an address (newest last). */
export async function mailsTo(address: string): Promise<{ subject: string; text: string; html: string }[]> {
  const response = await fetch(`http://127.0.0.1:${process.env.E2E_SMTP_API_PORT}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as { subject: string; text: string; html: string }[];
}

/** Waits for the newest mail to an address whose subject matches, and returns its first link. */
export async function linkFromMail(address: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await mailsTo(address)).filter((m) => subject.test(m.subject)).at(-1);
      link = mail ? /https?:\/\/\S+/.exec(mail.text)?.[0] : undefined;
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** Signs up through the form: for tests whose subject is sign-up. Others get a user from the `login` fixture (fixtures.ts). */
export async function signUp(page: Page, { firstName = "Ada", lastName = "Lovelace", email = uniqueEmail(), password = testPassword } = {}) {
  await page.goto("/sign-up");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, password, firstName, lastName };
}

export async function signIn(page: Page, email: string, password: string, { remember = false } = {}) {
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  if (remember) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Log in" }).click();
}

/** The dashboard heading for a first name, whatever the time of day. */
export function greetingOf(firstName: string): RegExp {
  return new RegExp(`^Good (morning|afternoon|evening), ${firstName}!$`);
}

/** Signs out through the user menu (opening the mobile drawer first on narrow screens). */
export async function signOut(page: Page) {
  const burger = page.getByRole("button", { name: "Open navigation" });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Fails with the list of axe-core violations on the page as it is now. Legacy mode runs axe in the page
 * itself instead of finishing in a second, blank page: our pages have no frames, so it checks the same
 * rules in half the time. Only violations are collected in full (axe's resultTypes): every rule still
 * runs on every node, but axe no longer serialises each passing node, a third of its time on long pages.
 */
export async function expectNoAxeViolations(page: Page) {
  expect(page.frames(), "pages with frames need axe's cross-frame mode").toHaveLength(1);
  const results = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] }).analyze();
  const found = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`).join(", ")})`);
  expect(found, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Signs in through the local OpenID Connect provider as `login` (its e-mail is the login when it holds an @,
 * verified). `again`: the provider remembers the first sign-in and sends the browser straight back.
 */
export async function signInWithOidc(page: Page, login: string, { again = false } = {}) {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Continue with Test SSO" }).click();
  if (again) return;
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

import AxeBuilder from "@axe-core/playwright";
import { signOut } from "#tests/support/e2e.ts";
import { expect, test } from "#tests/support/fixtures.ts";
import { getFreePort } from "#tests/support/free-port.ts";
import { startServer, type ServerProcess } from "#tests/support/server-process.ts";

// WebAuthn takes a domain as the relying party, never an IP address: this server's PUBLIC_URL is
// http://localhost:<port> (the shared e2e server answers on 127.0.0.1).
test.describe("passkeys, on a server of its own at localhost", () => {
  let server: ServerProcess;
  let url: string;
  test.beforeAll(async () => {
    const port = await getFreePort();
    url = `http://localhost:${port}`;
    server = await startServer({ PUBLIC_URL: url }, { port });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test("add a passkey in settings, name it, sign out, sign in with it, remove it", async ({ browser, login }) => {
    test.slow();
    const context = await browser.newContext({ baseURL: url });
    const page = await context.newPage();
    try {
      const user = await login({ context, server: { url, dataDir: server.dataDir } });
      // A virtual platform authenticator that keeps discoverable credentials and verifies the user.
      const cdp = await context.newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      });

      await page.goto("/settings/personal");
      const card = page.getByRole("region", { name: "Passkeys" });
      await expect(card.getByText("No passkeys yet.")).toBeVisible();
      await card.getByRole("textbox", { name: "Name of the new passkey" }).fill("Test laptop");
      // A session alone adds no passkey: the password comes with the request, checked on the server.
      await card.getByLabel("Your password").fill("not the password");
      await card.getByRole("button", { name: "Add a passkey" }).click();
      await expect(card.getByText("That password is not right. Enter the one you sign in with.")).toBeVisible();
      expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(0);
      await card.getByLabel("Your password").fill(user.password);
      await card.getByRole("button", { name: "Add a passkey" }).click();
      await expect(page.getByText("Passkey added. You can now sign in with it.")).toBeVisible();
      const list = card.getByRole("list", { name: "Your passkeys" });
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list.getByRole("listitem")).toContainText("Test laptop");
      expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);

      await list.getByRole("button", { name: "Rename passkey Test laptop" }).click();
      await list.getByRole("textbox", { name: "New name for Test laptop" }).fill("Desk laptop");
      await list.getByRole("button", { name: "Save name" }).click();
      await expect(page.getByText("Passkey renamed.")).toBeVisible();
      await expect(list.getByRole("listitem")).toContainText("Desk laptop");
      // The passkeys and devices cards (the rest of the page is other features' to check).
      const axe = await new AxeBuilder({ page }).setLegacyMode().include('section[aria-labelledby="passkeys-title"]').include('section[aria-labelledby="sessions-title"]').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(", ")}`)).toEqual([]);

      await signOut(page);
      await page.goto("/sign-in?redirectTo=%2Fsettings%2Fpersonal");
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(page).toHaveURL(/\/settings\/personal$/);
      await expect(list.getByRole("listitem")).toContainText("Desk laptop");

      await list.getByRole("button", { name: "Remove passkey Desk laptop" }).click();
      await expect(page.getByText("Passkey removed.")).toBeVisible();
      await expect(card.getByText("No passkeys yet.")).toBeVisible();

      // The authenticator still holds the credential, but the site no longer knows it.
      await signOut(page);
      await page.goto("/sign-in");
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Signing in with a passkey did not work" })).toBeVisible();
      await expect(page).toHaveURL(/\/sign-in$/);
    } finally {
      await context.close();
    }
  });

  test("the passkey endpoints refuse a cross-site request and a signed-out registration", async ({ request }) => {
    const crossSite = await request.post(`${url}/passkeys/sign-in-options`, { headers: { Origin: "https://evil.example" }, data: {} });
    expect(crossSite.status()).toBe(403);
    const signedOut = await request.post(`${url}/passkeys/register-options`, { headers: { Origin: url }, data: {} });
    expect(signedOut.status()).toBe(401);
    const unknown = await request.post(`${url}/passkeys/anything`, { headers: { Origin: url }, data: {} });
    expect(unknown.status()).toBe(404);
    // Better Auth's own passkey endpoints stay closed.
    for (const path of ["/api/auth/passkey/generate-authenticate-options", "/api/auth/passkey/verify-authentication", "/api/auth/passkey/list-user-passkeys"]) {
      expect((await request.post(`${url}${path}`, { headers: { Origin: url }, data: {} })).status()).toBe(404);
    }
  });
});

import { existsSync } from "node:fs";
import path from "node:path";
import { test as base, type BrowserContext, type Cookie } from "@playwright/test";
import { e2eServerEnv } from "./e2e-env.ts";
import { testPassword, uniqueEmail } from "./e2e.ts";
import { createSignedInUser, openBackend, serverEnv, type Backend } from "./users.ts";

// A signed-in user without the sign-up form (as the Epic Stack's `login` fixture does): the user is
// created through Better Auth's server API with the server's own config and database, so the same hooks
// run (clean names, a personal workspace), and the session cookie Better Auth signs goes into the browser.
// Tests whose subject is the sign-up form keep signUp(page) from e2e.ts.

/** A server a test started itself (tests/support/server-process.ts): its URL and data folder. */
export interface OwnServer {
  url: string;
  dataDir: string;
}

export interface LoginOptions {
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  /** The browser context that gets the cookie; the test's own page's context by default. */
  context?: BrowserContext;
  /** A server of the test's own instead of the e2e server. */
  server?: OwnServer;
}

export interface LoggedInUser {
  id: string;
  /** The session as a Cookie request header, for HTTP tests that call the server with fetch. */
  cookie: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A Set-Cookie header as Playwright's addCookies takes it, for the server at `url`. */
export function cookieFromSetCookie(setCookie: string, url: string): Cookie {
  const [pair = "", ...attributes] = setCookie.split(";").map((part) => part.trim());
  const eq = pair.indexOf("=");
  const attribute = (name: string) => attributes.find((a) => a.toLowerCase().startsWith(`${name.toLowerCase()}=`))?.split("=")[1];
  const flag = (name: string) => attributes.some((a) => a.toLowerCase() === name.toLowerCase());
  const maxAge = attribute("Max-Age");
  const sameSite = attribute("SameSite")?.toLowerCase();
  return {
    name: pair.slice(0, eq),
    value: pair.slice(eq + 1),
    domain: new URL(url).hostname,
    path: attribute("Path") ?? "/",
    expires: maxAge ? Math.floor(Date.now() / 1000) + Number(maxAge) : -1,
    httpOnly: flag("HttpOnly"),
    secure: flag("Secure"),
    sameSite: sameSite === "strict" ? "Strict" : sameSite === "none" ? "None" : "Lax",
  };
}

export const test = base.extend<
  { login: (options?: LoginOptions) => Promise<LoggedInUser> },
  { e2eBackend: Backend }
>({
  e2eBackend: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      // The worker's own config (read by the logger at import) is the server's too, not ./data's defaults.
      Object.assign(process.env, e2eServerEnv);
      const backend = await openBackend(e2eServerEnv);
      await provide(backend);
      await backend.services.db.destroy();
    },
    { scope: "worker" },
  ],

  login: async ({ page, e2eBackend }, provide) => {
    const created: string[] = [];
    await provide(async ({ firstName = "Ada", lastName = "Lovelace", email = uniqueEmail(), password = testPassword, context = page.context(), server } = {}) => {
      const user = { firstName, lastName, email, password };
      let signedIn: Awaited<ReturnType<typeof createSignedInUser>>;
      if (server) {
        // A test's own server is thrown away with its data folder: nothing to clean up, and no connection kept open.
        if (!existsSync(path.join(server.dataDir, "db.sqlite"))) throw new Error(`login: no database in ${server.dataDir}; start the server (and wait until it is ready) first`);
        const backend = await openBackend(serverEnv(server));
        signedIn = await createSignedInUser(backend, user).finally(() => backend.services.db.destroy());
      } else {
        signedIn = await createSignedInUser(e2eBackend, user);
        created.push(signedIn.id);
      }
      const url = server?.url ?? e2eBackend.services.config.publicUrl;
      await context.addCookies(signedIn.setCookies.map((setCookie) => cookieFromSetCookie(setCookie, url)));
      return { id: signedIn.id, cookie: signedIn.cookie, ...user };
    });
    // Newest first: a member's account goes before that of the owner whose workspace they joined. A refusal
    // (an owner whose workspace still has members who joined through the UI) leaves that user in the throwaway database.
    const { deleteAccount } = await import("#app/features/auth/account-deletion.server.ts");
    const { db, config } = e2eBackend.services;
    for (const userId of created.reverse()) await deleteAccount({ db, config, auth: e2eBackend.auth, userId });
  },
});

export { expect } from "@playwright/test";

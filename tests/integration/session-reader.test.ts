// The direct session read (app/features/auth/session-reader.server.ts) against real Better Auth sessions:
// it answers only when Better Auth would say the same, and hands every other case back to it.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createAuth, sessionDays } from "#app/features/auth/auth.server.ts";
import { readCookie } from "#app/lib/cookies.ts";
import { readSession, sessionCookieSettings, type SessionCookieSettings } from "#app/features/auth/session-reader.server.ts";
import { buildConfig } from "#server/config.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { signUpUser } from "#tests/support/sign-up.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const day = 86_400_000;

describe.each(testDatabaseKinds)("reading sessions directly on %s", (kind) => {
  const { testDb, auth } = useIntegrationBackend(kind);
  let settings: SessionCookieSettings;

  beforeAll(async () => {
    settings = await sessionCookieSettings(auth);
  });

  async function signedIn(): Promise<{ cookie: string; userId: string; token: string }> {
    const { cookie, id, token } = await signUpUser(auth, { firstName: "Rae", lastName: "Reader", email: `reader-${randomUUID().slice(0, 8)}@example.com` });
    return { cookie, userId: id, token: token! };
  }

  const betterAuthUser = async (cookie: string) => (await auth.api.getSession({ headers: new Headers({ cookie }) }))?.user.id ?? null;

  it("reads Better Auth's own cookie name, secret and session ages", () => {
    expect(settings.tokenCookie).toBe("better-auth.session_token");
    expect(settings.dataCookie).toBe("better-auth.session_data");
    expect(settings.expiresInSeconds).toBe(sessionDays * 86_400);
    expect(settings.updateAgeSeconds).toBe(86_400);
  });

  it("uses the __Secure- cookie name when the site is served over HTTPS", async () => {
    const config = buildConfig({ NODE_ENV: "test", DATA_DIR: testDb.config.dataDir, DATABASE_URL: testDb.url, DEV_OUTBOX: "1", PUBLIC_URL: "https://sellscribe.example" });
    const secure = await sessionCookieSettings(createAuth({ config, db: testDb.db, mailer: testDb.mailer }));
    expect(secure.tokenCookie).toBe("__Secure-better-auth.session_token");
  });

  it("gives the same user as Better Auth for a fresh session, with names", async () => {
    const { cookie, userId } = await signedIn();
    const read = await readSession({ db: testDb.db, settings, cookieHeader: cookie });
    expect(read).toEqual({ user: { id: userId, email: expect.stringMatching(/^reader-/), name: "Rae Reader", firstName: "Rae", lastName: "Reader", mustEnrolTwoFactor: false } });
    expect(await betterAuthUser(cookie)).toBe(userId);
  });

  it("hands a forged or re-signed cookie to Better Auth, which refuses it too", async () => {
    const { cookie, token } = await signedIn();
    const signature = decodeURIComponent(readCookie(cookie, settings.tokenCookie)!).split(".").at(-1)!;
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    for (const forged of [`${settings.tokenCookie}=${encodeURIComponent(`${token}.${flipped}`)}`, `${settings.tokenCookie}=${token}`, `${settings.tokenCookie}=${encodeURIComponent(`other.${signature}`)}`]) {
      expect(await readSession({ db: testDb.db, settings, cookieHeader: forged })).toEqual({ askBetterAuth: true });
      expect(await betterAuthUser(forged)).toBeNull();
    }
  });

  it("never reads a signed-out session: the next request already goes to Better Auth", async () => {
    const { cookie } = await signedIn();
    await auth.api.signOut({ headers: new Headers({ cookie }) });
    expect(await readSession({ db: testDb.db, settings, cookieHeader: cookie })).toEqual({ askBetterAuth: true });
    expect(await betterAuthUser(cookie)).toBeNull();
  });

  it("never reads an expired session", async () => {
    const { cookie, token } = await signedIn();
    await testDb.db.updateTable("session").set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where("token", "=", token).execute();
    expect(await readSession({ db: testDb.db, settings, cookieHeader: cookie })).toEqual({ askBetterAuth: true });
    expect(await betterAuthUser(cookie)).toBeNull();
  });

  it("leaves the daily refresh to Better Auth, which extends the session and re-sets the cookie", async () => {
    const { cookie, token, userId } = await signedIn();
    // Created a day and a minute ago: due for its refresh.
    const expiresAt = new Date(Date.now() + sessionDays * day - day - 60_000);
    await testDb.db.updateTable("session").set({ expiresAt: kind === "postgres" ? expiresAt : expiresAt.toISOString() }).where("token", "=", token).execute();
    expect(await readSession({ db: testDb.db, settings, cookieHeader: cookie })).toEqual({ askBetterAuth: true });
    const refreshed = await auth.api.getSession({ headers: new Headers({ cookie }), returnHeaders: true });
    expect(refreshed.response?.user.id).toBe(userId);
    expect(refreshed.headers.getSetCookie().some((c) => c.startsWith(`${settings.tokenCookie}=`))).toBe(true);
    // Extended by Better Auth: read directly again.
    expect(await readSession({ db: testDb.db, settings, cookieHeader: cookie })).toMatchObject({ user: { id: userId } });
  });

  it("lets Better Auth handle a request that carries its cookie cache", async () => {
    const { cookie } = await signedIn();
    expect(await readSession({ db: testDb.db, settings, cookieHeader: `${cookie}; ${settings.dataCookie}=stale` })).toEqual({ askBetterAuth: true });
  });
});

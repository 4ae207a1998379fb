import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getMigrations } from "better-auth/db/migration";
import { createAuth, createAuthOptions, migrateAuthTables } from "#app/features/auth/auth.server.ts";
import { deleteAccount } from "#app/features/auth/account-deletion.server.ts";
import { readSession, sessionCookieSettings } from "#app/features/auth/session-reader.server.ts";
import { isTwoFactorEnrolPath, mustEnrolTwoFactor, mustEnrolTwoFactorInActiveWorkspace, reachesWorkspaceData, saveTwoFactorRequirement, twoFactorRefusal, workspaceRequiresTwoFactor } from "#app/features/auth/two-factor-requirement.server.ts";
import { applyEmailLink, resendVerification } from "#app/features/auth/email-verification.server.ts";
import { disableTwoFactor, finishEnrolment, hasPassword, isTwoFactorEnabled, regenerateBackupCodes, sendTwoFactorChangedMail, startEnrolment, twoFactorStepPath, verifySignInCode } from "#app/features/auth/two-factor.server.ts";
import { acceptInvitation, createInvitation } from "#app/features/workspace/members.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { createDb } from "#server/db/db.server.ts";
import { migrateDatabase } from "#server/services.server.ts";
import { totp } from "#tests/support/totp.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { signUpUser, testPassword as password } from "#tests/support/sign-up.ts";
import { createTestDb, testDatabaseKinds } from "#tests/support/test-db.ts";

/** The cookies a browser would send after these Set-Cookie headers (expired ones dropped), merged over `previous`. */
function browserCookies(setCookies: Headers, previous = new Headers()): Headers {
  const jar = new Map<string, string>();
  for (const pair of (previous.get("cookie") ?? "").split("; ").filter(Boolean)) {
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  for (const cookie of setCookies.getSetCookie()) {
    const [pair = ""] = cookie.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at);
    if (/max-age=0/i.test(cookie) || pair.slice(at + 1) === "") jar.delete(name);
    else jar.set(name, pair.slice(at + 1));
  }
  return new Headers({ cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") });
}

describe.each(testDatabaseKinds)("two-factor on %s", (kind) => {
  const { testDb, auth } = useIntegrationBackend(kind);

  async function signUp(email: string) {
    const { answer, id } = await signUpUser(auth, { firstName: "Ada", lastName: "Lovelace", email });
    return { cookies: browserCookies(answer), userId: id };
  }

  /** Signs up and turns two-factor on; returns the secret, the backup codes and a signed-in browser. */
  async function enrolled(email: string) {
    const { cookies, userId } = await signUp(email);
    const started = await startEnrolment({ auth, headers: cookies, password });
    if (!started.ok) throw new Error(started.reason);
    // The previous step's code (still accepted): each code is taken once, so the tests' next code is the current one.
    const finished = await finishEnrolment({ auth, headers: cookies, code: totp(started.enrolment.secret, Date.now() - 30_000), userId });
    if (!finished.ok) throw new Error("first code refused");
    return { userId, secret: started.enrolment.secret, backupCodes: finished.backupCodes, cookies: browserCookies(finished.setCookies, cookies) };
  }

  /** Password step of sign-in: either signed in, or a browser holding the two-factor step cookie. */
  async function signInWithPassword(email: string, cookies = new Headers()) {
    const { headers, response } = await auth.api.signInEmail({ body: { email, password }, headers: cookies, returnHeaders: true });
    return { twoFactor: "twoFactorRedirect" in response && response.twoFactorRedirect === true, cookies: browserCookies(headers, cookies) };
  }

  it("creates the twoFactor table and the user's twoFactorEnabled column", async () => {
    const user = await testDb.db.selectFrom("user").select("twoFactorEnabled").limit(1).execute();
    expect(user).toEqual([]);
    const { count } = await testDb.db
      .selectFrom("twoFactor" as never)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });

  it("adds them to a database made before two-factor, on the next start", async () => {
    const older = await createTestDb(kind, { migrate: false });
    try {
      const deps = { config: older.config, db: older.db, mailer: older.mailer };
      const options = createAuthOptions(deps);
      const before = await getMigrations({ ...options, plugins: options.plugins.filter((plugin) => plugin.id !== "two-factor") });
      await before.runMigrations();
      await migrateDatabase(deps, migrateAuthTables);
      await older.db.insertInto("user").values({ id: "u1", name: "Old", email: "old@example.com", emailVerified: kind === "sqlite" ? 0 : false, firstName: "", lastName: "", createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() } as never).execute();
      const row = await older.db.selectFrom("user").select("twoFactorEnabled").where("id", "=", "u1").executeTakeFirstOrThrow();
      expect(Boolean(row.twoFactorEnabled)).toBe(false);
      await older.db.selectFrom("twoFactor" as never).selectAll().execute();
      // Again is a no-op.
      await migrateAuthTables(deps);
    } finally {
      await older.destroy();
    }
  });

  it("enrols: the password is checked, a first code from the secret turns it on, ten backup codes come back", async () => {
    const { cookies, userId } = await signUp("enrol@example.com");
    expect(await startEnrolment({ auth, headers: cookies, password: "not the password" })).toEqual({ ok: false, reason: "wrongPassword" });
    const started = await startEnrolment({ auth, headers: cookies, password });
    if (!started.ok) throw new Error("enrolment refused");
    expect(started.enrolment.totpUri).toMatch(/^otpauth:\/\/totp\/Sellscribe:enrol%40example\.com\?/);
    expect(started.enrolment.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(started.enrolment.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await isTwoFactorEnabled(testDb.db, userId)).toBe(false);
    expect((await finishEnrolment({ auth, headers: cookies, code: "000000", userId })).ok).toBe(false);
    expect(await isTwoFactorEnabled(testDb.db, userId)).toBe(false);
    const finished = await finishEnrolment({ auth, headers: cookies, code: totp(started.enrolment.secret), userId });
    if (!finished.ok) throw new Error("first code refused");
    expect(finished.backupCodes).toHaveLength(10);
    expect(new Set(finished.backupCodes).size).toBe(10);
    expect(await isTwoFactorEnabled(testDb.db, userId)).toBe(true);
    // The session was replaced: the new cookie works.
    expect(await auth.api.getSession({ headers: browserCookies(finished.setCookies, cookies) })).not.toBeNull();
  });

  it("signs in users without two-factor exactly as before", async () => {
    await signUp("plain@example.com");
    const { twoFactor, cookies } = await signInWithPassword("plain@example.com");
    expect(twoFactor).toBe(false);
    expect(await auth.api.getSession({ headers: cookies })).not.toBeNull();
  });

  it("asks for the code after the password, and a wrong code signs nobody in", async () => {
    const { secret } = await enrolled("code@example.com");
    const step = await signInWithPassword("code@example.com");
    expect(step.twoFactor).toBe(true);
    expect(await auth.api.getSession({ headers: step.cookies })).toBeNull();
    const wrong = await verifySignInCode({ auth, headers: step.cookies, code: "000000", backup: false, trustDevice: false });
    expect(wrong).toMatchObject({ ok: false, reason: "wrongCode" });
    const right = await verifySignInCode({ auth, headers: step.cookies, code: totp(secret), backup: false, trustDevice: false });
    if (!right.ok) throw new Error(right.reason);
    expect((await auth.api.getSession({ headers: browserCookies(right.setCookies, step.cookies) }))?.user.email).toBe("code@example.com");
    // The step cookie was used up: the same code again is an expired step.
    expect(await verifySignInCode({ auth, headers: step.cookies, code: totp(secret), backup: false, trustDevice: false })).toMatchObject({ ok: false, reason: "expired" });
  });

  it("accepts a TOTP code once (RFC 6238 §5.2): the same code, or an earlier step's, is then a wrong code on any server", async () => {
    const { secret, userId } = await enrolled("replay@example.com");
    const code = totp(secret);
    const first = await signInWithPassword("replay@example.com");
    const accepted = await verifySignInCode({ auth, headers: first.cookies, code, backup: false, trustDevice: false });
    if (!accepted.ok) throw new Error(accepted.reason);
    // Another server (its own connection to the database) sees the step as used.
    const otherDb = createDb(testDb.config.database);
    try {
      const otherServer = createAuth({ config: testDb.config, db: otherDb, mailer: testDb.mailer });
      const second = await otherServer.api.signInEmail({ body: { email: "replay@example.com", password }, returnHeaders: true });
      const browser = browserCookies(second.headers);
      expect(await verifySignInCode({ auth: otherServer, headers: browser, code, backup: false, trustDevice: false })).toMatchObject({ ok: false, reason: "wrongCode" });
      expect(await verifySignInCode({ auth: otherServer, headers: browser, code: totp(secret, Date.now() - 30_000), backup: false, trustDevice: false })).toMatchObject({ ok: false, reason: "wrongCode" });
      // The signed-in settings confirmations are held to the same rule.
      const signedIn = browserCookies(accepted.setCookies, first.cookies);
      expect(await regenerateBackupCodes({ auth: otherServer, headers: signedIn, confirmation: { appCode: code } })).toMatchObject({ ok: false });
      // The next step's code is new: it signs in.
      expect((await verifySignInCode({ auth: otherServer, headers: browser, code: totp(secret, Date.now() + 30_000), backup: false, trustDevice: false })).ok).toBe(true);
    } finally {
      await otherDb.destroy();
    }
    const row = await testDb.db.selectFrom("totp_last_step").select("step").where("userId", "=", userId).executeTakeFirstOrThrow();
    expect(Number(row.step)).toBe(Math.floor(Date.now() / 30_000) + 1);
  });

  it("answers the same backup code sent from several browsers at once: one signs in, the others get the ordinary wrong code", async () => {
    const { backupCodes } = await enrolled("race@example.com");
    const browsers = await Promise.all(Array.from({ length: 6 }, () => signInWithPassword("race@example.com")));
    const results = await Promise.all(browsers.map((browser) => verifySignInCode({ auth, headers: browser.cookies, code: backupCodes[0]!, backup: true, trustDevice: false })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.reason)).toEqual(Array(5).fill("wrongCode"));
  });

  it("takes a backup code once only", async () => {
    const { backupCodes } = await enrolled("backup@example.com");
    const first = await signInWithPassword("backup@example.com");
    const used = await verifySignInCode({ auth, headers: first.cookies, code: backupCodes[0]!, backup: true, trustDevice: false });
    expect(used.ok).toBe(true);
    const second = await signInWithPassword("backup@example.com");
    expect(await verifySignInCode({ auth, headers: second.cookies, code: backupCodes[0]!, backup: true, trustDevice: false })).toMatchObject({ ok: false, reason: "wrongCode" });
    expect((await verifySignInCode({ auth, headers: second.cookies, code: backupCodes[1]!, backup: true, trustDevice: false })).ok).toBe(true);
  });

  it("skips the code step on a trusted device", async () => {
    const { secret } = await enrolled("trust@example.com");
    const step = await signInWithPassword("trust@example.com");
    const trusted = await verifySignInCode({ auth, headers: step.cookies, code: totp(secret), backup: false, trustDevice: true });
    if (!trusted.ok) throw new Error(trusted.reason);
    const trustCookie = trusted.setCookies.getSetCookie().find((c) => c.includes("trust_device="));
    expect(trustCookie).toMatch(/Max-Age=2592000/);
    const browser = browserCookies(trusted.setCookies, step.cookies);
    await auth.api.signOut({ headers: browser });
    const again = await signInWithPassword("trust@example.com", browser);
    expect(again.twoFactor).toBe(false);
    expect(await auth.api.getSession({ headers: again.cookies })).not.toBeNull();
    // Another browser still gets the code step.
    expect((await signInWithPassword("trust@example.com")).twoFactor).toBe(true);
  });

  it("turns off only with the password", async () => {
    const { userId, cookies } = await enrolled("off@example.com");
    expect((await disableTwoFactor({ auth, headers: cookies, confirmation: { password: "not the password" } })).ok).toBe(false);
    expect(await isTwoFactorEnabled(testDb.db, userId)).toBe(true);
    const off = await disableTwoFactor({ auth, headers: cookies, confirmation: { password } });
    if (!off.ok) throw new Error("turning two-factor off was refused");
    expect(await isTwoFactorEnabled(testDb.db, userId)).toBe(false);
    expect((await signInWithPassword("off@example.com")).twoFactor).toBe(false);
    // On again at once: the new secret's codes start their own count (the old secret's step is forgotten).
    const browser = browserCookies(off.setCookies, cookies);
    const again = await startEnrolment({ auth, headers: browser, password });
    if (!again.ok) throw new Error(again.reason);
    expect((await finishEnrolment({ auth, headers: browser, code: totp(again.enrolment.secret, Date.now() - 30_000), userId })).ok).toBe(true);
  });
  it("does not take an app code instead of the password of an account that has one", async () => {
    const { userId, secret, cookies } = await enrolled("needs-password@example.com");
    expect(await hasPassword(testDb.db, userId)).toBe(true);
    expect((await disableTwoFactor({ auth, headers: cookies, confirmation: { appCode: totp(secret) } })).ok).toBe(false);
    expect(await regenerateBackupCodes({ auth, headers: cookies, confirmation: { appCode: totp(secret) } })).toEqual({ ok: false, reason: "wrongConfirmation" });
    expect(await isTwoFactorEnabled(testDb.db, userId)).toBe(true);
  });

  it("makes ten new backup codes with the password: the old ones stop working, the new ones sign in once", async () => {
    const { backupCodes } = await enrolled("new-codes@example.com");
    const signedIn = await signInWithPassword("new-codes@example.com");
    const first = await verifySignInCode({ auth, headers: signedIn.cookies, code: backupCodes[0]!, backup: true, trustDevice: false });
    if (!first.ok) throw new Error(first.reason);
    const browser = browserCookies(first.setCookies, signedIn.cookies);
    expect(await regenerateBackupCodes({ auth, headers: browser, confirmation: { password: "not the password" } })).toEqual({ ok: false, reason: "wrongConfirmation" });
    const made = await regenerateBackupCodes({ auth, headers: browser, confirmation: { password } });
    if (!made.ok) throw new Error(made.reason);
    expect(made.backupCodes).toHaveLength(10);
    expect(made.backupCodes).not.toContain(backupCodes[1]);
    const old = await signInWithPassword("new-codes@example.com");
    expect(await verifySignInCode({ auth, headers: old.cookies, code: backupCodes[1]!, backup: true, trustDevice: false })).toMatchObject({ ok: false, reason: "wrongCode" });
    const fresh = await signInWithPassword("new-codes@example.com");
    expect((await verifySignInCode({ auth, headers: fresh.cookies, code: made.backupCodes[0]!, backup: true, trustDevice: false })).ok).toBe(true);
  });

  /** An account made by Google or OpenID Connect: no password, a verified address, a signed-in browser. */
  async function passwordlessUser(email: string) {
    const ctx = await auth.$context;
    const user = await ctx.internalAdapter.createUser({ name: "Olga Oidc", email, emailVerified: true }, { method: "oauth", oauth: { providerId: "oidc" } } as Parameters<typeof ctx.internalAdapter.createUser>[1]);
    await ctx.internalAdapter.createAccount({ userId: user.id, providerId: "oidc", accountId: email });
    const session = await ctx.internalAdapter.createSession(user.id);
    const signature = createHmac("sha256", testDb.config.sessionSecret).update(session.token).digest("base64");
    return { userId: user.id, cookies: new Headers({ cookie: `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}` }) };
  }

  it("lets an account without a password turn two-factor on, and confirm new codes and turning it off with an app code", async () => {
    const { userId, cookies } = await passwordlessUser("olga@oidc.test");
    expect(await hasPassword(testDb.db, userId)).toBe(false);
    const started = await startEnrolment({ auth, headers: cookies, password: null });
    if (!started.ok) throw new Error(started.reason);
    const finished = await finishEnrolment({ auth, headers: cookies, code: totp(started.enrolment.secret, Date.now() - 30_000), userId });
    if (!finished.ok) throw new Error("first code refused");
    expect(await isTwoFactorEnabled(testDb.db, userId)).toBe(true);
    const browser = browserCookies(finished.setCookies, cookies);
    const secret = started.enrolment.secret;
    expect(await regenerateBackupCodes({ auth, headers: browser, confirmation: { appCode: "000000" } })).toEqual({ ok: false, reason: "wrongConfirmation" });
    const made = await regenerateBackupCodes({ auth, headers: browser, confirmation: { appCode: totp(secret) } });
    expect(made.ok && made.backupCodes).toHaveLength(10);
    expect((await disableTwoFactor({ auth, headers: browser, confirmation: { appCode: "000000" } })).ok).toBe(false);
    expect(await isTwoFactorEnabled(testDb.db, userId)).toBe(true);
    // The current step's code confirmed the new codes: the next step's turns it off.
    const off = await disableTwoFactor({ auth, headers: browser, confirmation: { appCode: totp(secret, Date.now() + 30_000) } });
    expect(off.ok).toBe(true);
    expect(await isTwoFactorEnabled(testDb.db, userId)).toBe(false);
  });

  /** Asks for a new verification link as the signed-in user, and reads its token from the mail. */
  async function verificationToken(cookies: Headers, email: string): Promise<string> {
    await resendVerification({ auth, headers: cookies, email, locale: "en" });
    for (let i = 0; i < 100; i++) {
      const text = testDb.mailer.outbox().findLast((mail) => mail.to === email && /verify-email/.test(mail.text))?.text;
      if (text) return new URL(/http\S+\/verify-email\?token=\S+/.exec(text)![0]).searchParams.get("token")!;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no verification mail to ${email}`);
  }

  it("leads a verification link opened where the user is not signed in to the code step, not into the account", async () => {
    const { cookies, userId, secret } = await enrolled("link-step@example.com");
    const token = await verificationToken(cookies, "link-step@example.com");
    const opened = await applyEmailLink({ db: testDb.db, token, headers: new Headers(), auth });
    if (!opened.ok) throw new Error(opened.reason);
    expect(opened.codeStep).toBe("/sign-in/two-factor");
    // The address is verified, but the browser holds only the code-step cookie, no session.
    const user = await testDb.db.selectFrom("user").select("emailVerified").where("id", "=", userId).executeTakeFirstOrThrow();
    expect(Boolean(user.emailVerified)).toBe(true);
    const browser = browserCookies(opened.setCookies);
    expect(await auth.api.getSession({ headers: browser })).toBeNull();
    const step = await verifySignInCode({ auth, headers: browser, code: totp(secret), backup: false, trustDevice: false });
    if (!step.ok) throw new Error(step.reason);
    expect((await auth.api.getSession({ headers: browserCookies(step.setCookies, browser) }))?.user.email).toBe("link-step@example.com");
  });

  it("keeps the session of a browser already signed in when it opens a verification link", async () => {
    const { cookies } = await enrolled("link-signed-in@example.com");
    const token = await verificationToken(cookies, "link-signed-in@example.com");
    const opened = await applyEmailLink({ db: testDb.db, token, headers: cookies, auth });
    if (!opened.ok) throw new Error(opened.reason);
    expect(opened.codeStep).toBeUndefined();
    expect((await auth.api.getSession({ headers: browserCookies(opened.setCookies, cookies) }))?.user.email).toBe("link-signed-in@example.com");
  });

  it("deletes the secret and backup codes with the account", async () => {
    const { userId } = await enrolled("gone@example.com");
    const rows = () => testDb.db.selectFrom("twoFactor" as never).selectAll().where("userId" as never, "=", userId as never).execute();
    expect(await rows()).toHaveLength(1);
    expect(await deleteAccount({ db: testDb.db, config: testDb.config, auth, userId })).toEqual({ ok: true });
    expect(await rows()).toHaveLength(0);
  });

  it("sends the code step to its page, keeping where the user was going", () => {
    expect(twoFactorStepPath({ twoFactorRedirect: true, twoFactorMethods: ["totp"] }, "/listings?page=2")).toBe("/sign-in/two-factor?redirectTo=%2Flistings%3Fpage%3D2");
    expect(twoFactorStepPath({ twoFactorRedirect: true }, "https://evil.example")).toBe("/sign-in/two-factor");
    expect(twoFactorStepPath({ token: "t", user: {} }, "/listings")).toBeNull();
  });

  it("lets an owner require two-factor (after turning it on themselves); members without it must enrol first", async () => {
    const owner = await enrolled("owner@example.com");
    const ownerUser = { id: owner.userId, name: "Ada Lovelace", email: "owner@example.com" };
    const { workspaceId } = await getActiveMembership({ db: testDb.db, user: ownerUser });
    const member = await signUp("member@example.com");
    const invite = await createInvitation({ db: testDb.db, workspaceId, email: "member@example.com", invitedBy: owner.userId });
    if (!invite.ok) throw new Error("invite refused");
    expect((await acceptInvitation({ db: testDb.db, token: invite.token, user: { id: member.userId, email: "member@example.com" } })).ok).toBe(true);
    expect((await getActiveMembership({ db: testDb.db, user: { id: member.userId, name: "Ada Lovelace", email: "member@example.com" } })).workspaceId).toBe(workspaceId);

    expect(await mustEnrolTwoFactor(testDb.db, member.userId, workspaceId)).toBe(false);
    // An owner without two-factor cannot require it (they would lock themselves out).
    const plainOwner = await signUp("plain-owner@example.com");
    const plainWorkspace = (await getActiveMembership({ db: testDb.db, user: { id: plainOwner.userId, name: "Ada Lovelace", email: "plain-owner@example.com" } })).workspaceId;
    expect(await saveTwoFactorRequirement({ db: testDb.db, userId: plainOwner.userId, workspaceId: plainWorkspace, required: true })).toEqual({ ok: false, reason: "ownerFirst" });
    expect(await workspaceRequiresTwoFactor(testDb.db, plainWorkspace)).toBe(false);

    expect(await saveTwoFactorRequirement({ db: testDb.db, userId: owner.userId, workspaceId, required: true })).toEqual({ ok: true });
    expect(await workspaceRequiresTwoFactor(testDb.db, workspaceId)).toBe(true);
    expect(await mustEnrolTwoFactor(testDb.db, owner.userId, workspaceId)).toBe(false);
    expect(await mustEnrolTwoFactor(testDb.db, member.userId, workspaceId)).toBe(true);
    // Read with the session, in the same statement (what the JSON API checks), and on Better Auth's path.
    const settings = await sessionCookieSettings(auth);
    const sessionUser = async (cookies: Headers) => {
      const read = await readSession({ db: testDb.db, settings, cookieHeader: cookies.get("cookie") ?? "" });
      if (!("user" in read)) throw new Error("session not read");
      return read.user;
    };
    expect((await sessionUser(member.cookies)).mustEnrolTwoFactor).toBe(true);
    expect((await sessionUser(owner.cookies)).mustEnrolTwoFactor).toBe(false);
    expect(await mustEnrolTwoFactorInActiveWorkspace(testDb.db, member.userId)).toBe(true);
    expect(await mustEnrolTwoFactorInActiveWorkspace(testDb.db, owner.userId)).toBe(false);
    // Every member JSON endpoint and download answers 403 from the catalogue, other pages send them to enrol (by matched route);
    // Stripe's webhook is not a member's endpoint (HTTP variants of each path: tests/e2e/request-paths.spec.ts).
    const refusal = twoFactorRefusal({ routePattern: "/api/listings", locale: "de", requestId: "req-1" });
    expect(refusal?.status).toBe(403);
    expect(await refusal?.json()).toEqual({ code: "TWO_FACTOR_REQUIRED", requestId: "req-1", error: expect.stringContaining("Zwei-Faktor") });
    for (const pattern of ["/api/outputs", "/api/jobs/:id/rows", "/api/generations", "/history/export", "/settings/data-export/:id/download"]) expect(twoFactorRefusal({ routePattern: pattern, locale: "en", requestId: "r" })?.status, pattern).toBe(403);
    expect(twoFactorRefusal({ routePattern: "/dashboard", locale: "en", requestId: "r" })?.headers.get("location")).toBe("/settings/personal?twoFactor=required");
    for (const pattern of ["/api/stripe/webhook", "/settings/personal", "/sign-out", "/i18n/:file", "/*"]) expect(reachesWorkspaceData(pattern), pattern).toBe(false);
    // The enrolment page stays open to them; every other page sends them there.
    expect(isTwoFactorEnrolPath("/settings/personal")).toBe(true);
    expect(isTwoFactorEnrolPath("/settings/personal.data")).toBe(true);
    expect(isTwoFactorEnrolPath("/dashboard")).toBe(false);
    expect(isTwoFactorEnrolPath("/settings/personalize")).toBe(false);

    const started = await startEnrolment({ auth, headers: member.cookies, password });
    if (!started.ok) throw new Error(started.reason);
    expect((await finishEnrolment({ auth, headers: member.cookies, code: totp(started.enrolment.secret), userId: member.userId })).ok).toBe(true);
    expect(await mustEnrolTwoFactor(testDb.db, member.userId, workspaceId)).toBe(false);
    expect(await mustEnrolTwoFactorInActiveWorkspace(testDb.db, member.userId)).toBe(false);

    expect(await saveTwoFactorRequirement({ db: testDb.db, userId: owner.userId, workspaceId, required: false })).toEqual({ ok: true });
    expect(await workspaceRequiresTwoFactor(testDb.db, workspaceId)).toBe(false);
  });

  it("mails a security notice in the user's language when two-factor is turned on or off", async () => {
    await sendTwoFactorChangedMail({ mailer: testDb.mailer, publicUrl: testDb.config.publicUrl, to: "mail@example.com", locale: "de", enabled: true });
    await sendTwoFactorChangedMail({ mailer: testDb.mailer, publicUrl: testDb.config.publicUrl, to: "mail@example.com", locale: "en", enabled: false });
    const [off, on] = testDb.mailer.outbox().filter((mail) => mail.to === "mail@example.com");
    expect(on).toMatchObject({ subject: "Die Zwei-Faktor-Authentifizierung wurde aktiviert" });
    expect(on!.text).toContain(`${testDb.config.publicUrl}/settings/personal`);
    expect(off).toMatchObject({ subject: "Two-factor authentication was turned off" });
  });
});

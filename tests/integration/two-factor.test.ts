import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMigrations } from "better-auth/db/migration";
import { createAuth, createAuthOptions, migrateAuthTables, type Auth } from "#app/features/auth/auth.server.ts";
import { deleteAccount } from "#app/features/auth/account-deletion.server.ts";
import { isTwoFactorEnrolPath, mustEnrolTwoFactor, saveTwoFactorRequirement, workspaceRequiresTwoFactor } from "#app/features/auth/two-factor-requirement.server.ts";
import { disableTwoFactor, finishEnrolment, isTwoFactorEnabled, sendTwoFactorChangedMail, startEnrolment, twoFactorStepPath, verifySignInCode } from "#app/features/auth/two-factor.server.ts";
import { acceptInvitation, createInvitation } from "#app/features/workspace/members.server.ts";
import { getActiveMembership } from "#app/features/workspace/workspaces.server.ts";
import { migrateDatabase } from "#server/services.server.ts";
import { totp } from "#tests/support/totp.ts";
import { createTestDb, testDatabaseKinds, type TestDb } from "#tests/support/test-db.ts";

const password = "correct horse battery";

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
  let testDb: TestDb;
  let auth: Auth;

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    auth = createAuth({ config: testDb.config, db: testDb.db, mailer: testDb.mailer });
  });
  afterAll(async () => testDb.destroy());

  async function signUp(email: string) {
    const { headers, response } = await auth.api.signUpEmail({ body: { name: "Ada Lovelace", firstName: "Ada", lastName: "Lovelace", email, password }, returnHeaders: true });
    return { cookies: browserCookies(headers), userId: response.user.id };
  }

  /** Signs up and turns two-factor on; returns the secret, the backup codes and a signed-in browser. */
  async function enrolled(email: string) {
    const { cookies, userId } = await signUp(email);
    const started = await startEnrolment({ auth, headers: cookies, password });
    if (!started.ok) throw new Error(started.reason);
    const finished = await finishEnrolment({ auth, headers: cookies, code: totp(started.enrolment.secret), userId });
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
    expect((await disableTwoFactor({ auth, headers: cookies, password: "not the password" })).ok).toBe(false);
    expect(await isTwoFactorEnabled(testDb.db, userId)).toBe(true);
    const off = await disableTwoFactor({ auth, headers: cookies, password });
    expect(off.ok).toBe(true);
    expect(await isTwoFactorEnabled(testDb.db, userId)).toBe(false);
    expect((await signInWithPassword("off@example.com")).twoFactor).toBe(false);
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
    // The enrolment page stays open to them; every other page sends them there.
    expect(isTwoFactorEnrolPath("/settings/personal")).toBe(true);
    expect(isTwoFactorEnrolPath("/settings/personal.data")).toBe(true);
    expect(isTwoFactorEnrolPath("/dashboard")).toBe(false);
    expect(isTwoFactorEnrolPath("/settings/personalize")).toBe(false);

    const started = await startEnrolment({ auth, headers: member.cookies, password });
    if (!started.ok) throw new Error(started.reason);
    expect((await finishEnrolment({ auth, headers: member.cookies, code: totp(started.enrolment.secret), userId: member.userId })).ok).toBe(true);
    expect(await mustEnrolTwoFactor(testDb.db, member.userId, workspaceId)).toBe(false);

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

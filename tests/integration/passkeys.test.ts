import { describe, expect, it } from "vitest";
import { cleanPasskeyName, confirmPasskeyAddition, isStaleSession, listUserPasskeys, passkeyConfirmationOf, passkeyRegistrationOptions, passkeySignInOptions, removeUserPasskey, renameUserPasskey, sendPasskeyChangedMail, verifyPasskeyRegistration, verifyPasskeySignIn } from "#app/features/auth/passkeys.server.ts";
import { notifyPasswordChanged } from "#app/features/auth/email-verification.server.ts";
import { finishEnrolment, startEnrolment, verifySignInCode } from "#app/features/auth/two-factor.server.ts";
import { createSoftwareAuthenticator } from "#tests/support/software-authenticator.ts";
import { totp } from "#tests/support/totp.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { signUpUser, testPassword as password } from "#tests/support/sign-up.ts";
import { cookieHeader, testDatabaseKinds } from "#tests/support/test-db.ts";

/** `base`'s cookies with those the answer set added (a browser's jar, enough for these ceremonies). */
function withCookies(base: Headers, answer: Headers): Headers {
  const cookies = [base.get("cookie") ?? "", ...answer.getSetCookie().map((c) => c.split(";")[0]!)].filter(Boolean);
  return new Headers({ cookie: cookies.join("; ") });
}

describe.each(testDatabaseKinds)("passkeys on %s", (kind) => {
  const { testDb, auth } = useIntegrationBackend(kind);

  const signUp = (email: string) => signUpUser(auth, { firstName: "Pat", lastName: "Key", email });

  /** A stored passkey as the plugin writes one after a verified registration. */
  async function storePasskey(userId: string, name: string, createdAt = new Date()): Promise<string> {
    const { adapter } = await auth.$context;
    const row = await adapter.create<Record<string, unknown>, { id: string }>({
      model: "passkey",
      data: { name, userId, credentialID: `cred-${Math.random().toString(36).slice(2)}`, publicKey: "cHVibGljLWtleQ", counter: 0, deviceType: "singleDevice", backedUp: false, transports: "internal", createdAt, aaguid: "" },
    });
    return row.id;
  }

  it("lists only the user's own passkeys, newest first", async () => {
    const pat = await signUp("pat@example.com");
    const other = await signUp("other@example.com");
    await storePasskey(pat.id, "Old laptop", new Date(Date.now() - 86_400_000));
    await storePasskey(pat.id, "Phone");
    await storePasskey(other.id, "Someone else's");
    const passkeys = await listUserPasskeys({ headers: pat.headers, auth });
    expect(passkeys.map((p) => p.name)).toEqual(["Phone", "Old laptop"]);
    expect(Object.keys(passkeys[0]!).sort()).toEqual(["createdAt", "id", "name"]);
  });

  it("renames and removes the user's passkey; another user's id is not found and stays as it was", async () => {
    const owner = await signUp("owner@example.com");
    const intruder = await signUp("intruder@example.com");
    const id = await storePasskey(owner.id, "Work laptop");
    expect(await renameUserPasskey({ headers: intruder.headers, id, name: "Mine now", auth })).toBe("notFound");
    expect(await removeUserPasskey({ headers: intruder.headers, id, auth })).toBe("notFound");
    expect((await listUserPasskeys({ headers: owner.headers, auth })).map((p) => p.name)).toEqual(["Work laptop"]);

    expect(await renameUserPasskey({ headers: owner.headers, id, name: "  Home\n desktop\u202E ", auth })).toBe("done");
    expect((await listUserPasskeys({ headers: owner.headers, auth })).map((p) => p.name)).toEqual(["Home desktop"]);
    expect(await renameUserPasskey({ headers: owner.headers, id, name: " \n ", auth })).toBe("badName");
    expect(await renameUserPasskey({ headers: owner.headers, id: "no-such-passkey", name: "x", auth })).toBe("notFound");

    expect(await removeUserPasskey({ headers: owner.headers, id, auth })).toBe("done");
    expect(await listUserPasskeys({ headers: owner.headers, auth })).toEqual([]);
    expect(await removeUserPasskey({ headers: owner.headers, id, auth })).toBe("notFound");
  });

  it("bounds names to one line of 60 characters", () => {
    expect(cleanPasskeyName("a".repeat(100))).toHaveLength(60);
    expect(cleanPasskeyName("Line\u2028Break\ttab")).toBe("Line Break tab");
    expect(cleanPasskeyName(42)).toBe("");
  });

  it("gives registration options for the signed-in user with the relying party of PUBLIC_URL, and sign-in options to anyone", async () => {
    const user = await signUp("options@example.com");
    const registration = await passkeyRegistrationOptions({ headers: user.headers, auth });
    expect(registration.options.rp).toEqual({ name: "Sellscribe", id: new URL(testDb.config.publicUrl).hostname });
    expect(registration.options.authenticatorSelection).toMatchObject({ residentKey: "required" });
    expect(registration.headers.getSetCookie().some((c) => c.includes("passkey"))).toBe(true);
    const signIn = await passkeySignInOptions({ headers: new Headers(), auth });
    expect(signIn.options.rpId).toBe(new URL(testDb.config.publicUrl).hostname);
    expect(signIn.options.allowCredentials ?? []).toEqual([]);
  });

  it("asks a session older than a day to sign in again before adding a passkey", async () => {
    const user = await signUp("stale@example.com");
    await testDb.db.updateTable("session").set({ createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString() } as never).where("userId", "=", user.id).execute();
    const error = await passkeyRegistrationOptions({ headers: user.headers, auth }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(isStaleSession(error)).toBe(true);
  });

  it("deletes a user's passkeys with the account", async () => {
    const leaving = await signUp("leaving@example.com");
    await storePasskey(leaving.id, "Gone soon");
    await (await auth.$context).internalAdapter.deleteUser(leaving.id);
    const { adapter } = await auth.$context;
    expect(await adapter.findMany({ model: "passkey", where: [{ field: "userId", value: leaving.id }] })).toEqual([]);
  });

  /** Registers a passkey made by `authenticator` for the signed-in user; null when the server refuses it. */
  async function registerPasskey(user: { headers: Headers }, authenticator: ReturnType<typeof createSoftwareAuthenticator>, { userVerified, name = "Laptop" }: { userVerified: boolean; name?: string }) {
    const { options, headers } = await passkeyRegistrationOptions({ headers: user.headers, auth });
    const response = authenticator.register(options as never, { userVerified });
    return verifyPasskeyRegistration({ headers: withCookies(user.headers, headers), response, name, auth });
  }

  /** Signs in with the authenticator's passkey from a signed-out browser: the session's Set-Cookie headers, or null. */
  async function signInWithPasskey(authenticator: ReturnType<typeof createSoftwareAuthenticator>, userVerified: boolean) {
    const { options, headers } = await passkeySignInOptions({ headers: new Headers(), auth });
    const response = authenticator.assert(options as never, { userVerified });
    return verifyPasskeySignIn({ headers: withCookies(new Headers(), headers), response, auth });
  }

  it("asks the browser for user verification when making a passkey and when signing in with one", async () => {
    const user = await signUp("uv-options@example.com");
    expect((await passkeyRegistrationOptions({ headers: user.headers, auth })).options.authenticatorSelection).toMatchObject({ userVerification: "required", residentKey: "required" });
    expect((await passkeySignInOptions({ headers: new Headers(), auth })).options.userVerification).toBe("required");
  });

  it("signs in with a passkey only when the device verified the user (UV), even for an account locked out of its codes", async () => {
    const user = await signUp("uv@example.com");
    const authenticator = createSoftwareAuthenticator({ origin: new URL(testDb.config.publicUrl).origin });
    expect(await registerPasskey(user, authenticator, { userVerified: true })).toEqual({ name: "Laptop" });
    const signedIn = await signInWithPasskey(authenticator, true);
    expect(signedIn?.getSetCookie().some((c) => c.includes("session_token="))).toBe(true);

    // Two-factor on, then locked out after wrong codes at the code step.
    const started = await startEnrolment({ auth, headers: user.headers, password });
    if (!started.ok) throw new Error(started.reason);
    expect((await finishEnrolment({ auth, headers: user.headers, code: totp(started.enrolment.secret), userId: user.id })).ok).toBe(true);
    for (let round = 0; round < 3; round++) {
      const step = await auth.api.signInEmail({ body: { email: "uv@example.com", password }, returnHeaders: true });
      for (let i = 0; i < 4; i++) await verifySignInCode({ auth, headers: cookieHeader(step.headers), code: "000000", backup: false, trustDevice: false });
    }
    const locked = await testDb.db.selectFrom("twoFactor" as never).select(["lockedUntil" as never]).where("userId" as never, "=", user.id as never).executeTakeFirstOrThrow();
    expect((locked as { lockedUntil: unknown }).lockedUntil).not.toBeNull();

    // Presence alone (UV=0), however the assertion is otherwise right: refused, no session.
    const sessionsBefore = await testDb.db.selectFrom("session").select("id").where("userId", "=", user.id).execute();
    expect(await signInWithPasskey(authenticator, false)).toBeNull();
    expect(await testDb.db.selectFrom("session").select("id").where("userId", "=", user.id).execute()).toHaveLength(sessionsBefore.length);
  });

  it("refuses to store a passkey made without user verification", async () => {
    const user = await signUp("uv-register@example.com");
    const authenticator = createSoftwareAuthenticator({ origin: new URL(testDb.config.publicUrl).origin });
    expect(await registerPasskey(user, authenticator, { userVerified: false })).toBeNull();
    expect(await listUserPasskeys({ headers: user.headers, auth })).toEqual([]);
  });

  it("asks for the password to add a passkey, or a fresh app code for an account without one, or a sign-in minutes ago", async () => {
    const user = await signUp("confirm@example.com");
    expect(await passkeyConfirmationOf(testDb.db, user.id)).toBe("password");
    let headers = user.headers;
    const confirm = (body: Record<string, unknown>) => confirmPasskeyAddition({ db: testDb.db, headers, userId: user.id, body, auth });
    expect(await confirm({})).toBe("wrongConfirmation");
    expect(await confirm({ password: "not the password" })).toBe("wrongConfirmation");
    // A code field does not stand in for the password of an account that has one.
    expect(await confirm({ code: "123456" })).toBe("wrongConfirmation");
    expect(await confirm({ password })).toBe("ok");

    // Without a password (as made with Google) but with an app: a code, once.
    const started = await startEnrolment({ auth, headers: user.headers, password });
    if (!started.ok) throw new Error(started.reason);
    const secret = started.enrolment.secret;
    const finished = await finishEnrolment({ auth, headers: user.headers, code: totp(secret, Date.now() - 30_000), userId: user.id });
    if (!finished.ok) throw new Error("first code refused");
    headers = cookieHeader(finished.setCookies);
    await testDb.db.updateTable("account").set({ password: null }).where("userId", "=", user.id).execute();
    expect(await passkeyConfirmationOf(testDb.db, user.id)).toBe("appCode");
    const code = totp(secret);
    expect(await confirm({ password })).toBe("wrongConfirmation");
    expect(await confirm({ code })).toBe("ok");
    expect(await confirm({ code })).toBe("wrongConfirmation");

    // Neither: only a session made in the last minutes.
    await testDb.db.deleteFrom("twoFactor" as never).where("userId" as never, "=", user.id as never).execute();
    await testDb.db.updateTable("user").set({ twoFactorEnabled: kind === "sqlite" ? 0 : false }).where("id", "=", user.id).execute();
    expect(await passkeyConfirmationOf(testDb.db, user.id)).toBe("recentSignIn");
    await testDb.db.updateTable("session").set({ createdAt: new Date(Date.now() - 11 * 60_000).toISOString() } as never).where("userId", "=", user.id).execute();
    expect(await confirm({})).toBe("signInAgain");
  });

  it("mails the account when a passkey is added or removed, and lists its passkeys in the password-changed mail", async () => {
    const user = await signUp("mails@example.com");
    const id = await storePasskey(user.id, "Evil <b>laptop</b>");
    await storePasskey(user.id, "Phone");
    await sendPasskeyChangedMail({ mailer: testDb.mailer, publicUrl: testDb.config.publicUrl, to: "mails@example.com", locale: "en", change: "added", name: "Evil <b>laptop</b>" });
    const added = testDb.mailer.outbox()[0]!;
    expect(added).toMatchObject({ to: "mails@example.com", subject: "A passkey was added to your Sellscribe account" });
    expect(added.text).toContain("Evil <b>laptop</b>");
    expect(added.html).toContain("Evil &lt;b&gt;laptop&lt;/b&gt;");
    expect(added.text).toContain(`${testDb.config.publicUrl}/settings/personal`);

    const removedNames: string[] = [];
    expect(await removeUserPasskey({ headers: user.headers, id, auth, onRemoved: async (name) => void removedNames.push(name) })).toBe("done");
    expect(removedNames).toEqual(["Evil <b>laptop</b>"]);

    await notifyPasswordChanged({ user: { id: user.id, email: "mails@example.com" }, locale: "en", db: testDb.db, config: testDb.config, mailer: testDb.mailer });
    const changed = testDb.mailer.outbox()[0]!;
    expect(changed.subject).toBe("Your Sellscribe password was changed");
    expect(changed.text).toContain("These passkeys still sign in to your account:\n- Phone\n");
    expect(changed.text).toContain(`Remove any you do not know in Settings → Personal: ${testDb.config.publicUrl}/settings/personal`);

    // A new password set with a reset link sends the same notice.
    await auth.api.requestPasswordReset({ body: { email: "mails@example.com", redirectTo: "/reset-password" } });
    await expect.poll(() => testDb.mailer.outbox().find((m) => m.to === "mails@example.com" && m.text.includes("/reset-password?token="))).toBeDefined();
    const link = testDb.mailer.outbox().find((m) => m.text.includes("/reset-password?token="))!;
    const token = new URL(/http\S+reset-password\?token=\S+/.exec(link.text)![0]).searchParams.get("token")!;
    const before = testDb.mailer.outbox().length;
    await auth.api.resetPassword({ body: { token, newPassword: "a brand new password" } });
    expect(testDb.mailer.outbox().length).toBe(before + 1);
    expect(testDb.mailer.outbox()[0]!.text).toContain("- Phone");
  });
});

import { describe, expect, it } from "vitest";
import { applyEmailLink, isEmailVerified, readEmailToken, requestEmailChange, resendVerification, sendPasswordChangedNotice, withMailLocale } from "#app/features/auth/email-verification.server.ts";
import { authRateLimits, createRateLimiter } from "#server/rate-limit.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { signUpUser, testPassword as password } from "#tests/support/sign-up.ts";
import { cookieHeader, testDatabaseKinds, type TestDb } from "#tests/support/test-db.ts";


/** Mails go out in the background: wait until one to `to` whose subject matches arrives. */
async function waitForMail(testDb: TestDb, to: string, subject: RegExp) {
  for (let i = 0; i < 100; i++) {
    const mail = testDb.mailer.outbox().find((m) => m.to === to && subject.test(m.subject));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

const tokenOf = (text: string) => new URL(/http\S+\/verify-email\?token=\S+/.exec(text)![0]).searchParams.get("token")!;

describe.each(testDatabaseKinds)("e-mail verification and change on %s", (kind) => {
  const { testDb, auth } = useIntegrationBackend(kind);

  const signUp = async (email: string, locale: "en" | "de" = "en") => {
    const { headers, id } = await withMailLocale(locale, () => signUpUser(auth, { firstName: "Vera", lastName: "Verify", email }));
    return { cookies: headers, userId: id };
  };

  it("mails a verification link on sign-up, in the page's language, pointing at our own /verify-email page", async () => {
    const { userId } = await signUp("vera@example.com", "de");
    expect(await isEmailVerified({ db: testDb.db, userId })).toBe(false);
    const mail = await waitForMail(testDb, "vera@example.com", /E-Mail-Adresse/);
    expect(mail.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse für Sellscribe");
    expect(mail.text).toContain(`${testDb.config.publicUrl}/verify-email?token=`);
    expect(mail.text).not.toContain("/api/auth/");
  });

  it("verifies the address when the link is used, and signs the user in", async () => {
    const mail = await waitForMail(testDb, "vera@example.com", /E-Mail-Adresse/);
    const result = await applyEmailLink({ db: testDb.db, token: tokenOf(mail.text), headers: new Headers(), auth });
    expect(result).toMatchObject({ ok: true, kind: "verified" });
    const user = await testDb.db.selectFrom("user").select("id").where("email", "=", "vera@example.com").executeTakeFirstOrThrow();
    expect(await isEmailVerified({ db: testDb.db, userId: user.id })).toBe(true);
    if (!result.ok) throw new Error("not verified");
    const session = await auth.api.getSession({ headers: cookieHeader(result.setCookies) });
    expect(session?.user.email).toBe("vera@example.com");
  });

  it("refuses a tampered or expired link", async () => {
    expect(await applyEmailLink({ db: testDb.db, token: "not.a.token", headers: new Headers(), auth })).toEqual({ ok: false, reason: "invalid" });
    const { signJWT } = await import("better-auth/crypto");
    const expired = await signJWT({ email: "vera@example.com" }, testDb.config.sessionSecret, -10);
    expect(await applyEmailLink({ db: testDb.db, token: expired, headers: new Headers(), auth })).toEqual({ ok: false, reason: "expired" });
    const forged = await signJWT({ email: "vera@example.com" }, "another secret of at least 32 characters!", 3600);
    expect(await applyEmailLink({ db: testDb.db, token: forged, headers: new Headers(), auth })).toEqual({ ok: false, reason: "invalid" });
  });

  it("sends again to an unverified user only, and the banner's limit refuses a fourth in an hour", async () => {
    const { cookies } = await signUp("again@example.com");
    await waitForMail(testDb, "again@example.com", /Verify/);
    const before = testDb.mailer.outbox().filter((m) => m.to === "again@example.com").length;
    expect(await resendVerification({ headers: cookies, email: "again@example.com", locale: "en", auth })).toBe(true);
    await expect.poll(() => testDb.mailer.outbox().filter((m) => m.to === "again@example.com").length).toBe(before + 1);
    const verified = await auth.api.signInEmail({ body: { email: "vera@example.com", password }, returnHeaders: true });
    expect(await resendVerification({ headers: cookieHeader(verified.headers), email: "vera@example.com", locale: "en", auth })).toBe(false);

    const limiter = createRateLimiter(testDb.db);
    const key = "verification-email:127.0.0.1:some-user";
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await limiter.consume(key, authRateLimits.verificationEmail));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false]);
    expect(answers[3]!.retryAfterSeconds).toBeGreaterThan(3500);
  });

  it("changes the address only when the link sent to the new one is used, and tells the old one", async () => {
    const { cookies, userId } = await signUp("old@example.com");
    await requestEmailChange({ headers: cookies, user: { email: "old@example.com" }, newEmail: "New@Example.com", locale: "en", config: testDb.config, mailer: testDb.mailer, auth });
    const notice = await waitForMail(testDb, "old@example.com", /is being changed/);
    expect(notice.text).toContain("new@example.com");
    const link = await waitForMail(testDb, "new@example.com", /Confirm your new e-mail/);
    expect(readEmailToken(tokenOf(link.text))).toMatchObject({ email: "old@example.com", updateTo: "new@example.com", requestType: "change-email-verification" });
    // Nothing changed yet.
    const before = await testDb.db.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
    expect(before.email).toBe("old@example.com");

    const result = await applyEmailLink({ db: testDb.db, token: tokenOf(link.text), headers: cookies, auth });
    expect(result).toMatchObject({ ok: true, kind: "changed" });
    const after = await testDb.db.selectFrom("user").select(["email", "emailVerified"]).where("id", "=", userId).executeTakeFirstOrThrow();
    expect(after.email).toBe("new@example.com");
    expect(Boolean(after.emailVerified)).toBe(true);
    await auth.api.signInEmail({ body: { email: "new@example.com", password } });
    // The link is spent: the old address has no account any more.
    expect(await applyEmailLink({ db: testDb.db, token: tokenOf(link.text), headers: new Headers(), auth })).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses the same address, and sends no link to an address another account uses (same answer)", async () => {
    const { cookies } = await signUp("keep@example.com");
    expect(await requestEmailChange({ headers: cookies, user: { email: "keep@example.com" }, newEmail: "KEEP@example.com", locale: "en", config: testDb.config, mailer: testDb.mailer, auth })).toEqual({ ok: false, reason: "same" });
    const toVera = testDb.mailer.outbox().filter((m) => m.to === "vera@example.com").length;
    expect(await requestEmailChange({ headers: cookies, user: { email: "keep@example.com" }, newEmail: "vera@example.com", locale: "en", config: testDb.config, mailer: testDb.mailer, auth })).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(testDb.mailer.outbox().filter((m) => m.to === "vera@example.com").length).toBe(toVera);
  });

  it("refuses a change link when the new address was taken since", async () => {
    const { cookies } = await signUp("mover@example.com");
    await requestEmailChange({ headers: cookies, user: { email: "mover@example.com" }, newEmail: "wanted@example.com", locale: "en", config: testDb.config, mailer: testDb.mailer, auth });
    const link = await waitForMail(testDb, "wanted@example.com", /Confirm your new e-mail/);
    await signUp("wanted@example.com");
    expect(await applyEmailLink({ db: testDb.db, token: tokenOf(link.text), headers: cookies, auth })).toEqual({ ok: false, reason: "taken" });
  });

  it("mails a notice after a password change, in the page's language", async () => {
    await sendPasswordChangedNotice({ email: "vera@example.com", locale: "fr", config: testDb.config, mailer: testDb.mailer });
    const mail = await waitForMail(testDb, "vera@example.com", /mot de passe/);
    expect(mail.subject).toBe("Votre mot de passe Sellscribe a été modifié");
    expect(mail.text).toContain(`${testDb.config.publicUrl}/forgot-password`);
  });

  it("counts an external sign-up whose provider says the e-mail is verified as verified", async () => {
    const ctx = await auth.$context;
    const user = await ctx.internalAdapter.createUser({ name: "Olga Oidc", email: "olga@oidc.test", emailVerified: true }, { method: "oauth", oauth: { providerId: "oidc" } } as Parameters<typeof ctx.internalAdapter.createUser>[1]);
    expect(await isEmailVerified({ db: testDb.db, userId: user.id })).toBe(true);
  });
});

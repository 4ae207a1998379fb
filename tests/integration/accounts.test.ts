import { APIError } from "better-auth/api";
import { describe, expect, it } from "vitest";
import { deleteAccount } from "#app/features/auth/account-deletion.server.ts";
import { saveOutputs } from "#app/features/outputs/outputs.server.ts";
import { acceptInvitation, createInvitation } from "#app/features/workspace/members.server.ts";
import { deleteSoleOwnedWorkspaces, getActiveMembership, transferOwnership } from "#app/features/workspace/workspaces.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { signUpUser, testPassword as password } from "#tests/support/sign-up.ts";
import { cookieHeader, testDatabaseKinds } from "#tests/support/test-db.ts";

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof APIError) return (error.body as { code?: string }).code;
    throw error;
  }
}

describe.each(testDatabaseKinds)("accounts on %s", (kind) => {
  const { testDb, auth } = useIntegrationBackend(kind);

  const signUp = (email: string, firstName = "Ada", lastName = "Lovelace") => signUpUser(auth, { email, firstName, lastName });

  it("signs up with first and last name and gives the user a personal workspace as owner", async () => {
    const ada = await signUp("ada@example.com");
    expect(ada.user).toMatchObject({ email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" });
    const members = await testDb.db.selectFrom("member").innerJoin("workspace", "workspace.id", "member.workspaceId").selectAll().where("userId", "=", ada.id).execute();
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({ role: "owner", plan: "trial", billingEmail: "ada@example.com" });
    const trialDays = (Date.parse(members[0]!.trialEndsAt) - Date.parse(members[0]!.periodStart)) / 86_400_000;
    expect(trialDays).toBe(7);
  });

  it("treats the same e-mail in another letter case as the same account", async () => {
    expect(await codeOf(signUp("ADA@Example.COM"))).toMatch(/^USER_ALREADY_EXISTS/);
    const { response } = await auth.api.signInEmail({ body: { email: "Ada@EXAMPLE.com", password }, returnHeaders: true });
    expect(response.user.email).toBe("ada@example.com");
  });

  it("gives a wrong e-mail and a wrong password the same error", async () => {
    const wrongPassword = await codeOf(auth.api.signInEmail({ body: { email: "ada@example.com", password: "not the password" } }));
    const wrongEmail = await codeOf(auth.api.signInEmail({ body: { email: "nobody@example.com", password } }));
    expect(wrongPassword).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect(wrongEmail).toBe(wrongPassword);
  });

  it("refuses passwords under 8 characters", async () => {
    expect(await codeOf(auth.api.signUpEmail({ body: { name: "x", email: "short@example.com", password: "1234567" } }))).toBe("PASSWORD_TOO_SHORT");
  });

  it("keeps names with HTML or SQL as plain text", async () => {
    const first = "<script>alert(1)</script>";
    const last = "'); DROP TABLE user; --";
    const odd = await signUp("odd@example.com", first, last);
    const row = await testDb.db.selectFrom("user").select(["firstName", "lastName"]).where("id", "=", odd.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ firstName: first, lastName: last });
  });

  it("makes 'Remember me' real: a 30-day cookie when checked, a browser-session cookie when not", async () => {
    const remembered = await auth.api.signInEmail({ body: { email: "ada@example.com", password, rememberMe: true }, returnHeaders: true });
    const rememberedCookie = remembered.headers.getSetCookie().find((c) => c.includes("session_token="))!;
    expect(rememberedCookie).toMatch(/Max-Age=2592000/);
    expect(rememberedCookie).toMatch(/HttpOnly/);
    const forgotten = await auth.api.signInEmail({ body: { email: "ada@example.com", password, rememberMe: false }, returnHeaders: true });
    const forgottenCookie = forgotten.headers.getSetCookie().find((c) => c.includes("session_token="))!;
    expect(forgottenCookie).not.toMatch(/Max-Age|Expires/);
    expect(forgotten.response.token).not.toBe(remembered.response.token);
  });

  it("signs out by deleting the session on the server", async () => {
    const { headers } = await auth.api.signInEmail({ body: { email: "ada@example.com", password }, returnHeaders: true });
    const cookies = cookieHeader(headers);
    expect(await auth.api.getSession({ headers: cookies })).not.toBeNull();
    await auth.api.signOut({ headers: cookies });
    expect(await auth.api.getSession({ headers: cookies })).toBeNull();
  });

  it("treats an unknown or tampered session cookie as signed out", async () => {
    expect(await auth.api.getSession({ headers: new Headers({ cookie: "better-auth.session_token=forged.signature" }) })).toBeNull();
  });

  it("mails a one-time reset link that sets a new password and cannot be used twice", async () => {
    await signUp("reset@example.com", "Rita", "Reset");
    await auth.api.requestPasswordReset({ body: { email: "reset@example.com", redirectTo: "/reset-password" } });
    const mail = testDb.mailer.outbox().find((m) => m.to === "reset@example.com");
    expect(mail?.subject).toBe("Reset your Sellscribe password");
    const token = new URL(/http\S+reset-password\?token=\S+/.exec(mail!.text)![0]).searchParams.get("token")!;
    expect(mail!.text).toContain(`${testDb.config.publicUrl}/reset-password?token=`);
    await auth.api.resetPassword({ body: { token, newPassword: "a brand new password" } });
    expect(await codeOf(auth.api.resetPassword({ body: { token, newPassword: "another new password" } }))).toBe("INVALID_TOKEN");
    expect(await codeOf(auth.api.signInEmail({ body: { email: "reset@example.com", password } }))).toBe("INVALID_EMAIL_OR_PASSWORD");
    await auth.api.signInEmail({ body: { email: "reset@example.com", password: "a brand new password" } });
  });

  it("answers a reset request the same way for an unknown e-mail, and sends nothing", async () => {
    const before = testDb.mailer.outbox().length;
    const answer = await auth.api.requestPasswordReset({ body: { email: "ghost@example.com", redirectTo: "/reset-password" } });
    expect(answer.status).toBe(true);
    expect(testDb.mailer.outbox().length).toBe(before);
  });

  it("expires reset links after an hour", async () => {
    await auth.api.requestPasswordReset({ body: { email: "reset@example.com", redirectTo: "/reset-password" } });
    const token = new URL(/http\S+reset-password\?token=\S+/.exec(testDb.mailer.outbox().find((m) => m.text.includes("/reset-password?token="))!.text)![0]).searchParams.get("token")!;
    const row = await testDb.db.selectFrom("verification").select("expiresAt").where("identifier", "=", `reset-password:${token}`).executeTakeFirstOrThrow();
    const minutes = (new Date(row.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
    await testDb.db.updateTable("verification").set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where("identifier", "=", `reset-password:${token}`).execute();
    expect(await codeOf(auth.api.resetPassword({ body: { token, newPassword: "yet another password" } }))).toBe("INVALID_TOKEN");
  });

  it("changes the password with the current one and signs out the other sessions", async () => {
    await signUp("change@example.com", "Carl", "Change");
    const first = cookieHeader((await auth.api.signInEmail({ body: { email: "change@example.com", password }, returnHeaders: true })).headers);
    const second = cookieHeader((await auth.api.signInEmail({ body: { email: "change@example.com", password }, returnHeaders: true })).headers);
    expect(await codeOf(auth.api.changePassword({ body: { currentPassword: "wrong password", newPassword: "next password 1" }, headers: first }))).toBe("INVALID_PASSWORD");
    const changed = await auth.api.changePassword({ body: { currentPassword: password, newPassword: "next password 1", revokeOtherSessions: true }, headers: first, returnHeaders: true });
    expect(await auth.api.getSession({ headers: second })).toBeNull();
    expect(await auth.api.getSession({ headers: cookieHeader(changed.headers) })).not.toBeNull();
  });

  it("updates first and last name", async () => {
    const headers = cookieHeader((await auth.api.signInEmail({ body: { email: "ada@example.com", password }, returnHeaders: true })).headers);
    await auth.api.updateUser({ body: { name: "Augusta King", firstName: "Augusta", lastName: "King" }, headers });
    const session = await auth.api.getSession({ headers });
    expect(session?.user).toMatchObject({ firstName: "Augusta", lastName: "King", name: "Augusta King" });
  });

  it("deletes an account with its sessions and its workspace", async () => {
    const { id: userId } = await signUp("leaving@example.com", "Lea", "Ving");
    const workspaceId = (await testDb.db.selectFrom("member").select("workspaceId").where("userId", "=", userId).executeTakeFirstOrThrow()).workspaceId;
    await deleteSoleOwnedWorkspaces({ db: testDb.db, userId });
    await (await auth.$context).internalAdapter.deleteUser(userId);
    expect(await testDb.db.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst()).toBeUndefined();
    expect(await testDb.db.selectFrom("session").select("id").where("userId", "=", userId).executeTakeFirst()).toBeUndefined();
    expect(await testDb.db.selectFrom("workspace").select("id").where("id", "=", workspaceId).executeTakeFirst()).toBeUndefined();
    expect(await testDb.db.selectFrom("member").select("userId").where("userId", "=", userId).executeTakeFirst()).toBeUndefined();
  });

  it("stores names clean and bounded and pictures https-only, whatever calls Better Auth", async () => {
    const { response } = await auth.api.signUpEmail({
      body: { name: "x".repeat(100_000), firstName: `Eve\r\nBcc: victim@example.com${"e".repeat(100_000)}`, lastName: "Mal\u202Elory", email: "eve@example.com", password, image: "javascript:alert(1)" },
      returnHeaders: true,
    });
    const user = await testDb.db.selectFrom("user").selectAll().where("id", "=", response.user.id).executeTakeFirstOrThrow();
    expect(user.firstName).toBe(`Eve Bcc: victim@example.com${"e".repeat(50 - "Eve Bcc: victim@example.com".length)}`);
    expect(user.firstName).toHaveLength(50);
    expect(user.lastName).toBe("Mal lory");
    expect(user.name).toBe(`${user.firstName} Mal lory`);
    expect((user as unknown as { image: string | null }).image).toBeNull();
    const workspace = await testDb.db.selectFrom("member").innerJoin("workspace", "workspace.id", "member.workspaceId").select("workspace.name").where("member.userId", "=", user.id).executeTakeFirstOrThrow();
    expect(workspace.name.length).toBeLessThanOrEqual(120);

    const headers = cookieHeader((await auth.api.signInEmail({ body: { email: "eve@example.com", password }, returnHeaders: true })).headers);
    await auth.api.updateUser({ body: { name: "A\nB", firstName: "Ada\u0000", lastName: "Line\u2028Break", image: "https://cdn.example.com/eve.png" }, headers });
    const updated = await testDb.db.selectFrom("user").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(updated).toMatchObject({ firstName: "Ada", lastName: "Line Break", name: "Ada Line Break" });
    expect((updated as unknown as { image: string | null }).image).toBe("https://cdn.example.com/eve.png");
    await auth.api.updateUser({ body: { image: "data:image/png;base64,AAAA" }, headers });
    expect(((await testDb.db.selectFrom("user").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow()) as unknown as { image: string | null }).image).toBeNull();
  });

  it("ends every other reset link when one is used", async () => {
    await signUp("two-links@example.com", "Tom", "Twice");
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      await auth.api.requestPasswordReset({ body: { email: "two-links@example.com", redirectTo: "/reset-password" } });
      tokens.push(new URL(/http\S+reset-password\?token=\S+/.exec(testDb.mailer.outbox().find((m) => m.to === "two-links@example.com" && m.text.includes("/reset-password?token="))!.text)![0]).searchParams.get("token")!);
    }
    expect(new Set(tokens).size).toBe(3);
    await auth.api.resetPassword({ body: { token: tokens[1]!, newPassword: "the middle link won" } });
    for (const token of [tokens[0]!, tokens[2]!]) expect(await codeOf(auth.api.resetPassword({ body: { token, newPassword: "a late link password" } }))).toBe("INVALID_TOKEN");
    await auth.api.signInEmail({ body: { email: "two-links@example.com", password: "the middle link won" } });
  });

  it("refuses to delete an owner whose workspace has other members, through Better Auth's own endpoint too", async () => {
    const owner = await signUp("sole-owner@example.com", "Sol", "Owner");
    const member = await signUp("the-member@example.com", "Tim", "Member");
    const { workspaceId } = await getActiveMembership({ db: testDb.db, user: owner.user });
    const invite = await createInvitation({ db: testDb.db, workspaceId, email: "the-member@example.com", invitedBy: owner.user.id });
    expect(invite.ok).toBe(true);
    expect(await acceptInvitation({ db: testDb.db, token: (invite as { token: string }).token, user: member.user })).toMatchObject({ ok: true });
    const headers = cookieHeader((await auth.api.signInEmail({ body: { email: "sole-owner@example.com", password }, returnHeaders: true })).headers);
    expect(await codeOf(auth.api.deleteUser({ body: { password }, headers }))).toBe("TRANSFER_OWNERSHIP_FIRST");
    expect(await deleteAccount({ db: testDb.db, config: testDb.config, auth, userId: owner.user.id })).toMatchObject({ ok: false, reason: "transferOwnership", workspaces: ["Sol Owner"] });
    expect(await testDb.db.selectFrom("user").select("id").where("id", "=", owner.user.id).executeTakeFirst()).toBeDefined();

    expect(await transferOwnership({ db: testDb.db, workspaceId, fromUserId: member.user.id, toUserId: owner.user.id })).toEqual({ ok: false, reason: "notOwner" });
    expect(await transferOwnership({ db: testDb.db, workspaceId, fromUserId: owner.user.id, toUserId: owner.user.id })).toEqual({ ok: false, reason: "self" });
    expect(await transferOwnership({ db: testDb.db, workspaceId, fromUserId: owner.user.id, toUserId: member.user.id })).toEqual({ ok: true });
    // An output of theirs in the workspace that stays: it goes with them, and so does its output version (migration 0022).
    await saveOutputs({ db: testDb.db, outputs: [{ userId: owner.user.id, workspaceId, generationId: null, templateId: "description", content: "Sol's copy", inputs: {}, createdAt: new Date().toISOString() }] });
    expect(await testDb.db.selectFrom("output_version").select("version").where("userId", "=", owner.user.id).executeTakeFirst()).toEqual({ version: 1 });
    expect(await deleteAccount({ db: testDb.db, config: testDb.config, auth, userId: owner.user.id })).toEqual({ ok: true });
    expect(await testDb.db.selectFrom("user").select("id").where("id", "=", owner.user.id).executeTakeFirst()).toBeUndefined();
    expect(await testDb.db.selectFrom("output").select("id").where("userId", "=", owner.user.id).execute()).toEqual([]);
    expect(await testDb.db.selectFrom("output_version").select("version").where("userId", "=", owner.user.id).execute()).toEqual([]);
    const left = await testDb.db.selectFrom("member").select(["userId", "role"]).where("workspaceId", "=", workspaceId).execute();
    expect(left).toEqual([{ userId: member.user.id, role: "owner" }]);
  });
});

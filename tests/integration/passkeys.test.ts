import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth, type Auth } from "#app/features/auth/auth.server.ts";
import { cleanPasskeyName, isStaleSession, listUserPasskeys, passkeyRegistrationOptions, passkeySignInOptions, removeUserPasskey, renameUserPasskey } from "#app/features/auth/passkeys.server.ts";
import { cookieHeader, createTestDb, testDatabaseKinds, type TestDb } from "#tests/support/test-db.ts";

const password = "correct horse battery";


describe.each(testDatabaseKinds)("passkeys on %s", (kind) => {
  let testDb: TestDb;
  let auth: Auth;

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    auth = createAuth({ config: testDb.config, db: testDb.db, mailer: testDb.mailer });
  });
  afterAll(async () => testDb.destroy());

  async function signUp(email: string): Promise<{ id: string; headers: Headers }> {
    const answer = await auth.api.signUpEmail({ body: { name: "Pat Key", firstName: "Pat", lastName: "Key", email, password }, returnHeaders: true });
    return { id: answer.response.user.id, headers: cookieHeader(answer.headers) };
  }

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
});

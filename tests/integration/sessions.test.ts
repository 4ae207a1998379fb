import { describe, expect, it } from "vitest";
import { listUserSessions, revokeOtherUserSessions, revokeUserSession } from "#app/features/auth/sessions.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { signUpUser, testPassword as password } from "#tests/support/sign-up.ts";
import { cookieHeader, testDatabaseKinds } from "#tests/support/test-db.ts";

const mac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";


describe.each(testDatabaseKinds)("sessions on %s", (kind) => {
  const { auth } = useIntegrationBackend(kind);

  async function signIn(email: string, userAgent: string, ip: string): Promise<Headers> {
    const answer = await auth.api.signInEmail({ body: { email, password }, headers: new Headers({ "user-agent": userAgent, "x-client-ip": ip }), returnHeaders: true });
    return cookieHeader(answer.headers);
  }

  async function signUp(email: string): Promise<void> {
    await signUpUser(auth, { firstName: "Sam", lastName: "Session", email });
  }

  it("lists the user's sessions with device, address and last activity, this one first and marked", async () => {
    await signUp("sam@example.com");
    const laptop = await signIn("sam@example.com", mac, "203.0.113.7");
    await signIn("sam@example.com", iphone, "198.51.100.4");
    const sessions = await listUserSessions({ headers: laptop, auth });
    // The sign-up's own session (no agent) and the two sign-ins.
    expect(sessions).toHaveLength(3);
    expect(sessions![0]).toMatchObject({ browser: "Chrome", system: "macOS", ipAddress: "203.0.113.7", current: true });
    expect(sessions!.filter((s) => s.current)).toHaveLength(1);
    expect(sessions).toContainEqual(expect.objectContaining({ browser: "Safari", system: "iPhone", ipAddress: "198.51.100.4", current: false }));
    expect(Date.parse(sessions![0]!.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    // Tokens stay on the server.
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);
  });

  it("revokes one other session by id; it is refused on its next request", async () => {
    await signUp("rita@example.com");
    const laptop = await signIn("rita@example.com", mac, "203.0.113.8");
    const phone = await signIn("rita@example.com", iphone, "198.51.100.5");
    const phoneSession = (await listUserSessions({ headers: phone, auth }))!.find((s) => s.current)!;
    expect(await revokeUserSession({ headers: laptop, sessionId: phoneSession.id, auth })).toBe("revoked");
    expect(await auth.api.getSession({ headers: phone })).toBeNull();
    expect(await auth.api.getSession({ headers: laptop })).not.toBeNull();
    expect((await listUserSessions({ headers: laptop, auth }))!.map((s) => s.id)).not.toContain(phoneSession.id);
    // Gone already: not found.
    expect(await revokeUserSession({ headers: laptop, sessionId: phoneSession.id, auth })).toBe("notFound");
  });

  it("does not revoke the current session, nor another user's", async () => {
    await signUp("owen@example.com");
    await signUp("mallory@example.com");
    const owen = await signIn("owen@example.com", mac, "203.0.113.9");
    const mallory = await signIn("mallory@example.com", mac, "203.0.113.10");
    const owenSession = (await listUserSessions({ headers: owen, auth }))!.find((s) => s.current)!;
    const mallorySession = (await listUserSessions({ headers: mallory, auth }))!.find((s) => s.current)!;
    expect(await revokeUserSession({ headers: owen, sessionId: owenSession.id, auth })).toBe("current");
    expect(await revokeUserSession({ headers: owen, sessionId: mallorySession.id, auth })).toBe("notFound");
    expect(await revokeUserSession({ headers: owen, sessionId: "no-such-session", auth })).toBe("notFound");
    expect(await auth.api.getSession({ headers: mallory })).not.toBeNull();
    expect(await auth.api.getSession({ headers: owen })).not.toBeNull();
    // Signed out: nothing to list or revoke.
    expect(await listUserSessions({ headers: new Headers(), auth })).toBeNull();
    expect(await revokeUserSession({ headers: new Headers(), sessionId: mallorySession.id, auth })).toBe("notFound");
  });

  it("revokes every other session of the user, and only the user's", async () => {
    await signUp("olga@example.com");
    await signUp("bystander@example.com");
    const first = await signIn("olga@example.com", mac, "203.0.113.11");
    const second = await signIn("olga@example.com", iphone, "198.51.100.6");
    const third = await signIn("olga@example.com", iphone, "198.51.100.7");
    const bystander = await signIn("bystander@example.com", mac, "203.0.113.12");
    await revokeOtherUserSessions({ headers: first, auth });
    expect(await auth.api.getSession({ headers: second })).toBeNull();
    expect(await auth.api.getSession({ headers: third })).toBeNull();
    expect(await auth.api.getSession({ headers: first })).not.toBeNull();
    expect(await auth.api.getSession({ headers: bystander })).not.toBeNull();
    expect(await listUserSessions({ headers: first, auth })).toHaveLength(1);
  });
});

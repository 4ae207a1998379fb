// Rotating SESSION_SECRET (docs/decisions/028): everyone signs in again, but two-factor secrets and
// backup codes encrypted with an earlier secret still work while it is listed in SESSION_SECRET_PREVIOUS.
import { describe, expect, it } from "vitest";
import { authSecrets, createAuth, type Auth } from "#app/features/auth/auth.server.ts";
import { finishEnrolment, startEnrolment, verifySignInCode } from "#app/features/auth/two-factor.server.ts";
import { totp } from "#tests/support/totp.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { signUpUser, testPassword as password } from "#tests/support/sign-up.ts";
import { cookieHeader, testDatabaseKinds } from "#tests/support/test-db.ts";

const secretA = "a".repeat(16) + "first-secret-of-32-characters";
const secretB = "b".repeat(16) + "second-secret-of-32-characters";
const secretC = "c".repeat(16) + "third-secret-of-32-characters!";

describe("authSecrets", () => {
  it("keeps one secret as it was, and numbers rotated ones from the oldest so versions never move", () => {
    expect(authSecrets({ sessionSecret: secretA, previousSessionSecrets: [] })).toEqual({ secret: secretA });
    expect(authSecrets({ sessionSecret: secretB, previousSessionSecrets: [secretA] })).toEqual({ secret: secretA, secrets: [{ version: 1, value: secretB }] });
    expect(authSecrets({ sessionSecret: secretC, previousSessionSecrets: [secretB, secretA] })).toEqual({
      secret: secretA,
      secrets: [
        { version: 2, value: secretC },
        { version: 1, value: secretB },
      ],
    });
  });
});

describe.each(testDatabaseKinds)("rotating SESSION_SECRET on %s", (kind) => {
  const { testDb } = useIntegrationBackend(kind);
  const authWith = (sessionSecret: string, previousSessionSecrets: string[] = []): Auth =>
    createAuth({ config: { ...testDb.config, sessionSecret, previousSessionSecrets }, db: testDb.db, mailer: testDb.mailer });

  /** Signs up and turns two-factor on under `auth`; returns the TOTP secret, backup codes and the session cookie. */
  async function enrolled(auth: Auth, email: string) {
    const { headers: cookies, id } = await signUpUser(auth, { firstName: "Rita", lastName: "Rotate", email });
    const started = await startEnrolment({ auth, headers: cookies, password });
    if (!started.ok) throw new Error(started.reason);
    const finished = await finishEnrolment({ auth, headers: cookies, code: totp(started.enrolment.secret, Date.now() - 30_000), userId: id });
    if (!finished.ok) throw new Error("first code refused");
    return { secret: started.enrolment.secret, backupCodes: finished.backupCodes, cookies: cookieHeader(finished.setCookies) };
  }

  /** Password, then an app code (or a backup code): true when signed in. */
  async function signsInWithCode(auth: Auth, email: string, code: string, backup = false): Promise<boolean> {
    const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
    const step = await verifySignInCode({ auth, headers: cookieHeader(headers), code, backup, trustDevice: false }).catch(() => ({ ok: false }) as const);
    return step.ok;
  }

  it("signs every session out, but keeps two-factor working while the old secret is listed", async () => {
    const before = authWith(secretA);
    const first = await enrolled(before, "rita-1@example.com");
    expect(await before.api.getSession({ headers: first.cookies })).not.toBeNull();

    const rotated = authWith(secretB, [secretA]);
    expect(await rotated.api.getSession({ headers: first.cookies })).toBeNull();
    expect(await signsInWithCode(rotated, "rita-1@example.com", totp(first.secret))).toBe(true);
    expect(await signsInWithCode(rotated, "rita-1@example.com", first.backupCodes[0]!, true)).toBe(true);
    // Without the old secret listed, the two-factor secret cannot be read: the code is refused.
    expect(await signsInWithCode(authWith(secretB), "rita-1@example.com", totp(first.secret))).toBe(false);

    // A second rotation: secrets from before the first and between the two both still work.
    const second = await enrolled(rotated, "rita-2@example.com");
    const twiceRotated = authWith(secretC, [secretB, secretA]);
    // Each code is taken once (issue 30): rita-1's next step.
    expect(await signsInWithCode(twiceRotated, "rita-1@example.com", totp(first.secret, Date.now() + 30_000))).toBe(true);
    expect(await signsInWithCode(twiceRotated, "rita-2@example.com", totp(second.secret))).toBe(true);
  });
});

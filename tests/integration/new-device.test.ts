// The security mail on a sign-in from a new device (issue 19), on SQLite and (with TEST_DATABASE_URL)
// PostgreSQL, through Better Auth's own sign-up and sign-in: the sign-up's device is noted quietly, the
// same browser again is quiet, a new browser or system mails the address with what, where and when.
import { describe, expect, it } from "vitest";
import { deviceLabel } from "#app/features/auth/new-device.server.ts";
import { withMailLocale } from "#app/features/auth/email-verification.server.ts";
import { useIntegrationBackend } from "#tests/support/integration-backend.ts";
import { signUpUser, testPassword as password } from "#tests/support/sign-up.ts";
import { testDatabaseKinds } from "#tests/support/test-db.ts";

const chromeMac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const firefoxLinux = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe.each(testDatabaseKinds)("new-device sign-in mails on %s", (kind) => {
  const { testDb, auth } = useIntegrationBackend(kind);

  const headers = (userAgent: string, ip: string) => new Headers({ "user-agent": userAgent, "x-client-ip": ip });
  const newDeviceMails = (to: string) => testDb.mailer.outbox().filter((mail) => mail.to === to && /New sign-in|Neue Anmeldung/.test(mail.subject));
  async function settle() {
    // The hook runs after the session is saved; give its mail a moment.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  it("notes the sign-up's device quietly, stays quiet for the same browser, and mails on a new one", async () => {
    const email = `nina-${kind}@example.com`;
    await signUpUser(auth, { firstName: "Nina", lastName: "Device", email, headers: headers(chromeMac, "203.0.113.7") });
    await settle();
    expect(newDeviceMails(email)).toHaveLength(0);
    await auth.api.signInEmail({ body: { email, password }, headers: headers(chromeMac, "203.0.113.8") });
    await settle();
    expect(newDeviceMails(email)).toHaveLength(0);

    await auth.api.signInEmail({ body: { email, password }, headers: headers(firefoxLinux, "198.51.100.23") });
    await settle();
    const [mail] = newDeviceMails(email);
    expect(mail?.subject).toBe("New sign-in to your Sellscribe account");
    expect(mail?.text).toContain("Firefox on Linux, from the address 198.51.100.23");
    expect(mail?.text).toContain(`${testDb.config.publicUrl}/settings/personal`);
    // Known now: a second sign-in from it is quiet.
    await auth.api.signInEmail({ body: { email, password }, headers: headers(firefoxLinux, "198.51.100.24") });
    await settle();
    expect(newDeviceMails(email)).toHaveLength(1);
    const devices = await testDb.db.selectFrom("known_device").select("device").innerJoin("user", "user.id", "known_device.userId").where("user.email", "=", email).orderBy("device").execute();
    expect(devices.map((row) => row.device)).toEqual(["Chrome|macOS", "Firefox|Linux"]);
  });

  it("writes the mail in the page's language", async () => {
    const email = `nils-${kind}@example.com`;
    await signUpUser(auth, { firstName: "Nils", lastName: "Gerät", email, headers: headers(chromeMac, "203.0.113.9") });
    await withMailLocale("de", () => auth.api.signInEmail({ body: { email, password }, headers: headers(firefoxLinux, "198.51.100.30") }));
    await settle();
    const [mail] = newDeviceMails(email);
    expect(mail?.subject).toBe("Neue Anmeldung bei Ihrem Sellscribe-Konto");
    expect(mail?.text).toContain("Firefox unter Linux");
  });

  it("names what it can of an odd User-Agent", () => {
    expect(deviceLabel(firefoxLinux, "en")).toBe("Firefox on Linux");
    expect(deviceLabel("curl/8.5.0", "en")).toBe("an unknown browser");
    expect(deviceLabel(null, "fr")).toBe("un navigateur inconnu");
  });
});

// What an attack run found (issue 13), replayed over real HTTP against the built server: each test
// failed on the code before the fix.
import net from "node:net";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { membershipsOf, userIdOf } from "#tests/support/e2e-db.ts";
import { mailsTo, testPassword, uniqueEmail } from "#tests/support/e2e.ts";

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/** A signed-in API client: signs up through the form (a plain HTTP post, no browser). */
async function signedUpClient({ firstName = "Olive", lastName = "Owner", email = uniqueEmail("owner") } = {}): Promise<{ client: APIRequestContext; email: string }> {
  const client = await playwrightRequest.newContext({ baseURL });
  const response = await client.post("/sign-up", { form: { firstName, lastName, email, password: testPassword }, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(302);
  return { client, email };
}

/** Sends raw bytes on one socket and collects every answer until the server closes it or `ms` pass. */
function rawExchange(write: (socket: net.Socket) => Promise<void>, ms = 8000): Promise<{ statuses: number[]; text: string; closedMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(process.env.E2E_PORT), "127.0.0.1");
    let text = "";
    const finish = () => resolve({ statuses: [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1])), text, closedMs: Date.now() - started });
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
      // Both answers are in: no need to wait for the keep-alive timeout.
      if ((text.match(/HTTP\/1\.1 /g) ?? []).length >= 2 && /"status":"ok"/.test(text)) socket.destroy();
    });
    socket.on("error", () => undefined);
    socket.on("close", finish);
    setTimeout(() => socket.destroy(), ms).unref();
    socket.on("connect", () => void write(socket).catch(() => socket.destroy()));
  });
}

async function sendChunked(socket: net.Socket, path: string, megabytes: number, contentType = "application/x-www-form-urlencoded") {
  const write = (data: string | Buffer) => new Promise<void>((resolve) => (socket.write(data) ? resolve() : socket.once("drain", resolve)));
  await write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nTransfer-Encoding: chunked\r\n\r\n`);
  const chunk = Buffer.alloc(64 * 1024, "a");
  for (let sent = 0; sent < megabytes * 1024 * 1024 && !socket.destroyed; sent += chunk.length) {
    await write(`${chunk.length.toString(16)}\r\n`);
    await write(chunk);
    await write("\r\n");
  }
  // The body ends, and a second request follows on the same keep-alive socket.
  await write("0\r\n\r\nGET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
}

test.describe("one set of limits whichever door is used", () => {
  test("Better Auth's copies of our forms are not reachable; its OAuth callbacks are", async ({ request }) => {
    const doors = ["sign-in/email", "sign-up/email", "request-password-reset", "reset-password", "change-password", "delete-user", "update-user", "get-session", "list-sessions", "sign-out"];
    // Sessions and passkeys go through our settings page and /passkeys/* (docs/decisions/020), never these.
    doors.push("revoke-session", "revoke-other-sessions", "passkey/generate-register-options", "passkey/verify-registration", "passkey/generate-authenticate-options", "passkey/verify-authentication", "passkey/list-user-passkeys", "passkey/update-passkey", "passkey/delete-passkey");
    for (const door of doors) {
      // A long name, though under the 64 KB an anonymous client may send (more is a 413 before any route: request-paths.spec.ts).
      const response = await request.post(`/api/auth/${door}`, { data: { email: "someone@example.com", password: testPassword, name: "x".repeat(60_000) } });
      expect(response.status(), door).toBe(404);
      expect(await response.json()).toMatchObject({ code: "NOT_FOUND", error: expect.any(String), requestId: expect.any(String) });
    }
    // The OpenID Connect callback still reaches Better Auth (which refuses a callback without its state).
    const callback = await request.get("/api/auth/callback/oidc?code=x&state=y", { maxRedirects: 0 });
    expect(callback.status()).toBe(302);
    expect(callback.headers()["location"]).toContain("error=");
  });

  test("the sign-in form answers 429 with Retry-After after 10 wrong passwords", async ({ request }) => {
    const email = uniqueEmail("guess");
    for (let i = 0; i < 10; i++) expect((await request.post("/sign-in", { form: { email, password: `wrong-${i}-password` } })).status()).toBe(401);
    const locked = await request.post("/sign-in", { form: { email, password: "wrong-again-password" } });
    expect(locked.status()).toBe(429);
    expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(800);
    // The data request a hydrated form sends gets the header too.
    const data = await request.post("/sign-in.data", { form: { email, password: "wrong-again-password" } });
    expect(data.status()).toBe(429);
    expect(Number(data.headers()["retry-after"])).toBeGreaterThan(0);
  });

  test("the reset form answers 429 with Retry-After after 5 requests for one address", async ({ request }) => {
    const email = uniqueEmail("reset-flood");
    for (let i = 0; i < 5; i++) expect((await request.post("/forgot-password", { form: { email }, maxRedirects: 0 })).status()).toBe(302);
    const sixth = await request.post("/forgot-password", { form: { email }, maxRedirects: 0 });
    expect(sixth.status()).toBe(429);
    expect(Number(sixth.headers()["retry-after"])).toBeGreaterThan(0);
  });
});

test.describe("request bodies are bounded before they are read", () => {
  for (const path of ["/sign-in", "/forgot-password", "/api/auth/sign-in/email"]) {
    test(`a 30 MB chunked body to ${path} gets 413, and the next request on the socket is answered`, async () => {
      const { statuses, text, closedMs } = await rawExchange((socket) => sendChunked(socket, path, 30));
      expect(statuses).toEqual([413, 200]);
      expect(text).toContain('"code":"PAYLOAD_TOO_LARGE"');
      expect(closedMs).toBeLessThan(8000);
    });
  }

  test("JSON bodies stop at 1 MB, forms at 64 KB, with Content-Length or without", async ({ request }) => {
    const json = await request.post("/api/generations", { headers: { "content-type": "application/json" }, data: JSON.stringify({ templateId: "description", inputs: { productName: "x".repeat(1_100_000) } }) });
    expect(json.status()).toBe(413);
    expect(await json.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE", requestId: expect.any(String) });
    const form = await request.post("/sign-in", { form: { email: "a@example.com", password: "x".repeat(70_000) } });
    expect(form.status()).toBe(413);
    const { statuses } = await rawExchange((socket) => sendChunked(socket, "/api/generations", 2, "application/json"));
    expect(statuses).toEqual([413, 200]);
  });
});

test.describe("redirect targets stay on this site", () => {
  test("redirectTo with controls, encodings and backslashes falls back to /dashboard after a good password", async () => {
    const { client, email } = await signedUpClient();
    await client.dispose();
    const targets = ["/\t/example.com", "/%09/example.com", "/%2509/example.com", "/history\n", "/history\r\nSet-Cookie: a=b", "/\u0000/example.com", "/\u2028/example.com", "/\\example.com", "//example.com"];
    for (const redirectTo of targets) {
      const anonymous = await playwrightRequest.newContext({ baseURL });
      const response = await anonymous.post("/sign-in", { form: { email, password: testPassword, redirectTo }, maxRedirects: 0 });
      expect(response.status(), JSON.stringify(redirectTo)).toBe(302);
      expect(response.headers()["location"], JSON.stringify(redirectTo)).toBe("/dashboard");
      await anonymous.dispose();
    }
  });

  test("a same-site redirectTo is kept", async () => {
    const { email, client } = await signedUpClient();
    await client.dispose();
    const anonymous = await playwrightRequest.newContext({ baseURL });
    const response = await anonymous.post("/sign-in", { form: { email, password: testPassword, redirectTo: "/history?templateId=description" }, maxRedirects: 0 });
    expect(response.headers()["location"]).toBe("/history?templateId=description");
    await anonymous.dispose();
  });
});

test.describe("invites cannot be used to mail strangers", () => {
  test("the subject carries nothing the owner typed, the body quotes it, and one address gets 3 a day", async () => {
    const { client } = await signedUpClient();
    const spam = "URGENT: verify your account at http://evil.test/login";
    expect((await client.post("/settings/workspace", { form: { intent: "details", name: spam, website: "", billingEmail: "" } })).status()).toBe(200);
    const stranger = uniqueEmail("stranger");
    for (let i = 0; i < 3; i++) {
      const sent = await client.post("/settings/workspace", { form: { intent: "invite", email: stranger } });
      expect(sent.status()).toBe(200);
    }
    // The data request (what the page's form sends) carries the action's answer alone.
    const fourth = await client.post("/settings/workspace.data", { form: { intent: "invite", email: stranger } });
    expect(fourth.status()).toBe(429);
    expect(Number(fourth.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await fourth.text()).toContain("This address has been invited several times today");
    await expect.poll(async () => (await mailsTo(stranger)).length).toBe(3);
    for (const mail of await mailsTo(stranger)) {
      expect(mail.subject).toBe("You are invited to a workspace on Sellscribe");
      expect(mail.text).toContain(`The workspace's name, as they wrote it:\n> ${spam}`);
      expect(mail.html).toContain(`<blockquote`);
    }
    await client.dispose();
  });

  test("a workspace sends at most 20 invites an hour", async () => {
    const { client } = await signedUpClient();
    for (let i = 0; i < 20; i++) expect((await client.post("/settings/workspace", { form: { intent: "invite", email: uniqueEmail(`batch${i}`) } })).status()).toBe(200);
    const refused = await client.post("/settings/workspace.data", { form: { intent: "invite", email: uniqueEmail("one-too-many") } });
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toContain("This workspace has sent many invites in the last hour");
    await client.dispose();
  });
});

test.describe("deleting an account never orphans a workspace", () => {
  test("an owner with members must transfer ownership first; then the account goes and the workspace stays", async () => {
    const owner = await signedUpClient({ firstName: "Olga" });
    const member = await signedUpClient({ firstName: "Mia", email: uniqueEmail("member") });
    await owner.client.post("/settings/workspace", { form: { intent: "invite", email: member.email } });
    let link = "";
    await expect
      .poll(async () => {
        // Any of the mails (sign-up sends a verification mail too, in the background).
        link = /https?:\/\/\S+\/invite\/\S+/.exec((await mailsTo(member.email)).map((mail) => mail.text).join("\n"))?.[0] ?? "";
        return link;
      })
      .toBeTruthy();
    expect((await member.client.post(new URL(link).pathname, { maxRedirects: 0 })).headers()["location"]).toBe("/dashboard?notice=joined");

    // Better Auth's own delete endpoint is not there to skip our steps.
    expect((await owner.client.post("/api/auth/delete-user", { data: {} })).status()).toBe(404);
    const refused = await owner.client.post("/settings/billing.data", { form: { intent: "delete", confirmation: "DELETE" }, maxRedirects: 0 });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("settings.delete.transferFirst");
    expect((await owner.client.get("/dashboard", { maxRedirects: 0 })).status()).toBe(200);

    const [shared] = membershipsOf(owner.email);
    expect((await owner.client.post("/settings/workspace", { form: { intent: "transfer", id: userIdOf(member.email) } })).status()).toBe(200);

    const deleted = await owner.client.post("/settings/billing", { form: { intent: "delete", confirmation: "DELETE" }, maxRedirects: 0 });
    expect(deleted.status()).toBe(302);
    expect(deleted.headers()["location"]).toBe("/sign-in?notice=account-deleted");
    // The member now owns the workspace, which kept its data.
    expect(membershipsOf(owner.email)).toEqual([]);
    expect(membershipsOf(member.email)).toContainEqual({ workspaceId: shared!.workspaceId, role: "owner" });
    expect((await member.client.post("/settings/workspace", { form: { intent: "details", name: "Still here", website: "", billingEmail: "" } })).status()).toBe(200);
    await owner.client.dispose();
    await member.client.dispose();
  });

  test("a POST to billing without a known intent deletes nothing", async () => {
    const { client } = await signedUpClient();
    const response = await client.post("/settings/billing", { form: { confirmation: "DELETE" } });
    expect(response.status()).toBe(400);
    expect((await client.get("/dashboard", { maxRedirects: 0 })).status()).toBe(200);
    await client.dispose();
  });
});

test("using one reset link ends the others", async ({ request }) => {
  const { client, email } = await signedUpClient();
  await client.dispose();
  for (let i = 0; i < 2; i++) await request.post("/forgot-password", { form: { email }, maxRedirects: 0 });
  let tokens: string[] = [];
  await expect
    .poll(async () => {
      tokens = (await mailsTo(email)).map((mail) => /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1] ?? "").filter(Boolean);
      return tokens.length;
    })
    .toBe(2);
  const [older, newer] = tokens as [string, string];
  expect((await request.get(`/reset-password?token=${older}`)).status()).toBe(200);
  const reset = await request.post("/reset-password", { form: { token: newer, password: "a-brand-new-password" }, maxRedirects: 0 });
  expect(reset.headers()["location"]).toBe("/sign-in?notice=password-reset");
  expect((await request.get(`/reset-password?token=${older}`)).status()).toBe(410);
  expect((await request.post("/reset-password", { form: { token: older, password: "yet-another-password" }, maxRedirects: 0 })).status()).toBe(410);
});

test.describe("no 500 for a method or a body we do not take", () => {
  test("TRACE and unknown methods get 405 with Allow and a JSON body", async ({ request }) => {
    for (const path of ["/dashboard", "/sign-in", "/api/generations", "/api/auth/sign-in/email", "/history/export", "/settings/workspace", "/api/outputs"]) {
      for (const method of ["TRACE", "PROPFIND"]) {
        const response = await request.fetch(path, { method, maxRedirects: 0 });
        expect(response.status(), `${method} ${path}`).toBe(405);
        expect(response.headers()["allow"]).toBe("GET, HEAD, POST");
        expect(await response.json()).toEqual({ code: "METHOD_NOT_ALLOWED", error: `${method} is not supported here. Use GET, HEAD, or POST.`, requestId: response.headers()["x-request-id"] });
      }
    }
  });

  test("the language switch refuses a missing or JSON body with 400; billing/start refuses POST with 405", async ({ request }) => {
    const empty = await request.post("/set-language");
    expect(empty.status()).toBe(400);
    expect(await empty.json()).toMatchObject({ code: "BAD_REQUEST" });
    const json = await request.post("/set-language", { data: { locale: "es" } });
    expect(json.status()).toBe(400);
    const billing = await request.post("/billing/start", { form: { plan: "pro" } });
    expect(billing.status()).toBe(405);
    expect(billing.headers()["allow"]).toBe("GET, HEAD");
    expect(await billing.json()).toMatchObject({ code: "METHOD_NOT_ALLOWED", requestId: expect.any(String) });
  });

  test("headers over Node's limit get 431 with a JSON body", async () => {
    const { text } = await rawExchange(async (socket) => {
      socket.write(`GET /pricing HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${"a".repeat(40_000)}\r\n\r\n`);
    });
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(text).toContain('"code":"HEADERS_TOO_LARGE"');
  });
});

test("a reset request takes as long for an unknown address as for a known one", async ({ request }) => {
  const { client, email: known } = await signedUpClient();
  await client.dispose();
  const unknown = uniqueEmail("nobody");
  const time = async (email: string) => {
    const started = performance.now();
    expect((await request.post("/forgot-password", { form: { email }, maxRedirects: 0 })).status()).toBe(302);
    return performance.now() - started;
  };
  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    knownTimes.push(await time(known));
    unknownTimes.push(await time(unknown));
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[2]!;
  // Before, the known address waited for the SMTP conversation (~115 ms against ~7 ms).
  expect(Math.abs(median(knownTimes) - median(unknownTimes))).toBeLessThan(40);
});

test("signed-in pages and their data are never cached", async () => {
  const { client } = await signedUpClient();
  for (const path of ["/dashboard", "/history", "/history.data", "/settings/workspace", "/settings/personal", "/settings/billing"]) {
    const response = await client.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
  await client.dispose();
});

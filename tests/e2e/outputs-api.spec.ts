// The saved-outputs JSON API over real HTTP, as Express serves it ahead of React Router
// (docs/decisions/011): sessions, status codes, bodies and headers as a client sees them.
import { request as httpRequest } from "node:http";
import { expect, test } from "#tests/support/fixtures.ts";
import { insertOutputsFor, setSessionExpiryOf } from "#tests/support/e2e-db.ts";

const day = 86_400_000;
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

const api = (path: string, cookie: string | null, init: RequestInit = {}) =>
  fetch(`${baseURL}${path}`, { ...init, headers: { ...(cookie ? { cookie } : {}), origin: baseURL, ...(init.headers as Record<string, string>) } });

test.describe("outputs API over HTTP", () => {
  test("answers a signed-out client with a 401 in its language", async () => {
    const english = await api("/api/outputs", null);
    expect(english.status).toBe(401);
    expect(english.headers.get("content-type")).toMatch(/^application\/json/);
    expect(english.headers.get("x-content-type-options")).toBe("nosniff");
    const body = await english.json();
    expect(body).toMatchObject({ code: "SIGNED_OUT", requestId: english.headers.get("x-request-id") });
    const spanish = await (await api("/api/outputs", null, { headers: { "accept-language": "es-ES,es;q=0.9" } })).json();
    expect(spanish.code).toBe("SIGNED_OUT");
    expect(spanish.error).not.toBe(body.error);
  });

  test("lists, reads, edits, deletes and restores a user's outputs; never another user's", async ({ login }) => {
    const ada = await login();
    const bob = await login();
    const [older, newer] = await insertOutputsFor(ada.email, [{ content: "Older bamboo board copy" }, { content: "Newer steel bottle copy", favorite: true }]);
    const [bobs] = await insertOutputsFor(bob.email, [{ content: "Bob's private copy" }]);

    const list = await api("/api/outputs", ada.cookie);
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("no-store");
    const page = await list.json();
    expect(page.items.map((o: { id: string }) => o.id)).toEqual([newer, older]);
    expect(page.nextCursor).toBeNull();

    const firstOnly = await (await api("/api/outputs?limit=1", ada.cookie)).json();
    expect(firstOnly.items).toHaveLength(1);
    const rest = await (await api(`/api/outputs?limit=1&cursor=${encodeURIComponent(firstOnly.nextCursor)}`, ada.cookie)).json();
    expect(rest.items.map((o: { id: string }) => o.id)).toEqual([older]);
    expect((await (await api("/api/outputs?favorite=true", ada.cookie)).json()).items).toHaveLength(1);
    expect((await (await api("/api/outputs?q=bamboo", ada.cookie)).json()).items.map((o: { id: string }) => o.id)).toEqual([older]);

    const badCursor = await api("/api/outputs?cursor=not-a-cursor", ada.cookie);
    expect(badCursor.status).toBe(400);
    expect(await badCursor.json()).toMatchObject({ code: "INVALID_CURSOR", fieldErrors: { cursor: expect.any(String) } });
    const head = await api("/api/outputs", ada.cookie, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const put = await api("/api/outputs", ada.cookie, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD");
    expect(await put.json()).toEqual({ code: "METHOD_NOT_ALLOWED", error: "PUT is not supported here. Use GET or HEAD.", requestId: put.headers.get("x-request-id") });
    // A method fetch cannot even express: still a 405, not a 500.
    const trace = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${baseURL}/api/outputs`, { method: "TRACE", headers: { cookie: ada.cookie } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.end();
    });
    expect(trace).toBe(405);

    expect((await (await api(`/api/outputs/${older}`, ada.cookie)).json()).output.content).toBe("Older bamboo board copy");
    const edited = await api(`/api/outputs/${older}`, ada.cookie, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ content: "Edited copy", favorite: true }) });
    expect(edited.status).toBe(200);
    expect((await edited.json()).output).toMatchObject({ content: "Edited copy", favorite: true, editedAt: expect.any(String) });
    const empty = await api(`/api/outputs/${older}`, ada.cookie, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ content: "  " }) });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: "INVALID_CONTENT", fieldErrors: { content: expect.any(String) } });
    const notJson = await api(`/api/outputs/${older}`, ada.cookie, { method: "PATCH", headers: { "content-type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);

    const deleted = await api(`/api/outputs/${newer}`, ada.cookie, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    const { restore } = await deleted.json();
    expect((await (await api("/api/outputs", ada.cookie)).json()).items).toHaveLength(1);
    const restored = await api(restore.url, ada.cookie, { method: restore.method });
    expect(restored.status).toBe(200);
    expect((await (await api("/api/outputs", ada.cookie)).json()).items).toHaveLength(2);

    // Bob's output, from Ada's session, on every route: 404 and nothing of his.
    for (const [path, method] of [[`/api/outputs/${bobs}`, "GET"], [`/api/outputs/${bobs}`, "PATCH"], [`/api/outputs/${bobs}`, "DELETE"], [`/api/outputs/${bobs}/restore`, "POST"]] as const) {
      const response = await api(path, ada.cookie, { method, headers: { "content-type": "application/json" }, body: method === "PATCH" ? JSON.stringify({ favorite: true }) : undefined });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.text()).not.toContain("Bob's private copy");
    }
    expect((await (await api(`/api/outputs/${bobs}`, bob.cookie)).json()).output.favorite).toBe(false);
  });

  test("refuses a cross-site change with 403", async ({ login }) => {
    const ada = await login();
    const [id] = await insertOutputsFor(ada.email, [{ content: "Copy" }]);
    const response = await api(`/api/outputs/${id}`, ada.cookie, { method: "DELETE", headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "CROSS_SITE_REQUEST" });
    expect((await api(`/api/outputs/${id}`, ada.cookie)).status).toBe(200);
  });

  test("refuses an oversized body with 413, even one sent in chunks with no length", async ({ login }) => {
    const ada = await login();
    const [id] = await insertOutputsFor(ada.email, [{ content: "Copy" }]);
    const big = JSON.stringify({ content: "x".repeat(100_000) });
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(big);
        for (let at = 0; at < bytes.length; at += 8192) controller.enqueue(bytes.slice(at, at + 8192));
        controller.close();
      },
    });
    const response = await api(`/api/outputs/${id}`, ada.cookie, { method: "PATCH", headers: { "content-type": "application/json" }, body: chunked, duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE", error: expect.stringContaining("64 KB") });
    // Nothing changed, and the server still answers.
    expect((await (await api(`/api/outputs/${id}`, ada.cookie)).json()).output.content).toBe("Copy");
  });

  test("refuses a session on the very next request after sign-out, and a tampered cookie", async ({ login }) => {
    const ada = await login();
    expect((await api("/api/outputs", ada.cookie)).status).toBe(200);
    const tampered = ada.cookie.replace(/session_token=([^.;]+)\.([^;]+)/, (_m, token: string) => `session_token=${token}.${encodeURIComponent("A".repeat(43) + "=")}`);
    expect(tampered).not.toBe(ada.cookie);
    expect((await api("/api/outputs", tampered)).status).toBe(401);
    expect((await api("/sign-out", ada.cookie, { method: "POST", headers: { accept: "application/json" } })).status).toBe(200);
    expect((await api("/api/outputs", ada.cookie)).status).toBe(401);
  });

  test("extends a session that is due for its daily refresh and re-sets the cookie", async ({ login }) => {
    const ada = await login();
    // 30-day sessions (sessionDays) made a day and a minute ago.
    setSessionExpiryOf(ada.email, new Date(Date.now() + 29 * day - 60_000));
    const response = await api("/api/outputs", ada.cookie);
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).toMatch(/HttpOnly/);
    // The next request is read directly again and sets nothing.
    const next = await api("/api/outputs", ada.cookie);
    expect(next.status).toBe(200);
    expect(next.headers.getSetCookie()).toEqual([]);
  });
});

// Issue 30, items 4, 6 and 12, over real HTTP against built servers (paths sent as they are written,
// never normalized by the client): the two-factor requirement holds for every spelling of a path that
// reaches a workspace's data; body limits follow the path the routers match, and an anonymous client
// cannot make the server hold a large body; what loopback reads without a token answers only this
// server's own Host names. On SQLite and (with TEST_DATABASE_URL) PostgreSQL where data is involved.
import { request as httpRequest } from "node:http";
import net from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { startAppServers, type AppServers } from "#tests/support/app-servers.ts";
import { testPassword, uniqueEmail } from "#tests/support/e2e.ts";
import { createPostgresDatabase } from "#tests/support/postgres-db.ts";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with its target exactly as given (no dot segments resolved, no case changed), over a fresh socket. */
function send(base: string, target: string, { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    let answered = false;
    const req = httpRequest({ host: hostname, port, method, path: target, headers: { connection: "close", ...headers }, agent: false }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    // A server that answers before the body ends may close while we still write: the answer is what counts.
    req.on("error", (error) => setTimeout(() => answered || reject(error), 1000));
    req.end(body);
  });
}

/**
 * A request with a large body over a raw socket: the body goes out in 64 KB writes until the server
 * answers or closes (it may refuse before the body ends), and the answer is read from what came back.
 */
function sendLarge(base: string, target: string, { method = "POST", headers = {}, body }: { method?: string; headers?: Record<string, string>; body: string }): Promise<Answer> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(base);
    const socket = net.connect(Number(port), hostname);
    const bytes = Buffer.from(body);
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
      // The answer is in (these are short JSON bodies): no need to wait for the server to close.
      if (text.includes("\r\n\r\n")) setTimeout(() => socket.destroy(), 300).unref();
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, headers: {}, body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    });
    socket.on("connect", async () => {
      const head = Object.entries({ host: `${hostname}:${port}`, "content-length": String(bytes.length), ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`${method} ${target} HTTP/1.1\r\n${head.join("")}\r\n`);
      for (let at = 0; at < bytes.length && !socket.destroyed && text === ""; at += 64 * 1024) {
        if (!socket.write(bytes.subarray(at, at + 64 * 1024))) await new Promise((drained) => socket.once("drain", drained));
      }
    });
    setTimeout(() => socket.destroy(), 30_000).unref();
  });
}

/**
 * Sends headers announcing `contentLength` bytes and only `sentBytes` of them, then waits: the answer
 * that comes before the rest of the body was sent (or null after `waitMs`). The socket is then closed.
 */
function partialBody(base: string, target: string, { contentLength, sentBytes, headers = {}, waitMs = 4000 }: { contentLength: number; sentBytes: number; headers?: Record<string, string>; waitMs?: number }): Promise<Answer | null> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(base);
    const req = httpRequest({ host: hostname, port, method: "POST", path: target, agent: false, headers: { "content-length": String(contentLength), ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve(null);
    }, waitMs);
    req.on("error", () => undefined);
    req.write(Buffer.alloc(sentBytes, "a"));
  });
}

/** The session cookie of a user signed up through the form. */
async function signUp(base: string, email: string): Promise<string> {
  const answer = await send(base, "/sign-up", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ firstName: "Paul", lastName: "Path", email, password: testPassword }).toString() });
  expect(answer.status, answer.body).toBe(302);
  const cookies = [answer.headers["set-cookie"] ?? []].flat().map((cookie) => cookie.split(";")[0]!);
  return cookies.join("; ");
}

/**
 * Spellings of `target` the routers may take for it: case, a trailing slash, doubled and encoded
 * slashes, dot segments (plain, percent-encoded, behind %2F or a backslash). `target` is /a/b[/…][?query].
 */
function spellings(target: string): string[] {
  const [pathname, query] = target.split("?") as [string, string | undefined];
  const [, first, ...rest] = pathname.split("/") as [string, string, ...string[]];
  const tail = rest.join("/");
  const q = query === undefined ? "" : `?${query}`;
  const capital = (segment: string) => segment.charAt(0).toUpperCase() + segment.slice(1);
  const [second = "", ...more] = rest;
  const afterSecond = more.length ? `/${more.join("/")}` : "";
  return [
    `/${first}/${tail}${q}`,
    `/${first.toUpperCase()}/${tail}${q}`,
    `/${capital(first)}/${capital(second)}${afterSecond}${q}`,
    `/${first}/${second.toUpperCase()}${afterSecond}/${q}`,
    `/${first}/${tail}/${q}`,
    `/${first}//${tail}${q}`,
    `//${first}/${tail}${q}`,
    `/%2F${first}/${tail}${q}`,
    `/${first}%2F${tail}${q}`,
    `/${first}/./${tail}${q}`,
    `/${first}/x/../${tail}${q}`,
    `/${first}/%2e/${tail}${q}`,
    `/${first}/x/%2E%2E/${tail}${q}`,
    `/${first}/x%2f..%2f${tail}${q}`,
    `/${first}/x/.%2e/${tail}${q}`,
    `/${first}/x\\..\\${tail}${q}`,
  ];
}

function codeOf(answer: Answer): string | undefined {
  try {
    return (JSON.parse(answer.body) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

interface Database {
  url: string;
  requireTwoFactorOf(email: string): Promise<void>;
  drop(): Promise<void>;
}

async function sqliteDatabase(): Promise<Database> {
  const dir = mkdtempSync(path.join(tmpdir(), "sellscribe-paths-"));
  const file = path.join(dir, "db.sqlite");
  return {
    url: `file:${file}`,
    async requireTwoFactorOf(email) {
      const db = new SQLite(file);
      db.pragma("busy_timeout = 5000");
      try {
        db.prepare("update workspace set requireTwoFactor = 1 where id in (select member.workspaceId from member join user on user.id = member.userId where user.email = ?)").run(email);
      } finally {
        db.close();
      }
    },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresDatabase(): Promise<Database> {
  const { url, drop } = await createPostgresDatabase();
  return {
    url,
    async requireTwoFactorOf(email) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`update workspace set "requireTwoFactor" = 1 where id in (select m."workspaceId" from member m join "user" u on u.id = m."userId" where u.email = $1)`, [email]);
      } finally {
        await client.end();
      }
    },
    drop,
  };
}

const kinds = process.env.TEST_DATABASE_URL ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

for (const kind of kinds) {
  test.describe(`paths and bodies on ${kind}`, () => {
    test.describe.configure({ mode: "serial", timeout: 120_000 });
    let database: Database;
    let servers: AppServers;
    let base: string;

    test.beforeAll(async () => {
      test.setTimeout(90_000);
      database = kind === "sqlite" ? await sqliteDatabase() : await postgresDatabase();
      servers = await startAppServers({ count: 1, databaseUrl: database.url });
      base = servers.urls[0]!;
    });
    test.afterAll(async () => {
      await servers?.stop();
      await database?.drop();
    });

    test("a member who must turn two-factor on reaches no workspace data, whatever the path's spelling", async () => {
      const memberEmail = uniqueEmail("must-enrol");
      const member = await signUp(base, memberEmail);
      const plain = await signUp(base, uniqueEmail("plain"));
      const json = { "content-type": "application/json" };
      // A listing each, so the listing export has something to hand out.
      const listingOf = async (cookie: string) => {
        const created = await send(base, "/api/listings", { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ facts: { brand: "Acme", productName: "Bamboo Board", productType: "cutting board", keyFeatures: "three sizes" } }) });
        expect(created.status, created.body).toBe(201);
        return (JSON.parse(created.body) as { listing: { id: string } }).listing.id;
      };
      const listings = { member: await listingOf(member), plain: await listingOf(plain) };
      await database.requireTwoFactorOf(memberEmail);

      const coverage = JSON.stringify({ marketplace: "amazon.com", sections: { title: "Acme Bamboo Board", bullets: ["Three sizes."], description: "Bamboo.", searchTerms: "board" }, keywords: [{ phrase: "bamboo board", volume: 10 }] });
      const endpoints: { target: (listing: string) => string; method?: string; body?: string }[] = [
        { target: () => "/api/listings" },
        { target: () => "/api/outputs" },
        { target: () => "/api/jobs" },
        { target: (listing) => `/api/listings/${listing}/export?format=json&force=1` },
        { target: () => "/api/keywords/coverage", method: "POST", body: coverage },
        { target: () => "/history/export?format=csv" },
        { target: () => "/settings/data-export" },
      ];
      let reachedData = 0;
      for (const endpoint of endpoints) {
        const memberTargets = spellings(endpoint.target(listings.member));
        const plainTargets = spellings(endpoint.target(listings.plain));
        for (const [i, target] of memberTargets.entries()) {
          const options = { method: endpoint.method, body: endpoint.body, headers: endpoint.body ? json : {} };
          const control = await send(base, plainTargets[i]!, { ...options, headers: { ...options.headers, cookie: plain } });
          const refused = await send(base, target, { ...options, headers: { ...options.headers, cookie: member } });
          const what = `${endpoint.method ?? "GET"} ${target}: member ${refused.status} ${refused.body.slice(0, 120)}; plain user ${control.status}`;
          if (control.status >= 200 && control.status < 300) reachedData++;
          // Refused with the catalogue's 403, or given exactly what a user without the requirement gets from a path no route takes.
          const sameAsUnrouted = [400, 404, 405].includes(control.status) && refused.status === control.status && codeOf(refused) === codeOf(control);
          expect(refused.status === 403 ? codeOf(refused) : sameAsUnrouted ? "unrouted" : refused.status, what).toBe(refused.status === 403 ? "TWO_FACTOR_REQUIRED" : "unrouted");
        }
        // The spellings a router takes in any case (capitals, a trailing slash) are always refused.
        for (const target of memberTargets.slice(0, 5)) {
          const refused = await send(base, target, { method: endpoint.method, body: endpoint.body, headers: { ...(endpoint.body ? json : {}), cookie: member } });
          expect(`${refused.status} ${codeOf(refused)}`, target).toBe("403 TWO_FACTOR_REQUIRED");
        }
      }
      // The variants reach real routes: the user without the requirement got data from many of them.
      expect(reachedData).toBeGreaterThanOrEqual(endpoints.length * 5);

      // A page's data request naming only its own loader (not the layout's) is sent to enrol too.
      for (const target of ["/dashboard.data?_routes=routes%2F_app%2Fdashboard", "/DASHBOARD.data?_routes=routes%2F_app%2Fdashboard", "/templates.data?_routes=routes%2F_app%2Ftemplates"]) {
        const control = await send(base, target, { headers: { cookie: plain } });
        expect(control.status, target).toBe(200);
        const refused = await send(base, target, { headers: { cookie: member } });
        expect(refused.body, target).toContain("/settings/personal?twoFactor=required");
        expect(refused.body, target).not.toContain("pinnedIds");
      }
      // The enrolment page stays open to them.
      expect((await send(base, "/settings/personal", { headers: { cookie: member } })).status).toBe(200);
    });

    test("body limits follow the path the routers match, and dot segments are refused before a body is read", async () => {
      const cookie = await signUp(base, uniqueEmail("bodies"));
      // A listing the endpoint would create, then 9 MB of whitespace (still valid JSON).
      const nineMegabytesOfJson = JSON.stringify({ facts: { brand: "Acme", productName: "Bamboo Board", productType: "cutting board", keyFeatures: "three sizes" } }) + " ".repeat(9 * 1024 * 1024);
      for (const target of ["/api/jobs/../listings", "/api/jobs/%2e%2e/listings", "/API/jobs/..%2Flistings", "/api/jobs%2f..%2flistings", "/api/jobs/.%2E/listings", "/api/jobs/x/../../listings"]) {
        const answer = await sendLarge(base, target, { headers: { "content-type": "application/json", cookie }, body: nineMegabytesOfJson });
        expect([400, 413], `${target}: ${answer.status} ${answer.body.slice(0, 200)}`).toContain(answer.status);
      }
      // Case, doubled slashes and a trailing slash choose the route's own limit (64 KB for outputs), not the looser JSON default.
      const almostOneMegabyte = JSON.stringify({ content: "x".repeat(900 * 1024) });
      for (const target of ["/API/outputs/abc", "/Api/Outputs/abc/", "/api/OUTPUTS/abc"]) {
        const answer = await sendLarge(base, target, { method: "PATCH", headers: { "content-type": "application/json", cookie }, body: almostOneMegabyte });
        expect(`${answer.status} ${codeOf(answer)}`, target).toBe("413 PAYLOAD_TOO_LARGE");
      }
      // An unauthenticated form of 5 MB, on any spelling of the sign-in path.
      const fiveMegabyteForm = `email=a%40example.com&password=${"x".repeat(5 * 1024 * 1024)}`;
      for (const target of ["/api/jobs/../../sign-in", "/api/jobs/%2e%2e/%2E%2E/sign-in", "/api/jobs\\..\\..\\sign-in", "/SIGN-IN", "/api/jobs"]) {
        const answer = await sendLarge(base, target, { headers: { "content-type": "application/x-www-form-urlencoded" }, body: fiveMegabyteForm });
        expect([400, 413], `${target}: ${answer.status}`).toContain(answer.status);
      }
    });

    test("an anonymous client's large body is refused before it is read; a signed-in one's is read", async () => {
      const tenMegabytes = 10 * 1024 * 1024;
      // Headers announce 10 MB, 16 KB follow: the answer comes without the rest (nothing waits to hold it).
      for (const headers of [{}, { cookie: "better-auth.session_token=made-up.c2lnbmF0dXJl" }, { cookie: "better-auth.session_token=" }] as Record<string, string>[]) {
        for (const target of ["/api/jobs", "/api/jobs/preview", "/api/listings", "/api/keywords/import"]) {
          const answer = await partialBody(base, target, { contentLength: tenMegabytes, sentBytes: 16 * 1024, headers: { "content-type": "multipart/form-data; boundary=x", ...headers } });
          expect(answer && `${answer.status} ${codeOf(answer)}`, `${target} ${JSON.stringify(headers)}`).toBe("413 PAYLOAD_TOO_LARGE");
        }
      }
      // Twenty anonymous 10 MB uploads at once, each sending a little: all answered at once, none held.
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 20 }, () => partialBody(base, "/api/jobs", { contentLength: tenMegabytes, sentBytes: 64 * 1024, headers: { "content-type": "text/csv" } })));
      expect(answers.map((answer) => answer?.status)).toEqual(Array(20).fill(413));
      expect(Date.now() - started).toBeLessThan(4000);
      // With a session cookie we signed the server waits for the body (a catalog may be 10 MB).
      const cookie = await signUp(base, uniqueEmail("uploader"));
      expect(await partialBody(base, "/api/jobs", { contentLength: 2 * 1024 * 1024, sentBytes: 16 * 1024, headers: { "content-type": "text/csv", cookie }, waitMs: 1500 })).toBeNull();
      const uploaded = await send(base, "/api/jobs/preview", { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x", cookie }, body: Buffer.alloc(200 * 1024, "a") });
      expect(uploaded.status).not.toBe(413);
    });
  });
}

test.describe("what loopback reads without a token answers only this server's names", () => {
  test.describe.configure({ timeout: 90_000 });
  const token = "metrics-token-for-request-paths-0123456789";
  let servers: AppServers;
  let database: Database;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    database = await sqliteDatabase();
    servers = await startAppServers({ count: 1, databaseUrl: database.url, env: { PUBLIC_URL: "http://app.sellscribe.test", DEV_OUTBOX: "1", METRICS_TOKEN: token } });
  });
  test.afterAll(async () => {
    await servers?.stop();
    await database?.drop();
  });

  test("/metrics and /dev/outbox: loopback names and PUBLIC_URL's host only; the token works under any Host", async () => {
    const base = servers.urls[0]!;
    const port = new URL(base).port;
    // A mail in the outbox (the sign-up's verification link), to look for in what each Host is answered.
    const email = uniqueEmail("outbox");
    await signUp(base, email);
    const own = ["localhost", `localhost:${port}`, "LOCALHOST", `127.0.0.1:${port}`, "127.0.0.1", "127.0.0.2:80", `[::1]:${port}`, "[::1]", "app.sellscribe.test", `app.sellscribe.test:${port}`];
    const foreign = ["evil.example", `evil.example:${port}`, "127.0.0.1.evil.example", "localhost.evil.example", "evil.example@127.0.0.1", "app.sellscribe.test.evil.example", "[::2]", "sellscribe.test", "localhost.", "0"];
    for (const host of own) {
      expect((await send(base, "/metrics", { headers: { host } })).status, host).toBe(200);
      const outbox = await send(base, "/dev/outbox", { headers: { host } });
      expect(outbox.status, host).toBe(200);
      expect(outbox.body, host).toContain(email);
    }
    for (const host of foreign) {
      const metrics = await send(base, "/metrics", { headers: { host } });
      expect(`${metrics.status} ${codeOf(metrics)}`, host).toBe("401 UNAUTHORIZED");
      expect(metrics.body).not.toContain("sellscribe_");
      const outbox = await send(base, "/dev/outbox", { headers: { host } });
      expect(outbox.status, host).toBe(404);
      expect(outbox.body, host).not.toContain(email);
      // With the token, any Host as before.
      expect((await send(base, "/metrics", { headers: { host, authorization: `Bearer ${token}` } })).status, host).toBe(200);
    }
  });
});

// Two app servers on one PostgreSQL (issue 18): what a user does on one holds on the other.
//
// Runs only when TEST_DATABASE_URL is set (CI's .ci/run sets it): the scenario needs one database that
// two server processes share, and SQLite's default (a file in each server's data folder, one server per
// file) is not one. A Playwright spec rather than Vitest because it runs the built server (node
// server/main.js): scripts/test.sh builds after Vitest, right before Playwright.
import { expect, test } from "@playwright/test";
import pg from "pg";
import { startAppServers, type AppServers } from "#tests/support/app-servers.ts";
import { e2eServerEnv } from "#tests/support/e2e-env.ts";
import { testPassword, uniqueEmail } from "#tests/support/e2e.ts";
import { createPostgresDatabase } from "#tests/support/postgres-db.ts";

/** Our sign-in limit (authRateLimits.signIn in server/rate-limit.server.ts): attempts per address and e-mail in 15 minutes. */
const signInLimit = 10;
/** Better Auth's limit on /api/auth per address (authRateLimitMax in app/features/auth/auth.server.ts), in a one-minute window. */
const authApiLimit = 100;
const maintenanceIntervalMs = 1000;

/** The e2e server's environment (mail, OpenID Connect, the AI stub), less what is each server's own. */
const { PORT: _port, PUBLIC_URL: _publicUrl, DATA_DIR: _dataDir, DATABASE_URL: _databaseUrl, ...sharedEnv } = e2eServerEnv;

test.describe("two app servers on one PostgreSQL", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL: two servers must share one database, and SQLite's file-per-server default is not shared");
  // One pair of servers for the file, its tests in order on one worker; a failure does not skip the rest.
  test.describe.configure({ mode: "default" });

  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let servers: AppServers | undefined;
  let startedAt = 0;
  const url = (server: number, path: string) => `${servers!.urls[server]}${path}`;
  const post = (server: number, path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(url(server, path), { method: "POST", body: new URLSearchParams(form), redirect: "manual", headers: { Origin: servers!.urls[server]!, ...headers } });
  const cookieOf = (response: Response) => response.headers.getSetCookie().map((setCookie) => setCookie.split(";")[0]).join("; ");

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    database = await createPostgresDatabase();
    startedAt = Date.now();
    servers = await startAppServers({
      count: 2,
      databaseUrl: database.url,
      // Debug logs name each maintenance run and the server that ran it; housekeeping every second.
      env: { ...sharedEnv, LOG_LEVEL: "debug", MAINTENANCE_INTERVAL_SECONDS: String(maintenanceIntervalMs / 1000) },
    });
  });

  test.afterAll(async () => {
    await servers?.stop();
    await database?.drop();
  });

  test("a session made on one server works on the other", async () => {
    const email = uniqueEmail("fleet");
    const signUp = await post(0, "/sign-up", { firstName: "Ada", lastName: "Lovelace", email, password: testPassword });
    expect(signUp.status, await signUp.text()).toBe(302);
    const cookieFromA = cookieOf(signUp);
    expect(cookieFromA).toContain("session_token");

    // Server B knows nothing of the request that made the session: only the shared database does.
    expect((await fetch(url(1, "/api/outputs"))).status).toBe(401);
    const onB = await fetch(url(1, "/api/outputs"), { headers: { Cookie: cookieFromA } });
    expect(onB.status, await onB.clone().text()).toBe(200);
    expect(await onB.json()).toMatchObject({ items: [] });

    // And the other way: signed in on B, known on A.
    const signIn = await post(1, "/sign-in", { email, password: testPassword });
    expect(signIn.status, await signIn.text()).toBe(302);
    expect((await fetch(url(0, "/api/outputs"), { headers: { Cookie: cookieOf(signIn) } })).status).toBe(200);
  });

  test("a sign-in limit reached across both servers holds on both", async () => {
    const email = uniqueEmail("guess");
    for (let attempt = 0; attempt < signInLimit; attempt++) {
      const response = await post(attempt % 2, "/sign-in", { email, password: "wrong-password" });
      expect(response.status, `attempt ${attempt + 1} on server ${attempt % 2}`).toBe(401);
    }
    for (const server of [0, 1]) {
      const refused = await post(server, "/sign-in", { email, password: "wrong-password" });
      expect(refused.status, `server ${server}`).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // The limit is per e-mail: another address still gets its answer.
    expect((await post(1, "/sign-in", { email: uniqueEmail("other"), password: "wrong-password" })).status).toBe(401);
  });

  test("Better Auth's own limit on /api/auth, reached across both servers, holds on both", async () => {
    // Within its one-minute window: the requests go 20 at a time, alternating servers.
    for (let sent = 0; sent < authApiLimit; sent += 20) {
      const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => fetch(url((sent + i) % 2, "/api/auth/error")).then((response) => response.status)));
      expect(statuses.filter((status) => status === 429)).toEqual([]);
    }
    for (const server of [0, 1]) {
      const refused = await fetch(url(server, "/api/auth/error"));
      expect(refused.status, `server ${server}`).toBe(429);
      expect(await refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    }
  });

  test("housekeeping runs on one server per interval, not on each", async () => {
    // Both servers tick every second; give them a few ticks each.
    await new Promise((resolve) => setTimeout(resolve, 4 * maintenanceIntervalMs));
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    const { rows } = await client.query<{ task: string; runs: number }>(`select task, runs from maintenance_run order by task`).finally(() => client.end());
    const elapsedMs = Date.now() - startedAt;
    // Once per 0.9 interval at most across the pair (two uncoordinated servers would run twice per interval).
    const mostRuns = Math.floor(elapsedMs / (0.9 * maintenanceIntervalMs)) + 1;
    expect(rows.map((row) => row.task)).toEqual(["recover-generations", "sweep-data-exports", "sweep-rate-limits"]);
    for (const row of rows) {
      expect(row.runs, row.task).toBeGreaterThanOrEqual(3);
      expect(row.runs, row.task).toBeLessThanOrEqual(mostRuns);
    }

    // The logs agree: across both servers' logs, each task's runs were claimed at least 0.9 interval apart.
    const runs = [0, 1].flatMap((server) =>
      servers!
        .output(server)
        .split("\n")
        .filter((line) => line.includes('"maintenance task started"'))
        .map((line) => JSON.parse(line) as { task: string; claimedAt: number; server: string }),
    );
    for (const task of ["recover-generations", "sweep-rate-limits"]) {
      const times = runs.filter((run) => run.task === task).map((run) => run.claimedAt).sort((a, b) => a - b);
      expect(times.length).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!, `${task} runs ${i} and ${i + 1}`).toBeGreaterThanOrEqual(0.9 * maintenanceIntervalMs);
    }
  });
});

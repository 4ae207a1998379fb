import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { startServer } from "#tests/support/server-process.ts";

test.describe("server start and stop", () => {
  test("a bad DATABASE_URL stops start-up with one line naming it", async () => {
    const server = await startServer({ DATABASE_URL: "mysql://localhost/db" }, { waitUntilReady: false });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'Sellscribe could not start: Invalid environment variable DATABASE_URL: must be postgres://user:pass@host:port/db or file:path/to/db.sqlite (got "mysql://localhost/db")',
    );
  });

  test("an unreachable PostgreSQL stops start-up naming DATABASE_URL", async () => {
    const server = await startServer({ DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/none" }, { waitUntilReady: false });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/^Sellscribe could not start: DATABASE_URL: cannot open the postgres database at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none/);
    expect(server.output()).not.toContain("secret");
  });

  test("a bad PORT stops start-up naming it", async () => {
    const server = await startServer({ PORT: "http" }, { waitUntilReady: false });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Invalid environment variable PORT");
  });

  // npm run dev (scripts/dev.sh): Vite in middleware mode runs the TypeScript through its module runner;
  // nothing else starts it, so a module that only the production bundle can load would go unnoticed.
  test("development mode starts and renders a page", async () => {
    test.setTimeout(150_000);
    const server = await startServer({ NODE_ENV: "development", NODE_OPTIONS: "--conditions=development" }, { waitUntilReady: false });
    try {
      await expect.poll(() => server.output(), { timeout: 90_000 }).toContain("is running at");
      expect(server.output()).toContain("(development, pid");
      const response = await fetch(`${server.url}/sign-in`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<html lang="en"');
    } finally {
      await server.stop();
    }
  });

  test("SIGTERM lets an in-flight request finish, then exits 0", async () => {
    const server = await startServer();
    const body = "locale=es&redirectTo=%2Fpricing";
    const socket = connect(server.port, "127.0.0.1");
    let response = "";
    socket.on("data", (chunk) => (response += chunk.toString()));
    const closed = new Promise((resolve) => socket.on("close", resolve));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    // Send the headers and half the body, so the request is in flight when the signal arrives.
    socket.write(
      `POST /set-language HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    expect(server.child.exitCode).toBeNull();
    socket.write(body.slice(10));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 302/);
    expect(response).toContain("location: /pricing");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("SIGTERM received");
  });
});

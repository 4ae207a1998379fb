import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { getFreePort } from "./tests/support/free-port.ts";

// Workers load this file again; the port and data folder chosen by the main process reach them via env.
process.env.E2E_PORT ??= String(await getFreePort());
process.env.E2E_SMTP_PORT ??= String(await getFreePort());
process.env.E2E_SMTP_API_PORT ??= String(await getFreePort());
process.env.E2E_OIDC_PORT ??= String(await getFreePort());
process.env.E2E_AI_STUB_PORT ??= String(await getFreePort());
// A fake key: the secrets spec checks it never reaches a page or the browser bundle.
process.env.E2E_AI_API_KEY ??= `sk-test-e2e-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "sellscribe-e2e-"));
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;
export const baseURL = `http://127.0.0.1:${port}`;
const smtpPort = process.env.E2E_SMTP_PORT;
const smtpApiPort = process.env.E2E_SMTP_API_PORT;
const oidcIssuer = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
const aiStubUrl = `http://127.0.0.1:${process.env.E2E_AI_STUB_PORT}`;
const runTs = "node --disable-warning=ExperimentalWarning";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "test-reports/playwright.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // Pages show days and dates in the browser's time zone: the same one on every machine.
    timezoneId: "UTC",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
  // Third parties are real protocol servers on loopback: an SMTP server, an OpenID Connect provider and an AI provider stub.
  webServer: [
    {
      command: `${runTs} tests/support/smtp-sink.ts`,
      url: `http://127.0.0.1:${smtpApiPort}/healthz`,
      reuseExistingServer: false,
      stdout: "ignore",
      env: { SMTP_PORT: smtpPort!, SMTP_API_PORT: smtpApiPort! },
    },
    {
      command: `${runTs} tests/support/oidc-server.ts`,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "ignore",
      env: { OIDC_PORT: process.env.E2E_OIDC_PORT!, OIDC_REDIRECT_URIS: `${baseURL}/api/auth/callback/oidc` },
    },
    {
      command: `${runTs} tests/support/ai-stub-server.ts`,
      url: `${aiStubUrl}/healthz`,
      reuseExistingServer: false,
      stdout: "ignore",
      env: { AI_STUB_PORT: process.env.E2E_AI_STUB_PORT!, AI_STUB_TOKEN_DELAY_MS: "20", AI_STUB_API_KEY: process.env.E2E_AI_API_KEY! },
    },
    {
      command: "node server/main.js",
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        // Every test signs up its own users from 127.0.0.1.
        SIGNUP_LIMIT_PER_HOUR: "10000",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        DATABASE_URL: `file:${path.join(dataDir, "e2e.sqlite")}`,
        SUPPORT_EMAIL: "help@sellscribe.test",
        LOG_LEVEL: "warn",
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Sellscribe <no-reply@sellscribe.test>",
        OIDC_ISSUER: oidcIssuer,
        OIDC_CLIENT_ID: "sellscribe-test",
        OIDC_CLIENT_SECRET: "sellscribe-test-secret",
        OIDC_NAME: "Test SSO",
        AI_PROVIDER: "openai-compatible",
        AI_BASE_URL: `${aiStubUrl}/v1`,
        AI_API_KEY: process.env.E2E_AI_API_KEY!,
      },
    },
  ],
});

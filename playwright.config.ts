import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { aiApiKey, aiStubPort, aiStubUrl, baseURL, e2eServerEnv, oidcIssuer, oidcPort, smtpApiPort, smtpPort, spApiApp, spApiStubControlPort, spApiStubPort, spApiStubUrl } from "./tests/support/e2e-env.ts";

const runTs = "node --disable-warning=ExperimentalWarning";

// Debian's old headless shell when it is there (npm test installs it: docs/decisions/035), else the full browser.
export const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");
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
    // Recording a trace (a screencast and DOM snapshots of every step) took a quarter of the run's CPU on two
    // cores: failures keep their screenshot and page snapshot; E2E_TRACE=1 records full traces to debug one.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // Pages show days and dates in the browser's time zone: the same one on every machine.
    timezoneId: "UTC",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
  // Third parties are real protocol servers on loopback: an SMTP server, an OpenID Connect provider, an AI provider stub and Amazon's SP-API.
  webServer: [
    {
      command: `${runTs} tests/support/smtp-sink.ts`,
      url: `http://127.0.0.1:${smtpApiPort}/healthz`,
      reuseExistingServer: false,
      stdout: "ignore",
      env: { SMTP_PORT: smtpPort, SMTP_API_PORT: smtpApiPort },
    },
    {
      command: `${runTs} tests/support/oidc-server.ts`,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "ignore",
      env: { OIDC_PORT: oidcPort, OIDC_REDIRECT_URIS: `${baseURL}/api/auth/callback/oidc` },
    },
    {
      command: `${runTs} tests/support/ai-stub-server.ts`,
      url: `${aiStubUrl}/healthz`,
      reuseExistingServer: false,
      stdout: "ignore",
      // A word every 5 ms: tests that watch a stream ask the stub for a slower answer themselves.
      env: { AI_STUB_PORT: aiStubPort, AI_STUB_TOKEN_DELAY_MS: "5", AI_STUB_API_KEY: aiApiKey },
    },
    {
      command: `${runTs} tests/support/sp-api-stub-server.ts`,
      url: `${spApiStubUrl}/healthz`,
      reuseExistingServer: false,
      stdout: "ignore",
      env: { SPAPI_STUB_PORT: spApiStubPort, SPAPI_STUB_CONTROL_PORT: spApiStubControlPort, ...spApiApp, SPAPI_REDIRECT_URIS: `${baseURL}/settings/amazon/callback` },
    },
    {
      command: "node server/main.js",
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: e2eServerEnv,
    },
  ],
});

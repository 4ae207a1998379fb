import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getFreePort } from "./free-port.ts";

// The e2e run's ports, data folder and server environment, read by playwright.config.ts (which starts
// the servers) and by the login fixture (which writes to the server's database with the server's config).
// Workers load this module again; what the main process chose reaches them through process.env.
process.env.E2E_PORT ??= String(await getFreePort());
process.env.E2E_SMTP_PORT ??= String(await getFreePort());
process.env.E2E_SMTP_API_PORT ??= String(await getFreePort());
process.env.E2E_OIDC_PORT ??= String(await getFreePort());
process.env.E2E_AI_STUB_PORT ??= String(await getFreePort());
process.env.E2E_SPAPI_STUB_PORT ??= String(await getFreePort());
process.env.E2E_SPAPI_STUB_CONTROL_PORT ??= String(await getFreePort());
// A fake key: the secrets spec checks it never reaches a page or the browser bundle.
process.env.E2E_AI_API_KEY ??= `sk-test-e2e-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "sellscribe-e2e-"));

export const e2ePort = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${e2ePort}`;
export const dataDir = process.env.E2E_DATA_DIR;
export const smtpPort = process.env.E2E_SMTP_PORT;
export const smtpApiPort = process.env.E2E_SMTP_API_PORT;
export const oidcPort = process.env.E2E_OIDC_PORT;
export const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
export const aiStubPort = process.env.E2E_AI_STUB_PORT;
export const aiStubUrl = `http://127.0.0.1:${aiStubPort}`;
export const aiApiKey = process.env.E2E_AI_API_KEY;
export const spApiStubPort = process.env.E2E_SPAPI_STUB_PORT;
export const spApiStubUrl = `http://127.0.0.1:${spApiStubPort}`;
/** The stand-in's test knob (POST /__stub/behaviour): its own port, not in the app server's environment. */
export const spApiStubControlPort = process.env.E2E_SPAPI_STUB_CONTROL_PORT;
export const spApiStubControlUrl = `http://127.0.0.1:${spApiStubControlPort}`;
/** The SP-API app the stand-in (tests/support/sp-api-stub-server.ts) and the app server both know; a draft, so consent needs version=beta. */
export const spApiApp = { SPAPI_APP_ID: "amzn1.sp.solution.e2e", LWA_CLIENT_ID: "amzn1.application-oa2-client.e2e", LWA_CLIENT_SECRET: "e2e-lwa-secret", SPAPI_APP_DRAFT: "true" };

/** The environment of the e2e app server (node server/main.js). */
export const e2eServerEnv: Record<string, string> = {
  NODE_ENV: "production",
  // UI sign-up tests create their users from 127.0.0.1.
  SIGNUP_LIMIT_PER_HOUR: "10000",
  HOST: "127.0.0.1",
  PORT: String(e2ePort),
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
  AI_API_KEY: aiApiKey,
  // The operator page's admin (tests/e2e/admin.spec.ts signs this address up and verifies it).
  ADMIN_EMAILS: "operator@sellscribe.test",
  // Amazon Seller Central through the SP-API stand-in (tests/e2e/amazon-connect.spec.ts).
  ...spApiApp,
  SPAPI_ENDPOINT: spApiStubUrl,
  LWA_TOKEN_URL: `${spApiStubUrl}/auth/o2/token`,
  SELLER_CENTRAL_URL: spApiStubUrl,
};

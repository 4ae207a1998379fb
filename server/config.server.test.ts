import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { aiProviderNames, getProvider } from "./ai/providers.server.ts";
import { buildConfig, ConfigError, parseEnv } from "./config.server.ts";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "sellscribe-config-"));

describe("parseEnv", () => {
  it("needs no configuration at all", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.NODE_ENV).toBe("production");
    expect(env.DATABASE_URL).toBe("file:./data/sellscribe.db");
    expect(env.SUPPORT_EMAIL).toBe("support@sellscribe.app");
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it("names the variable and the value in one line when a value is bad", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/^Invalid environment variable PORT: .*\(got "eighty"\)$/);
    expect(() => parseEnv({ SUPPORT_EMAIL: "nobody" })).toThrow(/SUPPORT_EMAIL/);
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => parseEnv({ SIGNUP_LIMIT_PER_HOUR: "0" })).toThrow(/SIGNUP_LIMIT_PER_HOUR/);
    expect(parseEnv({}).SIGNUP_LIMIT_PER_HOUR).toBe(30);
    expect(() => parseEnv({ MAINTENANCE_INTERVAL_SECONDS: "0" })).toThrow(/MAINTENANCE_INTERVAL_SECONDS/);
    expect(parseEnv({}).MAINTENANCE_INTERVAL_SECONDS).toBe(600);
  });

  it("accepts only SQLite files and PostgreSQL URLs as DATABASE_URL", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://u:p@localhost:5432/db" }).DATABASE_URL).toMatch(/^postgres/);
    expect(parseEnv({ DATABASE_URL: "postgresql://localhost/db" }).DATABASE_URL).toMatch(/^postgresql/);
    expect(parseEnv({ DATABASE_URL: "file:/tmp/x.db" }).DATABASE_URL).toBe("file:/tmp/x.db");
    expect(() => parseEnv({ DATABASE_URL: "mysql://localhost/db" })).toThrow(/^Invalid environment variable DATABASE_URL: must be postgres/);
    expect(() => parseEnv({ DATABASE_URL: "postgres://" })).toThrow(/DATABASE_URL/);
  });

  it("never echoes a secret's value", () => {
    expect(() => parseEnv({ SESSION_SECRET: "short-secret" })).toThrow(/^Invalid environment variable SESSION_SECRET: must be at least 32 characters$/);
    // Rotated secrets, newest first; each as long as a secret must be, and never printed in the message.
    expect(parseEnv({}).SESSION_SECRET_PREVIOUS).toEqual([]);
    expect(parseEnv({ SESSION_SECRET_PREVIOUS: ` ${"b".repeat(32)} , ${"a".repeat(32)},` }).SESSION_SECRET_PREVIOUS).toEqual(["b".repeat(32), "a".repeat(32)]);
    expect(() => parseEnv({ SESSION_SECRET_PREVIOUS: `${"b".repeat(32)},too-short` })).toThrow(/SESSION_SECRET_PREVIOUS.*each secret must be at least 32 characters/);
  });
});

describe("buildConfig", () => {
  it("chooses SQLite for file: URLs and PostgreSQL for postgres URLs", () => {
    const dir = tempDir();
    const sqlite = buildConfig({ DATA_DIR: dir, DATABASE_URL: `file:${dir}/a.db` });
    expect(sqlite.database).toEqual({ kind: "sqlite", file: `${dir}/a.db` });
    const postgres = buildConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://u@127.0.0.1:5/db" });
    expect(postgres.database).toEqual({ kind: "postgres", url: "postgres://u@127.0.0.1:5/db" });
  });

  it("derives the public URL from the port unless PUBLIC_URL is set", () => {
    const dir = tempDir();
    expect(buildConfig({ DATA_DIR: dir, PORT: "4000" }).publicUrl).toBe("http://localhost:4000");
    expect(buildConfig({ DATA_DIR: dir, PUBLIC_URL: "https://app.example.com/" }).publicUrl).toBe("https://app.example.com");
  });

  it("creates a private session secret once and reuses it", () => {
    const dir = tempDir();
    const first = buildConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(buildConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    const file = path.join(dir, "session-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const given = "x".repeat(40);
    expect(buildConfig({ DATA_DIR: dir, SESSION_SECRET: given }).sessionSecret).toBe(given);
  });
});

describe("AI provider configuration", () => {
  const build = (env: NodeJS.ProcessEnv) => buildConfig({ DATA_DIR: tempDir(), ...env });

  it("uses the offline writer when no provider is configured", () => {
    expect(build({}).ai).toMatchObject({ provider: "offline", offline: true, model: "offline-writer", timeoutMs: 60_000, temperature: 0.7 });
  });

  it("picks the provider from what is set, with a default model per provider", () => {
    expect(build({ AI_API_KEY: "sk-test-1" }).ai).toMatchObject({ provider: "openai", model: "gpt-4.1-mini", offline: false });
    expect(build({ AI_API_KEY: "sk-ant-test-1" }).ai).toMatchObject({ provider: "anthropic", model: "claude-haiku-4-5" });
    expect(build({ AI_BASE_URL: "http://127.0.0.1:11434/v1/" }).ai).toMatchObject({ provider: "openai-compatible", baseUrl: "http://127.0.0.1:11434/v1" });
    expect(build({ AI_PROVIDER: "offline", AI_API_KEY: "sk-test-1" }).ai.provider).toBe("offline");
    expect(build({ AI_PROVIDER: "openai", AI_API_KEY: "k", AI_MODEL: "gpt-4o-mini", AI_ORGANIZATION: "org-1" }).ai).toMatchObject({ model: "gpt-4o-mini", organization: "org-1" });
  });

  it("takes each provider's default model from the provider table, and the offline writer keeps its own", () => {
    for (const name of aiProviderNames) {
      const env = { AI_PROVIDER: name, AI_BASE_URL: name === "offline" ? undefined : "http://127.0.0.1:9/v1", AI_API_KEY: "sk-test-1" };
      expect(build(env).ai.model).toBe(getProvider(name).defaultModel);
    }
    expect(build({ AI_PROVIDER: "offline", AI_MODEL: "gpt-4o" }).ai.model).toBe("offline-writer");
    expect(build({ AI_BASE_URL: "http://127.0.0.1:9/v1", AI_MODEL: "qwen2.5" }).ai.model).toBe("qwen2.5");
  });

  it("reads timeouts, token budget and temperature", () => {
    const ai = build({ AI_TIMEOUT_MS: "5000", AI_MAX_TOKENS: "800", AI_TEMPERATURE: "0.2" }).ai;
    expect(ai).toMatchObject({ timeoutMs: 5000, maxTokensPerOutput: 800, temperature: 0.2 });
  });

  it("stops with one line naming the variable when the AI settings are unusable", () => {
    expect(() => build({ AI_PROVIDER: "gemini" })).toThrow(/^Invalid environment variable AI_PROVIDER: /);
    expect(() => build({ AI_PROVIDER: "openai-compatible" })).toThrow(/^Invalid environment variable AI_BASE_URL: required when AI_PROVIDER is openai-compatible/);
    expect(() => build({ AI_PROVIDER: "openai" })).toThrow(/^Invalid environment variable AI_API_KEY: required when AI_PROVIDER is openai$/);
    expect(() => build({ AI_PROVIDER: "anthropic" })).toThrow(/^Invalid environment variable AI_API_KEY: required when AI_PROVIDER is anthropic$/);
    expect(() => build({ AI_BASE_URL: "ftp://models.example.com" })).toThrow(/^Invalid environment variable AI_BASE_URL: /);
    expect(() => build({ AI_TIMEOUT_MS: "soon" })).toThrow(/^Invalid environment variable AI_TIMEOUT_MS: .*\(got "soon"\)$/);
    expect(() => build({ AI_MAX_TOKENS: "0" })).toThrow(/AI_MAX_TOKENS/);
    expect(() => build({ AI_TEMPERATURE: "3" })).toThrow(/AI_TEMPERATURE/);
    for (const line of [() => build({ AI_TIMEOUT_MS: "x" }), () => build({ AI_PROVIDER: "anthropic" })]) {
      expect(line).toThrow(ConfigError);
      try {
        line();
      } catch (error) {
        expect((error as Error).message).not.toContain("\n");
      }
    }
  });

  it("keeps the key out of JSON, spreads and logs", () => {
    const ai = build({ AI_PROVIDER: "openai", AI_API_KEY: "sk-test-secret-value" }).ai;
    expect(ai.apiKey).toBe("sk-test-secret-value");
    expect(JSON.stringify(ai)).not.toContain("sk-test-secret-value");
    expect(JSON.stringify({ ...ai })).not.toContain("sk-test-secret-value");
    expect(Object.keys(ai)).not.toContain("apiKey");
  });
});

describe("billing configuration", () => {
  const build = (env: NodeJS.ProcessEnv) => buildConfig({ DATA_DIR: tempDir(), ...env });
  const stripeEnv = {
    STRIPE_SECRET_KEY: "sk_test_secret_value",
    STRIPE_WEBHOOK_SECRET: "whsec_secret_value",
    STRIPE_PRICE_STARTER_MONTHLY: "price_sm",
    STRIPE_PRICE_STARTER_YEARLY: "price_sy",
    STRIPE_PRICE_PRO_MONTHLY: "price_pm",
    STRIPE_PRICE_PRO_YEARLY: "price_py",
    STRIPE_PRICE_ENTERPRISE_MONTHLY: "price_em",
    STRIPE_PRICE_ENTERPRISE_YEARLY: "price_ey",
  };

  it("has no payments and the default trial allowance when nothing is set", () => {
    expect(build({}).billing).toEqual({ trialWords: 2000 });
    expect(build({ TRIAL_WORDS: "300" }).billing.trialWords).toBe(300);
    expect(() => build({ TRIAL_WORDS: "-1" })).toThrow(/^Invalid environment variable TRIAL_WORDS: /);
  });

  it("turns Stripe on with the key, the webhook secret and all six price ids", () => {
    const { stripe } = build(stripeEnv).billing;
    expect(stripe?.prices).toEqual({
      starter: { monthly: "price_sm", yearly: "price_sy" },
      pro: { monthly: "price_pm", yearly: "price_py" },
      enterprise: { monthly: "price_em", yearly: "price_ey" },
    });
    expect(stripe?.api).toBeUndefined();
    expect(build({ ...stripeEnv, STRIPE_API_BASE: "http://127.0.0.1:12111" }).billing.stripe?.api).toEqual({ host: "127.0.0.1", port: 12111, protocol: "http" });
  });

  it("stops with one line naming what is missing or wrong", () => {
    const { STRIPE_PRICE_PRO_YEARLY: _missing, ...partial } = stripeEnv;
    expect(() => build(partial)).toThrow(/^Invalid environment variable STRIPE_PRICE_PRO_YEARLY: required when STRIPE_SECRET_KEY and .* are set$/);
    expect(() => build({ STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrow(/^Invalid environment variable STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set$/);
    expect(() => build({ ...stripeEnv, STRIPE_PRICE_PRO_YEARLY: "prod_123" })).toThrow(/^Invalid environment variable STRIPE_PRICE_PRO_YEARLY: must be a Stripe price id \(price_…\) \(got "prod_123"\)$/);
    expect(() => build({ ...stripeEnv, STRIPE_PRICE_PRO_YEARLY: "price_pm" })).toThrow(/each plan and period needs its own price id/);
    expect(() => build({ STRIPE_API_BASE: "http://127.0.0.1:1" })).toThrow(/STRIPE_SECRET_KEY: required when STRIPE_API_BASE is set/);
    expect(() => build({ ...stripeEnv, STRIPE_SECRET_KEY: "pk_live_public" })).toThrow(/^Invalid environment variable STRIPE_SECRET_KEY: must be a Stripe secret key \(sk_… or rk_…\)$/);
  });

  it("keeps the secret key and webhook secret out of JSON, spreads and logs", () => {
    const config = build(stripeEnv);
    expect(config.billing.stripe?.secretKey).toBe("sk_test_secret_value");
    expect(config.billing.stripe?.webhookSecret).toBe("whsec_secret_value");
    const shown = JSON.stringify(config) + JSON.stringify({ ...config.billing.stripe });
    expect(shown).not.toContain("sk_test_secret_value");
    expect(shown).not.toContain("whsec_secret_value");
  });
});

describe("Amazon configuration", () => {
  const build = (env: NodeJS.ProcessEnv) => buildConfig({ DATA_DIR: tempDir(), PUBLIC_URL: "https://app.example.com", ...env });
  const amazonEnv = { SPAPI_APP_ID: "amzn1.sp.solution.0123-abcd", LWA_CLIENT_ID: "amzn1.application-oa2-client.abc123", LWA_CLIENT_SECRET: "amzn1.oa2-cs.v1.secret-value" };

  it("is not set up without the three credentials", () => {
    expect(build({}).amazon).toBeUndefined();
  });

  it("takes Amazon's own hosts unless overridden, and the callback under PUBLIC_URL", () => {
    const amazon = build(amazonEnv).amazon!;
    expect(amazon).toMatchObject({ appId: amazonEnv.SPAPI_APP_ID, clientId: amazonEnv.LWA_CLIENT_ID, draft: false, tokenUrl: "https://api.amazon.com/auth/o2/token", redirectUri: "https://app.example.com/settings/amazon/callback" });
    expect(amazon.endpoint).toBeUndefined();
    expect(amazon.sellerCentralUrl).toBeUndefined();
    const local = build({ ...amazonEnv, SPAPI_APP_DRAFT: "1", SPAPI_ENDPOINT: "http://127.0.0.1:4010/", LWA_TOKEN_URL: "http://127.0.0.1:4010/auth/o2/token", SELLER_CENTRAL_URL: "http://127.0.0.1:4010" }).amazon!;
    expect(local).toMatchObject({ draft: true, endpoint: "http://127.0.0.1:4010", tokenUrl: "http://127.0.0.1:4010/auth/o2/token", sellerCentralUrl: "http://127.0.0.1:4010" });
  });

  it("stops with one line naming what is missing or wrong", () => {
    const { LWA_CLIENT_SECRET: _missing, ...partial } = amazonEnv;
    expect(() => build(partial)).toThrow(/^Invalid environment variable LWA_CLIENT_SECRET: required when SPAPI_APP_ID and LWA_CLIENT_ID are set$/);
    expect(() => build({ LWA_CLIENT_ID: amazonEnv.LWA_CLIENT_ID })).toThrow(/^Invalid environment variable SPAPI_APP_ID: required when LWA_CLIENT_ID is set$/);
    expect(() => build({ SPAPI_ENDPOINT: "http://127.0.0.1:1" })).toThrow(/^Invalid environment variable SPAPI_APP_ID: required when SPAPI_ENDPOINT is set$/);
    expect(() => build({ ...amazonEnv, LWA_TOKEN_URL: "ftp://example.com/token" })).toThrow(/^Invalid environment variable LWA_TOKEN_URL: /);
    expect(() => build({ ...amazonEnv, SELLER_CENTRAL_URL: "not a url" })).toThrow(/^Invalid environment variable SELLER_CENTRAL_URL: /);
    expect(() => build({ ...amazonEnv, SPAPI_APP_DRAFT: "maybe" })).toThrow(/^Invalid environment variable SPAPI_APP_DRAFT: /);
  });

  it("keeps the client secret out of JSON, spreads and logs", () => {
    const config = build(amazonEnv);
    expect(config.amazon?.clientSecret).toBe(amazonEnv.LWA_CLIENT_SECRET);
    expect(JSON.stringify(config) + JSON.stringify({ ...config.amazon })).not.toContain("secret-value");
  });
});

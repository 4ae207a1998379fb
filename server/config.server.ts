import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { billingPeriods, planIds, trialWords, type BillingPeriod, type PlanId } from "#app/lib/plans.ts";
import { aiProviderNames, checkProviderSettings, getProvider, guessProvider, type AiProviderName } from "./ai/providers.server.ts";

/** Thrown when the environment is unusable; the launcher prints `message` as one line and exits. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const databaseUrl = z
  .string()
  .refine(
    (url) => /^postgres(ql)?:\/\/[^/]+/.test(url) || url.startsWith("file:"),
    "must be postgres://user:pass@host:port/db or file:path/to/db.sqlite",
  );

const stripePrice = z.preprocess(emptyToUndefined, z.string().regex(/^price_\w+$/, "must be a Stripe price id (price_…)").optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: z.preprocess(emptyToUndefined, databaseUrl.default("file:./data/sellscribe.db")),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  // Rotation: the secrets SESSION_SECRET replaced, newest first, comma-separated. They only decrypt what was
  // encrypted with them (two-factor secrets and backup codes); sessions are signed with SESSION_SECRET alone.
  SESSION_SECRET_PREVIOUS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) => value.split(",").map((secret) => secret.trim()).filter(Boolean))
      .pipe(z.array(z.string().min(32, "each secret must be at least 32 characters")))
      .default([]),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().default("support@sellscribe.app")),
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("Sellscribe <no-reply@sellscribe.app>")),
  DEV_OUTBOX: z.preprocess(emptyToUndefined, z.enum(["0", "1"]).optional()),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  OIDC_ISSUER: z.preprocess(emptyToUndefined, z.url().optional()),
  OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  OIDC_NAME: z.preprocess(emptyToUndefined, z.string().max(40).default("Single sign-on")),
  // Sign-ups allowed per IP address per hour (a brake on scripted account creation; raise it for load tests).
  SIGNUP_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(30)),
  // Housekeeping (closing interrupted generations, sweeping ended rate-limit windows): once per this
  // many seconds across every server on one database.
  MAINTENANCE_INTERVAL_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(86_400).default(600)),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z.enum(["0", "1", "true", "false"]).default("0").transform((v) => v === "1" || v === "true"),
  ),
  // AI provider (see "AI provider" in README.md). Everything is optional: without a provider the offline writer answers.
  AI_PROVIDER: z.preprocess(emptyToUndefined, z.enum(aiProviderNames).optional()),
  AI_BASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  AI_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  AI_MODEL: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  AI_ORGANIZATION: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  AI_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(600_000).default(60_000)),
  AI_MAX_TOKENS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(16).max(32_000).default(500)),
  AI_TEMPERATURE: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(2).default(0.7)),
  AI_RETRY_DELAY_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(60_000).default(500)),
  AI_OFFLINE_WORD_DELAY_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1000).default(15)),
  // Bulk jobs (issue 18): rows this server writes at once (its provider calls), and how long a row's
  // worker may go silent before another server takes the row over.
  AI_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(256).default(8)),
  JOB_HEARTBEAT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(2).max(3600).default(30)),
  // Plans, credits and payments (see "Plans, credits and payments" in README.md). Stripe is all-or-nothing.
  TRIAL_WORDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000_000).default(trialWords)),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_… or rk_…)").optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().regex(/^whsec_/, "must be a webhook signing secret (whsec_…)").optional()),
  STRIPE_PRICE_STARTER_MONTHLY: stripePrice,
  STRIPE_PRICE_STARTER_YEARLY: stripePrice,
  STRIPE_PRICE_PRO_MONTHLY: stripePrice,
  STRIPE_PRICE_PRO_YEARLY: stripePrice,
  STRIPE_PRICE_ENTERPRISE_MONTHLY: stripePrice,
  STRIPE_PRICE_ENTERPRISE_YEARLY: stripePrice,
  STRIPE_API_BASE: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  // Observability (issue 21): a bearer token for GET /metrics from other machines, and an OTLP/HTTP collector for traces.
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(24, "must be at least 24 characters").max(512).optional()),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  OTEL_BSP_SCHEDULE_DELAY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(600_000).default(5000)),
  OTEL_SERVICE_NAME: z.preprocess(emptyToUndefined, z.string().max(100).default("sellscribe")),
  // Amazon Seller Central (issue 33): the SP-API app's id and its Login with Amazon credentials, all three or none.
  SPAPI_APP_ID: z.preprocess(emptyToUndefined, z.string().regex(/^[\w.-]{1,200}$/, "must be the app's id from Seller Central (amzn1.sp.solution.…)").optional()),
  LWA_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().regex(/^[\w.-]{1,200}$/, "must be the LWA client identifier (amzn1.application-oa2-client.…)").optional()),
  LWA_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().min(1).max(500).optional()),
  // A draft app (not yet published) is authorized with version=beta on the consent page.
  SPAPI_APP_DRAFT: z.preprocess(
    emptyToUndefined,
    z.enum(["0", "1", "true", "false"]).default("0").transform((v) => v === "1" || v === "true"),
  ),
  // Testing: one host for every region's SP-API, the LWA token endpoint, and every region's Seller Central (a local stand-in).
  SPAPI_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  LWA_TOKEN_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  SELLER_CENTRAL_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  // Operators who may open /admin (comma-separated e-mail addresses; matched case-insensitively, and only once verified).
  ADMIN_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default("")
      .transform((list) => list.split(",").map((email) => email.trim().toLowerCase()).filter(Boolean))
      .refine((emails) => emails.every((email) => z.email().safeParse(email).success), "must be a comma-separated list of e-mail addresses"),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  host: string;
  port: number;
  /** The origin users reach us at; used for absolute links in e-mails and origin checks. */
  publicUrl: string;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  dataDir: string;
  sessionSecret: string;
  /** SESSION_SECRET_PREVIOUS: secrets SESSION_SECRET replaced, newest first (docs/decisions/028). */
  previousSessionSecrets: string[];
  logLevel: Env["LOG_LEVEL"];
  supportEmail: string;
  trustProxy: boolean;
  signUpLimitPerHour: number;
  /** Housekeeping runs once per this many milliseconds across every server on one database. */
  maintenanceIntervalMs: number;
  mail: { smtpUrl?: string; from: string; devOutbox: boolean };
  google?: { clientId: string; clientSecret: string };
  oidc?: { issuer: string; clientId: string; clientSecret: string; name: string };
  ai: AiConfig;
  billing: BillingConfig;
  jobs: JobsConfig;
  observability: ObservabilityConfig;
  /** E-mail addresses (lower case) whose verified users may open the operator page /admin (ADMIN_EMAILS). */
  adminEmails: string[];
  /** Seller Central connections (app/features/amazon); unset, Amazon is not set up and only file imports work. */
  amazon?: AmazonConfig;
}

/**
 * The SP-API app when SPAPI_APP_ID, LWA_CLIENT_ID and LWA_CLIENT_SECRET are all set. `clientSecret` is
 * non-enumerable: JSON, spreads, logs and loader data never carry it.
 */
export interface AmazonConfig {
  appId: string;
  clientId: string;
  readonly clientSecret: string;
  /** The app is a draft: the consent page needs version=beta. */
  draft: boolean;
  /** Login with Amazon's token endpoint. */
  tokenUrl: string;
  /** Replaces every region's SP-API host (a stand-in in tests). */
  endpoint?: string;
  /** Replaces every region's Seller Central host (a stand-in in tests). */
  sellerCentralUrl?: string;
  /** Where Seller Central sends the seller back: must be one of the app's registered redirect URIs. */
  redirectUri: string;
}

/**
 * Metrics and traces (server/observability). `metricsToken` is non-enumerable: JSON, spreads, logs and
 * loader data never carry it.
 */
export interface ObservabilityConfig {
  /** Lets a scraper on another machine read GET /metrics (METRICS_TOKEN); loopback needs none. */
  readonly metricsToken?: string;
  /** The OTLP/HTTP collector's base URL; unset, no OpenTelemetry SDK is loaded (OTEL_EXPORTER_OTLP_ENDPOINT). */
  otlpEndpoint?: string;
  /** Milliseconds between two exports of finished spans (OTEL_BSP_SCHEDULE_DELAY). */
  exportDelayMs: number;
  /** The traces' service.name (OTEL_SERVICE_NAME). */
  serviceName: string;
}

/** Bulk jobs: this server's share of the work (app/features/jobs, server/queue). */
export interface JobsConfig {
  /** Rows this server writes at once, across every workspace (AI_CONCURRENCY). */
  concurrency: number;
  /** A row's worker beats every third of this; silent this long, the row is another server's to take (JOB_HEARTBEAT_SECONDS). */
  heartbeatSeconds: number;
}

/** Plans and payments. Without `stripe`, payments are off and an operator sets plans (npm run plan). */
export interface BillingConfig {
  /** Words a new workspace may generate during its trial. */
  trialWords: number;
  stripe?: StripeConfig;
}

/**
 * Stripe, when every STRIPE_* variable is set. `secretKey` and `webhookSecret` are non-enumerable:
 * JSON, spreads, logs and loader data never carry them.
 */
export interface StripeConfig {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** The price id of each plan and billing period. */
  prices: Record<PlanId, Record<BillingPeriod, string>>;
  /** Another API host (a local stand-in in tests); Stripe's own otherwise. */
  api?: { host: string; port: number; protocol: "http" | "https" };
}

/**
 * The AI provider. `apiKey` is a non-enumerable property: JSON, spreads, logs and loader data never
 * carry it (read it as `config.ai.apiKey` in server/ai only).
 */
export interface AiConfig {
  provider: AiProviderName;
  model: string;
  /** True when the built-in offline writer answers (no provider configured, or AI_PROVIDER=offline). */
  offline: boolean;
  baseUrl?: string;
  readonly apiKey?: string;
  organization?: string;
  /** Longest wait for the provider's first token, and between two tokens after it. */
  timeoutMs: number;
  /** Output-token budget per output; a request's budget is this times the number of outputs asked. */
  maxTokensPerOutput: number;
  temperature: number;
  /** First back-off delay before retrying a 429/5xx (doubles each retry). */
  retryDelayMs: number;
  /** Delay per word of the offline writer, so it streams like a provider. */
  offlineWordDelayMs: number;
}

/** Parses the environment; the first problem becomes one line naming the variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = issue.path.join(".");
    const value = source[name];
    const shown = /SECRET|KEY|PASSWORD|TOKEN/.test(name) || value === undefined ? "" : ` (got "${value}")`;
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}${shown}`);
  }
  return result.data;
}

/** Reads SESSION_SECRET, or creates one in the data folder so a fresh machine needs no setup. */
function resolveSessionSecret(env: Env, dataDir: string): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = resolve(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Both halves of a credential pair, or neither: half a pair is a mistake worth stopping for. */
function pair(env: Env, names: (keyof Env)[]): boolean {
  const set = names.filter((name) => env[name] !== undefined);
  if (set.length > 0 && set.length < names.length) {
    const missing = names.find((name) => env[name] === undefined)!;
    throw new ConfigError(`Invalid environment variable ${missing}: required when ${set.join(" and ")} ${set.length > 1 ? "are" : "is"} set`);
  }
  return set.length === names.length;
}

/** Which provider answers: AI_PROVIDER, else guessed from what is set (see the provider table in server/ai/providers.server.ts). */
function buildAiConfig(env: Env): AiConfig {
  const provider = env.AI_PROVIDER ?? guessProvider({ baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY });
  const problem = checkProviderSettings(provider, { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY });
  if (problem) throw new ConfigError(`Invalid environment variable ${problem[0]}: ${problem[1]}`);
  const row = getProvider(provider);
  // A row without a model factory is the offline writer: it calls nobody, so no model, URL or key applies.
  const offline = row.createModel === null;
  const ai: AiConfig = {
    provider,
    model: offline ? row.defaultModel : (env.AI_MODEL ?? row.defaultModel),
    offline,
    baseUrl: offline ? undefined : env.AI_BASE_URL?.replace(/\/$/, ""),
    organization: offline ? undefined : env.AI_ORGANIZATION,
    timeoutMs: env.AI_TIMEOUT_MS,
    maxTokensPerOutput: env.AI_MAX_TOKENS,
    temperature: env.AI_TEMPERATURE,
    retryDelayMs: env.AI_RETRY_DELAY_MS,
    offlineWordDelayMs: env.AI_OFFLINE_WORD_DELAY_MS,
  };
  Object.defineProperty(ai, "apiKey", { value: offline ? undefined : env.AI_API_KEY, enumerable: false });
  return ai;
}

const stripeVariables = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  ...planIds.flatMap((plan) => billingPeriods.map((period) => `STRIPE_PRICE_${plan.toUpperCase()}_${period.toUpperCase()}` as keyof Env)),
] as (keyof Env)[];

function buildBillingConfig(env: Env): BillingConfig {
  if (!pair(env, stripeVariables)) {
    if (env.STRIPE_API_BASE) throw new ConfigError("Invalid environment variable STRIPE_SECRET_KEY: required when STRIPE_API_BASE is set");
    return { trialWords: env.TRIAL_WORDS };
  }
  const price = (plan: PlanId, period: BillingPeriod) => String(env[`STRIPE_PRICE_${plan.toUpperCase()}_${period.toUpperCase()}` as keyof Env]);
  const prices = Object.fromEntries(planIds.map((plan) => [plan, { monthly: price(plan, "monthly"), yearly: price(plan, "yearly") }])) as StripeConfig["prices"];
  const ids = Object.values(prices).flatMap((byPeriod) => Object.values(byPeriod));
  if (new Set(ids).size !== ids.length) throw new ConfigError("Invalid environment variable STRIPE_PRICE_*: each plan and period needs its own price id");
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === "http:" ? "http" : "https";
  const stripe: StripeConfig = {
    prices,
    api: base ? { host: base.hostname, port: Number(base.port) || (protocol === "http" ? 80 : 443), protocol } : undefined,
  } as StripeConfig;
  Object.defineProperty(stripe, "secretKey", { value: env.STRIPE_SECRET_KEY, enumerable: false });
  Object.defineProperty(stripe, "webhookSecret", { value: env.STRIPE_WEBHOOK_SECRET, enumerable: false });
  return { trialWords: env.TRIAL_WORDS, stripe };
}

const lwaTokenUrl = "https://api.amazon.com/auth/o2/token";

function buildAmazonConfig(env: Env, publicUrl: string): AmazonConfig | undefined {
  if (!pair(env, ["SPAPI_APP_ID", "LWA_CLIENT_ID", "LWA_CLIENT_SECRET"])) {
    const override = (["SPAPI_ENDPOINT", "LWA_TOKEN_URL", "SELLER_CENTRAL_URL"] as const).find((name) => env[name] !== undefined);
    if (override) throw new ConfigError(`Invalid environment variable SPAPI_APP_ID: required when ${override} is set`);
    return undefined;
  }
  const amazon = {
    appId: env.SPAPI_APP_ID!,
    clientId: env.LWA_CLIENT_ID!,
    draft: env.SPAPI_APP_DRAFT,
    tokenUrl: env.LWA_TOKEN_URL ?? lwaTokenUrl,
    endpoint: env.SPAPI_ENDPOINT?.replace(/\/$/, ""),
    sellerCentralUrl: env.SELLER_CENTRAL_URL?.replace(/\/$/, ""),
    redirectUri: `${publicUrl}/settings/amazon/callback`,
  } as AmazonConfig;
  Object.defineProperty(amazon, "clientSecret", { value: env.LWA_CLIENT_SECRET, enumerable: false });
  return amazon;
}

function buildObservabilityConfig(env: Env): ObservabilityConfig {
  const observability: ObservabilityConfig = { otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/$/, ""), exportDelayMs: env.OTEL_BSP_SCHEDULE_DELAY, serviceName: env.OTEL_SERVICE_NAME };
  Object.defineProperty(observability, "metricsToken", { value: env.METRICS_TOKEN, enumerable: false });
  return observability;
}

export function buildConfig(source: NodeJS.ProcessEnv): AppConfig {
  const env = parseEnv(source);
  const hasGoogle = pair(env, ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]);
  const hasOidc = pair(env, ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"]);
  const dataDir = resolve(env.DATA_DIR);
  const database: AppConfig["database"] = env.DATABASE_URL.startsWith("file:")
    ? { kind: "sqlite", file: resolve(env.DATABASE_URL.slice("file:".length)) }
    : { kind: "postgres", url: env.DATABASE_URL };
  if (database.kind === "sqlite") mkdirSync(dirname(database.file), { recursive: true });
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    database,
    dataDir,
    sessionSecret: resolveSessionSecret(env, dataDir),
    previousSessionSecrets: env.SESSION_SECRET_PREVIOUS,
    logLevel: env.LOG_LEVEL,
    supportEmail: env.SUPPORT_EMAIL,
    trustProxy: env.TRUST_PROXY,
    signUpLimitPerHour: env.SIGNUP_LIMIT_PER_HOUR,
    maintenanceIntervalMs: env.MAINTENANCE_INTERVAL_SECONDS * 1000,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      // Without SMTP, mail goes to the dev outbox; it is listed at /dev/outbox outside production.
      devOutbox: env.DEV_OUTBOX === "1" || (env.DEV_OUTBOX !== "0" && env.NODE_ENV !== "production"),
    },
    google: hasGoogle ? { clientId: env.GOOGLE_CLIENT_ID!, clientSecret: env.GOOGLE_CLIENT_SECRET! } : undefined,
    oidc: hasOidc
      ? { issuer: env.OIDC_ISSUER!.replace(/\/$/, ""), clientId: env.OIDC_CLIENT_ID!, clientSecret: env.OIDC_CLIENT_SECRET!, name: env.OIDC_NAME }
      : undefined,
    ai: buildAiConfig(env),
    billing: buildBillingConfig(env),
    jobs: { concurrency: env.AI_CONCURRENCY, heartbeatSeconds: env.JOB_HEARTBEAT_SECONDS },
    observability: buildObservabilityConfig(env),
    adminEmails: env.ADMIN_EMAILS,
    amazon: buildAmazonConfig(env, publicUrl),
  };
}

let cached: AppConfig | undefined;

/** The process-wide configuration, parsed once from process.env. */
export function getConfig(): AppConfig {
  cached ??= buildConfig(process.env);
  return cached;
}

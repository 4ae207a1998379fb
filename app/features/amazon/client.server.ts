// The one way to call SP-API for a connection: the maintained clients generated from Amazon's models
// (@sp-api-sdk/*), over one axios instance of ours that waits its turn in the operation's bucket, adds the
// connection's access token, waits out 429s as Amazon's headers say and retries 5xx (docs/decisions/036).
import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from "axios";
import { ListingsItemsApi } from "@sp-api-sdk/listings-items-api-2021-08-01";
import { ReportsApi } from "@sp-api-sdk/reports-api-2021-06-30";
import { FeedsApi } from "@sp-api-sdk/feeds-api-2021-06-30";
import { ProductTypeDefinitionsApi } from "@sp-api-sdk/product-type-definitions-api-2020-09-01";
import { z } from "zod";
import type { AmazonConfig, AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { getConnectionById, markNeedsReauthorization, replaceRefreshToken, type AmazonConnection } from "./connections.server.ts";
import { LwaError, refreshAccessToken, type LwaOptions } from "./lwa.server.ts";
import { operationFor, spacingMs, type SpApiOperationName } from "./operations.ts";
import type { SpApiRateLimiter } from "./rate-limiter.server.ts";
import { regionEndpoint } from "./regions.ts";
import { decryptToken } from "./token-crypto.server.ts";

export type ClientConnection = Pick<AmazonConnection, "id" | "workspaceId" | "region" | "sellingPartnerId" | "refreshToken">;
type Secrets = Pick<AppConfig, "sessionSecret" | "previousSessionSecrets">;

/** Amazon no longer accepts the connection's authorization: it is marked, and the seller must authorize again. */
export class AmazonReauthorizationNeeded extends Error {
  override name = "AmazonReauthorizationNeeded";
  readonly connectionId: string;
  constructor(connectionId: string) {
    super("Seller Central authorization must be renewed");
    this.connectionId = connectionId;
  }
}

/** SP-API answered an error ({errors:[{code, message}]}) after any retries. */
export class SpApiError extends Error {
  override name = "SpApiError";
  readonly status: number;
  readonly code: string;
  readonly operation: string | undefined;
  readonly requestId: string | undefined;
  constructor(status: number, code: string, operation: string | undefined, requestId: string | undefined, message: string) {
    super(`SP-API ${operation ?? "request"} ${status} ${code}: ${message}`);
    this.status = status;
    this.code = code;
    this.operation = operation;
    this.requestId = requestId;
  }
}

/** Access tokens live an hour; one is asked for again this long before it ends. */
export const accessTokenMarginMs = 5 * 60_000;

export interface AccessTokens {
  /** A valid access token for the connection, refreshed before it expires. */
  get(connection: ClientConnection): Promise<string>;
  /** Forgets the connection's token (SP-API refused it). */
  forget(connectionId: string): void;
}

/**
 * Access tokens kept in this server's memory only (an hour each; never stored, never sent to a browser).
 * Two callers needing a refresh at once share one request. `invalid_grant` marks the connection.
 */
export function createAccessTokens({ db, config, amazon, now = Date.now, fetchImpl }: { db: Db; config: Secrets; amazon: AmazonConfig; now?: () => number; fetchImpl?: typeof fetch }): AccessTokens {
  const cache = new Map<string, Promise<{ accessToken: string; expiresAt: number }>>();
  const lwa = { tokenUrl: amazon.tokenUrl, clientId: amazon.clientId, clientSecret: amazon.clientSecret };
  const options: LwaOptions = { fetchImpl, now };
  async function refresh(connection: ClientConnection) {
    // The newest stored token: another server may have replaced it, or the seller authorized again.
    const current = (await getConnectionById({ db, workspaceId: connection.workspaceId, connectionId: connection.id })) ?? connection;
    const refreshToken = await decryptToken(config, current.refreshToken);
    try {
      const tokens = await refreshAccessToken(lwa, refreshToken, options);
      if (tokens.refreshToken && tokens.refreshToken !== refreshToken) await replaceRefreshToken({ db, config, connectionId: connection.id, refreshToken: tokens.refreshToken });
      return { accessToken: tokens.accessToken, expiresAt: tokens.expiresAt };
    } catch (error) {
      if (error instanceof LwaError && error.code === "invalid_grant") {
        await markNeedsReauthorization({ db, connectionId: connection.id, reason: "invalid_grant", now: new Date(now()) });
        throw new AmazonReauthorizationNeeded(connection.id);
      }
      throw error;
    }
  }
  return {
    async get(connection) {
      const cached = cache.get(connection.id);
      if (cached) {
        const entry = await cached.catch(() => undefined);
        if (entry && entry.expiresAt - accessTokenMarginMs > now()) return entry.accessToken;
        if (cache.get(connection.id) !== cached) return this.get(connection);
      }
      const pending = refresh(connection);
      cache.set(connection.id, pending);
      pending.catch(() => cache.get(connection.id) === pending && cache.delete(connection.id));
      return (await pending).accessToken;
    },
    forget(connectionId) {
      cache.delete(connectionId);
    },
  };
}

const participationsAnswer = z.object({
  payload: z.array(
    z.object({
      marketplace: z.object({ id: z.string().min(1), name: z.string(), countryCode: z.string(), domainName: z.string().optional(), defaultCurrencyCode: z.string().optional(), defaultLanguageCode: z.string().optional() }),
      participation: z.object({ isParticipating: z.boolean(), hasSuspendedListings: z.boolean().optional() }),
    }),
  ),
});

export type MarketplaceParticipation = z.infer<typeof participationsAnswer>["payload"][number];

const errorsAnswer = z.object({ errors: z.array(z.object({ code: z.string(), message: z.string().optional() })).min(1) });

export interface SpApiClient {
  connection: ClientConnection;
  /** Reports 2021-06-30 (createReport, getReport, getReportDocument). */
  reports: ReportsApi;
  /** Listings Items 2021-08-01 (searchListingsItems, getListingsItem, patchListingsItem with or without preview). */
  listings: ListingsItemsApi;
  /** Product Type Definitions 2020-09-01 (searchDefinitionsProductTypes, getDefinitionsProductType). */
  definitions: ProductTypeDefinitionsApi;
  /** Feeds 2021-06-30 (createFeedDocument, createFeed, getFeed, getFeedDocument); uploads go to the document's own URL. */
  feeds: FeedsApi;
  /** Sellers v1: the stores the account sells in (no maintained client on our registry: validated here). */
  getMarketplaceParticipations(): Promise<MarketplaceParticipation[]>;
}

export interface SpApiClientOptions {
  amazon: AmazonConfig;
  connection: ClientConnection;
  tokens: AccessTokens;
  limiter: SpApiRateLimiter;
  sleep?: (ms: number) => Promise<void>;
  /** Retries of a 429 or 5xx before giving up. */
  maxRetries?: number;
  /** First back-off after a 5xx (doubles each retry). */
  retryDelayMs?: number;
}

type Attempted = InternalAxiosRequestConfig & { spapiAttempt?: number; spapiTokenRenewed?: boolean };

export function createSpApiClient({ amazon, connection, tokens, limiter, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), maxRetries = 3, retryDelayMs = 1000 }: SpApiClientOptions): SpApiClient {
  const basePath = regionEndpoint(connection.region, amazon);
  const basePathname = new URL(basePath).pathname.replace(/\/$/, "");
  const http: AxiosInstance = axios.create({ timeout: 30_000 });
  const operationOf = (config: InternalAxiosRequestConfig) => {
    const url = new URL(config.url ?? "", basePath);
    const query = new URLSearchParams(url.search);
    // The generated clients pass query parameters in `params` (arrays joined with commas by their serializer).
    for (const [name, value] of Object.entries((config.params ?? {}) as Record<string, unknown>)) if (typeof value === "string") query.set(name, value);
    return operationFor(config.method ?? "get", url.pathname.slice(basePathname.length), query);
  };

  http.interceptors.request.use(async (config) => {
    const operation = operationOf(config);
    if (!operation) throw new Error(`${config.method} ${config.url} is not in the SP-API operations table`);
    await limiter.waitForTurn(connection.id, operation.name);
    config.headers.set("x-amz-access-token", await tokens.get(connection));
    config.headers.set("user-agent", "Sellscribe/1.0 (Language=TypeScript)");
    return config;
  });

  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error) || !error.config) throw error;
    // No answer (refused, reset, timed out): axios's error holds the request with its access token, so it never
    // leaves here, where a log would print it; status 0 says "unreachable" and the caller retries.
    if (!error.response) throw new SpApiError(0, error.code ?? "NetworkError", operationOf(error.config)?.name, undefined, error.message);
    const config = error.config as Attempted;
    const { status, headers, data } = error.response;
    const attempt = config.spapiAttempt ?? 0;
    const operation = operationOf(config);
    const again = (extra: Partial<Attempted> = {}) => http.request({ ...config, spapiAttempt: attempt + 1, ...extra } as Attempted);
    if (status === 429 && attempt < maxRetries && operation) {
      // x-amzn-RateLimit-Limit is the operation's rate now (requests per second): the next token is 1/rate away.
      const limit = Number(headers["x-amzn-ratelimit-limit"]);
      await limiter.holdOff(connection.id, operation.name as SpApiOperationName, limit > 0 ? Math.ceil(1000 / limit) : spacingMs(operation));
      return again();
    }
    if (status >= 500 && attempt < maxRetries) {
      await sleep(retryDelayMs * 2 ** attempt);
      return again();
    }
    // An access token revoked with the authorization: a fresh one tells whether the refresh token still works.
    if (status === 403 && !config.spapiTokenRenewed) {
      tokens.forget(connection.id);
      return again({ spapiTokenRenewed: true });
    }
    const refusal = errorsAnswer.safeParse(data);
    const requestId = headers["x-amzn-requestid"];
    throw new SpApiError(status, refusal.success ? refusal.data.errors[0]!.code : "Unknown", operation?.name, typeof requestId === "string" ? requestId : undefined, refusal.success ? (refusal.data.errors[0]!.message ?? "") : `HTTP ${status}`);
  });

  return {
    connection,
    reports: new ReportsApi(undefined, basePath, http),
    listings: new ListingsItemsApi(undefined, basePath, http),
    definitions: new ProductTypeDefinitionsApi(undefined, basePath, http),
    feeds: new FeedsApi(undefined, basePath, http),
    async getMarketplaceParticipations() {
      const answer = await http.get<unknown>(`${basePath}/sellers/v1/marketplaceParticipations`);
      const parsed = participationsAnswer.safeParse(answer.data);
      if (!parsed.success) throw new SpApiError(answer.status, "InvalidAnswer", "getMarketplaceParticipations", undefined, "the answer does not match Sellers v1's model");
      return parsed.data.payload;
    },
  };
}

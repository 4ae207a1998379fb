// Login with Amazon's website authorization workflow for one region: our POST makes a single-use state and
// sends the owner to Seller Central's consent page; Seller Central sends them back with the state, their
// selling partner id and a code; the code becomes a refresh token, the stores are read, and only then is
// anything stored (docs/decisions/036).
import { randomUUID } from "node:crypto";
import { readCookie } from "#app/lib/cookies.ts";
import type { AmazonConfig, AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { logger } from "#server/logger.server.ts";
import { createSpApiClient, type AccessTokens, type MarketplaceParticipation } from "./client.server.ts";
import { consumeConnectState, createConnectState, getConnectionByRegion, saveConnection, type StoredMarketplace } from "./connections.server.ts";
import { exchangeAuthorizationCode, LwaError } from "./lwa.server.ts";
import { createSpApiRateLimiter, type SpApiRateLimiter } from "./rate-limiter.server.ts";
import { consentUrl, type RegionId } from "./regions.ts";

/**
 * What ties a state to the browser session that asked for it: Better Auth's session token (the
 * cookie's value before its signature). Only its hash is stored.
 */
export function sessionKeyOf(request: Request): string | undefined {
  const cookie = request.headers.get("cookie");
  const signed = readCookie(cookie, "__Secure-better-auth.session_token") ?? readCookie(cookie, "better-auth.session_token");
  if (!signed) return undefined;
  const dot = signed.lastIndexOf(".");
  return dot > 0 ? signed.slice(0, dot) : signed;
}

/** The consent page's address for a new attempt (the state is stored, hashed, for 10 minutes). */
export async function startAmazonConnect({ db, amazon, workspaceId, userId, sessionKey, region, now = new Date() }: { db: Db; amazon: AmazonConfig; workspaceId: string; userId: string; sessionKey: string; region: RegionId; now?: Date }): Promise<string> {
  const state = await createConnectState({ db, workspaceId, userId, sessionKey, region, now });
  return consentUrl({ region, hosts: amazon, appId: amazon.appId, state, draft: amazon.draft, redirectUri: amazon.redirectUri });
}

/** Why a connection attempt stored nothing; each has its message on the settings page. */
export type ConnectFailure = "denied" | "badState" | "codeRejected" | "failed";
export type ConnectResult = { ok: true; region: RegionId; connectionId: string } | { ok: false; reason: ConnectFailure; region?: RegionId };

export interface CallbackParams {
  state?: string | null;
  sellingPartnerId?: string | null;
  code?: string | null;
  error?: string | null;
}

export function callbackParams(url: URL): CallbackParams {
  const get = (name: string) => url.searchParams.get(name)?.slice(0, 2000) ?? null;
  return { state: get("state"), sellingPartnerId: get("selling_partner_id"), code: get("spapi_oauth_code"), error: get("error") };
}

const toStored = (participations: MarketplaceParticipation[]): StoredMarketplace[] =>
  participations.map(({ marketplace, participation }) => ({ marketplaceId: marketplace.id, name: marketplace.name, countryCode: marketplace.countryCode, domainName: marketplace.domainName, participating: participation.isParticipating }));

/** Seller Central's redirect back: the state first (used up whatever follows), then the code, the stores, and the row. */
export async function finishAmazonConnect({
  db,
  config,
  amazon,
  params,
  workspaceId,
  userId,
  sessionKey,
  now = new Date(),
  fetchImpl,
  limiter = createSpApiRateLimiter(db),
}: {
  db: Db;
  config: Pick<AppConfig, "sessionSecret" | "previousSessionSecrets">;
  amazon: AmazonConfig;
  params: CallbackParams;
  workspaceId: string;
  userId: string;
  sessionKey: string;
  now?: Date;
  fetchImpl?: typeof fetch;
  /** The SP-API buckets (tests give one on their clock). */
  limiter?: SpApiRateLimiter;
}): Promise<ConnectResult> {
  if (!params.state) return { ok: false, reason: "badState" };
  const state = await consumeConnectState({ db, state: params.state, workspaceId, userId, sessionKey, now });
  if (!state.ok) return { ok: false, reason: "badState" };
  const region = state.region;
  if (params.error) return { ok: false, reason: params.error === "access_denied" ? "denied" : "failed", region };
  if (!params.code || !params.sellingPartnerId || !/^[A-Z0-9]{1,40}$/i.test(params.sellingPartnerId)) return { ok: false, reason: "failed", region };
  let refreshToken: string;
  let accessToken: string;
  try {
    ({ refreshToken, accessToken } = await exchangeAuthorizationCode(amazon, { code: params.code, redirectUri: amazon.redirectUri }, { fetchImpl, now: () => now.getTime() }));
  } catch (error) {
    if (error instanceof LwaError && error.code === "invalid_grant") return { ok: false, reason: "codeRejected", region };
    logger.warn({ err: error, region }, "Seller Central connection: the code exchange failed");
    return { ok: false, reason: "failed", region };
  }
  // The same connection authorized again keeps its id (and its rate-limit buckets).
  const connectionId = (await getConnectionByRegion({ db, workspaceId, region }))?.id ?? randomUUID();
  let marketplaces: StoredMarketplace[];
  try {
    // The exchange's own access token reads the stores: nothing is stored before they are read.
    const pending = { id: connectionId, workspaceId, region, sellingPartnerId: params.sellingPartnerId, refreshToken: "" };
    const tokens: AccessTokens = { get: async () => accessToken, forget: () => undefined };
    const client = createSpApiClient({ amazon, connection: pending, tokens, limiter, maxRetries: 1 });
    marketplaces = toStored(await client.getMarketplaceParticipations());
  } catch (error) {
    logger.warn({ err: error, region }, "Seller Central connection: the stores could not be read");
    return { ok: false, reason: "failed", region };
  }
  await saveConnection({ db, config, workspaceId, region, connectionId, sellingPartnerId: params.sellingPartnerId, refreshToken, marketplaces, userId, now });
  return { ok: true, region, connectionId };
}

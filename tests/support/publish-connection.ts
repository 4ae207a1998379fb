// A workspace connected to a seller of the SP-API stand-in, and "app servers" calling it (issue 34 bulk publish
// tests and bench): the seller's consent on the stand-in, the code exchanged for a refresh token, the connection
// saved; each server is a client with its own access tokens and its own rate limiter object over the database.
import { createAccessTokens, createSpApiClient, type SpApiClient } from "#app/features/amazon/client.server.ts";
import { callbackParams, finishAmazonConnect, startAmazonConnect } from "#app/features/amazon/connect.server.ts";
import { getConnectionById, saveConnection, type AmazonConnection } from "#app/features/amazon/connections.server.ts";
import { exchangeAuthorizationCode } from "#app/features/amazon/lwa.server.ts";
import { createSpApiRateLimiter } from "#app/features/amazon/rate-limiter.server.ts";
import type { PublishApiContext } from "#app/features/publish/publish-api.server.ts";
import type { Publisher } from "#app/features/publish/publish.server.ts";
import type { AmazonConfig, AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import type { ListingCopy } from "#app/features/listings/types.ts";
import type { SpApiStub, StubListing } from "./sp-api-stub.ts";

export const stubApp = { appId: "amzn1.sp.solution.sellscribe-publish", clientId: "amzn1.application-oa2-client.publish", clientSecret: "publish-secret" };
export const stubRedirectUri = "http://localhost:3000/settings/amazon/callback";

export const amazonConfigFor = (stub: SpApiStub): AmazonConfig => ({ ...stubApp, draft: false, tokenUrl: `${stub.url}/auth/o2/token`, endpoint: stub.url, sellerCentralUrl: stub.url, redirectUri: stubRedirectUri });

/** Connects the workspace to `sellerId` on the stand-in (which must have been started with stubApp and stubRedirectUri). */
export async function connectStubSeller({ db, config, stub, workspaceId, userId, sellerId, region = "na", marketplaceIds }: { db: Db; config: AppConfig; stub: SpApiStub; workspaceId: string; userId: string; sellerId: string; region?: "na" | "eu" | "fe"; marketplaceIds: string[] }): Promise<AmazonConnection> {
  const consent = await fetch(`${stub.url}/apps/authorize/consent`, { method: "POST", redirect: "manual", body: new URLSearchParams({ application_id: stubApp.appId, state: "publish", redirect_uri: stubRedirectUri, seller_id: sellerId, decision: "approve" }) });
  const code = new URL(consent.headers.get("location")!).searchParams.get("spapi_oauth_code");
  if (!code) throw new Error(`the stand-in gave no code: ${consent.headers.get("location")}`);
  const { refreshToken } = await exchangeAuthorizationCode(amazonConfigFor(stub), { code, redirectUri: stubRedirectUri });
  const connectionId = await saveConnection({ db, config, workspaceId, region, sellingPartnerId: sellerId, refreshToken, marketplaces: marketplaceIds.map((marketplaceId) => ({ marketplaceId, name: marketplaceId, countryCode: "US", participating: true })), userId });
  return (await getConnectionById({ db, workspaceId, connectionId }))!;
}

/**
 * Connects the workspace the way the app does (Settings' "Connect Seller Central": our state, the stand-in's consent
 * page approving `sellerId`, the callback finished), for tests whose subject starts after the connection.
 */
export async function connectThroughConsent({ db, config, amazon, stub, workspaceId, userId, sellerId, appId, redirectUri, region = "na" }: { db: Db; config: AppConfig; amazon: AmazonConfig; stub: SpApiStub; workspaceId: string; userId: string; sellerId: string; appId: string; redirectUri: string; region?: "na" | "eu" | "fe" }): Promise<void> {
  const consentAt = new URL(await startAmazonConnect({ db, amazon, workspaceId, userId, sessionKey: "s", region }));
  const form = new URLSearchParams({ application_id: appId, state: consentAt.searchParams.get("state")!, redirect_uri: redirectUri, seller_id: sellerId, decision: "approve" });
  const answer = await fetch(`${stub.url}/apps/authorize/consent`, { method: "POST", body: form, redirect: "manual" });
  const result = await finishAmazonConnect({ db, config, amazon, params: callbackParams(new URL(answer.headers.get("location")!)), workspaceId, userId, sessionKey: "s", limiter: createSpApiRateLimiter(db) });
  if (!result.ok) throw new Error(`connect failed: ${JSON.stringify(result)}`);
}

/** One app server's client for the connection: its own tokens and limiter object, the database shared. */
export function stubServerClient({ db, config, stub, connection, rateScale = 1, arrivalJitterMs = 0, now, sleep }: { db: Db; config: AppConfig; stub: SpApiStub; connection: AmazonConnection; rateScale?: number; arrivalJitterMs?: number; now?: () => number; sleep?: (ms: number) => Promise<void> }): SpApiClient {
  const amazon = amazonConfigFor(stub);
  const limiter = createSpApiRateLimiter(db, { rateScale, arrivalJitterMs, ...(now ? { now } : {}), ...(sleep ? { sleep } : {}) });
  return createSpApiClient({ amazon, connection, tokens: createAccessTokens({ db, config, amazon, ...(now ? { now } : {}) }), limiter, ...(sleep ? { sleep } : {}), retryDelayMs: 5 });
}

/** A request to the publish API as a route hands it over (English, a fixed request id), `body` sent as JSON. */
export function publishApiContext({ db, publisher, user, id, method = "POST", body, path = "" }: { db: Db; publisher: Publisher; user: PublishApiContext["user"]; id: string; method?: string; body?: unknown; path?: string }): PublishApiContext {
  const request = new Request(`http://localhost/api/listings/${id}/publish${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }) });
  return { request, user, locale: "en", requestId: "test-request", db, publisher, id };
}

/** A suitcase live in amazon.com's catalog of the stand-in (the publish tests' listing, by SKU). */
export const suitcaseLive = (sku: string, productType = "LUGGAGE"): StubListing => ({
  sku,
  asin: `B0${sku.replace(/[^A-Z0-9]/g, "").padEnd(8, "0").slice(0, 8)}`,
  productType,
  marketplaceId: "ATVPDKIKX0DER",
  languageTag: "en_US",
  title: `Carry-on suitcase ${sku}`,
  bullets: ["Spinner wheels", "Fits overhead bins"],
  description: "A light hard-shell case.",
  keywords: "luggage suitcase",
  brand: "Acme",
});

/** Our copy of that suitcase: passes the 2026 rules and differs from the live one. */
export const suitcaseCopy = (sku: string, extra: Partial<ListingCopy> = {}): ListingCopy => ({
  title: `Acme carry-on suitcase ${sku.toLowerCase()}, 40 litres`,
  itemHighlights: "",
  bullets: ["Four spinner wheels turn in every direction", "Fits the overhead bins of most airlines", "A lock with its own code keeps it shut"],
  description: "A light hard-shell case with a lock.",
  searchTerms: "luggage suitcase cabin",
  ...extra,
});

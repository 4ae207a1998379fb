// A workspace's Seller Central connections (one per region) and the OAuth states of connection attempts.
// Every read and write names the workspace: another workspace's connection is not found.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import type { RegionId } from "./regions.ts";
import { encryptToken } from "./token-crypto.server.ts";

/** How long a connection attempt may take, from our button to Seller Central's redirect back. */
export const stateMinutes = 10;
/** Amazon's authorization lasts a year; the seller authorizes again before it ends. */
export const authorizationDays = 365;
/** The card warns this many days before re-authorization is due. */
export const reauthorizeWarningDays = 30;

const dayMs = 86_400_000;

export const storedMarketplaces = z.array(
  z.object({ marketplaceId: z.string(), name: z.string(), countryCode: z.string(), domainName: z.string().optional(), participating: z.boolean() }),
);
export type StoredMarketplace = z.infer<typeof storedMarketplaces>[number];

export type ConnectionStatus = "active" | "needs_reauthorization";

export interface AmazonConnection {
  id: string;
  workspaceId: string;
  region: RegionId;
  sellingPartnerId: string;
  /** Encrypted (token-crypto.server.ts). */
  refreshToken: string;
  marketplaces: StoredMarketplace[];
  connectedBy: string | null;
  connectedByName: string | null;
  connectedAt: string;
  reauthorizeBy: string;
  status: ConnectionStatus;
  statusReason: string | null;
}

const hashOf = (value: string) => createHash("sha256").update(value).digest("base64url");

const connectionColumns = [
  "amazon_connection.id",
  "amazon_connection.workspaceId",
  "amazon_connection.region",
  "amazon_connection.sellingPartnerId",
  "amazon_connection.refreshToken",
  "amazon_connection.marketplaces",
  "amazon_connection.connectedBy",
  "amazon_connection.connectedAt",
  "amazon_connection.reauthorizeBy",
  "amazon_connection.status",
  "amazon_connection.statusReason",
  "user.name as connectedByName",
] as const;

function selectConnections(db: Db) {
  return db.selectFrom("amazon_connection").leftJoin("user", "user.id", "amazon_connection.connectedBy").select(connectionColumns);
}

function toConnection(row: Omit<AmazonConnection, "marketplaces"> & { marketplaces: string }): AmazonConnection {
  const marketplaces = storedMarketplaces.safeParse(JSON.parse(row.marketplaces));
  return { ...row, marketplaces: marketplaces.success ? marketplaces.data : [] };
}

export async function listConnectionsByWorkspace({ db, workspaceId }: { db: Db; workspaceId: string }): Promise<AmazonConnection[]> {
  const rows = await selectConnections(db).where("amazon_connection.workspaceId", "=", workspaceId).orderBy("amazon_connection.region").execute();
  return rows.map(toConnection);
}

/** The connection, only when it is this workspace's. */
export async function getConnectionById({ db, workspaceId, connectionId }: { db: Db; workspaceId: string; connectionId: string }): Promise<AmazonConnection | undefined> {
  const row = await selectConnections(db).where("amazon_connection.workspaceId", "=", workspaceId).where("amazon_connection.id", "=", connectionId).executeTakeFirst();
  return row && toConnection(row);
}

export async function getConnectionByRegion({ db, workspaceId, region }: { db: Db; workspaceId: string; region: RegionId }): Promise<AmazonConnection | undefined> {
  const row = await selectConnections(db).where("amazon_connection.workspaceId", "=", workspaceId).where("amazon_connection.region", "=", region).executeTakeFirst();
  return row && toConnection(row);
}

/**
 * Stores a seller's authorization for the workspace's region: a new connection, or the same one
 * authorized again (a new token, a new year, active again). Returns the connection's id.
 */
export async function saveConnection({
  db,
  config,
  workspaceId,
  region,
  connectionId = randomUUID(),
  sellingPartnerId,
  refreshToken,
  marketplaces,
  userId,
  now = new Date(),
}: {
  db: Db;
  config: Pick<AppConfig, "sessionSecret" | "previousSessionSecrets">;
  workspaceId: string;
  region: RegionId;
  connectionId?: string;
  sellingPartnerId: string;
  refreshToken: string;
  marketplaces: StoredMarketplace[];
  userId: string;
  now?: Date;
}): Promise<string> {
  const fields = {
    sellingPartnerId,
    refreshToken: await encryptToken(config, refreshToken),
    marketplaces: JSON.stringify(marketplaces),
    connectedBy: userId,
    connectedAt: now.toISOString(),
    reauthorizeBy: new Date(now.getTime() + authorizationDays * dayMs).toISOString(),
    status: "active" as const,
    statusReason: null,
    statusChangedAt: now.toISOString(),
  };
  const row = await db
    .insertInto("amazon_connection")
    .values({ id: connectionId, workspaceId, region, ...fields })
    .onConflict((oc) => oc.columns(["workspaceId", "region"]).doUpdateSet(fields))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Disconnect: the row and its token are deleted. False when the workspace has no such connection. */
export async function deleteConnection({ db, workspaceId, connectionId }: { db: Db; workspaceId: string; connectionId: string }): Promise<boolean> {
  const result = await db.deleteFrom("amazon_connection").where("workspaceId", "=", workspaceId).where("id", "=", connectionId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Amazon refused the authorization (revoked, expired): the seller must authorize again. */
export async function markNeedsReauthorization({ db, connectionId, reason, now = new Date() }: { db: Db; connectionId: string; reason: string; now?: Date }): Promise<void> {
  await db
    .updateTable("amazon_connection")
    .set({ status: "needs_reauthorization", statusReason: reason.slice(0, 200), statusChangedAt: now.toISOString() })
    .where("id", "=", connectionId)
    .execute();
}

/** LWA answered a new refresh token with an access token: keep the newest. */
export async function replaceRefreshToken({ db, config, connectionId, refreshToken }: { db: Db; config: Pick<AppConfig, "sessionSecret" | "previousSessionSecrets">; connectionId: string; refreshToken: string }): Promise<void> {
  await db.updateTable("amazon_connection").set({ refreshToken: await encryptToken(config, refreshToken) }).where("id", "=", connectionId).execute();
}

export function reauthorizationDueSoon(connection: Pick<AmazonConnection, "reauthorizeBy">, now = new Date()): boolean {
  return new Date(connection.reauthorizeBy).getTime() - now.getTime() <= reauthorizeWarningDays * dayMs;
}

/** A new connection attempt: the random state goes to Seller Central, only its hash is kept. */
export async function createConnectState({ db, workspaceId, userId, sessionKey, region, now = new Date() }: { db: Db; workspaceId: string; userId: string; sessionKey: string; region: RegionId; now?: Date }): Promise<string> {
  const state = randomBytes(32).toString("base64url");
  // Attempts nobody finished are of no use to anyone.
  await db.deleteFrom("amazon_oauth_state").where("expiresAt", "<=", now.toISOString()).execute();
  await db
    .insertInto("amazon_oauth_state")
    .values({ stateHash: hashOf(state), workspaceId, userId, sessionHash: hashOf(sessionKey), region, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + stateMinutes * 60_000).toISOString() })
    .execute();
  return state;
}

export type StateCheck = { ok: true; region: RegionId } | { ok: false; reason: "unknown" | "expired" | "otherSession" };

/**
 * Uses a state up: it is deleted whatever the outcome, so it works once. Valid only for the session,
 * user and workspace that started the attempt, within its 10 minutes.
 */
export async function consumeConnectState({ db, state, workspaceId, userId, sessionKey, now = new Date() }: { db: Db; state: string; workspaceId: string; userId: string; sessionKey: string; now?: Date }): Promise<StateCheck> {
  const row = await db.deleteFrom("amazon_oauth_state").where("stateHash", "=", hashOf(state)).returningAll().executeTakeFirst();
  if (!row) return { ok: false, reason: "unknown" };
  if (row.expiresAt <= now.toISOString()) return { ok: false, reason: "expired" };
  if (row.sessionHash !== hashOf(sessionKey) || row.userId !== userId || row.workspaceId !== workspaceId) return { ok: false, reason: "otherSession" };
  return { ok: true, region: row.region };
}

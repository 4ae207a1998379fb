// A workspace's API keys (issue 35, docs/decisions/044): created by owners, shown once, kept as a SHA-256 of the
// whole key, found by a short non-secret prefix. Every query names the workspace.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { CompiledQuery } from "kysely";
import type { ApiKeyIdentity, SessionUser } from "#app/features/auth/session.server.ts";
import { selectNow, type Db } from "#server/db/db.server.ts";
import { parseScopes, type ApiKeyScope } from "./scopes.ts";

/** Every key starts so: a secret scanner (GitHub's, a log filter) can recognise one. */
export const keyMarker = "ss_live_";
const prefixAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
/** ss_live_<8 lowercase letters or digits>_<43 base64url characters of 32 random bytes>. */
const keyShape = /^ss_live_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;
/** Last used is written at most this often per key: a read on every request, a write once a minute. */
export const lastUsedEveryMs = 60_000;
export const maxKeysPerWorkspace = 50;

function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function randomPrefix(): string {
  return Array.from(randomBytes(8), (byte) => prefixAlphabet[byte % prefixAlphabet.length]).join("");
}

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  creatorName: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

async function isOwner(db: Db, workspaceId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom("member").select("role").where("workspaceId", "=", workspaceId).where("userId", "=", userId).executeTakeFirst();
  return row?.role === "owner";
}

/** A new key, by an owner of the workspace: returns the whole key, which exists nowhere else afterwards (only its hash is stored). */
export async function createApiKey({ db, workspaceId, userId, name, scopes, expiresAt = null, now = new Date() }: { db: Db; workspaceId: string; userId: string; name: string; scopes: readonly ApiKeyScope[]; expiresAt?: string | null; now?: Date }): Promise<{ ok: true; id: string; key: string; prefix: string } | { ok: false; reason: "notOwner" | "noScope" | "tooMany" }> {
  if (!(await isOwner(db, workspaceId, userId))) return { ok: false, reason: "notOwner" };
  if (scopes.length === 0) return { ok: false, reason: "noScope" };
  const live = await db.selectFrom("api_key").select((eb) => eb.fn.countAll<number>().as("n")).where("workspaceId", "=", workspaceId).where("revokedAt", "is", null).executeTakeFirstOrThrow();
  if (Number(live.n) >= maxKeysPerWorkspace) return { ok: false, reason: "tooMany" };
  const id = randomUUID();
  const prefix = randomPrefix();
  const key = `${keyMarker}${prefix}_${randomBytes(32).toString("base64url")}`;
  await db
    .insertInto("api_key")
    .values({ id, workspaceId, name, prefix, secretHash: hashKey(key), scopes: scopes.join(","), createdBy: userId, createdAt: now.toISOString(), expiresAt, lastUsedAt: null, revokedAt: null, revokedBy: null })
    .execute();
  return { ok: true, id, key, prefix };
}

/** The workspace's keys that still work or could (not revoked), newest first. */
export async function listApiKeys({ db, workspaceId }: { db: Db; workspaceId: string }): Promise<ApiKeyRow[]> {
  const rows = await db
    .selectFrom("api_key")
    .innerJoin("user", "user.id", "api_key.createdBy")
    .select(["api_key.id", "api_key.name", "api_key.prefix", "api_key.scopes", "user.name as creatorName", "user.email as creatorEmail", "api_key.createdAt", "api_key.expiresAt", "api_key.lastUsedAt"])
    .where("api_key.workspaceId", "=", workspaceId)
    .where("api_key.revokedAt", "is", null)
    .orderBy("api_key.createdAt", "desc")
    .execute();
  return rows.map(({ creatorEmail, ...row }) => ({ ...row, creatorName: row.creatorName || creatorEmail, scopes: parseScopes(row.scopes) }));
}

/** Revokes one of the workspace's keys, by an owner; false when it has no such live key or the user is not an owner. */
export async function revokeApiKey({ db, workspaceId, id, userId, now = new Date() }: { db: Db; workspaceId: string; id: string; userId: string; now?: Date }): Promise<boolean> {
  if (!(await isOwner(db, workspaceId, userId))) return false;
  const result = await db.updateTable("api_key").set({ revokedAt: now.toISOString(), revokedBy: userId }).where("id", "=", id).where("workspaceId", "=", workspaceId).where("revokedAt", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type KeyAuthentication = { ok: true; user: SessionUser & { apiKey: ApiKeyIdentity } } | { ok: false };

/**
 * The user a bearer key acts as, read from the database on every request (no cache: a revoke is seen by every server
 * on the next request). Refused: a key of the wrong shape, unknown, wrong secret, revoked, expired, or whose creator
 * is no longer a member of its workspace.
 */
export async function authenticateApiKey({ db, key, now = new Date() }: { db: Db; key: string; now?: Date }): Promise<KeyAuthentication> {
  const shape = keyShape.exec(key);
  if (!shape) return { ok: false };
  const lookup = lookupOf(db);
  // The snapshot reader on SQLite (docs/decisions/023): it sees every committed write, so a revoke counts at once.
  const [row] = await selectNow<KeyLookupRow>(db, { ...lookup, parameters: [shape[1]!] });
  if (!row || !timingSafeEqual(Buffer.from(row.secretHash, "hex"), Buffer.from(hashKey(key), "hex"))) return { ok: false };
  if (row.revokedAt !== null || (row.expiresAt !== null && row.expiresAt <= now.toISOString())) return { ok: false };
  if (row.lastUsedAt === null || Date.parse(row.lastUsedAt) <= now.getTime() - lastUsedEveryMs) await recordUse(db, row.id, now);
  return {
    ok: true,
    user: {
      id: row.userId,
      email: row.email,
      name: row.name,
      firstName: row.firstName ?? "",
      lastName: row.lastName ?? "",
      // The key was made by an owner signed in to this workspace; its requests are not sent to enrol.
      mustEnrolTwoFactor: false,
      apiKey: { id: row.id, prefix: shape[1]!, workspaceId: row.workspaceId, role: row.role, scopes: parseScopes(row.scopes) },
    },
  };
}

function keyLookup(db: Db) {
  return db
    .selectFrom("api_key")
    .innerJoin("member", (join) => join.onRef("member.workspaceId", "=", "api_key.workspaceId").onRef("member.userId", "=", "api_key.createdBy"))
    .innerJoin("user", "user.id", "api_key.createdBy")
    .select(["api_key.id", "api_key.workspaceId", "api_key.secretHash", "api_key.scopes", "api_key.expiresAt", "api_key.revokedAt", "api_key.lastUsedAt", "member.role", "user.id as userId", "user.email", "user.name", "user.firstName", "user.lastName"])
    .where("api_key.prefix", "=", "");
}
type KeyLookupRow = Awaited<ReturnType<ReturnType<typeof keyLookup>["executeTakeFirstOrThrow"]>>;
// The lookup runs on every bearer request: compiled once per database (building and compiling it cost more than running it).
const lookups = new WeakMap<Db, CompiledQuery<KeyLookupRow>>();
function lookupOf(db: Db): CompiledQuery<KeyLookupRow> {
  let compiled = lookups.get(db);
  if (!compiled) lookups.set(db, (compiled = keyLookup(db).compile()));
  return compiled;
}

/** Last used, at most once a minute per key across servers: the condition lets only one server's write through. */
async function recordUse(db: Db, id: string, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - lastUsedEveryMs).toISOString();
  await db
    .updateTable("api_key")
    .set({ lastUsedAt: now.toISOString() })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<=", stale)]))
    .execute();
}

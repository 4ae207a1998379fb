import { randomUUID } from "node:crypto";
import { trialDays } from "#app/lib/plans.ts";
import type { Db } from "#server/db/db.server.ts";
import type { WorkspacePlan } from "#server/db/schema.ts";

/** The same limit the workspace settings form applies. */
export const maxWorkspaceNameLength = 120;

export interface WorkspaceDetails {
  id: string;
  name: string;
  website: string | null;
  billingEmail: string | null;
  plan: WorkspacePlan;
}

export async function getWorkspaceById({ db, workspaceId }: { db: Db; workspaceId: string }): Promise<WorkspaceDetails> {
  return db.selectFrom("workspace").select(["id", "name", "website", "billingEmail", "plan"]).where("id", "=", workspaceId).executeTakeFirstOrThrow();
}

export async function updateWorkspaceDetails({ db, workspaceId, name, website, billingEmail }: { db: Db; workspaceId: string; name: string; website: string | null; billingEmail: string | null }): Promise<void> {
  await db.updateTable("workspace").set({ name, website, billingEmail }).where("id", "=", workspaceId).execute();
}

/** A new workspace, on a trial that starts `now` unless a plan is given. Returns its id. */
export async function createWorkspace({
  db,
  name,
  billingEmail = null,
  plan = "trial",
  billingPeriod = "monthly",
  now = new Date(),
  trialLength = trialDays,
}: {
  db: Db;
  name: string;
  billingEmail?: string | null;
  plan?: WorkspacePlan;
  billingPeriod?: "monthly" | "yearly";
  now?: Date;
  /** Days of trial (tests shorten it). */
  trialLength?: number;
}): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("workspace")
    .values({
      id,
      name: [...name.trim()].slice(0, maxWorkspaceNameLength).join(""),
      website: null,
      billingEmail,
      plan,
      billingPeriod,
      trialEndsAt: new Date(now.getTime() + trialLength * 86_400_000).toISOString(),
      periodStart: now.toISOString(),
    })
    .execute();
  return id;
}

/** Creates the user's personal workspace (owner role) unless they already belong to one. Safe to call twice. */
export async function ensurePersonalWorkspace({ db, user, now = new Date() }: { db: Db; user: { id: string; name: string; email: string }; now?: Date }): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("member").select("workspaceId").where("userId", "=", user.id).executeTakeFirst();
    if (existing) return existing.workspaceId;
    const id = await createWorkspace({ db: trx, name: user.name.trim() || user.email, billingEmail: user.email, now });
    await trx.insertInto("member").values({ workspaceId: id, userId: user.id, role: "owner" }).execute();
    return id;
  });
}

/** The workspaces in which this user is the only owner: deleting the account deletes them. */
export async function listSoleOwnedWorkspaceIds({ db, userId }: { db: Db; userId: string }): Promise<string[]> {
  const owned = await db.selectFrom("member").select("workspaceId").where("userId", "=", userId).where("role", "=", "owner").execute();
  const sole: string[] = [];
  for (const { workspaceId } of owned) {
    const otherOwners = await db
      .selectFrom("member")
      .select("userId")
      .where("workspaceId", "=", workspaceId)
      .where("role", "=", "owner")
      .where("userId", "!=", userId)
      .executeTakeFirst();
    if (!otherOwners) sole.push(workspaceId);
  }
  return sole;
}

/** Removes the workspaces in which this user is the only owner (their data goes with them). */
export async function deleteSoleOwnedWorkspaces({ db, userId }: { db: Db; userId: string }): Promise<void> {
  for (const workspaceId of await listSoleOwnedWorkspaceIds({ db, userId })) await db.deleteFrom("workspace").where("id", "=", workspaceId).execute();
}

export interface Membership {
  workspaceId: string;
  role: "owner" | "member";
}

/**
 * The workspace a user works in: the one they joined most recently (an accepted invite wins over
 * the personal workspace; leaving it falls back to the previous one). Creates the personal
 * workspace when the user has none, so callers always get one.
 */
export async function getActiveMembership({ db, user }: { db: Db; user: { id: string; name: string; email: string; apiKey?: Membership } }): Promise<Membership> {
  // A request authenticated by an API key works in the key's workspace, whichever the creator joined last.
  if (user.apiKey) return { workspaceId: user.apiKey.workspaceId, role: user.apiKey.role };
  const row = await db
    .selectFrom("member")
    .select(["workspaceId", "role"])
    .where("userId", "=", user.id)
    .orderBy("createdAt", "desc")
    .orderBy("workspaceId", "desc")
    .executeTakeFirst();
  if (row) return row;
  const workspaceId = await ensurePersonalWorkspace({ db, user });
  return { workspaceId, role: "owner" };
}

/** The e-mail of a workspace's first owner (who to ask about billing), if it has one. */
export async function getWorkspaceOwnerEmail({ db, workspaceId }: { db: Db; workspaceId: string }): Promise<string | undefined> {
  const owner = await db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select("user.email")
    .where("member.workspaceId", "=", workspaceId)
    .where("member.role", "=", "owner")
    .orderBy("member.createdAt")
    .executeTakeFirst();
  return owner?.email;
}

/**
 * Workspaces this user owns alone that still have other members: deleting the account would leave
 * them without anyone to manage them, so it is refused until ownership is transferred.
 */
export async function listWorkspacesNeedingNewOwner({ db, userId }: { db: Db; userId: string }): Promise<{ workspaceId: string; name: string; members: number }[]> {
  const blocking: { workspaceId: string; name: string; members: number }[] = [];
  for (const workspaceId of await listSoleOwnedWorkspaceIds({ db, userId })) {
    const row = await db
      .selectFrom("member")
      .innerJoin("workspace", "workspace.id", "member.workspaceId")
      .select(["workspace.name", (eb) => eb.fn.countAll<number>().as("n")])
      .where("member.workspaceId", "=", workspaceId)
      .where("member.userId", "!=", userId)
      .groupBy("workspace.name")
      .executeTakeFirst();
    if (row && Number(row.n) > 0) blocking.push({ workspaceId, name: row.name, members: Number(row.n) });
  }
  return blocking;
}

export type OwnershipTransfer = { ok: true } | { ok: false; reason: "notMember" | "notOwner" | "self" };

/** The owner hands the workspace to a member: the member becomes owner, the old owner a member. */
export async function transferOwnership({ db, workspaceId, fromUserId, toUserId }: { db: Db; workspaceId: string; fromUserId: string; toUserId: string }): Promise<OwnershipTransfer> {
  if (fromUserId === toUserId) return { ok: false, reason: "self" };
  return db.transaction().execute(async (trx) => {
    const from = await trx.selectFrom("member").select("role").where("workspaceId", "=", workspaceId).where("userId", "=", fromUserId).executeTakeFirst();
    if (from?.role !== "owner") return { ok: false as const, reason: "notOwner" as const };
    const to = await trx.updateTable("member").set({ role: "owner" }).where("workspaceId", "=", workspaceId).where("userId", "=", toUserId).executeTakeFirst();
    if (Number(to.numUpdatedRows) !== 1) return { ok: false as const, reason: "notMember" as const };
    await trx.updateTable("member").set({ role: "member" }).where("workspaceId", "=", workspaceId).where("userId", "=", fromUserId).execute();
    return { ok: true as const };
  });
}

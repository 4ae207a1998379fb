import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Db } from "#server/db/db.server.ts";
import type { WorkspacePlan } from "#server/db/schema.ts";
import { getPlan } from "#app/lib/plans.ts";

export const invitationDays = 7;

export interface MemberRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: "owner" | "member";
  joinedAt: string;
}

export interface PendingInvitation {
  id: string;
  email: string;
  expiresAt: string;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Seats a plan allows; a trial may invite like the paid plans with unlimited users. */
export function seatLimit(plan: WorkspacePlan): number | null {
  return plan === "trial" || plan === "none" ? null : getPlan(plan).maxUsers;
}

export async function listMembers({ db, workspaceId }: { db: Db; workspaceId: string }): Promise<MemberRow[]> {
  const rows = await db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select(["member.userId", "user.firstName", "user.lastName", "user.email", "member.role", "member.createdAt as joinedAt"])
    .where("member.workspaceId", "=", workspaceId)
    .orderBy("member.role", "desc")
    .orderBy("member.createdAt", "asc")
    .execute();
  return rows.map((row) => ({ ...row, firstName: row.firstName ?? "", lastName: row.lastName ?? "", joinedAt: String(row.joinedAt) }));
}

export async function listPendingInvitations({ db, workspaceId, now = new Date() }: { db: Db; workspaceId: string; now?: Date }): Promise<PendingInvitation[]> {
  return db
    .selectFrom("invitation")
    .select(["id", "email", "expiresAt"])
    .where("workspaceId", "=", workspaceId)
    .where("acceptedAt", "is", null)
    .where("expiresAt", ">", now.toISOString())
    .orderBy("createdAt", "desc")
    .execute();
}

export type InviteResult = { ok: true; token: string } | { ok: false; reason: "alreadyMember" | "seatLimit"; limit?: number };

/**
 * Creates an invitation (replacing an earlier pending one for the same address) unless the address
 * is already a member or the plan has no seat left; pending invitations count as seats.
 */
export async function createInvitation({ db, now = new Date(), ...input }: { db: Db; workspaceId: string; email: string; invitedBy: string; now?: Date }): Promise<InviteResult> {
  const email = input.email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.userId")
      .select("member.userId")
      .where("member.workspaceId", "=", input.workspaceId)
      .where("user.email", "=", email)
      .executeTakeFirst();
    if (member) return { ok: false as const, reason: "alreadyMember" as const };
    await trx.deleteFrom("invitation").where("workspaceId", "=", input.workspaceId).where("email", "=", email).where("acceptedAt", "is", null).execute();
    const workspace = await trx.selectFrom("workspace").select("plan").where("id", "=", input.workspaceId).executeTakeFirstOrThrow();
    const limit = seatLimit(workspace.plan);
    if (limit !== null) {
      const members = await trx.selectFrom("member").select((eb) => eb.fn.countAll<number>().as("n")).where("workspaceId", "=", input.workspaceId).executeTakeFirstOrThrow();
      const pending = await trx
        .selectFrom("invitation")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("workspaceId", "=", input.workspaceId)
        .where("acceptedAt", "is", null)
        .where("expiresAt", ">", now.toISOString())
        .executeTakeFirstOrThrow();
      if (Number(members.n) + Number(pending.n) + 1 > limit) return { ok: false as const, reason: "seatLimit" as const, limit };
    }
    const token = randomBytes(32).toString("base64url");
    await trx
      .insertInto("invitation")
      .values({
        id: randomUUID(),
        workspaceId: input.workspaceId,
        email,
        tokenHash: hashToken(token),
        invitedBy: input.invitedBy,
        expiresAt: new Date(now.getTime() + invitationDays * 86_400_000).toISOString(),
        acceptedAt: null,
        createdAt: now.toISOString(),
      })
      .execute();
    return { ok: true as const, token };
  });
}

export async function revokeInvitation({ db, workspaceId, invitationId }: { db: Db; workspaceId: string; invitationId: string }): Promise<void> {
  await db.deleteFrom("invitation").where("id", "=", invitationId).where("workspaceId", "=", workspaceId).where("acceptedAt", "is", null).execute();
}

export type InvitationLookup =
  | { status: "valid"; invitationId: string; workspaceId: string; workspaceName: string; email: string }
  | { status: "expired" | "used" | "unknown" };

export async function findInvitation({ db, token, now = new Date() }: { db: Db; token: string; now?: Date }): Promise<InvitationLookup> {
  const row = await db
    .selectFrom("invitation")
    .innerJoin("workspace", "workspace.id", "invitation.workspaceId")
    .select(["invitation.id", "invitation.workspaceId", "invitation.email", "invitation.expiresAt", "invitation.acceptedAt", "workspace.name"])
    .where("invitation.tokenHash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return { status: "unknown" };
  if (row.acceptedAt) return { status: "used" };
  if (row.expiresAt <= now.toISOString()) return { status: "expired" };
  return { status: "valid", invitationId: row.id, workspaceId: row.workspaceId, workspaceName: row.name, email: row.email };
}

export type AcceptResult =
  | { ok: true; workspaceId: string }
  | { ok: false; reason: "expired" | "used" | "unknown" | "wrongAccount" | "seatLimit"; email?: string };

/** Joins the invited workspace as a member; the invitation is for one address and works once. */
export async function acceptInvitation({ db, token, user, now = new Date() }: { db: Db; token: string; user: { id: string; email: string }; now?: Date }): Promise<AcceptResult> {
  const found = await findInvitation({ db, token, now });
  if (found.status !== "valid") return { ok: false, reason: found.status };
  if (found.email !== user.email.toLowerCase()) return { ok: false, reason: "wrongAccount", email: found.email };
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("invitation")
      .set({ acceptedAt: now.toISOString() })
      .where("id", "=", found.invitationId)
      .where("acceptedAt", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return { ok: false as const, reason: "used" as const };
    const existing = await trx.selectFrom("member").select("role").where("workspaceId", "=", found.workspaceId).where("userId", "=", user.id).executeTakeFirst();
    if (existing) {
      // Already in: make it the active workspace again.
      await trx.updateTable("member").set({ createdAt: now.toISOString() }).where("workspaceId", "=", found.workspaceId).where("userId", "=", user.id).execute();
      return { ok: true as const, workspaceId: found.workspaceId };
    }
    const workspace = await trx.selectFrom("workspace").select("plan").where("id", "=", found.workspaceId).executeTakeFirstOrThrow();
    const limit = seatLimit(workspace.plan);
    if (limit !== null) {
      const members = await trx.selectFrom("member").select((eb) => eb.fn.countAll<number>().as("n")).where("workspaceId", "=", found.workspaceId).executeTakeFirstOrThrow();
      if (Number(members.n) + 1 > limit) return { ok: false as const, reason: "seatLimit" as const };
    }
    await trx.insertInto("member").values({ workspaceId: found.workspaceId, userId: user.id, role: "member", createdAt: now.toISOString() }).execute();
    return { ok: true as const, workspaceId: found.workspaceId };
  });
}

export type MembershipChange = { ok: true } | { ok: false; reason: "notFound" | "owner" | "soleOwner" };

/** Owners remove members; an owner cannot be removed this way. */
export async function removeMember({ db, workspaceId, userId }: { db: Db; workspaceId: string; userId: string }): Promise<MembershipChange> {
  const row = await db.selectFrom("member").select("role").where("workspaceId", "=", workspaceId).where("userId", "=", userId).executeTakeFirst();
  if (!row) return { ok: false, reason: "notFound" };
  if (row.role === "owner") return { ok: false, reason: "owner" };
  await db.deleteFrom("member").where("workspaceId", "=", workspaceId).where("userId", "=", userId).execute();
  return { ok: true };
}

/** A member leaves; the last owner cannot (the workspace would be left without one). */
export async function leaveWorkspace({ db, workspaceId, userId }: { db: Db; workspaceId: string; userId: string }): Promise<MembershipChange> {
  const row = await db.selectFrom("member").select("role").where("workspaceId", "=", workspaceId).where("userId", "=", userId).executeTakeFirst();
  if (!row) return { ok: false, reason: "notFound" };
  if (row.role === "owner") {
    const owners = await db.selectFrom("member").select((eb) => eb.fn.countAll<number>().as("n")).where("workspaceId", "=", workspaceId).where("role", "=", "owner").executeTakeFirstOrThrow();
    if (Number(owners.n) <= 1) return { ok: false, reason: "soleOwner" };
  }
  await db.deleteFrom("member").where("workspaceId", "=", workspaceId).where("userId", "=", userId).execute();
  return { ok: true };
}

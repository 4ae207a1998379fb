// The operator page's data (/admin, docs/decisions/026-operator-page.md): who is an admin, the workspaces
// with their plan, words used and last activity, failed generations and job rows, and the audit log.
// The actions themselves are app/features/billing/operator.server.ts, shared with the command line.
import { sql, type ExpressionBuilder } from "kysely";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { isEmailVerified } from "#app/features/auth/email-verification.server.ts";
import { getUser, type SessionUser } from "#app/features/auth/session.server.ts";
import { currentCreditPeriod, planStateOf, type PlanState } from "#app/features/billing/credits.server.ts";
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import type { AdminAuditLogTable, Database } from "#server/db/schema.ts";
import { getServices } from "#server/services.server.ts";

export const workspacesPageSize = 20;
export const failuresShown = 20;
export const auditRowsShown = 20;

/**
 * An admin: the e-mail is in ADMIN_EMAILS and verified. An unverified address proves nothing: anyone
 * could sign up with the operator's address before the operator does.
 */
export async function isAdmin({ db, config, user }: { db: Db; config: AppConfig; user: Pick<SessionUser, "id" | "email"> }): Promise<boolean> {
  if (!config.adminEmails.includes(user.email.trim().toLowerCase())) return false;
  return isEmailVerified({ db, userId: user.id });
}

/** The signed-in admin; anyone else (signed out included) gets the ordinary 404 page, so the page's existence is not disclosed. */
export async function requireAdmin({ context }: { context: Readonly<RouterContextProvider> }): Promise<SessionUser> {
  const user = getUser(context);
  const { db, config } = getServices();
  if (!user || !(await isAdmin({ db, config, user }))) throw data(null, { status: 404 });
  return user;
}

export interface AdminWorkspace {
  id: string;
  name: string;
  ownerEmail: string | null;
  members: number;
  plan: PlanState;
  /** Words used (or reserved) in the current credit period; 0 when no word was used since it began. */
  wordsUsed: number;
  /** The period's plan words plus bonus words left, as of the last change to the balance. */
  wordsAvailable: number;
  periodStart: string;
  /** The latest generation, listing change or job (ISO), or null when the workspace did nothing yet. */
  lastActivity: string | null;
  createdAt: string;
}

export interface AdminWorkspacePage {
  items: AdminWorkspace[];
  nextCursor: string | null;
}

const positionSchema = z.object({ c: z.string().max(64), i: z.string().max(100) });
type Position = z.infer<typeof positionSchema>;

function encodePosition(position: Position): string {
  return Buffer.from(JSON.stringify(position), "utf8").toString("base64url");
}

/** A cursor this module wrote, or undefined (a bad cursor starts from the first page). */
function decodePosition(cursor: string | undefined): Position | undefined {
  if (!cursor || !/^[A-Za-z0-9_-]{1,600}$/.test(cursor)) return undefined;
  try {
    const parsed = positionSchema.safeParse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const workspaceColumns = [
  "workspace.id",
  "workspace.name",
  "workspace.createdAt",
  "workspace.plan",
  "workspace.trialEndsAt",
  "workspace.periodStart",
  "workspace.periodEnd",
  "workspace.billingPeriod",
  "workspace.stripeSubscriptionId",
  "workspace.subscriptionStatus",
  "workspace.cancelAtPeriodEnd",
] as const;

const ownerEmail = (eb: ExpressionBuilder<Database, "workspace">) =>
  eb
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select("user.email")
    .whereRef("member.workspaceId", "=", "workspace.id")
    .where("member.role", "=", "owner")
    .orderBy("member.createdAt")
    .limit(1);

function selectWorkspaceRows(db: Db) {
  return db.selectFrom("workspace").select(workspaceColumns).select((eb) => ownerEmail(eb).as("ownerEmail"));
}
type WorkspaceRow = Awaited<ReturnType<ReturnType<typeof selectWorkspaceRows>["execute"]>>[number];

/** `%text%` for LIKE, with the text's own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Workspaces newest first, 20 a page (keyset on createdAt, id), optionally those whose name or owner's e-mail contains `search`. */
export async function listAdminWorkspaces({ db, config, search = "", cursor, now = new Date() }: { db: Db; config: AppConfig; search?: string; cursor?: string; now?: Date }): Promise<AdminWorkspacePage> {
  let query = selectWorkspaceRows(db);
  const text = search.trim();
  if (text) {
    const pattern = containsPattern(text);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(${sql.ref("workspace.name")})`, "like", sql`${pattern} escape '\\'`),
        eb.exists(
          eb
            .selectFrom("member")
            .innerJoin("user", "user.id", "member.userId")
            .select("member.userId")
            .whereRef("member.workspaceId", "=", "workspace.id")
            .where("member.role", "=", "owner")
            .where(sql`lower(${sql.ref("user.email")})`, "like", sql`${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  const after = decodePosition(cursor);
  if (after) query = query.where((eb) => eb(eb.refTuple("workspace.createdAt", "workspace.id"), "<", eb.tuple(after.c, after.i)));
  const rows = await query.orderBy("workspace.createdAt", "desc").orderBy("workspace.id", "desc").limit(workspacesPageSize + 1).execute();
  const page = rows.slice(0, workspacesPageSize);
  const items = await describeWorkspaces({ db, config, rows: page, now });
  const last = page.at(-1);
  return { items, nextCursor: rows.length > workspacesPageSize && last ? encodePosition({ c: last.createdAt, i: last.id }) : null };
}

/** One workspace as the list shows it (the one being managed), or null. */
export async function getAdminWorkspace({ db, config, workspaceId, now = new Date() }: { db: Db; config: AppConfig; workspaceId: string; now?: Date }): Promise<AdminWorkspace | null> {
  const row = await selectWorkspaceRows(db).where("workspace.id", "=", workspaceId).executeTakeFirst();
  if (!row) return null;
  const [workspace] = await describeWorkspaces({ db, config, rows: [row], now });
  return workspace ?? null;
}

/** Plan, words and last activity for a page of workspaces: a few grouped reads, and no writes (the balance row is read, not synced). */
async function describeWorkspaces({ db, config, rows, now }: { db: Db; config: AppConfig; rows: WorkspaceRow[]; now: Date }): Promise<AdminWorkspace[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [balances, members, generations, listings, jobs] = await Promise.all([
    db.selectFrom("credit_balance").select(["workspaceId", "periodStart", "allowance", "bonus", "used"]).where("workspaceId", "in", ids).execute(),
    db.selectFrom("member").select(["workspaceId", (eb) => eb.fn.countAll<number | string>().as("count")]).where("workspaceId", "in", ids).groupBy("workspaceId").execute(),
    db.selectFrom("generation").select(["workspaceId", (eb) => eb.fn.max("createdAt").as("at")]).where("workspaceId", "in", ids).groupBy("workspaceId").execute(),
    db.selectFrom("listing").select(["workspaceId", (eb) => eb.fn.max("updatedAt").as("at")]).where("workspaceId", "in", ids).groupBy("workspaceId").execute(),
    db.selectFrom("job").select(["workspaceId", (eb) => eb.fn.max("updatedAt").as("at")]).where("workspaceId", "in", ids).groupBy("workspaceId").execute(),
  ]);
  const byWorkspace = <T extends { workspaceId: string }>(list: T[]) => new Map(list.map((item) => [item.workspaceId, item]));
  const balanceOf = byWorkspace(balances);
  const membersOf = byWorkspace(members);
  const activity = [generations, listings, jobs].map(byWorkspace);
  return rows.map((row) => {
    const period = currentCreditPeriod(row, now, config.billing.trialWords);
    const balance = balanceOf.get(row.id);
    // A balance row still on an earlier period has used nothing of this one (it turns over on the next read or charge).
    const current = balance?.periodStart === period.start ? balance : undefined;
    const times = activity.map((map) => map.get(row.id)?.at).filter((at): at is string => typeof at === "string");
    return {
      id: row.id,
      name: row.name,
      ownerEmail: row.ownerEmail ?? null,
      members: Number(membersOf.get(row.id)?.count ?? 0),
      plan: planStateOf(row, now, period),
      wordsUsed: current?.used ?? 0,
      // Bonus words carry over a period's end; plan words do not.
      wordsAvailable: current ? current.allowance + current.bonus - current.used : period.allowance + (balance ? Math.max(0, balance.bonus - Math.max(0, balance.used - balance.allowance)) : 0),
      periodStart: period.start,
      lastActivity: times.length > 0 ? times.reduce((a, b) => (a > b ? a : b)) : null,
      createdAt: row.createdAt,
    };
  });
}

export interface FailedGeneration {
  id: string;
  createdAt: string;
  workspaceId: string;
  workspaceName: string | null;
  userEmail: string | null;
  templateId: string;
  provider: string;
  model: string;
  error: string | null;
  requestId: string | null;
}

/** The latest failed generations, across every workspace. */
export async function listFailedGenerations({ db, limit = failuresShown }: { db: Db; limit?: number }): Promise<FailedGeneration[]> {
  return db
    .selectFrom("generation")
    .leftJoin("workspace", "workspace.id", "generation.workspaceId")
    .leftJoin("user", "user.id", "generation.userId")
    .select([
      "generation.id",
      "generation.createdAt",
      "generation.workspaceId",
      "workspace.name as workspaceName",
      "user.email as userEmail",
      // A listing's generation has no template: the page names it "listing", as before migration 0025.
      sql<string>`coalesce(${sql.ref("generation.templateId")}, ${sql.ref("generation.kind")})`.as("templateId"),
      "generation.provider",
      "generation.model",
      "generation.error",
      "generation.requestId",
    ])
    .where("generation.status", "=", "failed")
    .orderBy("generation.createdAt", "desc")
    .orderBy("generation.id", "desc")
    .limit(limit)
    .execute();
}

export interface FailedJobRow {
  id: string;
  jobId: string;
  fileName: string;
  /** A fix job's rule and size (its name is made from them, issue 33); null for an upload. */
  fix: { rule: string | null } | null;
  total: number;
  rowNumber: number;
  workspaceId: string;
  workspaceName: string | null;
  error: string | null;
  finishedAt: string | null;
  jobStatus: string;
}

/** The latest failed rows of bulk jobs (a job's failures are its rows'), across every workspace. */
export async function listFailedJobRows({ db, limit = failuresShown }: { db: Db; limit?: number }): Promise<FailedJobRow[]> {
  const rows = await db
    .selectFrom("job_row")
    .innerJoin("job", "job.id", "job_row.jobId")
    .leftJoin("workspace", "workspace.id", "job_row.workspaceId")
    .select([
      "job_row.id",
      "job_row.jobId",
      "job.fileName",
      "job.options",
      "job.total",
      "job_row.rowNumber",
      "job_row.workspaceId",
      "workspace.name as workspaceName",
      "job_row.error",
      "job_row.finishedAt",
      "job.status as jobStatus",
    ])
    .where("job_row.status", "=", "failed")
    .orderBy("job_row.finishedAt", "desc")
    .orderBy("job_row.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(({ options, total, ...row }) => ({ ...row, fix: (JSON.parse(options) as { fix?: { rule: string | null } }).fix ?? null, total: Number(total) }));
}

export interface AuditEntry {
  id: string;
  createdAt: string;
  actorKind: AdminAuditLogTable["actorKind"];
  actorEmail: string | null;
  action: AdminAuditLogTable["action"];
  workspaceId: string;
  workspaceName: string;
  params: Record<string, string | number>;
}

const auditParamsSchema = z.record(z.string(), z.union([z.string(), z.number()])).catch({});

/** The latest operator actions (page and command line), newest first. */
export async function listAuditEntries({ db, limit = auditRowsShown }: { db: Db; limit?: number }): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom("admin_audit_log")
    .select(["id", "createdAt", "actorKind", "actorEmail", "action", "workspaceId", "workspaceName", "params"])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => {
    let params: unknown;
    try {
      params = JSON.parse(row.params);
    } catch {
      params = {};
    }
    return { ...row, params: auditParamsSchema.parse(params) };
  });
}

import path from "node:path";
import SQLite from "better-sqlite3";
import type { Db } from "#server/db/db.server.ts";
import { e2eServerEnv } from "./e2e-env.ts";

// Playwright fixtures may set up state straight in the e2e server's SQLite file (as the Epic Stack does),
// for things the UI cannot do yet or that would take minutes (e.g. a plan change, an expired link).
// Rows the app creates itself (outputs, generations) are made through its data functions; the small
// state changes below (a plan, an expiry, a trial's end) are plain updates of one column.

/** The e2e server's database, or `file` (a server of a test's own, started with startServer). */
function openE2eDb(file?: string): SQLite.Database {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!file && !dataDir) throw new Error("E2E_DATA_DIR is not set: run through playwright.config.ts");
  const db = new SQLite(file ?? path.join(dataDir!, "e2e.sqlite"));
  db.pragma("busy_timeout = 5000");
  return db;
}

/** Puts the workspaces a user owns on a plan. */
export function setPlanOf(email: string, plan: "trial" | "starter" | "pro" | "enterprise"): void {
  const db = openE2eDb();
  try {
    db.prepare(
      `update workspace set plan = ? where id in (
         select member.workspaceId from member join user on user.id = member.userId where user.email = ? and member.role = 'owner')`,
    ).run(plan, email);
  } finally {
    db.close();
  }
}

/** Makes every pending invitation to an address expire now. */
export function expireInvitationsTo(email: string): void {
  const db = openE2eDb();
  try {
    db.prepare("update invitation set expiresAt = ? where email = ? and acceptedAt is null").run(new Date(Date.now() - 1000).toISOString(), email);
  } finally {
    db.close();
  }
}

export interface OutputFixture {
  content: string;
  templateId?: string;
  favorite?: boolean;
  inputs?: Record<string, string>;
  /** Defaults to a millisecond apart per row, the first row oldest, the last one just now. */
  createdAt?: string;
}

/** The e2e server's database through our own data layer (Kysely), for fixtures that go through data functions. */
async function withE2eKysely<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run through playwright.config.ts");
  // The app's modules read the environment (the logger) when first imported: the server's, as in fixtures.ts.
  Object.assign(process.env, e2eServerEnv);
  const { createDb } = await import("#server/db/db.server.ts");
  const db = createDb({ kind: "sqlite", file: path.join(dataDir, "e2e.sqlite") });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** The user with this e-mail and their active workspace. */
async function ownerOf(db: Db, email: string): Promise<{ userId: string; workspaceId: string }> {
  const { getActiveMembership } = await import("#app/features/workspace/workspaces.server.ts");
  const user = await db.selectFrom("user").select(["id", "name", "email"]).where("email", "=", email).executeTakeFirst();
  if (!user) throw new Error(`no user ${email}`);
  const { workspaceId } = await getActiveMembership({ db, user });
  return { userId: user.id, workspaceId };
}

/** Saves outputs for a user through saveOutputs, as generations do (the first row oldest); returns their ids in the order given. */
export function insertOutputsFor(email: string, rows: OutputFixture[]): Promise<string[]> {
  return withE2eKysely(async (db) => {
    const { saveOutputs } = await import("#app/features/outputs/outputs.server.ts");
    const { userId, workspaceId } = await ownerOf(db, email);
    const now = Date.now();
    const saved = await saveOutputs({
      db,
      outputs: rows.map((row, index) => ({
        userId,
        workspaceId,
        generationId: null,
        templateId: row.templateId ?? "description",
        content: row.content,
        inputs: row.inputs ?? { productName: "Bamboo cutting board", keyBenefitsFeatures: "Gentle on knives", toneOfVoice: "Casual", numberOutputs: "1" },
        favorite: row.favorite ?? false,
        createdAt: row.createdAt ?? new Date(now - (rows.length - index) * 1000).toISOString(),
      })),
    });
    return saved.map((output) => output.id);
  });
}

/** Ends the trial of the workspaces a user owns, as if its 7 days had passed. */
export function endTrialOf(email: string, databaseFile?: string): void {
  const db = openE2eDb(databaseFile);
  try {
    db.prepare(
      `update workspace set trialEndsAt = ? where plan = 'trial' and id in (
         select member.workspaceId from member join user on user.id = member.userId where user.email = ? and member.role = 'owner')`,
    ).run(new Date(Date.now() - 60_000).toISOString(), email);
  } finally {
    db.close();
  }
}

/** Sets when a user's sessions expire (Better Auth extends a session once it is a day old). */
export function setSessionExpiryOf(email: string, expiresAt: Date): void {
  const db = openE2eDb();
  try {
    db.prepare("update session set expiresAt = ? where userId = (select id from user where email = ?)").run(expiresAt.toISOString(), email);
  } finally {
    db.close();
  }
}

/** Records a finished generation for a user's workspace (what the usage chart counts), made now. */
export function insertGenerationFor(email: string, { words, templateId = "description" }: { words: number; templateId?: string }): Promise<void> {
  return withE2eKysely(async (db) => {
    const { completeGeneration, createGeneration } = await import("#app/features/generate/generation.server.ts");
    const { userId, workspaceId } = await ownerOf(db, email);
    const id = await createGeneration({ db, userId, workspaceId, templateId, inputs: {}, count: 1, provider: "offline", model: "offline" });
    await completeGeneration({ db, id, words });
  });
}

/** The id of the user with this e-mail (what a member list's forms post). */
export function userIdOf(email: string): string {
  const db = openE2eDb();
  try {
    const row = db.prepare("select id from user where email = ?").get(email) as { id: string } | undefined;
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  } finally {
    db.close();
  }
}

/** Every workspace a user belongs to, with their role there. */
export function membershipsOf(email: string): { workspaceId: string; role: string }[] {
  const db = openE2eDb();
  try {
    return db.prepare("select member.workspaceId, member.role from member join user on user.id = member.userId where user.email = ? order by member.role").all(email) as { workspaceId: string; role: string }[];
  } finally {
    db.close();
  }
}

/** Makes `memberEmail` a member of the workspace `ownerEmail` owns, through an invitation accepted as the invite page does. */
export function joinWorkspaceOf(ownerEmail: string, memberEmail: string): Promise<void> {
  return withE2eKysely(async (db) => {
    const { acceptInvitation, createInvitation } = await import("#app/features/workspace/members.server.ts");
    const { userId, workspaceId } = await ownerOf(db, ownerEmail);
    const member = await db.selectFrom("user").select(["id", "email"]).where("email", "=", memberEmail).executeTakeFirstOrThrow();
    const invitation = await createInvitation({ db, workspaceId, email: memberEmail, invitedBy: userId });
    if (!invitation.ok) throw new Error(`invite of ${memberEmail} refused: ${invitation.reason}`);
    const accepted = await acceptInvitation({ db, token: invitation.token, user: member });
    if (!accepted.ok) throw new Error(`invite of ${memberEmail} not accepted: ${accepted.reason}`);
  });
}

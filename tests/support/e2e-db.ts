import { randomUUID } from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";

// Playwright fixtures may set up state straight in the e2e server's SQLite file (as the Epic Stack does),
// for things the UI cannot do yet or that would take minutes (e.g. a plan change, an expired link).

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

/** Saves outputs for a user as generations would (the first row oldest); returns their ids in the order given. */
export function insertOutputsFor(email: string, rows: OutputFixture[]): string[] {
  const db = openE2eDb();
  try {
    const owner = db.prepare("select user.id as userId, member.workspaceId as workspaceId from user join member on member.userId = user.id where user.email = ? limit 1").get(email) as { userId: string; workspaceId: string } | undefined;
    if (!owner) throw new Error(`no user ${email}`);
    const insert = db.prepare(
      "insert into output (id, userId, workspaceId, generationId, templateId, content, inputs, favorite, createdAt, editedAt) values (?, ?, ?, null, ?, ?, ?, ?, ?, null)",
    );
    const now = Date.now();
    const ids = rows.map(() => randomUUID());
    db.transaction(() => {
      rows.forEach((row, index) => {
        insert.run(
          ids[index],
          owner.userId,
          owner.workspaceId,
          row.templateId ?? "description",
          row.content,
          JSON.stringify(row.inputs ?? { productName: "Bamboo cutting board", keyBenefitsFeatures: "Gentle on knives", toneOfVoice: "Casual", numberOutputs: "1" }),
          row.favorite ? 1 : 0,
          row.createdAt ?? new Date(now - (rows.length - index) * 1000).toISOString(),
        );
      });
    })();
    return ids;
  } finally {
    db.close();
  }
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
export function insertGenerationFor(email: string, { words, templateId = "description" }: { words: number; templateId?: string }): void {
  const db = openE2eDb();
  try {
    const owner = db.prepare("select user.id as userId, member.workspaceId as workspaceId from user join member on member.userId = user.id where user.email = ? limit 1").get(email) as { userId: string; workspaceId: string } | undefined;
    if (!owner) throw new Error(`no user ${email}`);
    const now = new Date().toISOString();
    db.prepare(
      "insert into generation (id, userId, workspaceId, templateId, inputs, count, provider, model, status, words, createdAt, finishedAt) values (?, ?, ?, ?, '{}', 1, 'offline', 'offline', 'succeeded', ?, ?, ?)",
    ).run(randomUUID(), owner.userId, owner.workspaceId, templateId, words, now, now);
  } finally {
    db.close();
  }
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

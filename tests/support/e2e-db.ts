import path from "node:path";
import SQLite from "better-sqlite3";

// Playwright fixtures may set up state straight in the e2e server's SQLite file (as the Epic Stack does),
// for things the UI cannot do yet or that would take minutes (e.g. a plan change, an expired link).

function openE2eDb(): SQLite.Database {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run through playwright.config.ts");
  const db = new SQLite(path.join(dataDir, "e2e.sqlite"));
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

import type { Db } from "#server/db/db.server.ts";

/** Whether a password-reset token exists and has not expired (Better Auth deletes it once used). */
export async function isResetTokenUsable({ db, token, now = new Date() }: { db: Db; token: string; now?: Date }): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const row = await db
    .selectFrom("verification")
    .select("expiresAt")
    .where("identifier", "=", `reset-password:${token}`)
    .executeTakeFirst();
  return row !== undefined && new Date(row.expiresAt) > now;
}

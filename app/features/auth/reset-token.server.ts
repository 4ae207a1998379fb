import { getServices } from "#server/services.server.ts";

/** Whether a password-reset token exists and has not expired (Better Auth deletes it once used). */
export async function isResetTokenUsable(token: string, now = new Date()): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const row = await getServices()
    .db.selectFrom("verification")
    .select("expiresAt")
    .where("identifier", "=", `reset-password:${token}`)
    .executeTakeFirst();
  return row !== undefined && new Date(row.expiresAt) > now;
}

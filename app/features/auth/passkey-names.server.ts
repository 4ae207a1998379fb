import { sql } from "kysely";
import type { Db } from "#server/db/db.server.ts";

/** The names of a user's passkeys, oldest first (the password-changed mail lists them). The plugin's table, read directly: no session needed. */
export async function passkeyNamesOf(db: Db, userId: string): Promise<string[]> {
  const { rows } = await sql<{ name: string | null }>`select name from passkey where "userId" = ${userId} order by "createdAt"`.execute(db);
  return rows.map((row) => row.name ?? "");
}

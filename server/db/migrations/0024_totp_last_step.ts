import type { Kysely } from "kysely";

// Issue 30: the last TOTP time step accepted for each user, so a code is accepted at most once
// (RFC 6238 §5.2), on every server of one database (app/features/auth/totp-replay.server.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("totp_last_step")
    .addColumn("userId", "text", (col) => col.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("step", "integer", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("totp_last_step").execute();
}

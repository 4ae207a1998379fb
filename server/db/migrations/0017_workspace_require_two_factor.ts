import type { Kysely } from "kysely";

// An owner can require two-factor for every member of the workspace (settings → workspace); a member
// without it is sent to turn it on before using the app (app/features/auth/two-factor-requirement.server.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("workspace")
    .addColumn("requireTwoFactor", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspace").dropColumn("requireTwoFactor").execute();
}

import type { Kysely } from "kysely";

// Issue 19: the devices (browser and system) each user has signed in from, so a sign-in from one never
// seen before mails the account's address. Sessions end at sign-out; this memory does not.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("known_device")
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("device", "text", (col) => col.notNull())
    .addColumn("firstSeenAt", "text", (col) => col.notNull())
    .addColumn("lastSeenAt", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("known_device_pk", ["userId", "device"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("known_device").execute();
}

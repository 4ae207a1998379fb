import { sql, type Kysely } from "kysely";
import { dialectOf } from "#server/db/dialect.server.ts";

// Issue 20 (docs/decisions/023): a number per user that changes whenever any of their saved outputs
// changes, so a server can tell with one indexed read whether the first page of GET /api/outputs it
// wrote a moment ago is still the page. Triggers bump it in the same statement, so every writer (this
// app on any server, a script, a restore of the trash) keeps it true, and a rolled-back write rolls
// it back too. No foreign key: rows deleted with their user (a cascade) must still be able to bump
// it; account deletion removes the row afterwards (app/features/auth/account-deletion.server.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("output_version")
    .addColumn("userId", "text", (col) => col.primaryKey())
    .addColumn("version", "integer", (col) => col.notNull())
    .execute();
  await sql`insert into output_version ("userId", version) select distinct "userId", 1 from output`.execute(db);

  if (dialectOf(db) === "postgres") {
    // Once per statement, not per row: saving 500 outputs bumps their owner's version once.
    await sql`
      create function bump_output_versions() returns trigger language plpgsql as $$
      begin
        insert into output_version ("userId", version)
          select distinct "userId", 1 from changed_rows
          on conflict ("userId") do update set version = output_version.version + 1;
        return null;
      end $$`.execute(db);
    await sql`
      create function bump_output_versions_on_update() returns trigger language plpgsql as $$
      begin
        insert into output_version ("userId", version)
          select "userId", 1 from changed_rows union select "userId", 1 from new_rows
          on conflict ("userId") do update set version = output_version.version + 1;
        return null;
      end $$`.execute(db);
    await sql`create trigger output_version_insert after insert on output referencing new table as changed_rows for each statement execute function bump_output_versions()`.execute(db);
    await sql`create trigger output_version_delete after delete on output referencing old table as changed_rows for each statement execute function bump_output_versions()`.execute(db);
    await sql`create trigger output_version_update after update on output referencing old table as changed_rows new table as new_rows for each statement execute function bump_output_versions_on_update()`.execute(db);
    return;
  }

  // SQLite has row triggers only; a bump is one B-tree update of a cached page.
  const bump = (row: "new" | "old") => sql.raw(`insert into output_version ("userId", version) values (${row}."userId", 1) on conflict ("userId") do update set version = version + 1;`);
  await sql`create trigger output_version_insert after insert on output begin ${bump("new")} end`.execute(db);
  await sql`create trigger output_version_delete after delete on output begin ${bump("old")} end`.execute(db);
  await sql`create trigger output_version_update after update on output begin ${bump("old")} ${sql.raw(`insert into output_version ("userId", version) select new."userId", 1 where new."userId" is not old."userId" on conflict ("userId") do update set version = version + 1;`)} end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ["output_version_insert", "output_version_delete", "output_version_update"]) {
    await sql`drop trigger if exists ${sql.id(name)}${sql.raw(dialectOf(db) === "postgres" ? " on output" : "")}`.execute(db);
  }
  if (dialectOf(db) === "postgres") {
    await sql`drop function if exists bump_output_versions()`.execute(db);
    await sql`drop function if exists bump_output_versions_on_update()`.execute(db);
  }
  await db.schema.dropTable("output_version").execute();
}

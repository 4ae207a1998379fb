import { sql, type Kysely } from "kysely";
import { dialectOf } from "#server/db/dialect.server.ts";

// Issue 32 (docs/decisions/033): a listing's generation was stored as a template called "listing".
// Now a generation says what it writes: `kind` is "template" (templateId names it) or "listing"
// (templateId is null). Rows written before are converted.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`alter table generation add column kind text not null default 'template' check (kind in ('template', 'listing'))`.execute(db);
    await sql`alter table generation alter column "templateId" drop not null`.execute(db);
    await sql`update generation set kind = 'listing', "templateId" = null where "templateId" = 'listing'`.execute(db);
    await sql`alter table generation add constraint generation_kind_template check ((kind = 'template') = ("templateId" is not null))`.execute(db);
    return;
  }
  await rebuildSqliteGeneration(db, {
    templateId: `"templateId" text check ((kind = 'template') = ("templateId" is not null))`,
    kind: `kind text not null default 'template' check (kind in ('template', 'listing'))`,
    copy: `case when "templateId" = 'listing' then null else "templateId" end, case when "templateId" = 'listing' then 'listing' else 'template' end`,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`alter table generation drop constraint generation_kind_template`.execute(db);
    await sql`update generation set "templateId" = 'listing' where kind = 'listing'`.execute(db);
    await sql`alter table generation alter column "templateId" set not null`.execute(db);
    await sql`alter table generation drop column kind`.execute(db);
    return;
  }
  await rebuildSqliteGeneration(db, { templateId: `"templateId" text not null`, copy: `case when kind = 'listing' then 'listing' else "templateId" end` });
}

/**
 * SQLite cannot drop a NOT NULL: the table is rebuilt (sqlite.org/lang_altertable.html, "other kinds of
 * table schema changes"). Foreign keys are off meanwhile, so the outputs, ledger rows and listing
 * versions that point at a generation keep pointing at it; SQLite runs migrations outside a transaction,
 * so the pragma takes effect, and the rebuild itself is one transaction.
 */
async function rebuildSqliteGeneration(db: Kysely<unknown>, columns: { templateId: string; kind?: string; copy: string }): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql
        .raw(
          `create table generation_rebuilt (
            id text primary key,
            "userId" text not null references "user"(id) on delete cascade,
            "workspaceId" text not null references workspace(id) on delete cascade,
            ${columns.templateId},
            ${columns.kind ? `${columns.kind},` : ""}
            inputs text not null,
            count integer not null,
            provider text not null,
            model text not null,
            status text not null check (status in ('running', 'succeeded', 'failed', 'cancelled')),
            words integer not null default 0,
            "inputTokens" integer,
            "outputTokens" integer,
            "latencyMs" integer,
            error text,
            "requestId" text,
            "createdAt" text not null,
            "finishedAt" text
          )`,
        )
        .execute(trx);
      const kept = `id, "userId", "workspaceId", inputs, count, provider, model, status, words, "inputTokens", "outputTokens", "latencyMs", error, "requestId", "createdAt", "finishedAt"`;
      await sql.raw(`insert into generation_rebuilt (${kept}, "templateId"${columns.kind ? ", kind" : ""}) select ${kept}, ${columns.copy} from generation`).execute(trx);
      await sql`drop table generation`.execute(trx);
      await sql`alter table generation_rebuilt rename to generation`.execute(trx);
      await sql`create index generation_workspace_date_idx on generation ("workspaceId", "createdAt")`.execute(trx);
      await sql`create index generation_status_created_idx on generation (status, "createdAt")`.execute(trx);
      // The generation and the tables that point at it (0002, 0003, 0004, 0008) still hold together.
      for (const table of ["generation", "output", "output_trash", "credit_ledger", "listing_version"]) {
        const broken = await sql.raw(`pragma foreign_key_check(${table})`).execute(trx);
        if (broken.rows.length > 0) throw new Error(`generation rebuild left ${broken.rows.length} broken foreign keys in ${table}`);
      }
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

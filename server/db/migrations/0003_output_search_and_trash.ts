import { sql, type Kysely } from "kysely";
import { dialectOf } from "#server/db/dialect.server.ts";

// Full-text search over saved outputs, and a trash that makes "Delete" undoable.
// See docs/decisions/007-history-search-and-undo.md.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Deleted outputs wait here for a while so Undo can put them back unchanged (same id, date, inputs).
  await db.schema
    .createTable("output_trash")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("workspaceId", "text", (col) => col.notNull().references("workspace.id").onDelete("cascade"))
    .addColumn("generationId", "text", (col) => col.references("generation.id").onDelete("set null"))
    .addColumn("templateId", "text", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("inputs", "text", (col) => col.notNull())
    .addColumn("favorite", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("editedAt", "text")
    .addColumn("deletedAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("output_trash_deleted_idx").on("output_trash").column("deletedAt").execute();

  if (dialectOf(db) === "postgres") {
    // 'simple': no stemming or stop words, so any word of any language is found as written. The owner
    // is one more lexeme ('u' + md5 of the user id), so the GIN index alone narrows a search to one user
    // and the planner's estimates see how rare a word is for that user.
    await sql`alter table output add column search tsvector generated always as (to_tsvector('simple', content) || ('u' || md5("userId"))::tsvector) stored`.execute(db);
    await sql`create index output_search_idx on output using gin (search)`.execute(db);
    return;
  }

  // SQLite: an FTS5 index whose rowids follow createdAt (milliseconds x 1024 + a sequence), so
  // "newest matches first" is FTS5 walking its own rowids backwards and a page stops after 24 hits.
  // The owner, template and favorite flag are tokens in `tags`, so filters narrow inside the index too.
  // output_search maps those rowids to output ids (the output table's own rowid is not stable).
  await sql`create table output_search (searchRowid integer primary key, outputId text not null unique)`.execute(db);
  await sql`create virtual table output_fts using fts5(tags, content, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='3')`.execute(db);
  const tags = (row: "new" | "o") => sql.raw(`'u' || hex(${row}.userId) || ' t' || hex(${row}.templateId) || ' f' || ${row}.favorite`);
  await sql`
    create trigger output_search_insert after insert on output begin
      insert into output_search (searchRowid, outputId)
        select case
                 when slot.base is null then null
                 when slot.top is null then slot.base
                 when slot.top < slot.base + 1023 then slot.top + 1
                 else null
               end, new.id
        from (select b.base, (select max(searchRowid) from output_search where searchRowid between b.base and b.base + 1023) as top
              from (select cast(round(unixepoch(new.createdAt, 'subsec') * 1000) as integer) * 1024 as base) as b) as slot;
      insert into output_fts (rowid, tags, content)
        select searchRowid, ${tags("new")}, new.content from output_search where outputId = new.id;
    end`.execute(db);
  await sql`
    create trigger output_search_update after update of content, favorite, templateId, userId on output begin
      delete from output_fts where rowid = (select searchRowid from output_search where outputId = old.id);
      insert into output_fts (rowid, tags, content)
        select searchRowid, ${tags("new")}, new.content from output_search where outputId = new.id;
    end`.execute(db);
  await sql`
    create trigger output_search_delete after delete on output begin
      delete from output_fts where rowid = (select searchRowid from output_search where outputId = old.id);
      delete from output_search where outputId = old.id;
    end`.execute(db);
  // Outputs saved before this migration.
  await sql`
    insert into output_search (searchRowid, outputId)
      select case when seq < 1024 then base + seq else null end, id
      from (select id, cast(round(unixepoch(createdAt, 'subsec') * 1000) as integer) * 1024 as base,
                   row_number() over (partition by createdAt order by id) - 1 as seq
            from output)`.execute(db);
  await sql`insert into output_fts (rowid, tags, content) select s.searchRowid, ${tags("o")}, o.content from output_search s join output o on o.id = s.outputId`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`drop index if exists output_search_idx`.execute(db);
    await sql`alter table output drop column if exists search`.execute(db);
  } else {
    await sql`drop trigger if exists output_search_insert`.execute(db);
    await sql`drop trigger if exists output_search_update`.execute(db);
    await sql`drop trigger if exists output_search_delete`.execute(db);
    await sql`drop table if exists output_fts`.execute(db);
    await sql`drop table if exists output_search`.execute(db);
  }
  await db.schema.dropTable("output_trash").execute();
}

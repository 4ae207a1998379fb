import { sql, type Kysely } from "kysely";
import { dialectOf } from "#server/db/dialect.server.ts";

// Issue 17: history filters by store and language. On SQLite a search narrows inside the FTS5 index by tag
// tokens (0003), so the store and the language become two more tags: 'm' + hex(store), 'l' + hex(language),
// where an output saved before stores (null) counts as amazon.com in English. The triggers are made anew
// with the new tags, and every indexed output is indexed again. PostgreSQL filters its search with plain
// column conditions, so it needs nothing here.
const tags = (row: "new" | "o", withStore: boolean) =>
  sql.raw(
    `'u' || hex(${row}.userId) || ' t' || hex(${row}.templateId) || ' f' || ${row}.favorite` +
      (withStore ? ` || ' m' || hex(coalesce(${row}.marketplace, 'amazon.com')) || ' l' || hex(coalesce(${row}.language, 'en'))` : ""),
  );

async function reindex(db: Kysely<unknown>, withStore: boolean): Promise<void> {
  await sql`drop trigger if exists output_search_update`.execute(db);
  await sql`drop trigger if exists output_search_insert`.execute(db);
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
        select searchRowid, ${tags("new", withStore)}, new.content from output_search where outputId = new.id;
    end`.execute(db);
  await sql`
    create trigger output_search_update after update of content, favorite, templateId, userId${sql.raw(withStore ? ", marketplace, language" : "")} on output begin
      delete from output_fts where rowid = (select searchRowid from output_search where outputId = old.id);
      insert into output_fts (rowid, tags, content)
        select searchRowid, ${tags("new", withStore)}, new.content from output_search where outputId = new.id;
    end`.execute(db);
  // The index is contentless, so it is emptied and filled again from the outputs.
  await sql`insert into output_fts (output_fts) values ('delete-all')`.execute(db);
  await sql`insert into output_fts (rowid, tags, content) select s.searchRowid, ${tags("o", withStore)}, o.content from output_search s join output o on o.id = s.outputId`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") return;
  await reindex(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === "postgres") return;
  await reindex(db, false);
}

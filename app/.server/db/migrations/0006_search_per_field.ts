import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * SQLite: one trigram index per searched field (name, tags, description)
 * instead of one FTS5 table with three columns. A column-filtered query on
 * the shared table still reads every column's postings of each trigram, so
 * a name lookup paid for the descriptions too; separate tables read only
 * their own (a third less work for a typical search word, and none at all
 * for a trigram a field never contains). The tables are contentless (the
 * text stays in tool_translations) and keep the rowid `tool_id * 32 +
 * language ordinal`; triggers keep them in sync. PostgreSQL already has one
 * pg_trgm index per field: nothing changes there.
 */
export const SEARCH_FIELDS = ["name", "tags", "description"] as const;

/** Language ordinal inside the rowid, as in migration 0003. */
const LANGUAGE_ORDINALS = ["us-en", "zh-CN", "zh-TW", "ko", "ja", "pt", "es", "de", "fr", "vi", "en", "zh"];
function rowid(ref: string): string {
  const cases = LANGUAGE_ORDINALS.map((code, i) => `when '${code}' then ${i}`).join(" ");
  return `(${ref}.tool_id * 32 + (case ${ref}.language ${cases} else 31 end))`;
}

const text = (ref: string, field: string) => (field === "description" ? `coalesce(${ref}.description, '')` : `${ref}.${field}`);

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") return;
  for (const field of SEARCH_FIELDS) {
    await sql.raw(`create virtual table tool_search_${field} using fts5(text, tokenize = 'trigram', content = '', contentless_delete = 1)`).execute(db);
    await sql.raw(`insert into tool_search_${field} (rowid, text) select ${rowid("tt")}, ${text("tt", field)} from tool_translations tt`).execute(db);
  }
  const insertNew = SEARCH_FIELDS.map((f) => `insert into tool_search_${f} (rowid, text) values (${rowid("new")}, ${text("new", f)});`).join(" ");
  const deleteOld = SEARCH_FIELDS.map((f) => `delete from tool_search_${f} where rowid = ${rowid("old")};`).join(" ");
  for (const trigger of ["tool_translations_search_ai", "tool_translations_search_ad", "tool_translations_search_au"]) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await sql`drop table if exists tool_search`.execute(db);
  await sql.raw(`create trigger tool_translations_fields_ai after insert on tool_translations begin ${insertNew} end`).execute(db);
  await sql.raw(`create trigger tool_translations_fields_ad after delete on tool_translations begin ${deleteOld} end`).execute(db);
  await sql.raw(`create trigger tool_translations_fields_au after update of tool_id, language, name, tags, description on tool_translations begin
    ${deleteOld} ${insertNew} end`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") return;
  for (const trigger of ["tool_translations_fields_ai", "tool_translations_fields_ad", "tool_translations_fields_au"]) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  for (const field of SEARCH_FIELDS) await sql.raw(`drop table if exists tool_search_${field}`).execute(db);
  // Back to migration 0003's shared table and triggers.
  await sql`create virtual table tool_search using fts5(name, tags, description, tokenize = 'trigram')`.execute(db);
  const insertNew = `insert or replace into tool_search (rowid, name, tags, description) values (${rowid("new")}, new.name, new.tags, coalesce(new.description, ''));`;
  const deleteOld = `delete from tool_search where rowid = ${rowid("old")};`;
  await sql.raw(`create trigger tool_translations_search_ai after insert on tool_translations begin ${insertNew} end`).execute(db);
  await sql.raw(`create trigger tool_translations_search_ad after delete on tool_translations begin ${deleteOld} end`).execute(db);
  await sql.raw(`create trigger tool_translations_search_au after update on tool_translations begin ${deleteOld} ${insertNew} end`).execute(db);
  await sql.raw(`insert into tool_search (rowid, name, tags, description)
    select ${rowid("tool_translations")}, name, tags, coalesce(description, '') from tool_translations`).execute(db);
}

import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Search indexes of the e-commerce directory, built like the AI tools' ones
 * (migrations 0003, 0005, 0006): a tool's name and description are searched
 * in every language, from its base row (`ecommerce_tools`, English) and its
 * `ecommerce_tool_translations`.
 *
 * - Words of 3+ characters: SQLite keeps one contentless FTS5 `trigram` table
 *   per field (`ecommerce_search_name`, `ecommerce_search_description`,
 *   rowid `tool_id * 32 + language ordinal`, 31 for the base row);
 *   PostgreSQL one `pg_trgm` GIN index per field and table.
 * - 1-2 character words outside ASCII (物流, 选品, ア): `ecommerce_search_grams`,
 *   every non-ASCII single character and pair of a tool's names, on both
 *   engines. Category, tag, filter and platform names are few and are
 *   matched in memory by the e-commerce layer.
 * Triggers keep all of it in sync with every writer.
 */
export const ECOMMERCE_SEARCH_FIELDS = ["name", "description"] as const;
const LANGUAGE_ORDINALS = ["us-en", "zh-CN", "zh-TW", "ko", "ja", "pt", "es", "de", "fr", "vi", "en", "zh"];
const BASE_ORDINAL = 31;

function translationRowid(ref: string): string {
  const cases = LANGUAGE_ORDINALS.map((code, i) => `when '${code}' then ${i}`).join(" ");
  return `(${ref}.tool_id * 32 + (case ${ref}.language ${cases} else 30 end))`;
}
const baseRowid = (ref: string) => `(${ref}.id * 32 + ${BASE_ORDINAL})`;
const fieldText = (ref: string, field: string) => `coalesce(${ref}.${field}, '')`;

/** Every name of a tool in any language, as `(tool_id, name)`. */
const NAMES = `select id as tool_id, name from ecommerce_tools union all
  select tool_id, name from ecommerce_tool_translations where name is not null`;

async function upSqlite(db: Kysely<any>): Promise<void> {
  for (const field of ECOMMERCE_SEARCH_FIELDS) {
    await sql.raw(`create virtual table ecommerce_search_${field} using fts5(text, tokenize = 'trigram', content = '', contentless_delete = 1)`).execute(db);
    await sql.raw(`insert into ecommerce_search_${field} (rowid, text) select ${baseRowid("t")}, ${fieldText("t", field)} from ecommerce_tools t`).execute(db);
    await sql.raw(`insert into ecommerce_search_${field} (rowid, text) select ${translationRowid("t")}, ${fieldText("t", field)} from ecommerce_tool_translations t`).execute(db);
  }
  const fts = (rowid: (ref: string) => string) => ({
    insert: (ref: string) => ECOMMERCE_SEARCH_FIELDS.map((f) => `insert into ecommerce_search_${f} (rowid, text) values (${rowid(ref)}, ${fieldText(ref, f)});`).join(" "),
    remove: (ref: string) => ECOMMERCE_SEARCH_FIELDS.map((f) => `delete from ecommerce_search_${f} where rowid = ${rowid(ref)};`).join(" "),
  });
  const base = fts(baseRowid);
  const translated = fts(translationRowid);

  await sql`create table ecommerce_search_grams (gram text not null, tool_id integer not null, primary key (gram, tool_id)) without rowid`.execute(db);
  await sql`create index ecommerce_search_grams_tool_idx on ecommerce_search_grams (tool_id)`.execute(db);
  const grams = (where: string) => `insert or ignore into ecommerce_search_grams (gram, tool_id)
    select gram, tool_id from (
      select n.tool_id, substr(lower(n.name), p.n, 1) as gram from (${NAMES}) n join search_positions p on p.n <= length(n.name) where ${where}
      union all select n.tool_id, substr(lower(n.name), p.n, 2) from (${NAMES}) n join search_positions p on p.n < length(n.name) where ${where}
    ) where length(cast(gram as blob)) > length(gram)`;
  await sql.raw(grams("1 = 1")).execute(db);
  const refresh = (id: string) => `delete from ecommerce_search_grams where tool_id = ${id}; ${grams(`n.tool_id = ${id}`)};`;

  const triggers: Array<[string, string]> = [
    ["ecommerce_tools_search_ai", `after insert on ecommerce_tools begin ${base.insert("new")} ${refresh("new.id")} end`],
    ["ecommerce_tools_search_ad", `after delete on ecommerce_tools begin ${base.remove("old")} delete from ecommerce_search_grams where tool_id = old.id; end`],
    ["ecommerce_tools_search_au", `after update of name, description on ecommerce_tools begin ${base.remove("old")} ${base.insert("new")} ${refresh("new.id")} end`],
    ["ecommerce_translations_search_ai", `after insert on ecommerce_tool_translations begin ${translated.insert("new")} ${refresh("new.tool_id")} end`],
    ["ecommerce_translations_search_ad", `after delete on ecommerce_tool_translations begin ${translated.remove("old")} ${refresh("old.tool_id")} end`],
    [
      "ecommerce_translations_search_au",
      `after update of tool_id, language, name, description on ecommerce_tool_translations begin
        ${translated.remove("old")} ${translated.insert("new")} ${refresh("old.tool_id")} ${refresh("new.tool_id")} end`,
    ],
  ];
  for (const [name, body] of triggers) await sql.raw(`create trigger ${name} ${body}`).execute(db);
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  for (const table of ["ecommerce_tools", "ecommerce_tool_translations"]) {
    for (const field of ECOMMERCE_SEARCH_FIELDS) {
      await sql.raw(`create index ${table}_${field}_trgm on ${table} using gin (lower(coalesce(${field}, '')) gin_trgm_ops)`).execute(db);
    }
  }
  await sql`create table ecommerce_search_grams (gram text not null, tool_id integer not null, primary key (gram, tool_id))`.execute(db);
  await sql`create index ecommerce_search_grams_tool_idx on ecommerce_search_grams (tool_id)`.execute(db);
  const grams = (where: string) => `insert into ecommerce_search_grams (gram, tool_id)
    select distinct gram, tool_id from (
      select n.tool_id, substr(lower(n.name), p, 1) as gram from (${NAMES}) n, generate_series(1, char_length(n.name)) as p where ${where}
      union all select n.tool_id, substr(lower(n.name), p, 2) from (${NAMES}) n, generate_series(1, char_length(n.name) - 1) as p where ${where}
    ) as g where octet_length(gram) > char_length(gram) on conflict do nothing`;
  await sql.raw(grams("true")).execute(db);
  await sql.raw(`create or replace function ecommerce_search_grams_refresh(t integer) returns void language sql as $$
    delete from ecommerce_search_grams where tool_id = t;
    ${grams("n.tool_id = t")};
  $$`).execute(db);
  await sql.raw(`create or replace function ecommerce_names_grams() returns trigger language plpgsql as $$
    declare
      owner integer;
    begin
      if tg_table_name = 'ecommerce_tools' then
        if tg_op <> 'INSERT' then perform ecommerce_search_grams_refresh(old.id); end if;
        if tg_op <> 'DELETE' then perform ecommerce_search_grams_refresh(new.id); end if;
      else
        if tg_op <> 'INSERT' then owner := old.tool_id; perform ecommerce_search_grams_refresh(owner); end if;
        if tg_op <> 'DELETE' then perform ecommerce_search_grams_refresh(new.tool_id); end if;
      end if;
      return null;
    end $$`).execute(db);
  await sql`create trigger ecommerce_tools_grams after insert or delete or update of name on ecommerce_tools for each row execute function ecommerce_names_grams()`.execute(db);
  await sql`create trigger ecommerce_translations_grams after insert or delete or update of tool_id, name on ecommerce_tool_translations for each row execute function ecommerce_names_grams()`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`drop trigger if exists ecommerce_tools_grams on ecommerce_tools`.execute(db);
    await sql`drop trigger if exists ecommerce_translations_grams on ecommerce_tool_translations`.execute(db);
    await sql`drop function if exists ecommerce_names_grams()`.execute(db);
    await sql`drop function if exists ecommerce_search_grams_refresh(integer)`.execute(db);
    for (const table of ["ecommerce_tools", "ecommerce_tool_translations"]) {
      for (const field of ECOMMERCE_SEARCH_FIELDS) await sql.raw(`drop index if exists ${table}_${field}_trgm`).execute(db);
    }
  } else {
    for (const prefix of ["ecommerce_tools_search", "ecommerce_translations_search"]) {
      for (const op of ["ai", "ad", "au"]) await sql.raw(`drop trigger if exists ${prefix}_${op}`).execute(db);
    }
    for (const field of ECOMMERCE_SEARCH_FIELDS) await sql.raw(`drop table if exists ecommerce_search_${field}`).execute(db);
  }
  await sql`drop table if exists ecommerce_search_grams`.execute(db);
}

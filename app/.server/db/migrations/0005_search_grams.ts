import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * A side index for 1-2 character search words outside ASCII (typical
 * Chinese, Japanese and Korean queries such as 聊天), which trigram indexes
 * cannot serve: every single character and adjacent pair of a tool's names
 * and tags in any language, with the best score it earns (name 4 > tag 3).
 * A word of one or two characters is a substring exactly when it is one of
 * these grams, so the search is one index range instead of a scan of every
 * translation. ASCII grams are left out: they match a large share of the
 * catalogue anyway and would make the table ten times larger.
 *
 * Texts are lower-cased as the engine's own `lower()` does (ASCII only on
 * SQLite, full Unicode on PostgreSQL), which is what the LIKE comparison it
 * replaces did. Triggers recompute a tool's grams from all its translations
 * whenever one is inserted, updated or deleted, so every writer keeps it in sync.
 */
const MAX_POSITIONS = 2048;

/** SQLite: `(tool_id, gram, score)` for the translations matching `where`. */
function sqliteGrams(column: "name" | "tags", score: number, where: string): string {
  const text = `lower(tt.${column})`;
  return `select tt.tool_id as tool_id, substr(${text}, p.n, 1) as gram, ${score} as score
      from tool_translations tt join search_positions p on p.n <= length(tt.${column}) where ${where}
    union all select tt.tool_id, substr(${text}, p.n, 2), ${score}
      from tool_translations tt join search_positions p on p.n < length(tt.${column}) where ${where}`;
}

/** Byte length above character length: the gram has a character outside ASCII. */
function sqliteInsert(where: string): string {
  return `insert into tool_search_grams (gram, tool_id, score)
    select gram, tool_id, max(score) from (${sqliteGrams("name", 4, where)} union all ${sqliteGrams("tags", 3, where)})
    where length(cast(gram as blob)) > length(gram) group by gram, tool_id`;
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  await sql`create table tool_search_grams (gram text not null, tool_id integer not null, score integer not null, primary key (gram, tool_id)) without rowid`.execute(db);
  await sql`create index tool_search_grams_tool_idx on tool_search_grams (tool_id)`.execute(db);
  // Names and tags longer than the 256 positions of migration 0003 must be covered too (already there when
  // migration 0019 goes back).
  for (const offset of [256, 512, 1024]) {
    await sql.raw(`insert or ignore into search_positions (n) select n + ${offset} from search_positions where n + ${offset} <= ${MAX_POSITIONS}`).execute(db);
  }
  await sql.raw(sqliteInsert("1 = 1")).execute(db);
  const refresh = (ref: "new" | "old", extra = "") =>
    `delete from tool_search_grams where tool_id = ${ref}.tool_id${extra}; ${sqliteInsert(`tt.tool_id = ${ref}.tool_id${extra}`)};`;
  await sql.raw(`create trigger tool_translations_grams_ai after insert on tool_translations begin ${refresh("new")} end`).execute(db);
  await sql.raw(`create trigger tool_translations_grams_ad after delete on tool_translations begin ${refresh("old")} end`).execute(db);
  await sql.raw(`create trigger tool_translations_grams_au after update of tool_id, name, tags on tool_translations begin
    ${refresh("old")} ${refresh("new", " and new.tool_id <> old.tool_id")} end`).execute(db);
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create table tool_search_grams (gram text not null, tool_id integer not null, score integer not null, primary key (gram, tool_id))`.execute(db);
  await sql`create index tool_search_grams_tool_idx on tool_search_grams (tool_id)`.execute(db);
  const grams = (column: "name" | "tags", score: number, where: string) => `
    select tt.tool_id, substr(lower(tt.${column}), n, 1) as gram, ${score} as score from tool_translations tt, generate_series(1, char_length(tt.${column})) as n where ${where}
    union all select tt.tool_id, substr(lower(tt.${column}), n, 2), ${score} from tool_translations tt, generate_series(1, char_length(tt.${column}) - 1) as n where ${where}`;
  const insert = (where: string) => `insert into tool_search_grams (gram, tool_id, score)
    select gram, tool_id, max(score) from (${grams("name", 4, where)} union all ${grams("tags", 3, where)}) as g
    where octet_length(gram) > char_length(gram) group by gram, tool_id`;
  await sql.raw(insert("true")).execute(db);
  await sql.raw(`create or replace function tool_search_grams_refresh(t integer) returns void language sql as $$
    delete from tool_search_grams where tool_id = t;
    ${insert("tt.tool_id = t")};
  $$`).execute(db);
  await sql.raw(`create or replace function tool_translations_grams() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform tool_search_grams_refresh(old.tool_id); end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.tool_id <> old.tool_id) then perform tool_search_grams_refresh(new.tool_id); end if;
      return null;
    end $$`).execute(db);
  await sql`create trigger tool_translations_grams after insert or delete or update of tool_id, name, tags on tool_translations for each row execute function tool_translations_grams()`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`drop trigger if exists tool_translations_grams on tool_translations`.execute(db);
    await sql`drop function if exists tool_translations_grams()`.execute(db);
    await sql`drop function if exists tool_search_grams_refresh(integer)`.execute(db);
  } else {
    for (const trigger of ["tool_translations_grams_ai", "tool_translations_grams_ad", "tool_translations_grams_au"]) {
      await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
    }
    await sql`delete from search_positions where n > 256`.execute(db);
  }
  await sql`drop table if exists tool_search_grams`.execute(db);
}

import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * `tools.brand_icon` (both engines): the icon package, icon and licence a tool's logo is drawn from, so an
 * export carries it and a re-import draws the same logo.
 *
 * PostgreSQL: lets a bulk load fill `tool_search_grams` in sets instead of
 * per row. The row trigger of migration 0005 recomputes a tool's grams from
 * all its translations on every insert, which made a 100k-tool load 30x
 * slower than on SQLite. A transaction that sets `app.defer_search_grams` to
 * `on` (transaction-local) skips that trigger and calls
 * `tool_search_grams_refresh_many(ids)` before committing (see
 * `app/.server/db/bulk-load.ts`); every other write keeps the row trigger.
 * SQLite's triggers are cheap enough for bulk loads: nothing changes there.
 */
/**
 * Migration 0005's grams. Texts that are all ASCII are skipped before they are cut up: they have no gram
 * outside ASCII, and lower() never turns ASCII into anything else, so the result is the same.
 */
const grams = (column: "name" | "tags", score: number, ids: string) => {
  const where = `tt.tool_id = any(${ids}) and octet_length(tt.${column}) > char_length(tt.${column})`;
  return `
    select tt.tool_id, substr(lower(tt.${column}), n, 1) as gram, ${score} as score from tool_translations tt, generate_series(1, char_length(tt.${column})) as n where ${where}
    union all select tt.tool_id, substr(lower(tt.${column}), n, 2), ${score} from tool_translations tt, generate_series(1, char_length(tt.${column}) - 1) as n where ${where}`;
};
const insert = (ids: string) => `insert into tool_search_grams (gram, tool_id, score)
    select gram, tool_id, max(score) from (${grams("name", 4, ids)} union all ${grams("tags", 3, ids)}) as g
    where octet_length(gram) > char_length(gram) group by gram, tool_id`;

function rowTrigger(deferrable: boolean): string {
  return `create or replace function tool_translations_grams() returns trigger language plpgsql as $$
    begin
      ${deferrable ? "if current_setting('app.defer_search_grams', true) = 'on' then return null; end if;" : ""}
      if tg_op <> 'INSERT' then perform tool_search_grams_refresh(old.tool_id); end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.tool_id <> old.tool_id) then perform tool_search_grams_refresh(new.tool_id); end if;
      return null;
    end $$`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tools").addColumn("brand_icon", "text").execute();
  if (dialectOf(db) === "postgres") await installBulkRefresh(db);
}

/** The set-wise refresh and the row trigger that can be skipped (also how migration 0019 goes back). */
export async function installBulkRefresh(db: Kysely<any>): Promise<void> {
  // Without `jit = off` the planner's estimate for generate_series (1000 rows per text) makes PostgreSQL
  // compile the statement to machine code first: 1.8 s of a 3 s refresh of 2000 tools.
  await sql.raw(`create or replace function tool_search_grams_refresh_many(ids integer[]) returns void language sql set jit = off as $$
    delete from tool_search_grams where tool_id = any(ids);
    ${insert("ids")};
  $$`).execute(db);
  await sql.raw(rowTrigger(true)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tools").dropColumn("brand_icon").execute();
  if (dialectOf(db) !== "postgres") return;
  await sql.raw(rowTrigger(false)).execute(db);
  await sql`drop function if exists tool_search_grams_refresh_many(integer[])`.execute(db);
}

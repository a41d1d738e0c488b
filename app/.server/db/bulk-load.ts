import { sql, type Transaction } from "kysely";
import { dialectOf } from "./dialect";

/**
 * Bulk writes of tools and translations (catalogue import, synthetic catalogues) with the search side
 * tables filled in sets. On PostgreSQL the per-row trigger of `tool_search_grams` is skipped for this
 * transaction (migration 0016) and the grams of every tool the load touched are rebuilt in one statement
 * before it commits; readers never see a half-filled index, and later writes use the trigger as before.
 * On SQLite the triggers stay on: they cost little there.
 *
 * `write` adds the id of every tool whose translations it inserts, changes or deletes to `touched`.
 */
export async function withSearchGramsInSets<T>(trx: Transaction<any>, write: (touched: Set<number>) => Promise<T>): Promise<T> {
  const touched = new Set<number>();
  if (dialectOf(trx) !== "postgres") return write(touched);
  await sql`select set_config('app.defer_search_grams', 'on', true)`.execute(trx);
  const result = await write(touched);
  await sql`select set_config('app.defer_search_grams', 'off', true)`.execute(trx);
  if (touched.size > 0) await sql`select tool_search_grams_refresh_many(${[...touched]}::integer[])`.execute(trx);
  return result;
}

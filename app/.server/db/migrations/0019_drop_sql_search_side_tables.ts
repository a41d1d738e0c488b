import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";
import * as m0005 from "./0005_search_grams";
import * as m0006 from "./0006_search_per_field";
import { installBulkRefresh } from "./0016_bulk_search_sync";

/**
 * Drops the SQL-side search structures over tool and category texts. Search runs on the in-memory index
 * (decision 0013), which reads `tool_translations` itself, so nothing has read these since; every tool
 * write still paid for them (a gram rebuild of the tool's every translation per row, three FTS5 tables,
 * four GIN indexes). What stays: `search_positions` (SQLite's slug-score and e-commerce gram triggers walk
 * strings with it) and the e-commerce search indexes of migration 0013, which the e-commerce list reads.
 *
 * - SQLite: `tool_search_grams` and its triggers (0005), `tool_search_{name,tags,description}` and their
 *   triggers (0006).
 * - PostgreSQL: `tool_search_grams`, its trigger and functions (0005, 0016), and the pg_trgm indexes on
 *   tool and category texts (0003).
 */
const TEXT_INDEXES = ["tool_translations_name_trgm", "tool_translations_tags_trgm", "tool_translations_description_trgm", "category_translations_name_trgm"];
const SQLITE_TRIGGERS = ["tool_translations_grams_ai", "tool_translations_grams_ad", "tool_translations_grams_au", "tool_translations_fields_ai", "tool_translations_fields_ad", "tool_translations_fields_au"];

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`drop trigger if exists tool_translations_grams on tool_translations`.execute(db);
    await sql`drop function if exists tool_translations_grams()`.execute(db);
    await sql`drop function if exists tool_search_grams_refresh_many(integer[])`.execute(db);
    await sql`drop function if exists tool_search_grams_refresh(integer)`.execute(db);
    for (const index of TEXT_INDEXES) await sql.raw(`drop index if exists ${index}`).execute(db);
  } else {
    for (const trigger of SQLITE_TRIGGERS) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
    for (const field of m0006.SEARCH_FIELDS) await sql.raw(`drop table if exists tool_search_${field}`).execute(db);
  }
  await sql`drop table if exists tool_search_grams`.execute(db);
}

/** Rebuilds them from today's texts, as the earlier migrations did. */
export async function down(db: Kysely<any>): Promise<void> {
  await m0005.up(db);
  if (dialectOf(db) === "postgres") {
    await installBulkRefresh(db);
    await sql`create index tool_translations_name_trgm on tool_translations using gin (lower(name) gin_trgm_ops)`.execute(db);
    await sql`create index tool_translations_tags_trgm on tool_translations using gin (lower(tags) gin_trgm_ops)`.execute(db);
    await sql`create index tool_translations_description_trgm on tool_translations using gin (lower(coalesce(description, '')) gin_trgm_ops)`.execute(db);
    await sql`create index category_translations_name_trgm on category_translations using gin (lower(name) gin_trgm_ops)`.execute(db);
  } else {
    await m0006.up(db);
  }
}

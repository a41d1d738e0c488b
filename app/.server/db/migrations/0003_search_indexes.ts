import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";
import { FAMOUS_SLUG_WORDS, SLUG_HASH_MULTIPLIER, SLUG_HASH_OFFSET } from "~/lib/tool-display";

/**
 * Search indexes and the stored slug score.
 *
 * - `tools.slug_score`: the card's heart count (a hash of the slug, see
 *   `heartCount` in `app/lib/tool-display.ts`), kept by the database itself so
 *   every writer gets it and the listing can order and page by it in SQL.
 * - SQLite: an FTS5 table with the trigram tokenizer over every language's
 *   name/tags/description, kept in sync with tool_translations by triggers.
 *   Its rowid encodes tool id and language, so deletes are index lookups.
 * - PostgreSQL: pg_trgm GIN indexes on the same lower-cased columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tools").addColumn("slug_score", "integer", (c) => c.notNull().defaultTo(0)).execute();
  if (dialectOf(db) === "postgres") await upPostgres(db);
  else await upSqlite(db);
  // The listing order of spec 4.6 with nulls last, spelled out because PostgreSQL sorts nulls first
  // in a descending index by default (SQLite puts them last and does not accept the clause in an index).
  const nullsLast = dialectOf(db) === "postgres" ? sql` nulls last` : sql``;
  await sql`create index tools_order_idx on tools (status, pinned desc, manual_priority desc${nullsLast}, slug_score desc, rating desc, review_count desc, created_at desc)`.execute(db);
  // The catalogue cache's change detection reads these maxima on every check: index lookups, not scans.
  await db.schema.createIndex("tools_updated_idx").on("tools").column("updated_at").execute();
  await db.schema.createIndex("tool_translations_updated_idx").on("tool_translations").column("updated_at").execute();
}

/** Same weights as `slugHash` in tool-display.ts; `code(i)` is the code point at 1-based position i. */
function famousCondition(slug: string): string {
  return FAMOUS_SLUG_WORDS.map((word) => `replace(${slug}, '-', '') like '%${word}%'`).join(" or ");
}

function scoreExpression(hash: string, slug: string): string {
  return `case when ${famousCondition(slug)} then 2000 + (${hash}) % 3001 else 50 + (${hash}) % 751 end`;
}

/** The positions table lets SQLite triggers walk a string without recursive CTEs (not allowed there). */
const POSITIONS = 256;

/** Language ordinal inside the FTS rowid (tool_id * 32 + ordinal). */
const LANGUAGE_ORDINALS = ["us-en", "zh-CN", "zh-TW", "ko", "ja", "pt", "es", "de", "fr", "vi", "en", "zh"];
function languageOrdinal(column: string): string {
  const cases = LANGUAGE_ORDINALS.map((code, i) => `when '${code}' then ${i}`).join(" ");
  return `(case ${column} ${cases} else 31 end)`;
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  await sql`create table search_positions (n integer primary key)`.execute(db);
  await sql.raw(`insert into search_positions (n) values ${Array.from({ length: POSITIONS }, (_, i) => `(${i + 1})`).join(",")}`).execute(db);
  const hash = (ref: string) =>
    `(select coalesce(sum(unicode(substr(${ref}, n, 1)) * (${SLUG_HASH_MULTIPLIER} * n + ${SLUG_HASH_OFFSET})), 0) from search_positions where n <= length(${ref}))`;
  await sql.raw(`update tools set slug_score = ${scoreExpression(hash("tools.slug"), "tools.slug")}`).execute(db);
  for (const [name, event] of [["tools_slug_score_ai", "after insert on tools"], ["tools_slug_score_au", "after update of slug on tools"]]) {
    await sql.raw(`create trigger ${name} ${event} begin
      update tools set slug_score = ${scoreExpression(hash("new.slug"), "new.slug")} where id = new.id;
    end`).execute(db);
  }

  await sql`create virtual table tool_search using fts5(name, tags, description, tokenize = 'trigram')`.execute(db);
  const rowid = (ref: "new" | "old") => `(${ref}.tool_id * 32 + ${languageOrdinal(`${ref}.language`)})`;
  const insertNew = `insert or replace into tool_search (rowid, name, tags, description) values (${rowid("new")}, new.name, new.tags, coalesce(new.description, ''));`;
  const deleteOld = `delete from tool_search where rowid = ${rowid("old")};`;
  await sql.raw(`create trigger tool_translations_search_ai after insert on tool_translations begin ${insertNew} end`).execute(db);
  await sql.raw(`create trigger tool_translations_search_ad after delete on tool_translations begin ${deleteOld} end`).execute(db);
  await sql.raw(`create trigger tool_translations_search_au after update on tool_translations begin ${deleteOld} ${insertNew} end`).execute(db);
  await sql.raw(`insert into tool_search (rowid, name, tags, description)
    select tool_id * 32 + ${languageOrdinal("language")}, name, tags, coalesce(description, '') from tool_translations`).execute(db);
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // In public, so per-schema installs (tests, DATABASE_SCHEMA) share one extension found through search_path.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const hash = (ref: string) =>
    `(select coalesce(sum(ascii(substr(${ref}, n, 1)) * (${SLUG_HASH_MULTIPLIER} * n + ${SLUG_HASH_OFFSET})), 0) from generate_series(1, length(${ref})) as n)`;
  await sql.raw(`update tools set slug_score = ${scoreExpression(hash("tools.slug"), "tools.slug")}`).execute(db);
  await sql.raw(`create or replace function tools_slug_score() returns trigger language plpgsql as $$
    begin
      new.slug_score := ${scoreExpression(hash("new.slug"), "new.slug")};
      return new;
    end $$`).execute(db);
  await sql`create trigger tools_slug_score before insert or update of slug on tools for each row execute function tools_slug_score()`.execute(db);
  await sql`create index tool_translations_name_trgm on tool_translations using gin (lower(name) gin_trgm_ops)`.execute(db);
  await sql`create index tool_translations_tags_trgm on tool_translations using gin (lower(tags) gin_trgm_ops)`.execute(db);
  await sql`create index tool_translations_description_trgm on tool_translations using gin (lower(coalesce(description, '')) gin_trgm_ops)`.execute(db);
  await sql`create index category_translations_name_trgm on category_translations using gin (lower(name) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    for (const index of ["tool_translations_name_trgm", "tool_translations_tags_trgm", "tool_translations_description_trgm", "category_translations_name_trgm"]) {
      await sql.raw(`drop index if exists ${index}`).execute(db);
    }
    await sql`drop trigger if exists tools_slug_score on tools`.execute(db);
    await sql`drop function if exists tools_slug_score()`.execute(db);
  } else {
    for (const trigger of ["tool_translations_search_ai", "tool_translations_search_ad", "tool_translations_search_au", "tools_slug_score_ai", "tools_slug_score_au"]) {
      await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
    }
    await sql`drop table if exists tool_search`.execute(db);
    await sql`drop table if exists search_positions`.execute(db);
  }
  await db.schema.dropIndex("tools_order_idx").ifExists().execute();
  await db.schema.dropIndex("tools_updated_idx").ifExists().execute();
  await db.schema.dropIndex("tool_translations_updated_idx").ifExists().execute();
  await db.schema.alterTable("tools").dropColumn("slug_score").execute();
}

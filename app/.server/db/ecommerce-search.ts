import { sql, type RawBuilder } from "kysely";
import { dialectOf } from "./dialect";
import type { DB } from "./index";
import { likeContains, MIN_TRIGRAM_LENGTH } from "./search-words";

/**
 * Text matching of e-commerce tools, the one place where the engines differ
 * for it (indexes: migration 0013). A word matches a tool when it is a
 * case-insensitive substring of the tool's name or description in any
 * language (its base row or a translation). Scores: name 4 > description 1,
 * as in `search.ts`; tags and taxonomy names are matched by the caller.
 *
 * - 3+ characters: SQLite FTS5 trigram phrase queries, PostgreSQL LIKE served
 *   by the pg_trgm GIN indexes.
 * - 1-2 characters outside ASCII: the name gram table (one index range).
 * - 1-2 ASCII characters: names only, by a scan (such words match much of
 *   the catalogue anyway).
 */
export const ECOMMERCE_TEXT_SCORE = { name: 4, description: 1 } as const;

export interface EcommerceTextMatch {
  tool_id: number;
  score: number;
}

const hasNonAscii = (word: string) => [...word].some((char) => char.codePointAt(0)! > 127);

function wordQuery(db: DB, word: string): RawBuilder<EcommerceTextMatch> {
  const pg = dialectOf(db) === "postgres";
  const short = [...word].length < MIN_TRIGRAM_LENGTH;
  const { name, description } = ECOMMERCE_TEXT_SCORE;
  if (short && hasNonAscii(word)) {
    return sql<EcommerceTextMatch>`select tool_id, ${sql.lit(name)} as score from ecommerce_search_grams where gram = ${word}`;
  }
  const pattern = likeContains(word);
  if (!pg && !short) {
    const phrase = `"${word.replace(/"/g, '""')}"`;
    const field = (table: string, score: number) =>
      sql`select rowid / 32 as tool_id, ${sql.lit(score)} as score from ${sql.table(table)} where ${sql.table(table)} match ${phrase}`;
    return sql<EcommerceTextMatch>`select tool_id, max(score) as score from (
      ${field("ecommerce_search_name", name)} union all ${field("ecommerce_search_description", description)}
    ) as w group by tool_id`;
  }
  const lower = (column: string) => (pg ? sql`lower(coalesce(${sql.ref(column)}, ''))` : sql`coalesce(${sql.ref(column)}, '')`);
  const like = (column: string) => sql`${lower(column)} like ${pattern} escape '\\'`;
  const describes = (column: string) => (short ? sql`false` : like(column));
  return sql<EcommerceTextMatch>`select tool_id, max(score) as score from (
    select t.id as tool_id, case when ${like("t.name")} then ${sql.lit(name)} else ${sql.lit(description)} end as score
      from ecommerce_tools t where ${like("t.name")} or ${describes("t.description")}
    union all
    select tt.tool_id, case when ${like("tt.name")} then ${sql.lit(name)} else ${sql.lit(description)} end
      from ecommerce_tool_translations tt where ${like("tt.name")} or ${describes("tt.description")}
  ) as w group by tool_id`;
}

/** Tools whose names or descriptions contain `word`, with their best score. */
export async function ecommerceTextMatches(db: DB, word: string): Promise<EcommerceTextMatch[]> {
  const { rows } = await wordQuery(db, word).execute(db);
  return rows.map((r) => ({ tool_id: Number(r.tool_id), score: Number(r.score) }));
}

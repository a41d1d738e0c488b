import { sql, type RawBuilder } from "kysely";
import type { DB } from "./index";
import { dialectOf } from "./dialect";

/**
 * Full-text matching of tools, the one place where the two engines differ.
 *
 * A term matches a tool when it is a case-insensitive substring of the
 * tool's name, tags or description in any language, or of the name (any
 * language) or slug of one of its categories. Each match is scored so the
 * caller can rank: name > tag > category > description.
 *
 * Words of 3+ characters use the trigram indexes (SQLite: one FTS5
 * `trigram` table per field; PostgreSQL: one `pg_trgm` GIN index per field). Trigrams cannot serve 1-2 characters, which
 * match names and tags only: outside ASCII (typical Chinese, Japanese and
 * Korean queries such as 聊天) through the `tool_search_grams` side index,
 * identical on both engines; ASCII ones (which match much of the catalogue
 * anyway) by a scan.
 * Several words must all match; their scores add up.
 */
export const SCORE = { name: 4, tag: 3, category: 2, description: 1 } as const;
export const MIN_TRIGRAM_LENGTH = 3;
const MAX_WORDS = 5;
/** The best score a tool can reach: a name match for every word. */
export const MAX_SCORE = SCORE.name * MAX_WORDS;

export interface ToolMatch {
  tool_id: number;
  score: number;
}

/** Splits a search term into the words that must all match (at most five, deduplicated). */
export function searchWords(term: string): string[] {
  const words = term.toLowerCase().normalize("NFKC").split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

export function likeContains(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function categoryMatches(pattern: string, pg: boolean): RawBuilder<ToolMatch> {
  const name = pg ? sql`lower(ct.name)` : sql`ct.name`;
  return sql<ToolMatch>`select tc.tool_id as tool_id, ${sql.lit(SCORE.category)} as score
    from tool_categories tc
    where tc.category_id in (
      select ct.category_id from category_translations ct where ${name} like ${pattern} escape '\\'
      union select c.id from categories c where c.slug like ${pattern} escape '\\'
    )`;
}

/** Outside ASCII: served by the gram side index (migration 0005). */
function hasNonAscii(word: string): boolean {
  return [...word].some((char) => char.codePointAt(0)! > 127);
}

/** Matches of one word with their best score per tool. */
function wordMatches(db: DB, word: string): RawBuilder<ToolMatch> {
  const pg = dialectOf(db) === "postgres";
  const pattern = likeContains(word);
  const short = [...word].length < MIN_TRIGRAM_LENGTH;
  const s = SCORE;
  if (short && hasNonAscii(word)) {
    // A 1-2 character word is a substring exactly when it is one of the stored grams: one index range.
    return sql<ToolMatch>`select tool_id, max(score) as score from (
      select g.tool_id as tool_id, g.score as score from tool_search_grams g where g.gram = ${word}
      union all ${categoryMatches(pattern, pg)}
    ) as w group by tool_id`;
  }
  if (!pg && !short) {
    // One phrase query per field's own trigram table (migration 0006): index reads only, no row content or LIKE.
    const phrase = `"${word.replace(/"/g, '""')}"`;
    const field = (table: string, score: number) =>
      sql`select rowid / 32 as tool_id, ${sql.lit(score)} as score from ${sql.table(table)} where ${sql.table(table)} match ${phrase}`;
    return sql<ToolMatch>`select tool_id, max(score) as score from (
      ${field("tool_search_name", s.name)}
      union all ${field("tool_search_tags", s.tag)}
      union all ${field("tool_search_description", s.description)}
      union all ${categoryMatches(pattern, pg)}
    ) as w group by tool_id`;
  }
  const name = pg ? sql`lower(tt.name)` : sql`tt.name`;
  const tags = pg ? sql`lower(tt.tags)` : sql`tt.tags`;
  // The description is only searched where an index serves it (3+ characters).
  const description = short ? sql`false` : sql`lower(coalesce(tt.description, '')) like ${pattern} escape '\\'`;
  return sql<ToolMatch>`select tool_id, max(score) as score from (
    select tt.tool_id as tool_id,
      case when ${name} like ${pattern} escape '\\' then ${sql.lit(s.name)}
           when ${tags} like ${pattern} escape '\\' then ${sql.lit(s.tag)}
           else ${sql.lit(s.description)} end as score
    from tool_translations tt
    where ${name} like ${pattern} escape '\\' or ${tags} like ${pattern} escape '\\' or ${description}
    union all ${categoryMatches(pattern, pg)}
  ) as w group by tool_id`;
}

/**
 * A derived table `(tool_id, score)` of tools matching every word of the
 * term, or null for a blank term.
 */
export function toolMatches(db: DB, term: string): RawBuilder<ToolMatch> | null {
  const words = searchWords(term);
  if (words.length === 0) return null;
  const [first, ...rest] = words.map((word) => wordMatches(db, word));
  if (rest.length === 0) return first!;
  const joins = rest.map((m, i) => sql`inner join (${m}) as ${sql.ref(`w${i + 1}`)} on ${sql.ref(`w${i + 1}.tool_id`)} = w0.tool_id`);
  const total = sql.join([sql`w0.score`, ...rest.map((_, i) => sql.ref(`w${i + 1}.score`))], sql` + `);
  return sql<ToolMatch>`select w0.tool_id as tool_id, ${total} as score from (${first!}) as w0 ${sql.join(joins, sql` `)}`;
}

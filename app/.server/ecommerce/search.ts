import { rememberBounded } from "~/lib/bounded-map";
import type { DB } from "../db";
import { ecommerceTextMatches } from "../db/ecommerce-search";
import { searchWords } from "../db/search-words";
import { add, emptySet, or, type Bitset } from "../facets/bitset";
import type { SearchScores } from "./facets";
import { normalize, searchableNames, type SearchableNames } from "./labels";
import type { Snapshot } from "./snapshot";

/**
 * Free-text search of the e-commerce directory. Every word must match; a word
 * matches a tool's name or description in any language (database indexes,
 * `db/ecommerce-search.ts`), one of its tags in any language (score 3), or the
 * name of one of its categories, filters or platforms in any language (score 2).
 * The taxonomy is small, so its names are matched in memory.
 */
const SCORE = { tag: 3, taxonomy: 2 } as const;
const MEMO_LIMIT = 300;

export interface SearchResult {
  matches: Bitset;
  scores: SearchScores;
}

function namesOf(snapshot: Snapshot): Promise<SearchableNames> {
  return rememberBounded(snapshot.memo, "names", MEMO_LIMIT, () => searchableNames(snapshot)) as Promise<SearchableNames>;
}

async function wordScores(db: DB, snapshot: Snapshot, word: string): Promise<Map<number, number>> {
  const [text, names] = await Promise.all([ecommerceTextMatches(db, word), namesOf(snapshot)]);
  const scores = new Map<number, number>();
  const raise = (position: number, score: number) => {
    if ((scores.get(position) ?? 0) < score) scores.set(position, score);
  };
  for (const match of text) {
    const position = snapshot.positionOf.get(match.tool_id);
    if (position !== undefined) raise(position, match.score);
  }
  const members = (sets: Bitset[], score: number) => {
    if (sets.length === 0) return;
    const union = emptySet(snapshot.size);
    for (const set of sets) or(union, set);
    for (let w = 0; w < union.length; w++) {
      let bits = union[w]!;
      while (bits) {
        const low = bits & -bits;
        raise(w * 32 + 31 - Math.clz32(low), score);
        bits ^= low;
      }
    }
  };
  const hits = <K>(map: Map<K, string[]>) => [...map].filter(([, list]) => list.some((name) => name.includes(word))).map(([key]) => key);
  members(hits(names.tags).map((id) => snapshot.tagMembers.get(id)).filter((s): s is Bitset => Boolean(s)), SCORE.tag);
  const taxonomy = [
    ...hits(names.categories).map((slug) => snapshot.values.categories.get(slug)),
    ...hits(names.filters).map((slug) => snapshot.values.filters.get(slug)),
    ...snapshot.taxonomy.platforms.filter((p) => normalize(`${p.name} ${p.slug}`).includes(word)).map((p) => snapshot.values.platforms.get(p.slug)),
  ];
  members(taxonomy.filter((s): s is Bitset => Boolean(s)), SCORE.taxonomy);
  return scores;
}

async function runSearch(db: DB, snapshot: Snapshot, words: string[]): Promise<SearchResult> {
  const perWord = await Promise.all(words.map((word) => wordScores(db, snapshot, word)));
  const byPosition = new Uint8Array(snapshot.size);
  const matches = emptySet(snapshot.size);
  const levels = new Set<number>();
  const [first, ...rest] = perWord;
  for (const [position, score] of first!) {
    let total = score;
    for (const other of rest) {
      const more = other.get(position);
      if (more === undefined) {
        total = 0;
        break;
      }
      total += more;
    }
    if (total === 0) continue;
    byPosition[position] = total;
    levels.add(total);
    add(matches, position);
  }
  return { matches, scores: { byPosition, levels: [...levels].sort((a, b) => b - a) } };
}

/** Matches of a search term (null for a blank one), kept for this catalogue state. */
export function searchEcommerce(db: DB, snapshot: Snapshot, term: string): Promise<SearchResult> | null {
  const words = searchWords(term);
  if (words.length === 0) return null;
  const key = `search:${words.join(" ")}`;
  const result = rememberBounded(snapshot.memo, key, MEMO_LIMIT, () => runSearch(db, snapshot, words)) as Promise<SearchResult>;
  result.catch(() => snapshot.memo.delete(key));
  return result;
}

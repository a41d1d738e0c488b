import { foldText, segmentCjk, textPieces, typoBudget } from "~/lib/search-text";
import { matchCompound } from "./compounds";
import { APPROXIMATE, EXACT, Matcher, PREFIX, SYNONYM, type QueryWord, type Route } from "./matcher";
import { gramKey, type SearchIndex } from "./text-index";
import { findTerm, formTerms, prefixRange, typoTerms, type TermFilter } from "./term-lookup";
import { asView, hasGram, type SearchView } from "./view";

/**
 * Matching and ranking of a query against the index, as the search engines people know do it
 * (Algolia, Meilisearch, Typesense): a tool matches when any word of the query does, and is ranked by
 *   1. how many of the query's words it matches; words that say little (found in over a fifth of the
 *      catalogue, like "AI" in an AI directory, or a lone CJK character beside longer words) are optional:
 *      they only order tools that tie on everything else (7.), and alone they make no match,
 *   2. typos (word forms and matches inside a word count as one),
 *   3. field: name > main category > other category > tag > description,
 *   4. proximity: the most query words found in one name, tag, description or category name,
 *   5. exactness: whole words > synonyms > prefixes > typos,
 *   6. coverage: in how many fields (name, categories, tags) the words were found without a typo, so that
 *      among a category's tools the ones whose own texts are about the query come first,
 *   7. how many optional words it matches,
 * and then (by the caller) the chosen sort. The rank is one integer per tool, lower first.
 */
export const MAX_QUERY_WORDS = 8;
/** Words a prefix or a typo may expand to, per query word. */
const MAX_EXPANSIONS = 60;

export type { QueryWord } from "./matcher";

const MAX_COVERAGE = 15;
/** A word found in more than this share of the catalogue is optional (when the query has other words). */
const COMMON_WORD_SHARE = 0.2;
/** Bound of every rank (< 2^29), so that rank * 2^24 + position stays an exact double. */
export const RANK_LIMIT = MAX_QUERY_WORDS * 25 * 41 * 9 * 25 * (MAX_QUERY_WORDS + 1) * (MAX_COVERAGE + 1);

/**
 * The query's words: folded, spaced-script words as typed, CJK runs segmented by `Intl.Segmenter` (single
 * characters the segmenter left alone are joined again when the pair occurs in the catalogue: 编程 split
 * into 编|程 is searched as 编程), at most eight, duplicates dropped.
 */
export function queryWords(index: SearchView, raw: string): QueryWord[] {
  const words: QueryWord[] = [];
  const seen = new Set<string>();
  const add = (text: string, cjk: boolean) => {
    if (seen.has(text) || words.length >= MAX_QUERY_WORDS) return;
    seen.add(text);
    words.push({ text, cjk });
  };
  for (const piece of textPieces(foldText(raw), false)) {
    if (!piece.cjk) {
      add(piece.text, false);
      continue;
    }
    const segments = segmentCjk(piece.text);
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i]!;
      const next = segments[i + 1];
      if ([...segment].length === 1 && next && [...next].length === 1 && hasGram(index, gramKey(segment.codePointAt(0)!, next.codePointAt(0)!))) {
        add(segment + next, true);
        i++;
      } else add(segment, true);
    }
  }
  return words;
}

/** Up to `max` words from `start` to `end` that count (`accept`), in dictionary order. */
function countingTerms(start: number, end: number, max: number, accept: TermFilter): number[] {
  const found: number[] = [];
  for (let id = Math.max(start, 0); id < end && found.length < max; id++) if (!accept || accept(id)) found.push(id);
  return found;
}

/** Everything a spaced-script word may match, best first: the word, its synonyms, prefixes, typos, forms. */
function matchWord(matcher: Matcher, i: number, text: string, last: boolean): void {
  const { index } = matcher;
  const { liveTerm, liveNameTerm } = index;
  const taken = new Set<number>();
  const term = (id: number, typos: number, exactness: number, route: Route = "clean") => {
    if (id < 0 || taken.has(id)) return;
    taken.add(id);
    matcher.term(i, id, typos, exactness, route);
  };
  term(findTerm(index.terms, text), 0, EXACT);
  for (const synonym of index.synonyms.get(text) ?? []) {
    if (textPieces(synonym, false).some((piece) => piece.cjk)) matcher.cjk(i, synonym, SYNONYM);
    else term(findTerm(index.terms, synonym), 0, SYNONYM);
  }
  matchCompound(matcher, i, text);
  if (last) {
    // Shortest completions first: they are closest to what was typed.
    const [start, end] = prefixRange(index.terms, text);
    const completions = countingTerms(start, end, 2_000, liveTerm);
    completions.sort((a, b) => index.terms[a]!.length - index.terms[b]!.length || a - b);
    for (const id of completions.slice(0, MAX_EXPANSIONS)) term(id, 0, PREFIX);
  }
  const budget = typoBudget(text);
  if (budget > 0) {
    const hits = typoTerms(index.terms, text, budget, last, MAX_EXPANSIONS * 4, liveTerm);
    hits.sort((a, b) => a.distance - b.distance);
    for (const hit of hits.slice(0, MAX_EXPANSIONS)) {
      if (hit.distance === 0) term(hit.term, 0, PREFIX);
      else term(hit.term, hit.distance, APPROXIMATE, "typo");
    }
  }
  for (const id of formTerms(index.terms, text, MAX_EXPANSIONS, liveTerm)) term(id, 1, APPROXIMATE);
  if (text.length >= 3) {
    // Inside a name word ("gpt" in "chatgpt"): names only, where people expect it.
    let found = 0;
    for (const id of index.nameTerms) {
      if (found >= MAX_EXPANSIONS) break;
      const name = index.terms[id]!;
      if (name.length > text.length && name.includes(text) && !taken.has(id) && (!liveNameTerm || liveNameTerm(id))) {
        term(id, 1, APPROXIMATE);
        found++;
      }
    }
  }
}

/**
 * Bit mask of the words that are optional: lone CJK characters beside longer words, and words found in more
 * than a fifth of the catalogue and at least twice as often as the query's rarest word.
 */
function optionalWords(words: QueryWord[], counts: number[], size: number): number {
  let optional = 0;
  // Longer words that found something: a lone CJK character beside them is optional.
  const longer = words.some((word, i) => [...word.text].length > 1 && counts[i]! > 0);
  const rarest = Math.min(...counts.filter((count) => count > 0));
  words.forEach((word, i) => {
    const common = counts[i]! > size * COMMON_WORD_SHARE && counts[i]! >= 2 * rarest;
    if (common || (word.cjk && [...word.text].length === 1 && longer)) optional |= 1 << i;
  });
  // Unless some other word found something, no word is optional.
  return words.some((_, i) => !(optional & (1 << i)) && counts[i]! > 0) ? optional : 0;
}

/** Two typed words that the catalogue writes as one ("eleven labs", "note book") match that word, for both. */
function joinNeighbours(matcher: Matcher, words: QueryWord[]): void {
  const { terms, liveTerm } = matcher.index;
  for (let i = 0; i + 1 < words.length; i++) {
    if (words[i]!.cjk || words[i + 1]!.cjk) continue;
    const joined = words[i]!.text + words[i + 1]!.text;
    const last = i + 2 === words.length;
    const [start, end] = last ? prefixRange(terms, joined) : [findTerm(terms, joined), findTerm(terms, joined) + 1];
    for (const id of countingTerms(start, end, 10, liveTerm)) {
      const exactness = terms[id] === joined ? EXACT : PREFIX;
      matcher.term(i, id, 0, exactness);
      matcher.term(i + 1, id, 0, exactness);
    }
  }
}

export interface QueryMatches {
  /** Matching tool ids. */
  ids: Int32Array;
  /** Rank of each (lower first), below RANK_LIMIT. */
  ranks: Int32Array;
}

function popcount(value: number): number {
  let count = 0;
  for (let v = value; v; v &= v - 1) count++;
  return count;
}

/** Every tool matching at least one word of the query, with its rank. */
export function matchQuery(indexOrView: SearchIndex | SearchView, raw: string): QueryMatches {
  const index = asView(indexOrView);
  const words = queryWords(index, raw);
  const matcher = new Matcher(index, words);
  words.forEach((word, i) => {
    if (word.cjk) {
      matcher.cjk(i, word.text, EXACT);
      for (const synonym of index.synonyms.get(word.text) ?? []) {
        if (textPieces(synonym, false).some((piece) => piece.cjk)) matcher.cjk(i, synonym, SYNONYM);
        else {
          const id = findTerm(index.terms, synonym);
          if (id >= 0) matcher.term(i, id, 0, SYNONYM);
        }
      }
    } else matchWord(matcher, i, word.text, i === words.length - 1);
  });
  joinNeighbours(matcher, words);
  matcher.dropTypoOnly();
  const count = words.length;
  const optional = optionalWords(words, matcher.counts, index.liveTools);
  const { states, mask, categoryMask } = matcher;
  // With words that say something, a tool that matches only optional ones ("de", "ai") is no result; nor one
  // whose every match was a typo dropped above.
  const kept = matcher.touched.filter((tool) => mask[tool]! & ~optional);
  const ids = new Int32Array(kept.length);
  const ranks = new Int32Array(kept.length);
  // Per word, its arrays (the loop below reads them for every kept tool).
  const bests = states.map((state) => state.best);
  const slots = states.map((state) => state.slot);
  const fieldSets = states.map((state) => state.fields);
  const { toolCategoryStart, toolCategoryList, toolIds } = index;
  for (let n = 0; n < kept.length; n++) {
    const tool = kept[n]!;
    const matched = mask[tool]!;
    let words = 0;
    let typos = 0;
    let fields = 0;
    let exactness = 0;
    let coverage = 0;
    let optionalMatched = 0;
    for (let i = 0; i < count; i++) {
      if (!(matched & (1 << i))) continue;
      if (optional & (1 << i)) {
        optionalMatched++;
        continue;
      }
      coverage += popcount(fieldSets[i]![tool]!);
      const key = bests[i]![tool]!;
      words++;
      typos += key >> 5;
      fields += (key >> 2) & 7;
      exactness += key & 3;
    }
    let proximity = 1;
    if (words + optionalMatched > 1) {
      for (let i = 0; i < count; i++) {
        if (!(matched & (1 << i))) continue;
        const slot = slots[i]![tool]!;
        let together = 0;
        for (let j = 0; j < count; j++) if (matched & (1 << j) && slots[j]![tool] === slot) together++;
        if (together > proximity) proximity = together;
      }
      for (let k = toolCategoryStart[tool]!; k < toolCategoryStart[tool + 1]!; k++) {
        const together = popcount(categoryMask[toolCategoryList[k]!]! & matched);
        if (together > proximity) proximity = together;
      }
    }
    ids[n] = toolIds[tool]!;
    const relevance = ((((MAX_QUERY_WORDS - words) * 25 + typos) * 41 + fields) * 9 + (MAX_QUERY_WORDS - proximity)) * 25 + exactness;
    ranks[n] = (relevance * (MAX_COVERAGE + 1) + (MAX_COVERAGE - Math.min(coverage, MAX_COVERAGE))) * (MAX_QUERY_WORDS + 1) + (MAX_QUERY_WORDS - optionalMatched);
  }
  return { ids, ranks };
}

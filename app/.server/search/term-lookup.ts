/**
 * Lookups in a sorted array of distinct words (the index's dictionary): exact, prefix ranges, typo-tolerant
 * matches and word forms. The typo walk visits the dictionary as the trie it implicitly is (neighbours in
 * sorted order share prefixes), keeps one row of the edit-distance table per depth, and skips every word
 * below a prefix that is already too far from the query, so a 9-letter word with two typos looks at a few
 * thousand prefixes instead of the whole dictionary, without any memory beyond the sorted array.
 */

export function lowerBound(sorted: readonly string[], value: string, from = 0): number {
  let lo = from;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of `word`, or -1. */
export function findTerm(sorted: readonly string[], word: string): number {
  const at = lowerBound(sorted, word);
  return sorted[at] === word ? at : -1;
}

/** [start, end) of the words that start with `prefix`. */
export function prefixRange(sorted: readonly string[], prefix: string, from = 0): [number, number] {
  const start = lowerBound(sorted, prefix, from);
  // Every word with the prefix sorts below the prefix followed by the highest UTF-16 unit.
  return [start, lowerBound(sorted, `${prefix}\uffff`, start)];
}

export interface TermHit {
  term: number;
  distance: number;
}

/**
 * Which words of the dictionary still count: a search index patched with changed tools (`overlay.ts`) keeps
 * words that only the changed tools had, and they must neither match nor take the place of a word that
 * does. Undefined: every word counts.
 */
export type TermFilter = ((term: number) => boolean) | undefined;

/**
 * Words within `max` typos (optimal string alignment) of `word`; with `prefix`, words that have a prefix
 * within `max` typos (the distance is the best over their prefixes). At most `limit` hits, of the words
 * `accept` takes (the walk is over the whole dictionary: a word's distance depends on it alone).
 */
export function typoTerms(sorted: readonly string[], word: string, max: number, prefix: boolean, limit: number, accept?: TermFilter): TermHit[] {
  const n = word.length;
  const hits: TermHit[] = [];
  if (max <= 0 || n === 0) return hits;
  const hit = (term: number, distance: number) => {
    if (!accept || accept(term)) hits.push({ term, distance });
  };
  const rows: Int32Array[] = [Int32Array.from({ length: n + 1 }, (_, j) => j)];
  // Best distance of any prefix of the current path (prefix mode), per depth.
  const pathBest: number[] = [n];
  let path = "";
  let i = 0;
  while (i < sorted.length && hits.length < limit) {
    const term = sorted[i]!;
    let depth = 0;
    const shared = Math.min(term.length, path.length);
    while (depth < shared && term.charCodeAt(depth) === path.charCodeAt(depth)) depth++;
    for (;;) {
      const row = rows[depth]!;
      let rowMin = row[0]!;
      for (let j = 1; j <= n; j++) if (row[j]! < rowMin) rowMin = row[j]!;
      if (depth > 0 && rowMin > max) {
        // No longer word under this prefix can come back within `max`: skip them all.
        const end = prefixRange(sorted, term.slice(0, depth), i)[1];
        if (prefix && pathBest[depth]! <= max) for (let k = i; k < end && hits.length < limit; k++) hit(k, pathBest[depth]!);
        path = term.slice(0, depth);
        i = end;
        break;
      }
      if (prefix && pathBest[depth] === 0) {
        // An exact prefix: every word below it matches without a typo.
        const end = prefixRange(sorted, term.slice(0, depth), i)[1];
        for (let k = i; k < end && hits.length < limit; k++) hit(k, 0);
        path = term.slice(0, depth);
        i = end;
        break;
      }
      if (depth === term.length) {
        const distance = prefix ? pathBest[depth]! : row[n]!;
        if (distance <= max) hit(i, distance);
        path = term;
        i++;
        break;
      }
      const next = (rows[depth + 1] ??= new Int32Array(n + 1));
      const before = depth > 0 ? rows[depth - 1]! : undefined;
      const char = term.charCodeAt(depth);
      const previousChar = depth > 0 ? term.charCodeAt(depth - 1) : -1;
      next[0] = depth + 1;
      for (let j = 1; j <= n; j++) {
        const cost = word.charCodeAt(j - 1) === char ? 0 : 1;
        let value = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + cost);
        if (before && j > 1 && word.charCodeAt(j - 1) === previousChar && word.charCodeAt(j - 2) === char) value = Math.min(value, before[j - 2]! + 1);
        next[j] = value;
      }
      pathBest[depth + 1] = Math.min(pathBest[depth]!, next[n]!);
      depth++;
    }
  }
  return hits;
}

/**
 * Other forms of a word that share its stem-like beginning (generator / generation, assistant / assistance,
 * imagem / imagens, Programmierassistent / Programmierhilfe): words sharing a beginning of at least four
 * characters and 60% of the longer word (eight characters always suffice, for compounds); when one word is
 * the other's beginning, only an ending of up to two characters (tool / tools, code / coder, but not
 * chat / chatgpt or note / notebook). Without a stemming library for ten languages this is the
 * language-independent part of word-form matching; the synonym list covers the rest (code / coding).
 */
function sharedNeeded(length: number): number {
  return Math.max(4, Math.min(8, Math.ceil(length * 0.6)));
}

export function formTerms(sorted: readonly string[], word: string, limit: number, accept?: TermFilter): number[] {
  const shared = sharedNeeded(word.length);
  if (shared > word.length) return [];
  const [start, end] = prefixRange(sorted, word.slice(0, shared));
  const found: number[] = [];
  // The first `limit * 20` words of the range that count are looked at.
  let looked = 0;
  for (let k = start; k < end && looked < limit * 20 && found.length < limit; k++) {
    if (accept && !accept(k)) continue;
    looked++;
    const term = sorted[k]!;
    if (term === word) continue;
    let common = shared;
    while (common < term.length && common < word.length && term.charCodeAt(common) === word.charCodeAt(common)) common++;
    const ending = common === Math.min(term.length, word.length) ? Math.abs(term.length - word.length) : 0;
    if (common >= sharedNeeded(Math.max(term.length, word.length)) && ending <= 2) found.push(k);
  }
  return found;
}

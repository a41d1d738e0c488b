/**
 * Autocomplete ranking (spec 4.6), shared by the browser (small catalogues,
 * whole index downloaded) and the server endpoint (large catalogues), so
 * both give the same suggestions:
 *   0. a name (any language) starts with the query
 *   1. a name contains the query
 *   2. a tag contains the query
 *   3. a name has a word that starts with the query give or take a typo (one for 5+ characters, two for
 *      9+: "chatgtp" suggests ChatGPT, "midjurn" Midjourney)
 *   4. the query's characters appear in order in a name (subsequence)
 * Ties keep index order, which is the listing order (most popular first).
 */
import { foldText, isCjk, typoBudget, typoDistance, wordStarts } from "./search-text";

export const AUTOCOMPLETE_LIMIT = 8;

/** One entry of `/autocomplete-index.json`. */
export interface AutocompleteEntry {
  /** Name in the requested language (spec fields: name, slug, image_url). */
  name: string;
  slug: string;
  image_url: string | null;
  /** Names in the tool's other languages, lower-cased. */
  names?: string[];
  /** Tags in every language, lower-cased. */
  tags?: string[];
}

export interface AutocompleteIndexFile {
  /** "full": `entries` holds the whole catalogue; "remote": ask `endpoint?q=` instead. */
  mode: "full" | "remote";
  endpoint: string;
  entries: AutocompleteEntry[];
}

export interface AutocompleteResult {
  items: Array<Pick<AutocompleteEntry, "name" | "slug" | "image_url">>;
  /** More matches exist than the ones shown. */
  more: boolean;
}

export function normalizeQuery(query: string): string {
  return query.normalize("NFKC").trim().toLowerCase();
}

export function isSubsequence(needle: string, haystack: string): boolean {
  const chars = [...needle];
  if (chars.length === 0) return true;
  let i = 0;
  for (const char of haystack) {
    if (char === chars[i]) i++;
    if (i === chars.length) return true;
  }
  return false;
}

/** The folded query and its typo budget, when typos apply (spaced scripts only). */
export function typoQuery(query: string): { folded: string; budget: number } | null {
  const folded = foldText(query);
  const budget = typoBudget(folded);
  return budget > 0 && ![...folded].some(isCjk) ? { folded, budget } : null;
}

/** Where a typed prefix may start in a name: its words of spaced scripts, folded. */
export function typoStarts(name: string): string[] {
  return wordStarts(foldText(name)).filter((start) => !isCjk(start[0]!));
}

/** Match tier of one entry (0 best), or -1 when it does not match. */
export function matchTier(entry: AutocompleteEntry, query: string, typos = typoQuery(query)): number {
  const names = [entry.name.toLowerCase(), ...(entry.names ?? [])];
  if (names.some((n) => n.startsWith(query))) return 0;
  if (names.some((n) => n.includes(query))) return 1;
  if (entry.tags?.some((t) => t.includes(query))) return 2;
  if (typos && names.some((n) => typoStarts(n).some((start) => typoDistance(typos.folded, start, typos.budget, true) >= 0))) return 3;
  if (names.some((n) => isSubsequence(query, n))) return 4;
  return -1;
}

/** Ranks the whole index for a query: at most `limit` items, best tier first, index order within a tier. */
export function rankAutocomplete(entries: readonly AutocompleteEntry[], rawQuery: string, limit = AUTOCOMPLETE_LIMIT): AutocompleteResult {
  const query = normalizeQuery(rawQuery);
  if (!query) return { items: [], more: false };
  const tiers: AutocompleteEntry[][] = [[], [], [], [], []];
  const typos = typoQuery(query);
  for (const entry of entries) {
    const tier = matchTier(entry, query, typos);
    if (tier >= 0) tiers[tier]!.push(entry);
  }
  const ranked = tiers.flat();
  return {
    items: ranked.slice(0, limit).map(({ name, slug, image_url }) => ({ name, slug, image_url })),
    more: ranked.length > limit,
  };
}

import { AUTOCOMPLETE_LIMIT, normalizeQuery, typoQuery, type AutocompleteEntry, type AutocompleteResult } from "~/lib/autocomplete";
import { z } from "zod";
import { DEFAULT_LANG, isLang } from "~/i18n/languages";
import { pickLocalized } from "~/lib/language-fallback";
import type { DB } from "../db";
import { getFixedT } from "../i18n";
import { typoTerms } from "../search/term-lookup";
import { AUTOCOMPLETE_SCOPES } from "../catalog/scopes";
import { catalogGeneration, checkCatalogFreshness } from "./cache";
import { findKey, PostingCursor, type PackedPostings } from "../compact/packed-postings";
import { buildIndex, gramKey, type ServerIndex } from "./autocomplete-index";

/**
 * The server side of autocomplete: the same ranking as `rankAutocomplete`
 * (app/lib/autocomplete.ts) over an in-memory index (`./autocomplete-index`, compact: typed arrays and
 * string pools), so a 100k catalogue answers in about a millisecond, including 1-2 character Chinese,
 * Japanese or Korean queries:
 * - prefix matches come from the names sorted (binary search);
 * - substring matches walk the posting list of the query's rarest
 *   character pair (or single character), which is already in rank order;
 * - matches with typos walk the sorted word starts of every name (`typoTerms`);
 * - subsequence matches scan in rank order with a fixed budget.
 */
const SUBSEQUENCE_BUDGET = 3_000;
/** Distinct name word starts a typo lookup may return. */
const TYPO_HITS = 2_000;

/** Postings of the query's rarest gram: every entry containing the query is in them. */
function candidates(grams: PackedPostings, query: string): PostingCursor {
  const codes = Array.from(query, (char) => char.codePointAt(0)!);
  const keys = codes.length === 1 ? [gramKey(codes[0]!)] : codes.slice(1).map((code, i) => gramKey(codes[i]!, code));
  let best = -1;
  for (const key of keys) {
    const found = findKey(grams, key);
    if (found < 0) return new PostingCursor(grams, -1);
    if (best < 0 || grams.counts[found]! < grams.counts[best]!) best = found;
  }
  return new PostingCursor(grams, best);
}

/** [start, end) of the sorted names that start with `query` (they sort together). */
function prefixRange(index: ServerIndex, query: string): [number, number] {
  const { text, sortedKeyText } = index;
  const search = (before: (id: number) => boolean) => {
    let lo = 0;
    let hi = sortedKeyText.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(sortedKeyText[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const start = search((id) => text.compare(id, query) < 0);
  return [start, search((id) => text.compare(id, query) < 0 || text.startsWith(id, query))];
}

/** Lower-cased names of entry `i`. */
function keysOf(index: ServerIndex, i: number): string[] {
  return Array.from(index.keyText.subarray(index.keyOffsets[i]!, index.keyOffsets[i + 1]!), (id) => index.text.get(id));
}

/** Tags of entry `i`. */
function tagsOf(index: ServerIndex, i: number): string[] {
  return Array.from(index.tagIds.subarray(index.tagOffsets[i]!, index.tagOffsets[i + 1]!), (id) => index.tags.get(id));
}

/** Keeps `list` as the `max` smallest distinct values seen, ascending (a tiny insertion sort). */
function insertSmallest(list: number[], value: number, max: number): void {
  if (list.length >= max && value >= list[list.length - 1]!) return;
  let at = list.length;
  while (at > 0 && list[at - 1]! > value) at--;
  if (list[at - 1] === value) return;
  list.splice(at, 0, value);
  if (list.length > max) list.pop();
}

/** Ranked suggestions from the in-memory index (same order as `rankAutocomplete`). */
export function queryIndex(index: ServerIndex, lang: string, rawQuery: string, limit = AUTOCOMPLETE_LIMIT): AutocompleteResult {
  const query = normalizeQuery(rawQuery);
  if (!query) return { items: [], more: false };
  const wanted = limit + 1;
  const found: number[] = [];
  const { text, keyText, keyOffsets, tags, tagIds, tagOffsets } = index;
  const prefixOf = (i: number) => {
    for (let k = keyOffsets[i]!; k < keyOffsets[i + 1]!; k++) if (text.startsWith(keyText[k]!, query)) return true;
    return false;
  };
  const substringOf = (i: number) => {
    for (let k = keyOffsets[i]!; k < keyOffsets[i + 1]!; k++) if (text.lengthOf(keyText[k]!) >= query.length && text.get(keyText[k]!).includes(query)) return true;
    return false;
  };
  // Many entries share a tag: each distinct tag is tested once per query.
  const tagMatches = new Map<number, boolean>();
  const tagOf = (i: number) => {
    for (let k = tagOffsets[i]!; k < tagOffsets[i + 1]!; k++) {
      const tag = tagIds[k]!;
      let matches = tagMatches.get(tag);
      if (matches === undefined) tagMatches.set(tag, (matches = tags.get(tag).includes(query)));
      if (matches) return true;
    }
    return false;
  };

  // Tier 0: prefix. Only the best-ranked (smallest) entry ids of the prefix range are kept.
  const [prefixStart, prefixEnd] = prefixRange(index, query);
  for (let k = prefixStart; k < prefixEnd; k++) insertSmallest(found, index.sortedEntries[k]!, wanted);
  // Tier 1: substring of a name; tier 2: substring of a tag. Posting lists are in rank order.
  for (const [grams, test, skip] of [
    [index.nameGrams, substringOf, prefixOf],
    [index.tagGrams, tagOf, substringOf],
  ] as const) {
    if (found.length >= wanted) break;
    const cursor = candidates(grams, query);
    for (let i = cursor.next(); i >= 0; i = cursor.next()) {
      if (skip(i) || !test(i)) continue;
      found.push(i);
      if (found.length >= wanted) break;
    }
  }
  // Tier 3: a name word starts with the query give or take its typo budget.
  const typos = typoQuery(query);
  if (found.length < wanted && typos) {
    const seen = new Set(found);
    // Each start's entries are in rank order: its first few new ones are all that can make the cut.
    const best: number[] = [];
    for (const hit of typoTerms(index.sortedStarts, typos.folded, typos.budget, true, TYPO_HITS)) {
      let taken = 0;
      for (let k = index.startOffsets[hit.term]!; k < index.startOffsets[hit.term + 1]! && taken < wanted; k++) {
        const entry = index.startEntries[k]!;
        if (seen.has(entry)) continue;
        insertSmallest(best, entry, wanted);
        taken++;
      }
    }
    for (const i of best) {
      if (found.length >= wanted) break;
      found.push(i);
    }
  }
  // Tier 4: subsequence of a name, scanned in rank order within a budget. Fewer than `wanted`
  // matches so far means every earlier-tier match is already in `found`.
  if (found.length < wanted) {
    const seen = new Set(found);
    const codes = Array.from(query, (char) => char.codePointAt(0)!);
    const isSubsequence = (i: number) => {
      for (let k = keyOffsets[i]!; k < keyOffsets[i + 1]!; k++) if (text.hasSubsequence(keyText[k]!, codes)) return true;
      return false;
    };
    for (let i = 0; i < Math.min(index.size, SUBSEQUENCE_BUDGET) && found.length < wanted; i++) {
      if (!seen.has(i) && isSubsequence(i)) found.push(i);
    }
  }
  return {
    items: found.slice(0, limit).map((i) => {
      return { name: displayName(index, i, lang), slug: text.get(i), image_url: imageOf(index, i) };
    }),
    more: found.length > limit,
  };
}

/** The tool's name as its card in `lang` shows it (spec 4.7). */
function displayName(index: ServerIndex, i: number, lang: string): string {
  const variants = [];
  for (let k = index.displayOffsets[i]!; k < index.displayOffsets[i + 1]!; k++) {
    variants.push({ language: index.languages[index.displayLanguage[k]!]!, value: index.text.get(index.displayText[k]!) });
  }
  return pickLocalized(variants, lang)?.value ?? index.text.get(i);
}

function imageOf(index: ServerIndex, i: number): string | null {
  const id = index.images[i]!;
  return id < 0 ? null : index.text.get(id);
}

/** Index entries for `/autocomplete-index.json` (small catalogues), in rank order. */
export function indexEntries(index: ServerIndex, lang: string): AutocompleteEntry[] {
  return Array.from({ length: index.size }, (_, i) => {
    const name = displayName(index, i, lang);
    const others = keysOf(index, i).filter((n) => n !== normalizeQuery(name));
    const tags = tagsOf(index, i);
    return { name, slug: index.text.get(i), image_url: imageOf(index, i), ...(others.length ? { names: others } : {}), ...(tags.length ? { tags } : {}) };
  });
}

interface Holder {
  index?: ServerIndex;
  building?: Promise<ServerIndex>;
}
const holders = new WeakMap<DB, Holder>();

/**
 * The current index. After a catalogue change the previous index keeps
 * answering while a new one is built in the background.
 */
export async function getAutocompleteIndex(db: DB): Promise<ServerIndex> {
  let holder = holders.get(db);
  if (!holder) holders.set(db, (holder = {}));
  checkCatalogFreshness(db);
  const stale = holder.index && holder.index.generation !== catalogGeneration(AUTOCOMPLETE_SCOPES);
  if (!holder.index || stale) {
    const h = holder;
    h.building ??= buildIndex(db)
      .then((built) => (h.index = built))
      .finally(() => {
        h.building = undefined;
      });
    if (!h.index) return h.building;
  }
  return holder.index!;
}

export type { ServerIndex };

const autocompleteQuery = z.object({
  q: z.string().trim().min(1).max(100),
  lang: z.string().optional(),
});

export interface AutocompleteAnswer {
  status: number;
  body: AutocompleteResult | { error: { code: string; message: string } };
  /** Time spent answering, for the Server-Timing header. */
  serverMs: number;
  /** False while a catalogue change is being indexed and the previous index answered: not worth keeping. */
  current: boolean;
}

/**
 * `GET /api/autocomplete?q=&lang=`: the same ranked suggestions as the
 * downloadable index, from the in-memory index (large catalogues). Served
 * by the HTTP edge directly: it is called on every keystroke.
 */
export async function answerAutocomplete(db: DB, params: URLSearchParams): Promise<AutocompleteAnswer> {
  const started = performance.now();
  const parsed = autocompleteQuery.safeParse({ q: params.get("q") ?? "", lang: params.get("lang") ?? undefined });
  const requested = parsed.success ? parsed.data.lang : (params.get("lang") ?? undefined);
  const lang = isLang(requested) ? requested : DEFAULT_LANG;
  if (!parsed.success) {
    const t = await getFixedT(lang, "common");
    return { status: 400, body: { error: { code: "bad_request", message: t("search.termRequired") } }, serverMs: performance.now() - started, current: true };
  }
  const index = await getAutocompleteIndex(db);
  return { status: 200, body: queryIndex(index, lang, parsed.data.q), serverMs: performance.now() - started, current: index.generation === catalogGeneration(AUTOCOMPLETE_SCOPES) };
}

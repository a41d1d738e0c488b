import { AUTOCOMPLETE_LIMIT, normalizeQuery, typoQuery, type AutocompleteEntry, type AutocompleteResult } from "~/lib/autocomplete";
import { z } from "zod";
import { DEFAULT_LANG, isLang } from "~/i18n/languages";
import { pickLocalized } from "~/lib/language-fallback";
import type { DB } from "../db";
import { getFixedT } from "../i18n";
import { typoTerms } from "../search/term-lookup";
import { AUTOCOMPLETE_SCOPES } from "../catalog/scopes";
import { catalogGeneration, checkCatalogFreshness, namedChangesBetween, scopeGeneration } from "./cache";
import { findKey, PostingCursor, type PackedPostings } from "../compact/packed-postings";
import { buildIndex, gramKey, type ServerIndex } from "./autocomplete-index";
import { entryAt, patchSuggestions, plainSuggestions, rankOf, suggestionPatchLimit, type SuggestionPart, type SuggestionView } from "./autocomplete-overlay";

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

const isHidden = (part: SuggestionPart, entry: number) => part.hidden !== null && part.hidden[entry] === 1;

/** Whether an entry of one index matches the query, tier by tier. */
function matchers(index: ServerIndex, query: string) {
  const { text, keyText, keyOffsets, tags, tagIds, tagOffsets } = index;
  // Many entries share a tag: each distinct tag is tested once per query.
  const tagMatches = new Map<number, boolean>();
  const codes = Array.from(query, (char) => char.codePointAt(0)!);
  return {
    prefixOf: (i: number) => {
      for (let k = keyOffsets[i]!; k < keyOffsets[i + 1]!; k++) if (text.startsWith(keyText[k]!, query)) return true;
      return false;
    },
    substringOf: (i: number) => {
      for (let k = keyOffsets[i]!; k < keyOffsets[i + 1]!; k++) if (text.lengthOf(keyText[k]!) >= query.length && text.get(keyText[k]!).includes(query)) return true;
      return false;
    },
    tagOf: (i: number) => {
      for (let k = tagOffsets[i]!; k < tagOffsets[i + 1]!; k++) {
        const tag = tagIds[k]!;
        let matches = tagMatches.get(tag);
        if (matches === undefined) tagMatches.set(tag, (matches = tags.get(tag).includes(query)));
        if (matches) return true;
      }
      return false;
    },
    subsequenceOf: (i: number) => {
      for (let k = keyOffsets[i]!; k < keyOffsets[i + 1]!; k++) if (text.hasSubsequence(keyText[k]!, codes)) return true;
      return false;
    },
  };
}

/**
 * Ranked suggestions from the in-memory index (same order as `rankAutocomplete`). With tools changed since the
 * index was built (`autocomplete-overlay.ts`), its two parts are walked as one: every tier takes entries by
 * their rank over both, and passes over the full index's copies of the changed tools.
 */
export function queryIndex(source: SuggestionView | ServerIndex, lang: string, rawQuery: string, limit = AUTOCOMPLETE_LIMIT): AutocompleteResult {
  const view = "parts" in source ? source : plainSuggestions(source);
  const query = normalizeQuery(rawQuery);
  if (!query) return { items: [], more: false };
  const wanted = limit + 1;
  // Ranks over all parts, in the order shown.
  const found: number[] = [];
  const { parts } = view;
  const tests = parts.map((part) => matchers(part.index, query));

  // Tier 0: prefix. Only the best-ranked (smallest) ranks of the prefix ranges are kept.
  parts.forEach((part, p) => {
    const [prefixStart, prefixEnd] = prefixRange(part.index, query);
    for (let k = prefixStart; k < prefixEnd; k++) {
      const entry = part.index.sortedEntries[k]!;
      if (!isHidden(part, entry)) insertSmallest(found, rankOf(view, p, entry), wanted);
    }
  });
  // Tier 1: substring of a name; tier 2: substring of a tag. Posting lists are in rank order: merged by rank.
  for (const [grams, test, skip] of [
    ["nameGrams", "substringOf", "prefixOf"],
    ["tagGrams", "tagOf", "substringOf"],
  ] as const) {
    if (found.length >= wanted) break;
    const cursors = parts.map((part) => candidates(part.index[grams], query));
    const heads = cursors.map((cursor) => cursor.next());
    for (;;) {
      let next = -1;
      for (let p = 0; p < parts.length; p++) if (heads[p]! >= 0 && (next < 0 || rankOf(view, p, heads[p]!) < rankOf(view, next, heads[next]!))) next = p;
      if (next < 0) break;
      const entry = heads[next]!;
      heads[next] = cursors[next]!.next();
      if (isHidden(parts[next]!, entry) || tests[next]![skip](entry) || !tests[next]![test](entry)) continue;
      found.push(rankOf(view, next, entry));
      if (found.length >= wanted) break;
    }
  }
  // Tier 3: a name word starts with the query give or take its typo budget.
  const typos = typoQuery(query);
  if (found.length < wanted && typos) {
    const seen = new Set(found);
    // Each start's entries are in rank order: its first few new ones are all that can make the cut.
    const best: number[] = [];
    parts.forEach((part, p) => {
      const { sortedStarts, startOffsets, startEntries } = part.index;
      for (const hit of typoTerms(sortedStarts, typos.folded, typos.budget, true, TYPO_HITS)) {
        let taken = 0;
        for (let k = startOffsets[hit.term]!; k < startOffsets[hit.term + 1]! && taken < wanted; k++) {
          const entry = startEntries[k]!;
          const rank = rankOf(view, p, entry);
          if (isHidden(part, entry) || seen.has(rank)) continue;
          insertSmallest(best, rank, wanted);
          taken++;
        }
      }
    });
    for (const rank of best) {
      if (found.length >= wanted) break;
      found.push(rank);
    }
  }
  // Tier 4: subsequence of a name, scanned in rank order within a budget. Fewer than `wanted`
  // matches so far means every earlier-tier match is already in `found`.
  if (found.length < wanted) {
    const seen = new Set(found);
    let looked = 0;
    for (let rank = 0; rank < view.total && looked < SUBSEQUENCE_BUDGET && found.length < wanted; rank++) {
      const [p, entry] = entryAt(view, rank);
      if (isHidden(parts[p]!, entry)) continue;
      looked++;
      if (!seen.has(rank) && tests[p]!.subsequenceOf(entry)) found.push(rank);
    }
  }
  return {
    items: found.slice(0, limit).map((rank) => {
      const [p, entry] = entryAt(view, rank);
      const { index } = parts[p]!;
      return { name: displayName(index, entry, lang), slug: index.text.get(entry), image_url: imageOf(index, entry) };
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
export function indexEntries(view: SuggestionView, lang: string): AutocompleteEntry[] {
  const entries: AutocompleteEntry[] = [];
  for (let rank = 0; rank < view.total; rank++) {
    const [p, i] = entryAt(view, rank);
    const part = view.parts[p]!;
    if (isHidden(part, i)) continue;
    const { index } = part;
    const name = displayName(index, i, lang);
    const others = keysOf(index, i).filter((n) => n !== normalizeQuery(name));
    const tags = tagsOf(index, i);
    entries.push({ name, slug: index.text.get(i), image_url: imageOf(index, i), ...(others.length ? { names: others } : {}), ...(tags.length ? { tags } : {}) });
  }
  return entries;
}

interface Holder {
  /** What suggestions are answered from; the full build it starts from. */
  view?: SuggestionView;
  base?: ServerIndex;
  building?: Promise<unknown>;
  /** The patch under way, and the generation it will show. */
  patching?: { generation: number; done: Promise<unknown> };
}
const holders = new WeakMap<DB, Holder>();
const work = { builds: 0, patches: 0 };

/** Full builds and patches of the suggestions in this process (tests check which one a change caused). */
export function suggestionWork(): { builds: number; patches: number } {
  return { ...work };
}

/** Keeps `view` unless a newer one is kept already (a patch and a rebuild may finish in either order). */
function keep(holder: Holder, view: SuggestionView, base: ServerIndex): void {
  if (holder.view && holder.view.generation > view.generation) return;
  holder.view = view;
  holder.base = base;
}

/**
 * The current suggestions. After a catalogue change the previous ones keep answering while the new ones are
 * made: a change of a few named tools is patched in (decision 0040, milliseconds), any other is rebuilt.
 */
export async function getAutocompleteIndex(db: DB): Promise<SuggestionView> {
  let holder = holders.get(db);
  if (!holder) holders.set(db, (holder = {}));
  checkCatalogFreshness(db);
  const generation = catalogGeneration(AUTOCOMPLETE_SCOPES);
  if (holder.view?.generation === generation) return holder.view;
  const h = holder;
  const base = h.base;
  const named = base && base.orderGeneration === scopeGeneration("tool-order") ? namedChangesBetween("tools", base.toolsGeneration, scopeGeneration("tools")) : null;
  if (base && named && named.length <= suggestionPatchLimit(base) && !h.building) {
    if (h.patching?.generation !== generation) {
      work.patches++;
      const done = patchSuggestions(db, base, named, generation).then((view) => keep(h, view, base));
      h.patching = { generation, done };
      // A failed patch is tried again by the next request (its generation is not kept).
      done.catch(() => {
        if (h.patching?.done === done) h.patching = undefined;
      });
    }
  } else {
    if (!h.building) work.builds++;
    h.building ??= buildIndex(db)
      .then((built) => keep(h, plainSuggestions(built), built))
      .finally(() => {
        h.building = undefined;
      });
  }
  if (!h.view) await (h.building ?? h.patching?.done);
  return h.view!;
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
  const view = await getAutocompleteIndex(db);
  return { status: 200, body: queryIndex(view, lang, parsed.data.q), serverMs: performance.now() - started, current: view.generation === catalogGeneration(AUTOCOMPLETE_SCOPES) };
}

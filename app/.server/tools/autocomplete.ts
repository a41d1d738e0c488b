import { AUTOCOMPLETE_LIMIT, normalizeQuery, typoQuery, typoStarts, type AutocompleteEntry, type AutocompleteResult } from "~/lib/autocomplete";
import { z } from "zod";
import { DEFAULT_LANG, isLang } from "~/i18n/languages";
import { pickLocalized } from "~/lib/language-fallback";
import { byCodeUnits, sortInSlices, TimeSlices } from "~/lib/time-slices";
import type { DB } from "../db";
import { parseStringList } from "../db/values";
import { getFixedT } from "../i18n";
import { lowerBound, typoTerms } from "../search/term-lookup";
import { AUTOCOMPLETE_SCOPES } from "../catalog/scopes";
import { catalogGeneration, checkCatalogFreshness } from "./cache";
import { autocompleteTools, autocompleteTranslations } from "./queries";

/**
 * The server side of autocomplete: the same ranking as `rankAutocomplete`
 * (app/lib/autocomplete.ts) over an in-memory index, so a 100k catalogue
 * answers in about a millisecond, including 1-2 character Chinese,
 * Japanese or Korean queries:
 * - prefix matches come from a sorted array of names (binary search);
 * - substring matches walk the posting list of the query's rarest
 *   character pair (or single character), which is already in rank order;
 * - matches with typos walk the sorted word starts of every name (`typoTerms`);
 * - subsequence matches scan in rank order with a fixed budget.
 */
const SUBSEQUENCE_BUDGET = 3_000;
/** Distinct name word starts a typo lookup may return. */
const TYPO_HITS = 2_000;

interface ServerIndex {
  generation: number;
  size: number;
  slugs: string[];
  images: Array<string | null>;
  /** Per entry: [language, name] pairs for display. */
  displayNames: Array<Array<[string, string]>>;
  /** Per entry: distinct lower-cased names in every language. */
  names: string[][];
  tags: string[][];
  /** Every (name, entry) pair sorted by name, for prefix lookups. */
  sortedNames: string[];
  sortedEntries: Int32Array;
  nameGrams: Map<string, Int32Array>;
  tagGrams: Map<string, Int32Array>;
  /** Distinct folded word starts of every name (spaced scripts), sorted, and their entries (ascending, CSR): for matches with typos. */
  sortedStarts: string[];
  startOffsets: Int32Array;
  startEntries: Int32Array;
}

/** Single characters and adjacent pairs of each key, each entry listed once per gram, entries ascending. */
async function gramPostings(keysPerEntry: string[][], slices: TimeSlices): Promise<Map<string, Int32Array>> {
  const lists = new Map<string, number[]>();
  for (let entry = 0; entry < keysPerEntry.length; entry++) {
    if (slices.due()) await slices.yield();
    for (const key of keysPerEntry[entry]!) {
      const chars = [...key];
      for (let i = 0; i < chars.length; i++) {
        for (const gram of i + 1 < chars.length ? [chars[i]!, chars[i]! + chars[i + 1]!] : [chars[i]!]) {
          let list = lists.get(gram);
          if (!list) lists.set(gram, (list = []));
          if (list[list.length - 1] !== entry) list.push(entry);
        }
      }
    }
  }
  const postings = new Map<string, Int32Array>();
  for (const [gram, list] of lists) {
    postings.set(gram, Int32Array.from(list));
    if (slices.due()) await slices.yield();
  }
  return postings;
}

const byNameThenEntry = (a: [string, number], b: [string, number]) => byCodeUnits(a[0], b[0]) || a[1] - b[1];

/** Built in time slices (`TimeSlices`): at 100k tools this is seconds of CPU that no request should wait for. */
async function buildIndex(db: DB): Promise<ServerIndex> {
  const slices = new TimeSlices();
  const generation = catalogGeneration(AUTOCOMPLETE_SCOPES);
  const tools = await autocompleteTools(db);
  const position = new Map<number, number>();
  const size = tools.length;
  const displayNames: Array<Array<[string, string]>> = new Array(size);
  const nameSets: Array<Set<string>> = new Array(size);
  const tagSets: Array<Set<string>> = new Array(size);
  for (let i = 0; i < size; i++) {
    position.set(tools[i]!.id, i);
    displayNames[i] = [];
    nameSets[i] = new Set();
    tagSets[i] = new Set();
    if (slices.due()) await slices.yield();
  }
  await autocompleteTranslations(db, tools, async (rows) => {
    for (const row of rows) {
      if (slices.due()) await slices.yield();
      const i = position.get(row.tool_id);
      if (i === undefined) continue;
      displayNames[i]!.push([row.language, row.name]);
      nameSets[i]!.add(normalizeQuery(row.name));
      for (const tag of parseStringList(row.tags)) tagSets[i]!.add(normalizeQuery(tag));
    }
  });
  const names: string[][] = [];
  const tags: string[][] = [];
  const pairs: Array<[string, number]> = [];
  const entriesOf = new Map<string, number[]>();
  for (let entry = 0; entry < size; entry++) {
    if (slices.due()) await slices.yield();
    const keys = [...nameSets[entry]!].filter(Boolean);
    names.push(keys);
    tags.push([...tagSets[entry]!].filter(Boolean));
    for (const key of keys) pairs.push([key, entry]);
    for (const start of new Set(keys.flatMap(typoStarts))) {
      const list = entriesOf.get(start);
      if (list) list.push(entry);
      else entriesOf.set(start, [entry]);
    }
  }
  const sortedPairs = await sortInSlices(pairs, byNameThenEntry, slices);
  const sortedStarts = await sortInSlices([...entriesOf.keys()], byCodeUnits, slices);
  const startOffsets = new Int32Array(sortedStarts.length + 1);
  for (let i = 0; i < sortedStarts.length; i++) {
    startOffsets[i + 1] = startOffsets[i]! + entriesOf.get(sortedStarts[i]!)!.length;
    if (slices.due()) await slices.yield();
  }
  // Hundreds of thousands of pairs at 100k tools: taken apart in slices too (in one go, 50-100 ms).
  const sortedNames: string[] = new Array<string>(sortedPairs.length);
  const sortedEntries = new Int32Array(sortedPairs.length);
  for (let i = 0; i < sortedPairs.length; i++) {
    sortedNames[i] = sortedPairs[i]![0];
    sortedEntries[i] = sortedPairs[i]![1];
    if (slices.due()) await slices.yield();
  }
  const startEntries = new Int32Array(startOffsets[sortedStarts.length]!);
  for (let i = 0; i < sortedStarts.length; i++) {
    startEntries.set(entriesOf.get(sortedStarts[i]!)!, startOffsets[i]!);
    if (slices.due()) await slices.yield();
  }
  return {
    generation,
    size,
    slugs: tools.map((t) => t.slug),
    images: tools.map((t) => t.image_url),
    displayNames,
    names,
    tags,
    sortedNames,
    sortedEntries,
    nameGrams: await gramPostings(names, slices),
    tagGrams: await gramPostings(tags, slices),
    sortedStarts,
    startOffsets,
    startEntries,
  };
}

/** Posting list of the query's rarest gram: every entry containing the query is in it. */
function candidates(grams: Map<string, Int32Array>, query: string): Int32Array {
  const chars = [...query];
  const keys = chars.length === 1 ? chars : chars.slice(1).map((c, i) => chars[i]! + c);
  let best: Int32Array | undefined;
  for (const key of keys) {
    const list = grams.get(key);
    if (!list) return new Int32Array(0);
    if (!best || list.length < best.length) best = list;
  }
  return best ?? new Int32Array(0);
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

/** Same test as `isSubsequence`, over pre-split query characters. */
function hasSubsequence(chars: string[], haystack: string): boolean {
  let i = 0;
  for (const char of haystack) {
    if (char === chars[i] && ++i === chars.length) return true;
  }
  return false;
}

/** Ranked suggestions from the in-memory index (same order as `rankAutocomplete`). */
export function queryIndex(index: ServerIndex, lang: string, rawQuery: string, limit = AUTOCOMPLETE_LIMIT): AutocompleteResult {
  const query = normalizeQuery(rawQuery);
  if (!query) return { items: [], more: false };
  const wanted = limit + 1;
  const found: number[] = [];
  const prefixOf = (i: number) => index.names[i]!.some((n) => n.startsWith(query));
  const substringOf = (i: number) => index.names[i]!.some((n) => n.includes(query));
  const tagOf = (i: number) => index.tags[i]!.some((t) => t.includes(query));

  // Tier 0: prefix. Only the best-ranked (smallest) entry ids of the prefix range are kept.
  for (let k = lowerBound(index.sortedNames, query); k < index.sortedNames.length && index.sortedNames[k]!.startsWith(query); k++) {
    insertSmallest(found, index.sortedEntries[k]!, wanted);
  }
  // Tier 1: substring of a name; tier 2: substring of a tag. Posting lists are in rank order.
  for (const [grams, test, skip] of [
    [index.nameGrams, substringOf, prefixOf],
    [index.tagGrams, tagOf, substringOf],
  ] as const) {
    if (found.length >= wanted) break;
    for (const i of candidates(grams, query)) {
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
    const chars = [...query];
    for (let i = 0; i < Math.min(index.size, SUBSEQUENCE_BUDGET) && found.length < wanted; i++) {
      if (!seen.has(i) && index.names[i]!.some((n) => hasSubsequence(chars, n))) found.push(i);
    }
  }
  return {
    items: found.slice(0, limit).map((i) => {
      return { name: displayName(index, i, lang), slug: index.slugs[i]!, image_url: index.images[i]! };
    }),
    more: found.length > limit,
  };
}

/** The tool's name as its card in `lang` shows it (spec 4.7). */
function displayName(index: ServerIndex, i: number, lang: string): string {
  return pickLocalized(index.displayNames[i]!.map(([language, value]) => ({ language, value })), lang)?.value ?? index.slugs[i]!;
}

/** Index entries for `/autocomplete-index.json` (small catalogues), in rank order. */
export function indexEntries(index: ServerIndex, lang: string): AutocompleteEntry[] {
  return index.slugs.map((slug, i) => {
    const name = displayName(index, i, lang);
    const others = index.names[i]!.filter((n) => n !== normalizeQuery(name));
    return { name, slug, image_url: index.images[i]!, ...(others.length ? { names: others } : {}), ...(index.tags[i]!.length ? { tags: index.tags[i] } : {}) };
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

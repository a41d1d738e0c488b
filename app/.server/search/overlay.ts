import { countUpTo, positionIn } from "../compact/sorted-ints";
import type { DB } from "../db";
import { readSearchToolsOf, type SearchToolRows } from "../db/search";
import { timeBuild } from "../metrics";
import { findTerm, lowerBound } from "./term-lookup";
import { FIELD_NAME, indexOf, type SearchIndex } from "./text-index";
import { plainView, type SearchView } from "./view";

/**
 * A change of a few named tools (an approval, an approved update, an edit, an unpublished tool, a small import;
 * decision 0040) is taken into the search index instead of a rebuild, which is seconds of CPU at 100k tools:
 * the changed tools, as they are now, get an index of their own built by the same code (`indexOf`), numbered
 * after the full index's tools, and the full index's copies of them are hidden. A search reads both as one
 * (`SearchView`): the same matches and ranks as a fresh build. The overlay is rebuilt from the changed tools'
 * rows on each change (milliseconds; the rows of tools read before are kept), so the next search waits for it
 * and shows the change.
 */
export const patchPolicy = {
  /** Beyond this many changed tools (or this share of the catalogue, if fewer) the index is rebuilt. */
  maxTools: 2_000,
  maxShare: 0.02,
  /** A small catalogue's overlay may hold this many tools still (its rebuild is cheap either way). */
  minTools: 100,
};

/** How many changed tools an overlay of a catalogue of `size` tools takes before the index is rebuilt instead. */
export function patchLimit(size: number): number {
  return Math.max(patchPolicy.minTools, Math.min(patchPolicy.maxTools, Math.floor(size * patchPolicy.maxShare)));
}

let patches = 0;

/** How many overlays were built in this process (tests check a change was patched, not rebuilt). */
export function patchCount(): number {
  return patches;
}

/**
 * The tools changed since one generation's full index build began, and the view of that index with them taken
 * in. One per generation holder (`current.ts`); a change of the taxonomy or the synonyms, an unnamed change,
 * or too many tools end the generation and the index is rebuilt.
 */
export class ToolOverlay {
  readonly changed = new Set<number>();
  /** Changed tools whose rows are to be read (again). */
  #stale = new Set<number>();
  #rows = new Map<number, SearchToolRows | null>();
  /** Counts up with every change taken in: a view is current when built at the latest count. */
  #version = 0;
  #view?: { version: number; view: SearchView };
  #patching?: { version: number; done: Promise<SearchView> };

  /** Takes a change of these tools in; false when the overlay would grow past its bound. */
  take(toolIds: readonly number[], catalogSize: number): boolean {
    for (const id of toolIds) {
      this.changed.add(id);
      this.#stale.add(id);
    }
    this.#version++;
    return this.changed.size <= patchLimit(catalogSize);
  }

  /** `base` with every change taken in so far; after a change, its patch (concurrent searches share it). */
  view(db: DB, base: SearchIndex): SearchView | Promise<SearchView> {
    if (this.changed.size === 0) return plainView(base);
    if (this.#view?.version === this.#version) return this.#view.view;
    if (this.#patching?.version === this.#version) return this.#patching.done;
    // One patch at a time, each reading the rows of the tools changed since the one before.
    const before = this.#patching?.done.catch(() => undefined);
    const done = timeBuild(
      "search_index_patch",
      (async () => {
        await before;
        return this.#patch(db, base);
      })(),
    );
    this.#patching = { version: this.#version, done };
    done.catch(() => {
      if (this.#patching?.done === done) this.#patching = undefined;
    });
    return done;
  }

  async #patch(db: DB, base: SearchIndex): Promise<SearchView> {
    const version = this.#version;
    const changed = new Set(this.changed);
    const ids = [...this.#stale];
    this.#stale.clear();
    let read: Map<number, SearchToolRows | null>;
    try {
      read = await readSearchToolsOf(db, ids);
    } catch (error) {
      // Read again by the next search's patch.
      for (const id of ids) this.#stale.add(id);
      throw error;
    }
    for (const [id, rows] of read) this.#rows.set(id, rows);
    const view = overlayView(base, await changedToolsIndex(base, this.#rows), changed);
    patches++;
    if (!this.#view || this.#view.version < version) this.#view = { version, view };
    return view;
  }
}

/** The published ones of the changed tools as an index of their own, numbered after `base`'s tools. */
function changedToolsIndex(base: SearchIndex, rows: ReadonlyMap<number, SearchToolRows | null>): Promise<SearchIndex> {
  const ids = [...rows].filter(([, tool]) => tool !== null).map(([id]) => id);
  ids.sort((a, b) => a - b);
  const tools = ids.map((id) => rows.get(id)!);
  const links = tools.flatMap((tool, i) => tool.links.map((link) => ({ ...link, toolId: ids[i]! })));
  return indexOf(
    {
      toolIds: Int32Array.from(ids),
      // The taxonomy is the base's (a change of it rebuilds); names are not needed, the base has their words.
      categories: Array.from(base.categoryIds, (id, i) => ({ id, parent_id: base.categoryParents[i]! >= 0 ? base.categoryParents[i]! : null, names: [] })),
      links: { toolIds: Int32Array.from(links, (l) => l.toolId), categoryIds: Int32Array.from(links, (l) => l.categoryId), positions: Int32Array.from(links, (l) => l.position) },
      synonyms: [],
      readTexts: (onSlice) => onSlice(tools.flatMap((tool) => tool.texts)),
    },
    base.toolIds.length,
  );
}

interface Dictionary {
  terms: readonly string[];
  /** The base's id of a word, or -1 for a word only changed tools have. */
  baseOf(term: number): number;
  /** The word id of a base word. */
  ofBase(term: number): number;
  /** The word id of each of the changed tools' words. */
  ofChanged: Int32Array;
}

/** The base's words and the changed tools' words as one sorted dictionary: the base's is copied only when there are new words. */
function mergeDictionaries(base: readonly string[], changed: readonly string[]): Dictionary {
  const inBase = Int32Array.from(changed, (term) => findTerm(base, term));
  const added = changed.filter((_, k) => inBase[k]! < 0);
  if (added.length === 0) return { terms: base, baseOf: (term) => term, ofBase: (term) => term, ofChanged: inBase };
  // Each new word goes before the base word at its place; in order, so the k-th one's id is its place + k.
  const places = Int32Array.from(added, (term) => lowerBound(base, term));
  const addedIds = places.map((place, k) => place + k);
  const pieces: string[][] = [];
  let from = 0;
  added.forEach((term, k) => {
    pieces.push(base.slice(from, places[k]!), [term]);
    from = places[k]!;
  });
  pieces.push(base.slice(from));
  const ofBase = (term: number) => term + countUpTo(places, term);
  let next = 0;
  return {
    terms: ([] as string[]).concat(...pieces),
    baseOf: (term) => {
      const before = countUpTo(addedIds, term);
      return before > 0 && addedIds[before - 1] === term ? -1 : term - before;
    },
    ofBase,
    ofChanged: Int32Array.from(inBase, (id) => (id >= 0 ? ofBase(id) : addedIds[next++]!)),
  };
}

/** Whether a posting list holds a tool that is not hidden (of the field, when given). */
function hasLive(postings: Int32Array, hidden: Uint8Array, field?: number): boolean {
  for (let k = 0; k < postings.length; k++) {
    const code = postings[k]!;
    if (hidden[code >>> 9] === 0 && (field === undefined || ((code >> 7) & 3) === field)) return true;
  }
  return false;
}

/** A category's members without the hidden tools, then the changed tools' (numbered after them). */
function joinMembers(base: Int32Array, changed: Int32Array, hidden: Uint8Array): Int32Array {
  // A plain loop: a typed array's filter with a callback was most of a patch's time on a large category.
  const joined = new Int32Array(base.length + changed.length);
  let size = 0;
  for (let k = 0; k < base.length; k++) if (hidden[base[k]!] === 0) joined[size++] = base[k]!;
  joined.set(changed, size);
  return joined.subarray(0, size + changed.length);
}

/** `base` with its copies of the `changed` tools hidden and the changed tools' index (`delta`) added. */
export function overlayView(base: SearchIndex, delta: SearchIndex, changed: ReadonlySet<number>): SearchView {
  const baseSize = base.toolIds.length;
  const size = baseSize + delta.toolIds.length;
  const hidden = new Uint8Array(size);
  const hiddenTools: number[] = [];
  for (const id of changed) {
    const at = positionIn(base.toolIds, id);
    if (at < 0) continue;
    hidden[at] = 1;
    hiddenTools.push(at);
  }
  const toolIds = new Int32Array(size);
  toolIds.set(base.toolIds);
  toolIds.set(delta.toolIds, baseSize);

  const dictionary = mergeDictionaries(base.terms, delta.terms);
  const changedOf = new Map<number, number>();
  dictionary.ofChanged.forEach((term, k) => changedOf.set(term, k));
  const termCategories = dictionary.terms === base.terms ? base.termCategories : new Map([...base.termCategories].map(([term, list]) => [dictionary.ofBase(term), list]));
  const changedNames = new Set(Array.from(delta.nameTerms, (term) => dictionary.ofChanged[term]!));
  const nameTerms = Int32Array.from(new Set([...Array.from(base.nameTerms, dictionary.ofBase), ...changedNames])).sort();
  const postingsOf = (index: SearchIndex, term: number) => index.termPostings.subarray(index.termStart[term]!, index.termStart[term + 1]!);

  // Categories the hidden or the changed tools belong to get their members anew; the others keep the base's.
  const mainMembers = base.mainMembers.slice();
  const otherMembers = base.otherMembers.slice();
  const affected = new Set<number>();
  for (const tool of hiddenTools) for (let k = base.toolCategoryStart[tool]!; k < base.toolCategoryStart[tool + 1]!; k++) affected.add(base.toolCategoryList[k]!);
  delta.toolCategoryList.forEach((category) => affected.add(category));
  for (const category of affected) {
    mainMembers[category] = joinMembers(base.mainMembers[category]!, delta.mainMembers[category]!, hidden);
    otherMembers[category] = joinMembers(base.otherMembers[category]!, delta.otherMembers[category]!, hidden);
  }
  const toolCategoryStart = new Int32Array(size + 1);
  toolCategoryStart.set(base.toolCategoryStart);
  const baseLinks = base.toolCategoryList.length;
  for (let i = 0; i < delta.toolIds.length; i++) toolCategoryStart[baseSize + i + 1] = baseLinks + delta.toolCategoryStart[i + 1]!;
  const toolCategoryList = new Int32Array(baseLinks + delta.toolCategoryList.length);
  toolCategoryList.set(base.toolCategoryList);
  toolCategoryList.set(delta.toolCategoryList, baseLinks);

  // Words, name words and grams only hidden tools had are gone from a fresh build: they no longer count.
  const someHidden = hiddenTools.length > 0;
  return {
    base,
    toolIds,
    liveTools: size - hiddenTools.length,
    hidden: someHidden ? hidden : null,
    terms: dictionary.terms,
    termLists: (term) => {
      const lists: Int32Array[] = [];
      const inBase = dictionary.baseOf(term);
      if (inBase >= 0) lists.push(postingsOf(base, inBase));
      const inChanged = changedOf.get(term);
      if (inChanged !== undefined) lists.push(postingsOf(delta, inChanged));
      return lists;
    },
    termCategories,
    nameTerms,
    gramMaps: [base.grams, delta.grams],
    gramCategories: base.gramCategories,
    mainMembers,
    otherMembers,
    toolCategoryStart,
    toolCategoryList,
    categoryIds: base.categoryIds,
    synonyms: base.synonyms,
    liveTerm: someHidden
      ? (term) => {
          if (changedOf.has(term)) return true;
          const inBase = dictionary.baseOf(term);
          return inBase >= 0 && (base.termCategories.has(inBase) || hasLive(postingsOf(base, inBase), hidden));
        }
      : undefined,
    liveNameTerm: someHidden
      ? (term) => {
          if (changedNames.has(term)) return true;
          const inBase = dictionary.baseOf(term);
          return inBase >= 0 && hasLive(postingsOf(base, inBase), hidden, FIELD_NAME);
        }
      : undefined,
    liveGram: someHidden ? (key) => delta.grams.has(key) || hasLive(base.grams.get(key) ?? new Int32Array(0), hidden) : undefined,
  };
}

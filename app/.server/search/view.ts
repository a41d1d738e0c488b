import type { TermFilter } from "./term-lookup";
import type { SearchIndex } from "./text-index";

/**
 * What a search reads (`matcher.ts`, `query.ts`): one built index as it is, or a built index with the tools
 * changed since taken in (`overlay.ts`, decision 0040). Tool indexes run over the built index's tools, then
 * the changed tools' as they are now; the built index's copies of changed tools keep their place but are
 * `hidden`: never matched, never counted.
 */
export interface SearchView {
  /** The full build the view starts from. */
  base: SearchIndex;
  /** Tool id by tool index, over the whole space. */
  toolIds: Int32Array;
  /** Tools a search can find: the catalogue's size, of which a common word's share is taken. */
  liveTools: number;
  /** 1 at a tool index that no longer counts; null when every one does. */
  hidden: Uint8Array | null;
  /** Sorted distinct words (spaced scripts). */
  terms: readonly string[];
  /** A word's posting lists, each sorted (the built index's, then the changed tools'). */
  termLists(term: number): Int32Array[];
  termCategories: ReadonlyMap<number, Int32Array>;
  /** Words found in some tool name, ascending. */
  nameTerms: Int32Array;
  /** Postings per CJK gram: the built index's, then the changed tools' (their tool indexes come after). */
  gramMaps: ReadonlyArray<ReadonlyMap<number, Int32Array>>;
  gramCategories: ReadonlyMap<number, Int32Array>;
  mainMembers: readonly Int32Array[];
  otherMembers: readonly Int32Array[];
  /** Category indexes of each tool (CSR, over the whole space). */
  toolCategoryStart: Int32Array;
  toolCategoryList: Int32Array;
  categoryIds: Int32Array;
  synonyms: ReadonlyMap<string, string[]>;
  /**
   * Which words, name words and grams still count (a word only changed tools had is gone from a fresh
   * build, and must neither match nor take the place of one that counts); undefined when all do.
   */
  liveTerm: TermFilter;
  liveNameTerm: TermFilter;
  liveGram: TermFilter;
}

const plainViews = new WeakMap<SearchIndex, SearchView>();

/** A built index as a search reads it, nothing changed since: one view per index, so it is the same object each time. */
export function plainView(index: SearchIndex): SearchView {
  let view = plainViews.get(index);
  if (!view) {
    const { termStart, termPostings } = index;
    view = {
      base: index,
      toolIds: index.toolIds,
      liveTools: index.toolIds.length,
      hidden: null,
      terms: index.terms,
      termLists: (term) => [termPostings.subarray(termStart[term]!, termStart[term + 1]!)],
      termCategories: index.termCategories,
      nameTerms: index.nameTerms,
      gramMaps: [index.grams],
      gramCategories: index.gramCategories,
      mainMembers: index.mainMembers,
      otherMembers: index.otherMembers,
      toolCategoryStart: index.toolCategoryStart,
      toolCategoryList: index.toolCategoryList,
      categoryIds: index.categoryIds,
      synonyms: index.synonyms,
      liveTerm: undefined,
      liveNameTerm: undefined,
      liveGram: undefined,
    };
    plainViews.set(index, view);
  }
  return view;
}

/** The view of either: a built index is read as it is. */
export function asView(index: SearchIndex | SearchView): SearchView {
  return "base" in index ? index : plainView(index);
}

/** Whether some tool that counts has the CJK gram. */
export function hasGram(view: SearchView, key: number): boolean {
  return view.gramMaps.some((grams) => grams.has(key)) && (!view.liveGram || view.liveGram(key));
}

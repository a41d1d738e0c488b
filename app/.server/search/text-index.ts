import { LANGUAGES } from "~/i18n/languages";
import { foldText, forEachPiece } from "~/lib/search-text";
import { byCodeUnits, sortInSlices, TimeSlices } from "~/lib/time-slices";
import type { DB } from "../db";
import { readSearchSource, readSearchTexts, type SearchSource, type SearchTextRow } from "../db/search";
import { PostingBuilder } from "./posting-builder";

/**
 * The in-memory search index of one catalogue generation: every published tool's names, tags and
 * descriptions in every language, and every category's names in every language, as
 * - a sorted dictionary of words (spaced scripts) with posting lists, for exact, prefix, typo and
 *   word-form lookups (`term-lookup.ts`);
 * - posting lists of CJK characters and character pairs, for Chinese, Japanese and Korean words found
 *   anywhere in a text (no segmentation needed on the text side);
 * - category members, split into tools whose main category it is and the others.
 * After a change of a few named tools, an overlay takes them in instead of a rebuild (`overlay.ts`).
 * A posting is one integer: tool index << 9 | field << 7 | slot, where the slot tells apart the values of
 * a field (the language of a name or description, the language and position of a tag), so a query can
 * see that two of its words sit in the same name or tag.
 */
export const FIELD_NAME = 0;
export const FIELD_TAG = 1;
export const FIELD_DESCRIPTION = 2;
const TAG_SLOTS = 12;

export interface SearchIndex {
  /** Tool id by tool index (ascending). */
  toolIds: Int32Array;
  /** Sorted distinct words of spaced scripts. */
  terms: string[];
  termStart: Int32Array;
  termPostings: Int32Array;
  /** Category indexes whose names contain the word, by term index. */
  termCategories: Map<number, Int32Array>;
  /** Term indexes that occur in some tool name (for matches inside a name word: "gpt" in "chatgpt"). */
  nameTerms: Int32Array;
  /** CJK single characters and pairs (`gramKey`): sorted postings, and categories whose names contain them. */
  grams: Map<number, Int32Array>;
  gramCategories: Map<number, Int32Array>;
  /** Per category index: tools whose main category (or one of its subcategories) it is, and the rest. */
  mainMembers: Int32Array[];
  otherMembers: Int32Array[];
  /** Category indexes of each tool (CSR). */
  toolCategoryStart: Int32Array;
  toolCategoryList: Int32Array;
  /** Category id by category index, and the id of its parent (-1 for a top category). */
  categoryIds: Int32Array;
  categoryParents: Int32Array;
  /** Folded word -> the other words of its synonym groups. */
  synonyms: Map<string, string[]>;
}

type Lists<K = string> = Map<K, number[]>;

function push<K>(lists: Lists<K>, key: K, value: number): void {
  let list = lists.get(key);
  if (!list) lists.set(key, (list = []));
  if (list[list.length - 1] !== value) list.push(value);
}

interface Sink<K> {
  add(key: K, posting: number): void;
}

/** One CJK character (its code point), or a pair (both code points): a number, so indexing makes no strings. */
export function gramKey(first: number, second?: number): number {
  return second === undefined ? first : first * 0x110000 + second;
}

/** Adds one text's words and CJK grams under `code` (a posting, or a category index). */
function addText(words: Sink<string>, grams: Sink<number>, text: string, code: number, names?: Set<string>): void {
  forEachPiece(foldText(text), true, (piece, cjk) => {
    if (!cjk) {
      words.add(piece, code);
      names?.add(piece);
      return;
    }
    let previous = -1;
    for (let i = 0; i < piece.length; i++) {
      const char = piece.codePointAt(i)!;
      if (char > 0xffff) i++;
      grams.add(char, code);
      if (previous >= 0) grams.add(gramKey(previous, char), code);
      previous = char;
    }
  });
}

/** Category names are few: plain lists. */
function listSink<K>(lists: Lists<K>): Sink<K> {
  return { add: (key, posting) => push(lists, key, posting) };
}

function sortedUnique(list: number[]): Int32Array {
  const sorted = Int32Array.from(list).sort();
  let out = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[out++] = sorted[i]!;
  return sorted.slice(0, out);
}

const languageIndex = new Map<string, number>(LANGUAGES.map((lang, i) => [lang, i]));

async function indexTexts(rows: SearchTextRow[], toolIndex: Map<number, number>, words: PostingBuilder, grams: PostingBuilder<number>, nameWords: Set<string>, slices: TimeSlices): Promise<void> {
  for (const row of rows) {
    if (slices.due()) await slices.yield();
    const tool = toolIndex.get(row.tool_id);
    if (tool === undefined) continue;
    const lang = languageIndex.get(row.language) ?? 0;
    const base = tool << 9;
    if (row.name) addText(words, grams, row.name, base | (FIELD_NAME << 7) | lang, nameWords);
    row.tags.forEach((tag, i) => addText(words, grams, tag, base | (FIELD_TAG << 7) | (lang * TAG_SLOTS + Math.min(i, TAG_SLOTS - 1)), undefined));
    if (row.description) addText(words, grams, row.description, base | (FIELD_DESCRIPTION << 7) | lang);
  }
}

/**
 * Builds the index from the database in time slices (`TimeSlices`): at 100k tools the build is seconds of
 * CPU, and no request waits more than a slice for it.
 */
export async function buildSearchIndex(db: DB): Promise<SearchIndex> {
  const source = await readSearchSource(db);
  return indexOf({ ...source, readTexts: (onSlice) => readSearchTexts(db, source.toolIds, onSlice) });
}

/** What an index is made of: the source rows, and the tools' texts read slice by slice. */
export interface IndexInput extends SearchSource {
  readTexts(onSlice: (rows: SearchTextRow[]) => Promise<void>): Promise<void>;
}

/**
 * The index of `input`. With `firstTool`, its tools are numbered from there on: the index of a few changed
 * tools that overlays a full one (`overlay.ts`) numbers them after the full one's, by the same code, so each
 * tool's postings and memberships are what a full build would give it.
 */
export async function indexOf(input: IndexInput, firstTool = 0): Promise<SearchIndex> {
  const slices = new TimeSlices();
  const { toolIds } = input;
  const toolIndex = new Map<number, number>();
  toolIds.forEach((id, i) => toolIndex.set(id, firstTool + i));
  const words = new PostingBuilder();
  const grams = new PostingBuilder<number>();
  const nameWords = new Set<string>();
  await input.readTexts((rows) => indexTexts(rows, toolIndex, words, grams, nameWords, slices));

  // Categories: names in every language, members split by main category.
  const categoryIds = Int32Array.from(input.categories.map((c) => c.id));
  const categoryIndex = new Map<number, number>();
  categoryIds.forEach((id, i) => categoryIndex.set(id, i));
  const parentOf = new Map(input.categories.map((c) => [c.id, c.parent_id]));
  const topOf = (id: number) => parentOf.get(id) ?? id;
  const categoryWords: Lists = new Map();
  const categoryGrams: Lists<number> = new Map();
  input.categories.forEach((category, i) => {
    for (const name of category.names) addText(listSink(categoryWords), listSink(categoryGrams), name, i);
  });
  const linksOf = new Map<number, Array<[number, number]>>();
  const { links } = input;
  for (let k = 0; k < links.toolIds.length; k++) {
    if (slices.due()) await slices.yield();
    const tool = toolIndex.get(links.toolIds[k]!);
    if (tool === undefined || !categoryIndex.has(links.categoryIds[k]!)) continue;
    let list = linksOf.get(tool);
    if (!list) linksOf.set(tool, (list = []));
    list.push([links.positions[k]!, links.categoryIds[k]!]);
  }
  const main: number[][] = categoryIds.length ? Array.from(categoryIds, () => []) : [];
  const other: number[][] = Array.from(categoryIds, () => []);
  const toolCategoryStart = new Int32Array(toolIds.length + 1);
  const toolCategoryList: number[] = [];
  for (let local = 0; local < toolIds.length; local++) {
    if (slices.due()) await slices.yield();
    const tool = firstTool + local;
    const list = (linksOf.get(tool) ?? []).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const mainTop = list.length ? topOf(list[0]![1]) : -1;
    // A tool linked to a subcategory also belongs to its parent.
    const ids = new Set<number>();
    for (const [, id] of list) {
      ids.add(id);
      ids.add(topOf(id));
    }
    for (const id of ids) {
      const index = categoryIndex.get(id);
      if (index === undefined) continue;
      (topOf(id) === mainTop ? main : other)[index]!.push(tool);
      toolCategoryList.push(index);
    }
    toolCategoryStart[local + 1] = toolCategoryList.length;
  }

  // The dictionary: every word of tools and categories, sorted, with compressed rows of postings.
  const packedWords = await words.pack(slices);
  const wordId = new Map<string, number>();
  for (let id = 0; id < words.keys.length; id++) {
    wordId.set(words.keys[id]!, id);
    if (slices.due()) await slices.yield();
  }
  const onlyCategoryWords = [...categoryWords.keys()].filter((word) => !wordId.has(word));
  const terms = await sortInSlices([...words.keys, ...onlyCategoryWords], byCodeUnits, slices);
  const termStart = new Int32Array(terms.length + 1);
  for (let i = 0; i < terms.length; i++) {
    const id = wordId.get(terms[i]!);
    termStart[i + 1] = termStart[i]! + (id === undefined ? 0 : packedWords.start[id + 1]! - packedWords.start[id]!);
    if (slices.due()) await slices.yield();
  }
  const termPostings = new Int32Array(termStart[terms.length]!);
  const termCategories = new Map<number, Int32Array>();
  const nameTerms: number[] = [];
  for (let i = 0; i < terms.length; i++) {
    if (slices.due()) await slices.yield();
    const term = terms[i]!;
    const id = wordId.get(term);
    if (id !== undefined) termPostings.set(packedWords.postings.subarray(packedWords.start[id]!, packedWords.start[id + 1]!), termStart[i]!);
    const categories = categoryWords.get(term);
    if (categories) termCategories.set(i, sortedUnique(categories));
    if (nameWords.has(term)) nameTerms.push(i);
  }
  const packedGrams = await grams.pack(slices);
  const gramPostings = new Map<number, Int32Array>();
  for (let id = 0; id < grams.keys.length; id++) {
    gramPostings.set(grams.keys[id]!, packedGrams.postings.subarray(packedGrams.start[id]!, packedGrams.start[id + 1]!));
    if (slices.due()) await slices.yield();
  }
  const gramCategories = new Map<number, Int32Array>();
  for (const [gram, list] of categoryGrams) gramCategories.set(gram, sortedUnique(list));

  return {
    toolIds,
    terms,
    termStart,
    termPostings,
    termCategories,
    nameTerms: Int32Array.from(nameTerms),
    grams: gramPostings,
    gramCategories,
    mainMembers: main.map((list) => Int32Array.from(list)),
    otherMembers: other.map((list) => Int32Array.from(list)),
    toolCategoryStart,
    toolCategoryList: Int32Array.from(toolCategoryList),
    categoryIds,
    categoryParents: Int32Array.from(input.categories, (c) => c.parent_id ?? -1),
    synonyms: synonymMap(input.synonyms),
  };
}

/** Each folded word of a group maps to the group's other words (a word in several groups gets all of them). */
export function synonymMap(groups: string[][]): Map<string, string[]> {
  const map = new Map<string, Set<string>>();
  for (const group of groups) {
    // Joined like the indexed text joins "e-mail" and "arrière-plan".
    const folded = [...new Set(group.map((word) => foldText(word).trim().replace(/[-.]/g, "")).filter(Boolean))];
    for (const word of folded) {
      let set = map.get(word);
      if (!set) map.set(word, (set = new Set()));
      for (const other of folded) if (other !== word) set.add(other);
    }
  }
  return new Map([...map].map(([word, set]) => [word, [...set]]));
}

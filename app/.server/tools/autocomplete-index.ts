import { normalizeQuery, typoStarts } from "~/lib/autocomplete";
import { byCodeUnits, sortInSlices, TimeSlices } from "~/lib/time-slices";
import { GrowableInt32, GrowableUint32, GrowableUint8, groupByOwner } from "../compact/growable";
import { PackedPostingsBuilder, type PackedPostings } from "../compact/packed-postings";
import { StringPoolBuilder, type StringPool } from "../compact/string-pool";
import type { DB } from "../db";
import { parseStringList } from "../db/values";
import { AUTOCOMPLETE_SCOPES } from "../catalog/scopes";
import { catalogGeneration, scopeGeneration } from "./cache";
import { autocompleteTools, autocompleteTranslations, type AutocompleteTool, type AutocompleteTranslation } from "./queries";

/**
 * The autocomplete index in compact form (decision 0039): every string in a few pools, every list per entry
 * as offsets into one typed array (entry e owns `offsets[e]` to `offsets[e + 1]`), no object or array per
 * entry. At a million tools the former arrays of strings per tool and language took 1.45 GB.
 */
export interface ServerIndex {
  /** `catalogGeneration(AUTOCOMPLETE_SCOPES)` when the build began, and the two scopes' own counts. */
  generation: number;
  toolsGeneration: number;
  orderGeneration: number;
  size: number;
  /** Per entry: its tool's id; per tool id: its entry, or -1. */
  ids: Int32Array;
  entryOfId: Int32Array;
  /** Slugs (text id = entry), image addresses, names as shown and lower-cased names. */
  text: StringPool;
  /** Per entry: the text id of its image address, or -1. */
  images: Int32Array;
  /** Per entry: its names as shown with their languages (indexes into `languages`), in the order read. */
  displayOffsets: Uint32Array;
  displayText: Uint32Array;
  displayLanguage: Uint8Array;
  languages: string[];
  /** Per entry: its distinct lower-cased names in every language. */
  keyOffsets: Uint32Array;
  keyText: Uint32Array;
  /** Distinct lower-cased tags; per entry, the ids of its distinct tags. */
  tags: StringPool;
  tagOffsets: Uint32Array;
  tagIds: Uint32Array;
  /** Every (name, entry) pair sorted by name, then entry: for prefix lookups. */
  sortedKeyText: Uint32Array;
  sortedEntries: Int32Array;
  /** Entries per gram (`gramKey`) of their names, and of their tags. */
  nameGrams: PackedPostings;
  tagGrams: PackedPostings;
  /** Distinct folded word starts of every name (spaced scripts), sorted, and their entries (ascending): for matches with typos. */
  sortedStarts: string[];
  startOffsets: Int32Array;
  startEntries: Int32Array;
}

/** A number per gram: code points are below 2^21, so a pair fits well within a double's exact integers. */
export const gramKey = (first: number, second = -1): number => (second + 1) * 0x200000 + first;

function forEachGram(key: string, visit: (gram: number) => void): void {
  let previous = -1;
  for (const char of key) {
    const code = char.codePointAt(0)!;
    visit(gramKey(code));
    if (previous >= 0) visit(gramKey(previous, code));
    previous = code;
  }
}

/** Each entry listed once per gram of its keys, in two passes (count, then write). */
async function gramPostings(size: number, keysOf: (entry: number) => string[], slices: TimeSlices): Promise<PackedPostings> {
  const builder = new PackedPostingsBuilder();
  const pass = async (visit: (gram: number, entry: number) => void) => {
    for (let entry = 0; entry < size; entry++) {
      if (slices.due()) await slices.yield();
      for (const key of keysOf(entry)) forEachGram(key, (gram) => visit(gram, entry));
    }
  };
  await pass((gram, entry) => builder.count(gram, entry));
  builder.layout();
  await pass((gram, entry) => builder.write(gram, entry));
  return builder.build();
}

/** Interns strings while they are added: equal strings get one id. */
function interner(builder: StringPoolBuilder): (value: string) => number {
  const ids = new Map<string, number>();
  return (value) => {
    let id = ids.get(value);
    if (id === undefined) ids.set(value, (id = builder.add(value)));
    return id;
  };
}

/** Built in time slices (`TimeSlices`): at 100k tools this is seconds of CPU that no request should wait for. */
export async function buildIndex(db: DB): Promise<ServerIndex> {
  const generations = { generation: catalogGeneration(AUTOCOMPLETE_SCOPES), toolsGeneration: scopeGeneration("tools"), orderGeneration: scopeGeneration("tool-order") };
  const tools = await autocompleteTools(db);
  return indexOfTools(tools, (onSlice) => autocompleteTranslations(db, tools, onSlice), generations);
}

/**
 * The index of `tools` (in listing order) and their names and tags: of the whole catalogue, or of a few changed
 * tools that overlay it (`autocomplete-overlay.ts`), by the same code.
 */
export async function indexOfTools(
  tools: readonly AutocompleteTool[],
  readTranslations: (onSlice: (rows: AutocompleteTranslation[]) => Promise<void>) => Promise<void>,
  generations: Pick<ServerIndex, "generation" | "toolsGeneration" | "orderGeneration">,
): Promise<ServerIndex> {
  const slices = new TimeSlices();
  const size = tools.length;
  const textBuilder = new StringPoolBuilder();
  let maxId = 0;
  for (const tool of tools) {
    textBuilder.add(tool.slug);
    maxId = Math.max(maxId, tool.id);
    if (slices.due()) await slices.yield();
  }
  const images = new Int32Array(size);
  const entryOfId = new Int32Array(maxId + 1).fill(-1);
  for (let entry = 0; entry < size; entry++) {
    const tool = tools[entry]!;
    images[entry] = tool.image_url === null ? -1 : textBuilder.add(tool.image_url);
    entryOfId[tool.id] = entry;
    if (slices.due()) await slices.yield();
  }

  // Rows as read (in id order, not entry order): their entry, language, name, lower-cased name and tags.
  const rowEntry = new GrowableInt32();
  const rowLanguage = new GrowableUint8();
  const rowName = new GrowableInt32();
  const rowKey = new GrowableInt32();
  const rowTagEnd = new GrowableUint32();
  const rowTags = new GrowableUint32();
  const languages: string[] = [];
  const tagBuilder = new StringPoolBuilder();
  const tagId = interner(tagBuilder);
  // A tool's rows usually come together: its names in several languages are often the same text.
  let recentEntry = -1;
  let recentText = new Map<string, number>();
  const addText = (entry: number, value: string) => {
    if (entry !== recentEntry) {
      recentEntry = entry;
      recentText = new Map();
    }
    let id = recentText.get(value);
    if (id === undefined) recentText.set(value, (id = textBuilder.add(value)));
    return id;
  };
  await readTranslations(async (rows) => {
    for (const row of rows) {
      if (slices.due()) await slices.yield();
      const entry = row.tool_id < entryOfId.length ? entryOfId[row.tool_id]! : -1;
      if (entry < 0) continue;
      let language = languages.indexOf(row.language);
      if (language < 0) language = languages.push(row.language) - 1;
      const key = normalizeQuery(row.name);
      rowEntry.push(entry);
      rowLanguage.push(language);
      rowName.push(addText(entry, row.name));
      rowKey.push(key ? addText(entry, key) : -1);
      for (const tag of parseStringList(row.tags)) {
        const normalized = normalizeQuery(tag);
        if (normalized) rowTags.push(tagId(normalized));
      }
      rowTagEnd.push(rowTags.length);
    }
  });
  const text = textBuilder.build();
  const tags = tagBuilder.build();

  // Per entry, in the order read: names as shown, distinct names, distinct tags, word starts for typos.
  const { offsets: rowOffsets, order: rowOrder } = groupByOwner(rowEntry.view(), size);
  const displayOffsets = new Uint32Array(size + 1);
  const displayText = new Uint32Array(rowOrder.length);
  const displayLanguage = new Uint8Array(rowOrder.length);
  const keyOffsets = new Uint32Array(size + 1);
  const keyText = new GrowableUint32();
  const tagOffsets = new Uint32Array(size + 1);
  const tagIds = new GrowableUint32();
  const entriesOfStart = new Map<string, number[]>();
  for (let entry = 0; entry < size; entry++) {
    if (slices.due()) await slices.yield();
    const firstKey = keyText.length;
    const firstTag = tagIds.length;
    for (let k = rowOffsets[entry]!; k < rowOffsets[entry + 1]!; k++) {
      const row = rowOrder[k]!;
      displayText[k] = rowName.at(row);
      displayLanguage[k] = rowLanguage.at(row);
      const key = rowKey.at(row);
      let seen = key < 0;
      for (let j = firstKey; j < keyText.length && !seen; j++) seen = text.compareIds(keyText.at(j), key) === 0;
      if (!seen) keyText.push(key);
      for (let t = row === 0 ? 0 : rowTagEnd.at(row - 1); t < rowTagEnd.at(row); t++) {
        const tag = rowTags.at(t);
        let known = false;
        for (let j = firstTag; j < tagIds.length && !known; j++) known = tagIds.at(j) === tag;
        if (!known) tagIds.push(tag);
      }
    }
    displayOffsets[entry + 1] = rowOffsets[entry + 1]!;
    keyOffsets[entry + 1] = keyText.length;
    tagOffsets[entry + 1] = tagIds.length;
    const starts = new Set<string>();
    for (let j = firstKey; j < keyText.length; j++) for (const start of typoStarts(text.get(keyText.at(j)))) starts.add(start);
    for (const start of starts) {
      const list = entriesOfStart.get(start);
      if (list) list.push(entry);
      else entriesOfStart.set(start, [entry]);
    }
  }
  const keys = keyText.trimmed();
  const keyEntry = new Int32Array(keys.length);
  for (let entry = 0; entry < size; entry++) keyEntry.fill(entry, keyOffsets[entry]!, keyOffsets[entry + 1]!);
  // Keys are numbered in entry order, so the lower key number is the lower entry among equal names.
  const sortedKeys = await sortInSlices(Array.from(keys, (_, k) => k), (a, b) => text.compareIds(keys[a]!, keys[b]!) || a - b, slices);
  const sortedStarts = await sortInSlices([...entriesOfStart.keys()], byCodeUnits, slices);
  const startOffsets = new Int32Array(sortedStarts.length + 1);
  sortedStarts.forEach((start, i) => (startOffsets[i + 1] = startOffsets[i]! + entriesOfStart.get(start)!.length));
  const startEntries = new Int32Array(startOffsets[sortedStarts.length]!);
  for (let i = 0; i < sortedStarts.length; i++) {
    startEntries.set(entriesOfStart.get(sortedStarts[i]!)!, startOffsets[i]!);
    if (slices.due()) await slices.yield();
  }
  const keyStrings = (entry: number) => Array.from(keys.subarray(keyOffsets[entry]!, keyOffsets[entry + 1]!), (id) => text.get(id));
  const finalTagIds = tagIds.trimmed();
  const tagStrings = (entry: number) => Array.from(finalTagIds.subarray(tagOffsets[entry]!, tagOffsets[entry + 1]!), (id) => tags.get(id));
  return {
    ...generations,
    size,
    ids: Int32Array.from(tools, (tool) => tool.id),
    entryOfId,
    text,
    images,
    displayOffsets,
    displayText,
    displayLanguage,
    languages,
    keyOffsets,
    keyText: keys,
    tags,
    tagOffsets,
    tagIds: finalTagIds,
    sortedKeyText: Uint32Array.from(sortedKeys, (k) => keys[k]!),
    sortedEntries: Int32Array.from(sortedKeys, (k) => keyEntry[k]!),
    nameGrams: await gramPostings(size, keyStrings, slices),
    tagGrams: await gramPostings(size, tagStrings, slices),
    sortedStarts,
    startOffsets,
    startEntries,
  };
}

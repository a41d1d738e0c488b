import type { DB } from "../db";
import { patchLimit } from "../search/overlay";
import { indexOfTools, type ServerIndex } from "./autocomplete-index";
import { autocompleteToolsOf, listingOrderIds } from "./queries";
import { sortPositions, type SortPositions } from "./sort-positions";
import { countUpTo } from "../compact/sorted-ints";

/**
 * Suggestions after a change of a few named tools (decision 0040), without rebuilding their index (seconds of
 * CPU at 100k tools): the changed tools, as they are now, get an index of their own built by the same code
 * (`indexOfTools`), placed among the full index's entries where the listing order puts them now, and the full
 * index's copies of them are hidden. `autocomplete.ts` answers from both parts as from one index.
 */
export interface SuggestionPart {
  index: ServerIndex;
  /** 1 for an entry whose tool changed since (it is answered from the other part, or no longer listed). */
  hidden: Uint8Array | null;
}

export interface SuggestionView {
  /** `catalogGeneration(AUTOCOMPLETE_SCOPES)` this view shows. */
  generation: number;
  /** The full index, then the changed tools' (when there are any). */
  parts: SuggestionPart[];
  /**
   * Per entry of the changed tools' part: how many full-index entries rank before it (ascending). Ranks over both
   * parts follow from it without an array per full-index entry. Null: one part.
   */
  slots: Int32Array | null;
  /** Ranks over both parts (hidden entries included), and the entries that count. */
  total: number;
  size: number;
}

/** An entry's rank over both parts. */
export function rankOf(view: SuggestionView, part: number, entry: number): number {
  const { slots } = view;
  if (!slots) return entry;
  return part === 0 ? entry + countUpTo(slots, entry) : slots[entry]! + entry;
}

/** The part and entry at a rank over both parts. */
export function entryAt(view: SuggestionView, rank: number): [part: number, entry: number] {
  const { slots } = view;
  if (!slots) return [0, rank];
  // The changed entries' ranks (slot + entry) ascend: how many of them rank at or before `rank`.
  let lo = 0;
  let hi = slots.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (slots[mid]! + mid <= rank) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && slots[lo - 1]! + lo - 1 === rank) return [1, lo - 1];
  return [0, rank - lo];
}

/** The full index as suggestions read it. */
export function plainSuggestions(index: ServerIndex, generation = index.generation): SuggestionView {
  return { generation, parts: [{ index, hidden: null }], slots: null, total: index.size, size: index.size };
}

/** How many changed tools the suggestions take in before they are rebuilt instead (as the search index). */
export function suggestionPatchLimit(index: ServerIndex): number {
  return patchLimit(index.size);
}

/**
 * `base` with `changed` tools taken in as they are now: their rows read and their index built, placed where the
 * list in listing order (`sortPositions`, kept there anyway) has them. Milliseconds of the event loop; the previous
 * suggestions answer meanwhile.
 */
export async function patchSuggestions(db: DB, base: ServerIndex, changed: readonly number[], generation: number): Promise<SuggestionView> {
  if (changed.length === 0) return plainSuggestions(base, generation);
  const [positions, { tools, translations }] = await Promise.all([sortPositions(db, "popular"), autocompleteToolsOf(db, changed)]);
  // A large catalogue's list order may still be the one from before the change: then the order is read here.
  const order = tools.every((tool) => placeOf(positions, tool.id) >= 0) ? positions : await readOrder(db);
  // The changed tools in listing order, as the full build has them.
  const listed = tools.filter((tool) => placeOf(order, tool.id) >= 0).sort((a, b) => placeOf(order, a.id) - placeOf(order, b.id));
  const delta = await indexOfTools(listed, (onSlice) => onSlice(translations), base);
  return joinSuggestions(base, delta, order, new Set(changed), generation);
}

function placeOf(order: SortPositions, id: number): number {
  return id < order.positionOf.length ? order.positionOf[id]! : -1;
}

/** The listing order read from the database (off the main thread). */
async function readOrder(db: DB): Promise<SortPositions> {
  const ids = await listingOrderIds(db);
  const positionOf = new Int32Array(ids.reduce((max, id) => Math.max(max, id), 0) + 1).fill(-1);
  ids.forEach((id, i) => (positionOf[id] = i));
  return { ids, positionOf };
}

/**
 * Ranks over both parts: each changed tool goes right after the full-index entry the listing order puts last
 * before it (never before an earlier changed tool: the full index keeps the order it was built in).
 */
export function joinSuggestions(base: ServerIndex, delta: ServerIndex, order: SortPositions, changed: ReadonlySet<number>, generation: number): SuggestionView {
  const hidden = new Uint8Array(base.size);
  let hiddenCount = 0;
  const entryOf = (index: ServerIndex, id: number) => (id < index.entryOfId.length ? index.entryOfId[id]! : -1);
  for (const id of changed) {
    const entry = entryOf(base, id);
    if (entry < 0) continue;
    hidden[entry] = 1;
    hiddenCount++;
  }
  // Per changed entry: how many full-index entries come before it.
  const slots = new Int32Array(delta.size);
  let after = 0;
  for (let d = 0; d < delta.size; d++) {
    let place = placeOf(order, delta.ids[d]!) - 1;
    while (place >= 0 && (entryOf(base, order.ids[place]!) < 0 || hidden[entryOf(base, order.ids[place]!)] === 1)) place--;
    if (place >= 0) after = Math.max(after, entryOf(base, order.ids[place]!) + 1);
    slots[d] = after;
  }
  const total = base.size + delta.size;
  return {
    generation,
    parts: [
      { index: base, hidden },
      { index: delta, hidden: null },
    ],
    slots,
    total,
    size: total - hiddenCount,
  };
}

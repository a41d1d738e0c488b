import type { DB } from "../db";
import { patchLimit } from "../search/overlay";
import { indexOfTools, type ServerIndex } from "./autocomplete-index";
import { autocompleteToolsOf, listingOrderIds } from "./queries";

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
  /** Each entry's rank over both parts (null: its own entry number). */
  rank: Int32Array | null;
}

export interface SuggestionView {
  /** `catalogGeneration(AUTOCOMPLETE_SCOPES)` this view shows. */
  generation: number;
  /** The full index, then the changed tools' (when there are any). */
  parts: SuggestionPart[];
  /** Part and entry by rank over both parts (null: the one part's entries as they are). */
  order: { part: Uint8Array; entry: Int32Array } | null;
  /** Ranks over both parts (hidden entries included), and the entries that count. */
  total: number;
  size: number;
}

/** The full index as suggestions read it. */
export function plainSuggestions(index: ServerIndex, generation = index.generation): SuggestionView {
  return { generation, parts: [{ index, hidden: null, rank: null }], order: null, total: index.size, size: index.size };
}

/** How many changed tools the suggestions take in before they are rebuilt instead (as the search index). */
export function suggestionPatchLimit(index: ServerIndex): number {
  return patchLimit(index.size);
}

/**
 * `base` with `changed` tools taken in as they are now: their rows and the listing order read (the order off the
 * main thread), their index built. Milliseconds of the event loop; the previous suggestions answer meanwhile.
 */
export async function patchSuggestions(db: DB, base: ServerIndex, changed: readonly number[], generation: number): Promise<SuggestionView> {
  if (changed.length === 0) return plainSuggestions(base, generation);
  const [order, { tools, translations }] = await Promise.all([listingOrderIds(db), autocompleteToolsOf(db, changed)]);
  // The changed tools in listing order, as the full build has them.
  const place = new Map<number, number>();
  order.forEach((id, i) => place.set(id, i));
  const listed = tools.filter((tool) => place.has(tool.id)).sort((a, b) => place.get(a.id)! - place.get(b.id)!);
  const delta = await indexOfTools(listed, (onSlice) => onSlice(translations), base);
  return joinSuggestions(base, delta, order, new Set(changed), generation);
}

/**
 * Ranks over both parts: each changed tool goes right after the last full-index entry the listing order puts
 * before it (never before an earlier changed tool: the full index's own order is as it was built).
 */
export function joinSuggestions(base: ServerIndex, delta: ServerIndex, order: Int32Array, changed: ReadonlySet<number>, generation: number): SuggestionView {
  const hidden = new Uint8Array(base.size);
  let hiddenCount = 0;
  for (const id of changed) {
    const entry = id < base.entryOfId.length ? base.entryOfId[id]! : -1;
    if (entry < 0) continue;
    hidden[entry] = 1;
    hiddenCount++;
  }
  // Per changed entry: how many full-index entries come before it (a running maximum: never fewer than before).
  const slots = new Int32Array(delta.size);
  let after = 0;
  for (const id of order) {
    const entry = id < base.entryOfId.length ? base.entryOfId[id]! : -1;
    if (entry >= 0 && hidden[entry] === 0) after = Math.max(after, entry + 1);
    const changedEntry = id < delta.entryOfId.length ? delta.entryOfId[id]! : -1;
    if (changedEntry >= 0) slots[changedEntry] = after;
  }
  const total = base.size + delta.size;
  const baseRank = new Int32Array(base.size);
  const deltaRank = new Int32Array(delta.size);
  const part = new Uint8Array(total);
  const entry = new Int32Array(total);
  let d = 0;
  let rank = 0;
  for (let e = 0; e <= base.size; e++) {
    for (; d < delta.size && slots[d]! <= e; d++, rank++) {
      deltaRank[d] = rank;
      part[rank] = 1;
      entry[rank] = d;
    }
    if (e === base.size) break;
    baseRank[e] = rank;
    entry[rank++] = e;
  }
  return {
    generation,
    parts: [
      { index: base, hidden, rank: baseRank },
      { index: delta, hidden: null, rank: deltaRank },
    ],
    order: { part, entry },
    total,
    size: total - hiddenCount,
  };
}

import { gramKey } from "./text-index";
import type { SearchView } from "./view";

/** Field ranks as the ranking compares them. */
export const RANK_NAME = 0;
export const RANK_MAIN_CATEGORY = 1;
export const RANK_OTHER_CATEGORY = 2;
export const RANK_TAG = 3;
export const RANK_DESCRIPTION = 4;
/** By posting field (text-index.ts: name 0, tag 1, description 2). */
const RANK_OF_FIELD = [RANK_NAME, RANK_TAG, RANK_DESCRIPTION];

/** Exactness of a match, best first. */
export const EXACT = 0;
export const SYNONYM = 1;
export const PREFIX = 2;
export const APPROXIMATE = 3;
export const NO_MATCH = 255;
/** Category slots start above every name, tag and description slot (field rank << 7 | slot < 1024). */
const CATEGORY_SLOT = 1024;

export interface QueryWord {
  text: string;
  cjk: boolean;
}

/** How a word reached a tool: through a typo (edit distance), or as typed (exactly, a synonym, prefix, form, part). */
export type Route = "typo" | "clean";

/**
 * Postings (or categories) holding a CJK word: its character, its pair, or every consecutive pair of a
 * longer word (one field value contains them all).
 */
export function gramPostings(grams: ReadonlyMap<number, Int32Array>, word: string): Int32Array {
  const chars = [...word].map((char) => char.codePointAt(0)!);
  if (chars.length === 1) return grams.get(gramKey(chars[0]!)) ?? new Int32Array(0);
  let result: Int32Array | undefined;
  for (let i = 0; i + 1 < chars.length; i++) {
    const list = grams.get(gramKey(chars[i]!, chars[i + 1]!));
    if (!list) return new Int32Array(0);
    result = result ? intersect(result, list) : list;
  }
  return result ?? new Int32Array(0);
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out[n++] = a[i]!;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}

/** Per query word: best match per tool and where it was found, also without typos. */
class WordState {
  best: Uint8Array;
  slot: Uint16Array;
  /** The best match that is no typo, and where (NO_MATCH: the word reached the tool only through typos). */
  cleanBest: Uint8Array;
  cleanSlot: Uint16Array;
  /** Bit per field rank the word was found in. */
  fields: Uint8Array;
  /** Whether the word, as typed or as a synonym, is a whole word of some tool's texts. */
  exact = false;
  constructor(size: number) {
    this.best = new Uint8Array(size).fill(NO_MATCH);
    this.slot = new Uint16Array(size);
    this.cleanBest = new Uint8Array(size).fill(NO_MATCH);
    this.cleanSlot = new Uint16Array(size);
    this.fields = new Uint8Array(size);
  }
}

export class Matcher {
  readonly states: WordState[];
  readonly mask: Uint8Array;
  readonly touched: number[] = [];
  readonly categoryMask: Uint8Array;
  /**
   * Per word and category, the best typos * 32 + exactness its members were given (NO_MATCH: none yet). A
   * word's expansions (prefixes, typos, forms, synonyms in ten languages) often name the same category again;
   * with a key no better, going over its thousands of members again would change nothing.
   */
  readonly categoryKeys: Uint8Array[];
  /** The same for matches that are no typo (a typo's key must not keep a word form's members from theirs). */
  readonly cleanCategoryKeys: Uint8Array[];
  /** Tools each word matched. */
  readonly counts: number[];
  constructor(
    readonly index: SearchView,
    readonly words: QueryWord[],
  ) {
    const size = index.toolIds.length;
    this.states = words.map(() => new WordState(size));
    this.mask = new Uint8Array(size);
    this.categoryMask = new Uint8Array(index.categoryIds.length);
    this.categoryKeys = words.map(() => new Uint8Array(index.categoryIds.length).fill(NO_MATCH));
    this.cleanCategoryKeys = words.map(() => new Uint8Array(index.categoryIds.length).fill(NO_MATCH));
    this.counts = words.map(() => 0);
  }

  /**
   * Records that `word` matched the tool of each posting (here) or each member of the categories (below), with
   * a key of typos * 32 + field rank * 4 + exactness: the best key and its slot per tool, the fields found
   * without a typo (coverage), the tools matched. The loops keep the word's arrays in locals: they run once per
   * posting or member, a few hundred thousand times for a common word. Postings of tools changed since the
   * index was built (`hidden`, `overlay.ts`) are passed over: their tools are matched as they are now.
   */
  postings(word: number, postings: Int32Array, typos: number, exactness: number, route: Route = "clean"): void {
    const state = this.states[word]!;
    const { best, slot, fields, cleanBest, cleanSlot } = state;
    const clean = route === "clean";
    const { mask, touched } = this;
    const { hidden } = this.index;
    const bit = 1 << word;
    const keyBase = typos * 32 + exactness;
    let added = 0;
    let live = 0;
    for (let k = 0; k < postings.length; k++) {
      const code = postings[k]!;
      const tool = code >>> 9;
      if (hidden !== null && hidden[tool] === 1) continue;
      live++;
      const rank = RANK_OF_FIELD[(code >> 7) & 3]!;
      const key = keyBase + rank * 4;
      // Coverage counts the fields a word appears in as typed (or as a synonym), not its typos and forms,
      // nor descriptions, which mention many things in passing.
      if (typos === 0 && rank !== RANK_DESCRIPTION) fields[tool]! |= 1 << rank;
      const previous = best[tool]!;
      if (previous === NO_MATCH) added++;
      if (key < previous) {
        best[tool] = key;
        slot[tool] = (rank << 7) | (code & 127);
      }
      if (clean && key < cleanBest[tool]!) {
        cleanBest[tool] = key;
        cleanSlot[tool] = (rank << 7) | (code & 127);
      }
      if (mask[tool] === 0) touched.push(tool);
      mask[tool]! |= bit;
    }
    if (clean && typos === 0 && exactness <= SYNONYM && live > 0) state.exact = true;
    this.counts[word]! += added;
  }

  categories(word: number, categories: Int32Array | undefined, typos: number, exactness: number, route: Route = "clean"): void {
    if (!categories) return;
    const state = this.states[word]!;
    const { best, slot, fields, cleanBest, cleanSlot } = state;
    const { mask, touched } = this;
    const bit = 1 << word;
    const clean = route === "clean";
    const applied = (clean ? this.cleanCategoryKeys : this.categoryKeys)[word]!;
    const keyBase = typos * 32 + exactness;
    if (clean && typos === 0 && exactness <= SYNONYM && categories.length > 0) state.exact = true;
    let added = 0;
    for (const category of categories) {
      this.categoryMask[category]! |= bit;
      // Members already given this key or a better one (and, without typos, their fields) keep what they have.
      if (applied[category]! <= keyBase) continue;
      applied[category] = keyBase;
      if (clean) this.categoryKeys[word]![category] = Math.min(this.categoryKeys[word]![category]!, keyBase);
      for (const [members, rank] of [
        [this.index.mainMembers[category]!, RANK_MAIN_CATEGORY],
        [this.index.otherMembers[category]!, RANK_OTHER_CATEGORY],
      ] as const) {
        const key = keyBase + rank * 4;
        const field = typos === 0 ? 1 << rank : 0;
        const place = CATEGORY_SLOT + category;
        for (let k = 0; k < members.length; k++) {
          const tool = members[k]!;
          fields[tool]! |= field;
          const previous = best[tool]!;
          if (previous === NO_MATCH) added++;
          if (key < previous) {
            best[tool] = key;
            slot[tool] = place;
          }
          if (clean && key < cleanBest[tool]!) {
            cleanBest[tool] = key;
            cleanSlot[tool] = place;
          }
          if (mask[tool] === 0) touched.push(tool);
          mask[tool]! |= bit;
        }
      }
    }
    this.counts[word]! += added;
  }

  term(word: number, term: number, typos: number, exactness: number, route: Route = "clean"): void {
    for (const list of this.index.termLists(term)) this.postings(word, list, typos, exactness, route);
    this.categories(word, this.index.termCategories.get(term), typos, exactness, route);
  }

  cjk(word: number, text: string, exactness: number): void {
    // Separately per map: the changed tools' indexes all come after the built index's, so no gram pair spans both.
    for (const grams of this.index.gramMaps) this.postings(word, gramPostings(grams, text), 0, exactness);
    this.categories(word, gramPostings(this.index.gramCategories, text), 0, exactness);
  }

  /** Records a match found by other means (a compound's parts, compounds.ts): `key` as `postings` makes it. */
  assign(word: number, tool: number, key: number, slot: number): void {
    const state = this.states[word]!;
    state.exact = true;
    if (state.best[tool] === NO_MATCH) this.counts[word]!++;
    if (key < state.best[tool]!) {
      state.best[tool] = key;
      state.slot[tool] = slot;
    }
    if (key < state.cleanBest[tool]!) {
      state.cleanBest[tool] = key;
      state.cleanSlot[tool] = slot;
    }
    state.fields[tool]! |= 1 << ((key >> 2) & 7);
    if (this.mask[tool] === 0) this.touched.push(tool);
    this.mask[tool]! |= 1 << word;
  }

  /**
   * A word that some tool has as typed (or as a synonym) keeps only its matches that are no typo: "deepl"
   * finds DeepL, not every tool that says "deep". A tool left with no word is no result.
   */
  dropTypoOnly(): void {
    this.states.forEach((state, i) => {
      if (!state.exact) return;
      const bit = 1 << i;
      const { best, slot, cleanBest, cleanSlot } = state;
      let removed = 0;
      for (const tool of this.touched) {
        if (!(this.mask[tool]! & bit)) continue;
        if (cleanBest[tool] === NO_MATCH) {
          this.mask[tool]! &= ~bit;
          best[tool] = NO_MATCH;
          removed++;
        } else {
          best[tool] = cleanBest[tool]!;
          slot[tool] = cleanSlot[tool]!;
        }
      }
      this.counts[i]! -= removed;
    });
  }
}

/**
 * Posting lists (ascending numbers per numeric key) packed as gaps in variable-length bytes (decision 0039):
 * a character common to many names lists most entries with gaps of 1-3, a byte each instead of four.
 * Read front to back only, which is how autocomplete walks them (in rank order, stopping early).
 */

export interface PackedPostings {
  /** Sorted keys; per key its number of postings and its bytes (`offsets[k]` to `offsets[k + 1]`). */
  keys: Float64Array;
  counts: Uint32Array;
  offsets: Uint32Array;
  bytes: Uint8Array;
}

const byteLength = (gap: number) => (gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : gap < 0x10000000 ? 4 : 5);

/**
 * Built in two passes over the same (key, value) sequence, values ascending per key, repeats ignored:
 * `count` everything, `layout`, then `write` everything again, and `build`.
 */
export class PackedPostingsBuilder {
  readonly #indexOf = new Map<number, number>();
  readonly #keys: number[] = [];
  readonly #counts: number[] = [];
  readonly #lengths: number[] = [];
  #last: number[] = [];
  #cursor = new Uint32Array(0);
  #bytes = new Uint8Array(0);
  #packed?: PackedPostings;

  count(key: number, value: number): void {
    let index = this.#indexOf.get(key);
    if (index === undefined) {
      this.#indexOf.set(key, (index = this.#keys.length));
      this.#keys.push(key);
      this.#counts.push(0);
      this.#lengths.push(0);
      this.#last.push(-1);
    }
    const gap = value - this.#last[index]!;
    if (gap === 0) return;
    this.#last[index] = value;
    this.#counts[index]!++;
    this.#lengths[index]! += byteLength(gap);
  }

  /** Places each key's bytes in key order, ready for `write`. */
  layout(): void {
    const keys = this.#keys;
    const byKey = keys.map((_, i) => i).sort((a, b) => keys[a]! - keys[b]!);
    const offsets = new Uint32Array(keys.length + 1);
    this.#cursor = new Uint32Array(keys.length);
    byKey.forEach((index, rank) => {
      this.#cursor[index] = offsets[rank]!;
      offsets[rank + 1] = offsets[rank]! + this.#lengths[index]!;
    });
    this.#bytes = new Uint8Array(offsets[keys.length]!);
    this.#last = this.#last.map(() => -1);
    this.#packed = { keys: Float64Array.from(byKey, (i) => keys[i]!), counts: Uint32Array.from(byKey, (i) => this.#counts[i]!), offsets, bytes: this.#bytes };
  }

  write(key: number, value: number): void {
    const index = this.#indexOf.get(key)!;
    let gap = value - this.#last[index]!;
    if (gap === 0) return;
    this.#last[index] = value;
    let at = this.#cursor[index]!;
    while (gap >= 0x80) {
      this.#bytes[at++] = (gap & 0x7f) | 0x80;
      gap >>>= 7;
    }
    this.#bytes[at++] = gap;
    this.#cursor[index] = at;
  }

  build(): PackedPostings {
    return this.#packed!;
  }
}

/** Position of `key` in `postings.keys`, or -1. */
export function findKey(postings: PackedPostings, key: number): number {
  let lo = 0;
  let hi = postings.keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (postings.keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return postings.keys[lo] === key ? lo : -1;
}

/** Reads one key's postings in order: `next()` until it answers -1. */
export class PostingCursor {
  #at: number;
  readonly #end: number;
  #value = -1;

  constructor(
    private readonly postings: PackedPostings,
    keyIndex: number,
  ) {
    this.#at = keyIndex < 0 ? 0 : postings.offsets[keyIndex]!;
    this.#end = keyIndex < 0 ? 0 : postings.offsets[keyIndex + 1]!;
  }

  next(): number {
    if (this.#at >= this.#end) return -1;
    const bytes = this.postings.bytes;
    let gap = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[this.#at++]!;
      gap |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    this.#value += gap;
    return this.#value;
  }
}

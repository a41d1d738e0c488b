import type { TimeSlices } from "~/lib/time-slices";

/**
 * Collects (key, posting) pairs into one growing buffer and packs them into compressed rows (one offset
 * array, one posting array), so indexing a 100k catalogue does not create a small array per word and
 * gram and leave the garbage collector millions of them.
 */
export class PostingBuilder<K extends string | number = string> {
  readonly keys: K[] = [];
  #ids = new Map<K, number>();
  #last = new Int32Array(1024).fill(-1);
  #pairs = new Int32Array(1 << 16);
  #size = 0;

  add(key: K, posting: number): void {
    let id = this.#ids.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.#ids.set(key, id);
      this.keys.push(key);
      if (id >= this.#last.length) {
        const grown = new Int32Array(this.#last.length * 2).fill(-1);
        grown.set(this.#last);
        this.#last = grown;
      }
    }
    // The same key in the same field value, or a word repeated in a text: one posting.
    if (this.#last[id] === posting) return;
    this.#last[id] = posting;
    if (this.#size + 2 > this.#pairs.length) {
      const grown = new Int32Array(this.#pairs.length * 2);
      grown.set(this.#pairs);
      this.#pairs = grown;
    }
    this.#pairs[this.#size++] = id;
    this.#pairs[this.#size++] = posting;
  }

  has(key: K): boolean {
    return this.#ids.has(key);
  }

  /**
   * Rows by key id: row k is postings[start[k]..start[k + 1]), sorted ascending and without repeats. Packed
   * in time slices: at 100k tools there are millions of postings.
   */
  async pack(slices: TimeSlices): Promise<{ start: Int32Array; postings: Int32Array }> {
    const count = this.keys.length;
    const start = new Int32Array(count + 1);
    for (let i = 0; i < this.#size; i += 2) {
      start[this.#pairs[i]! + 1]!++;
      if (slices.due()) await slices.yield();
    }
    for (let k = 0; k < count; k++) start[k + 1]! += start[k]!;
    const fill = start.slice(0, count);
    const postings = new Int32Array(this.#size / 2);
    for (let i = 0; i < this.#size; i += 2) {
      postings[fill[this.#pairs[i]!]!++] = this.#pairs[i + 1]!;
      if (slices.due()) await slices.yield();
    }
    // Sort and drop repeats row by row, then close the gaps.
    let out = 0;
    let from = 0;
    for (let k = 0; k < count; k++) {
      if (slices.due()) await slices.yield();
      const row = postings.subarray(from, start[k + 1]!).sort();
      from = start[k + 1]!;
      start[k] = out;
      for (let i = 0; i < row.length; i++) if (i === 0 || row[i] !== row[i - 1]) postings[out++] = row[i]!;
      // A common word's row holds most tools: sixty-four of them between looks at the clock were 100 ms.
      if (row.length > 1024 && slices.dueNow()) await slices.yield();
    }
    start[count] = out;
    this.#pairs = new Int32Array(0);
    return { start, postings: postings.slice(0, out) };
  }
}

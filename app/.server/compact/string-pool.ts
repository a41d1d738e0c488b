/**
 * Many short strings kept as a few long ones (decision 0039). A string of its own costs a header of 16-20 bytes
 * plus a pointer wherever it is kept; at a million tools the derived indexes held tens of millions of them.
 * A pool keeps each string as (chunk, start, length) in typed arrays over chunks of a million characters.
 * Strings with a character beyond Latin-1 go to chunks of their own, so one Chinese name does not make a
 * chunk of ASCII take two bytes a character.
 */
import type { TimeSlices } from "~/lib/time-slices";
import { GrowableUint32 } from "./growable";

/**
 * A chunk is joined from its parts in one go when it is full: a million characters take ~15 ms, where four
 * million took 65 ms at 100k tools, one stretch without a turn of the event loop (and 0.75 s at a million).
 */
const CHUNK_CHARS = 1 << 20;
/** Any character beyond Latin-1 (one byte a character in V8). */
const WIDE = /[\u0100-\uffff]/;

export class StringPool {
  readonly #chunks: readonly string[];
  readonly #chunkOf: Uint16Array;
  readonly #start: Uint32Array;
  readonly #length: Uint32Array;

  constructor(chunks: readonly string[], chunkOf: Uint16Array, start: Uint32Array, length: Uint32Array) {
    this.#chunks = chunks;
    this.#chunkOf = chunkOf;
    this.#start = start;
    this.#length = length;
  }

  get size(): number {
    return this.#start.length;
  }

  get(id: number): string {
    const start = this.#start[id]!;
    return this.#chunks[this.#chunkOf[id]!]!.slice(start, start + this.#length[id]!);
  }

  lengthOf(id: number): number {
    return this.#length[id]!;
  }

  startsWith(id: number, prefix: string): boolean {
    return prefix.length <= this.#length[id]! && this.#chunks[this.#chunkOf[id]!]!.startsWith(prefix, this.#start[id]!);
  }

  equals(id: number, value: string): boolean {
    return value.length === this.#length[id]! && this.startsWith(id, value);
  }

  /** Code-unit order of string `id` against `value` (as `<` orders strings), without copying it out. */
  compare(id: number, value: string): number {
    const chunk = this.#chunks[this.#chunkOf[id]!]!;
    const start = this.#start[id]!;
    const length = this.#length[id]!;
    const shared = Math.min(length, value.length);
    for (let i = 0; i < shared; i++) {
      const difference = chunk.charCodeAt(start + i) - value.charCodeAt(i);
      if (difference !== 0) return difference;
    }
    return length - value.length;
  }

  /** Code-unit order of two pooled strings. */
  compareIds(a: number, b: number): number {
    const chunkA = this.#chunks[this.#chunkOf[a]!]!;
    const chunkB = this.#chunks[this.#chunkOf[b]!]!;
    const startA = this.#start[a]!;
    const startB = this.#start[b]!;
    const lengthA = this.#length[a]!;
    const lengthB = this.#length[b]!;
    const shared = Math.min(lengthA, lengthB);
    for (let i = 0; i < shared; i++) {
      const difference = chunkA.charCodeAt(startA + i) - chunkB.charCodeAt(startB + i);
      if (difference !== 0) return difference;
    }
    return lengthA - lengthB;
  }

  /** Whether the code points `codes` appear in order in string `id` (a subsequence), without copying it out. */
  hasSubsequence(id: number, codes: readonly number[]): boolean {
    const chunk = this.#chunks[this.#chunkOf[id]!]!;
    const end = this.#start[id]! + this.#length[id]!;
    let matched = 0;
    for (let i = this.#start[id]!; i < end; ) {
      let code = chunk.codePointAt(i)!;
      // A pair of surrogates is one character unless its second half belongs to the next string.
      if (code > 0xffff && i + 1 === end) code = chunk.charCodeAt(i);
      i += code > 0xffff ? 2 : 1;
      if (code === codes[matched] && ++matched === codes.length) return true;
    }
    return false;
  }

  /** A hash of string `id` equal to `hashString` of its value. */
  hashOf(id: number): number {
    const chunk = this.#chunks[this.#chunkOf[id]!]!;
    const start = this.#start[id]!;
    return hashRange(chunk, start, start + this.#length[id]!);
  }
}

/** FNV-1a over UTF-16 code units. */
function hashRange(text: string, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export const hashString = (value: string): number => hashRange(value, 0, value.length);

/** Appends strings; `build()` joins each chunk once. Ids are given in order from 0. */
export class StringPoolBuilder {
  readonly #chunks: string[] = [];
  /** Per width (0: Latin-1, 1: wide): the chunk being filled, its parts and length so far. */
  readonly #openChunk = [-1, -1];
  readonly #openParts: string[][] = [[], []];
  readonly #openLength = [0, 0];
  readonly #chunkOf = new GrowableUint32();
  readonly #start = new GrowableUint32();
  readonly #length = new GrowableUint32();

  get size(): number {
    return this.#start.length;
  }

  add(value: string): number {
    const width = WIDE.test(value) ? 1 : 0;
    if (this.#openChunk[width]! < 0 || this.#openLength[width]! + value.length > CHUNK_CHARS) {
      this.#seal(width);
      this.#openChunk[width] = this.#chunks.length;
      this.#chunks.push("");
    }
    this.#chunkOf.push(this.#openChunk[width]!);
    this.#start.push(this.#openLength[width]!);
    this.#length.push(value.length);
    this.#openParts[width]!.push(value);
    this.#openLength[width]! += value.length;
    return this.#start.length - 1;
  }

  #seal(width: number): void {
    if (this.#openChunk[width]! < 0) return;
    this.#chunks[this.#openChunk[width]!] = this.#openParts[width]!.join("");
    this.#openParts[width] = [];
    this.#openLength[width] = 0;
    this.#openChunk[width] = -1;
  }

  build(): StringPool {
    this.#seal(0);
    this.#seal(1);
    return new StringPool(this.#chunks, Uint16Array.from(this.#chunkOf.view()), this.#start.trimmed(), this.#length.trimmed());
  }
}

/**
 * Exact lookup of pooled strings by value (an open-addressing hash table in one typed array): a million slugs
 * without a Map entry and a string each.
 */
export class PoolLookup {
  readonly #slots: Int32Array;
  readonly #mask: number;

  private constructor(
    readonly pool: StringPool,
    slots: Int32Array,
  ) {
    this.#slots = slots;
    this.#mask = slots.length - 1;
  }

  /** A lookup of the pool's strings `0` to `count - 1`, built in time slices (a million slugs take ~100 ms). */
  static async build(pool: StringPool, count: number, slices: TimeSlices): Promise<PoolLookup> {
    let capacity = 16;
    while (capacity < count * 2) capacity *= 2;
    const slots = new Int32Array(capacity).fill(-1);
    const mask = capacity - 1;
    for (let id = 0; id < count; id++) {
      if (slices.due()) await slices.yield();
      let slot = pool.hashOf(id) & mask;
      while (slots[slot] !== -1) slot = (slot + 1) & mask;
      slots[slot] = id;
    }
    return new PoolLookup(pool, slots);
  }

  /** The id of `value` (the first one added, when several are equal), or -1. */
  find(value: string): number {
    let slot = hashString(value) & this.#mask;
    for (;;) {
      const id = this.#slots[slot]!;
      if (id === -1 || this.pool.equals(id, value)) return id;
      slot = (slot + 1) & this.#mask;
    }
  }
}

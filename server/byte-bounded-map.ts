/**
 * A Map bounded by the bytes its entries hold rather than by their count: 12,000 distinct 12 KB
 * addresses fit a count bound and still grew the heap by 180 MB. Insertion order is age; the oldest
 * entries go first once `maxBytes` is passed. `getRecent` moves a hit to the end (least recently used goes first).
 */
export class ByteBoundedMap<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    private readonly maxBytes: number,
    /** Bytes a value holds besides its key (strings count two bytes a character, as V8 may store them). */
    private readonly sizeOf: (value: V) => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  getRecent(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const bytes = key.length * 2 + this.sizeOf(value) + 64;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}

/**
 * Typed arrays that grow while an index is built (decision 0039): a list of numbers without an array of
 * boxed values and without knowing its final length first.
 */
class Growable<T extends Int32Array | Uint32Array | Uint8Array> {
  #items: T;
  length = 0;

  constructor(private readonly make: (length: number) => T) {
    this.#items = make(1024);
  }

  push(value: number): void {
    if (this.length === this.#items.length) {
      const bigger = this.make(this.#items.length * 2);
      bigger.set(this.#items);
      this.#items = bigger;
    }
    this.#items[this.length++] = value;
  }

  at(index: number): number {
    return this.#items[index]!;
  }

  /** The items so far, sharing memory with this list. */
  view(): T {
    return this.#items.subarray(0, this.length) as T;
  }

  /** The items in an array of their own, exactly as long as the list. */
  trimmed(): T {
    return this.#items.slice(0, this.length) as T;
  }
}

export class GrowableInt32 extends Growable<Int32Array> {
  constructor() {
    super((length) => new Int32Array(length));
  }
}

export class GrowableUint32 extends Growable<Uint32Array> {
  constructor() {
    super((length) => new Uint32Array(length));
  }
}

export class GrowableUint8 extends Growable<Uint8Array> {
  constructor() {
    super((length) => new Uint8Array(length));
  }
}

/**
 * Groups items by owner, keeping their order within each owner (a stable counting sort): `offsets[owner]` to
 * `offsets[owner + 1]` index `order`, which lists the items' positions.
 */
export function groupByOwner(owners: Int32Array, ownerCount: number): { offsets: Uint32Array; order: Uint32Array } {
  const offsets = new Uint32Array(ownerCount + 1);
  for (let i = 0; i < owners.length; i++) offsets[owners[i]! + 1]!++;
  for (let owner = 0; owner < ownerCount; owner++) offsets[owner + 1]! += offsets[owner]!;
  const cursor = offsets.slice(0, ownerCount);
  const order = new Uint32Array(owners.length);
  for (let i = 0; i < owners.length; i++) order[cursor[owners[i]!]!++] = i;
  return { offsets, order };
}

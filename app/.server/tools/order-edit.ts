/**
 * A kept list order taking in the few tools a catalogue change named (decision 0040): a tool that left the
 * order is removed, a changed or new one is put at its place, and the tools in between shift by one (a
 * `copyWithin`), instead of reading every tool's place again. The kept arrays are never written: lists may
 * still be paging through them; the first change copies them, once for all the tools of one change.
 */
export interface OrderPositions {
  /** Published tool ids in list order. */
  ids: Int32Array;
  /** Position in `ids` by tool id; -1 for ids that are no published tool. */
  positionOf: Int32Array;
}

/** The order as a list of tools without one of them: what a search for that tool's place looks at. */
export interface OrderView {
  length: number;
  /** The tool at index `i` (0 <= i < length). */
  at(i: number): number;
}

export function positionsOf(ids: Int32Array): Int32Array {
  let maxId = 0;
  for (const id of ids) if (id > maxId) maxId = id;
  const positionOf = new Int32Array(maxId + 1).fill(-1);
  ids.forEach((id, position) => (positionOf[id] = position));
  return positionOf;
}

export class OrderEdit {
  #ids: Int32Array;
  #positionOf: Int32Array;
  #length: number;
  #copied = false;

  /** `room`: how many tools may be added at most (the tools the change named). */
  constructor(
    private readonly order: OrderPositions,
    private readonly room: number,
  ) {
    this.#ids = order.ids;
    this.#positionOf = order.positionOf;
    this.#length = order.ids.length;
  }

  positionOf(id: number): number {
    return id < this.#positionOf.length ? this.#positionOf[id]! : -1;
  }

  /** The order without `id` (as it is when `id` is not in it). */
  without(id: number): OrderView {
    const from = this.positionOf(id);
    const ids = this.#ids;
    if (from < 0) return { length: this.#length, at: (i) => ids[i]! };
    return { length: this.#length - 1, at: (i) => ids[i < from ? i : i + 1]! };
  }

  /** Puts `id` at index `to` of the order without it (moving it, or adding it when it is not in it). */
  place(id: number, to: number): void {
    const from = this.positionOf(id);
    if (from === to) return;
    this.#copy(id);
    const ids = this.#ids;
    if (from < 0) {
      ids.copyWithin(to + 1, to, this.#length);
      this.#length++;
      ids[to] = id;
      this.#renumber(to, this.#length);
    } else if (to < from) {
      ids.copyWithin(to + 1, to, from);
      ids[to] = id;
      this.#renumber(to, from + 1);
    } else {
      ids.copyWithin(from, from + 1, to + 1);
      ids[to] = id;
      this.#renumber(from, to + 1);
    }
  }

  /** Takes these tools out of the order (those in it), in one pass over the tools after the first of them. */
  removeAll(toolIds: readonly number[]): void {
    const leaving = new Set(toolIds.filter((id) => this.positionOf(id) >= 0));
    if (leaving.size === 0) return;
    this.#copy(-1);
    const ids = this.#ids;
    let write = Math.min(...[...leaving].map((id) => this.positionOf(id)));
    for (let read = write; read < this.#length; read++) {
      const id = ids[read]!;
      if (leaving.has(id)) {
        this.#positionOf[id] = -1;
        continue;
      }
      ids[write] = id;
      this.#positionOf[id] = write++;
    }
    this.#length = write;
  }

  /** The order as edited: the kept one itself when nothing moved. */
  result(): OrderPositions {
    if (!this.#copied) return this.order;
    return { ids: this.#ids.slice(0, this.#length), positionOf: this.#positionOf };
  }

  #copy(id: number): void {
    if (!this.#copied) {
      this.#copied = true;
      const ids = new Int32Array(this.#length + this.room);
      ids.set(this.#ids.subarray(0, this.#length));
      this.#ids = ids;
      this.#positionOf = this.#positionOf.slice();
    }
    if (id >= this.#positionOf.length) {
      // New tools come with new ids: room for a few more, so a burst of approvals does not copy each time.
      const grown = new Int32Array(id + 1 + 64).fill(-1);
      grown.set(this.#positionOf);
      this.#positionOf = grown;
    }
  }

  #renumber(from: number, to: number): void {
    for (let position = from; position < to; position++) this.#positionOf[this.#ids[position]!] = position;
  }
}

/** Tools looked at per read when the keys are in the database (three reads find a place among 262,144 tools). */
export const SAMPLES = 64;

/**
 * The first index of `view` whose tool comes after the placed one, where `comeAfter` says it of a few tools at a
 * time (one read of their keys): up to `SAMPLES` evenly spaced tools narrow the range by that much each time.
 * The order must be sorted by what `comeAfter` compares (no tool after one that comes after the placed one).
 */
export async function firstAfterBySamples(view: OrderView, comeAfter: (ids: number[]) => Promise<boolean[]>): Promise<number> {
  let low = 0;
  let high = view.length;
  while (low < high) {
    const span = high - low;
    const count = Math.min(SAMPLES, span);
    const positions = Array.from({ length: count }, (_, k) => low + Math.floor((k * span) / count));
    const after = await comeAfter(positions.map((position) => view.at(position)));
    const first = after.indexOf(true);
    if (first < 0) {
      low = positions[count - 1]! + 1;
    } else {
      high = positions[first]!;
      if (first > 0) low = positions[first - 1]! + 1;
    }
  }
  return low;
}

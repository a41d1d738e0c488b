/**
 * Long work on the one thread that also answers requests (rebuilding the search index or the suggestions of
 * a 100k catalogue takes seconds of CPU), cut into slices of a few milliseconds with a turn of the event loop
 * between them, so a request that arrives meanwhile waits one slice at most, not the whole build.
 */

/** Lets other work (requests) take a turn of the event loop. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Slices of about 12 ms: a request arriving during a rebuild waits that long at most, the rebuild takes ~5% longer. */
const DEFAULT_BUDGET_MS = 12;

export class TimeSlices {
  #since = performance.now();
  #calls = 0;

  constructor(readonly budgetMs = DEFAULT_BUDGET_MS) {}

  /**
   * Cheap enough for the innermost loop: true when this slice's time is up (the clock is read every 64
   * calls). Use as `if (slices.due()) await slices.yield();`, so a loop that is not due awaits nothing.
   */
  due(): boolean {
    if ((++this.#calls & 63) !== 0) return false;
    return performance.now() - this.#since >= this.budgetMs;
  }

  /** As `due`, reading the clock at once: after one step of many calls' worth (sorting a long row). */
  dueNow(): boolean {
    return performance.now() - this.#since >= this.budgetMs;
  }

  /** Gives the event loop a turn and starts the next slice. */
  async yield(): Promise<void> {
    await nextTurn();
    this.#since = performance.now();
  }
}

/**
 * `items` sorted by `compare` (stable), in slices: runs of `run` items are sorted one at a time, then merged
 * pairwise, with turns of the event loop between slices (a plain sort of a million words is one
 * uninterrupted second). Returns a new array.
 */
export async function sortInSlices<T>(items: readonly T[], compare: (a: T, b: T) => number, slices: TimeSlices, run = 4096): Promise<T[]> {
  const n = items.length;
  let order: T[] = new Array<T>(n);
  for (let start = 0; start < n; start += run) {
    const sorted = items.slice(start, Math.min(n, start + run)).sort(compare);
    for (let i = 0; i < sorted.length; i++) order[start + i] = sorted[i]!;
    await slices.yield();
  }
  let merged: T[] = new Array<T>(n);
  for (let width = run; width < n; width *= 2) {
    for (let left = 0; left < n; left += 2 * width) {
      const middle = Math.min(left + width, n);
      const right = Math.min(left + 2 * width, n);
      let i = left;
      let j = middle;
      let k = left;
      // A pair already in order is copied as it is.
      if (middle < right && compare(order[middle - 1]!, order[middle]!) > 0) {
        while (i < middle && j < right) {
          merged[k++] = compare(order[i]!, order[j]!) <= 0 ? order[i++]! : order[j++]!;
          if (slices.due()) await slices.yield();
        }
      }
      while (i < middle) merged[k++] = order[i++]!;
      while (j < right) merged[k++] = order[j++]!;
      if (slices.due()) await slices.yield();
    }
    [order, merged] = [merged, order];
  }
  return order;
}

/** Plain code-unit order of strings, as `Array.prototype.sort()` without a comparator sorts them. */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

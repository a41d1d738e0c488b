import { htmlLang, isLang } from "~/i18n/languages";

/** One collator per page language: building one costs far more than comparing with it. */
const collators = new Map<string, Intl.Collator>();

/**
 * How a page language orders names: its own collation (German "Äpfel" beside "apple", Chinese by pinyin on
 * zh-CN pages), letters before case (AIVA after Abridge, v0 before Wysa), digits as numbers (v2 before v10).
 */
export function nameCollator(lang: string): Intl.Collator {
  let collator = collators.get(lang);
  if (!collator) {
    collator = new Intl.Collator(isLang(lang) ? htmlLang(lang) : "en", { numeric: true });
    collators.set(lang, collator);
  }
  return collator;
}

export { nextTurn } from "./time-slices";
import { nextTurn } from "./time-slices";

/**
 * Indexes of `names` in the page language's name order, ties by `tieBreak` (ascending). Sorted in slices of
 * `slice` comparisons with a turn of the event loop between them, so a 100k catalogue's order never holds
 * up requests for long (a plain sort of 100k names is 80-250 ms of one turn): runs of `slice` indexes
 * sorted one at a time, then merged pairwise (a pair already in order is copied as it is). A start order
 * that is nearly sorted (names read in the database's order) makes most merges copies.
 */
export async function orderByNameInSlices(names: readonly string[], tieBreak: ArrayLike<number>, lang: string, slice = 4096): Promise<Int32Array> {
  const { compare } = nameCollator(lang);
  const before = (a: number, b: number) => (compare(names[a]!, names[b]!) || tieBreak[a]! - tieBreak[b]!) <= 0;
  const n = names.length;
  let order = Int32Array.from({ length: n }, (_, i) => i);
  for (let start = 0; start < n; start += slice) {
    const run = Array.from(order.subarray(start, Math.min(n, start + slice))).sort((a, b) => (before(a, b) ? -1 : 1));
    order.set(run, start);
    await nextTurn();
  }
  let merged = new Int32Array(n);
  for (let width = slice; width < n; width *= 2) {
    let steps = 0;
    for (let left = 0; left < n; left += 2 * width) {
      const middle = Math.min(left + width, n);
      const right = Math.min(left + 2 * width, n);
      if (middle >= right || before(order[middle - 1]!, order[middle]!)) {
        merged.set(order.subarray(left, right), left);
        continue;
      }
      let i = left;
      let j = middle;
      let k = left;
      while (i < middle && j < right) {
        merged[k++] = before(order[i]!, order[j]!) ? order[i++]! : order[j++]!;
        if (++steps % slice === 0) await nextTurn();
      }
      merged.set(order.subarray(i, middle), k);
      merged.set(order.subarray(j, right), k + (middle - i));
    }
    [order, merged] = [merged, order];
    await nextTurn();
  }
  return order;
}

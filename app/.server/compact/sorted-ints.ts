/** Binary searches over ascending integer lists (typed arrays), shared by the overlays of decision 0040. */

/** How many of an ascending list are at most `value`. */
export function countUpTo(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of `value` in an ascending list, or -1. */
export function positionIn(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return sorted[lo] === value ? lo : -1;
}

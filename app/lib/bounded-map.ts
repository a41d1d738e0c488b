/**
 * Size-bounded caches on plain Maps, which keep insertion order: the oldest entry goes first. A cache that
 * wants least-recently-used order reads its hits with `getRecent`, which moves them to the end.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
}

/** The value kept for `key`, if any, moved to the end (most recently used). */
export function getRecent<K, V>(map: Map<K, V>, key: K): V | undefined {
  const value = map.get(key);
  if (value !== undefined) {
    map.delete(key);
    map.set(key, value);
  }
  return value;
}

/** The value kept for `key`, made and kept (within `max` entries) the first time it is asked for. */
export function rememberBounded<K, V>(map: Map<K, V>, key: K, max: number, make: () => V): V {
  const value = map.get(key);
  return value !== undefined ? value : setBounded(map, key, make(), max);
}

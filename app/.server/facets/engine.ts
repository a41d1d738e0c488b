import { and, fullSet, intersectionSize, or, size, type Bitset } from "./bitset";

/**
 * The one facet engine of the e-commerce list and the tool list (decisions 0011, 0030): disjunctive facets
 * over bitsets of catalogue positions. Values are OR-ed inside a group and groups AND-ed; a group's counts are
 * taken over the items that pass every *other* group's selection (and the base set: a search, a category),
 * never its own, so ticking a second value shows what it would add instead of collapsing the other counts.
 */
export interface FacetValues<G extends string> {
  /** Number of positions (items) the sets are over. */
  size: number;
  /** Members per value of each group. */
  values: Record<G, ReadonlyMap<string, Bitset>>;
  /** Members per value when nothing narrows the list (each value's set size), kept with the sets. */
  valueSizes: Record<G, ReadonlyMap<string, number>>;
}

export interface FacetCounts<G extends string> {
  /** Items passing the base and every group's selection. */
  matches: Bitset;
  total: number;
  /** Read-only: a group nothing else narrows shares the snapshot's own counts. */
  counts: Record<G, ReadonlyMap<string, number>>;
}

/** The items a group's selection lets through, or null when nothing is selected in it. */
function groupSet<G extends string>(facets: FacetValues<G>, group: G, selected: readonly string[]): Bitset | null {
  if (selected.length === 0) return null;
  const union = new Uint32Array(Math.ceil(facets.size / 32));
  for (const slug of selected) {
    const set = facets.values[group].get(slug);
    if (set) or(union, set);
  }
  return union;
}

export function sizesOf(sets: ReadonlyMap<string, Bitset>): Map<string, number> {
  return new Map([...sets].map(([slug, set]) => [slug, size(set)]));
}

/** Counts of every value of `groups` and the matching items, for a selection within `base` (null: all items). */
export function countFacets<G extends string>(
  facets: FacetValues<G>,
  groups: readonly G[],
  base: Bitset | null,
  selection: Readonly<Record<G, readonly string[]>>,
): FacetCounts<G> {
  const all = base ?? fullSet(facets.size);
  const passes = Object.fromEntries(groups.map((g) => [g, groupSet(facets, g, selection[g] ?? [])])) as Record<G, Bitset | null>;
  const counts = {} as Record<G, ReadonlyMap<string, number>>;
  for (const group of groups) {
    // No base and no other group's selection: each value counts all its items, known from the snapshot.
    if (!base && groups.every((other) => other === group || !passes[other])) {
      counts[group] = facets.valueSizes[group];
      continue;
    }
    const others = all.slice();
    for (const other of groups) if (other !== group && passes[other]) and(others, passes[other]!);
    const values = new Map<string, number>();
    for (const [slug, members] of facets.values[group]) values.set(slug, intersectionSize(members, others));
    counts[group] = values;
  }
  const matches = all.slice();
  for (const group of groups) if (passes[group]) and(matches, passes[group]!);
  return { matches, total: size(matches), counts };
}

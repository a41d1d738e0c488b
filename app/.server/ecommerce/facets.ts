import { and, fullSet, has, intersectionSize, or, size, type Bitset } from "./bitset";
import { FACET_GROUPS, sortOrder, type EcommerceSort, type FacetGroup, type Snapshot } from "./snapshot";

/**
 * Disjunctive facets (decision 0011): values are OR-ed inside a group
 * (categories, filters, platforms) and groups are AND-ed. A group's counts
 * are taken over the tools that pass every *other* group's selection (and
 * the search), never its own, so ticking a second category shows what it
 * would add instead of collapsing the other counts to the intersection.
 */
/** A search's score per catalogue position (0: no match) and the distinct scores present, best first. */
export interface SearchScores {
  byPosition: Uint8Array;
  levels: number[];
}

export type Selection = Record<FacetGroup, string[]>;

export interface FacetResult {
  /** Tools passing the search and every group's selection. */
  matches: Bitset;
  total: number;
  /** Read-only: a group nothing else narrows shares the snapshot's own counts. */
  counts: Record<FacetGroup, ReadonlyMap<string, number>>;
}

/** The tools a group's selection lets through, or null when nothing is selected in it. */
function groupSet(snapshot: Snapshot, group: FacetGroup, selected: string[]): Bitset | null {
  const sets = selected.map((slug) => snapshot.values[group].get(slug)).filter((set): set is Bitset => Boolean(set));
  if (selected.length === 0) return null;
  const union = new Uint32Array(Math.ceil(snapshot.size / 32));
  for (const set of sets) or(union, set);
  return union;
}

export function computeFacets(snapshot: Snapshot, base: Bitset | null, selection: Selection): FacetResult {
  const all = base ?? fullSet(snapshot.size);
  const passes = Object.fromEntries(FACET_GROUPS.map((g) => [g, groupSet(snapshot, g, selection[g])])) as Record<FacetGroup, Bitset | null>;
  const counts = {} as Record<FacetGroup, ReadonlyMap<string, number>>;
  for (const group of FACET_GROUPS) {
    // No search and no other group's selection: each value counts all its tools, known from the snapshot.
    if (!base && FACET_GROUPS.every((other) => other === group || !passes[other])) {
      counts[group] = snapshot.valueSizes[group];
      continue;
    }
    const others = all.slice();
    for (const other of FACET_GROUPS) if (other !== group && passes[other]) and(others, passes[other]!);
    const values = new Map<string, number>();
    for (const [slug, members] of snapshot.values[group]) values.set(slug, intersectionSize(members, others));
    counts[group] = values;
  }
  const matches = all.slice();
  for (const group of FACET_GROUPS) if (passes[group]) and(matches, passes[group]!);
  return { matches, total: size(matches), counts };
}

/**
 * Positions of one page of `matches` in the chosen order. With a search, better scores come first and the
 * order breaks ties (one pass over the order per score level present, instead of sorting the matches).
 */
export function pageOf(
  snapshot: Snapshot,
  matches: Bitset,
  sort: EcommerceSort,
  lang: string,
  offset: number,
  limit: number,
  scores: SearchScores | null,
): number[] {
  const order = sortOrder(snapshot, sort, lang);
  const page: number[] = [];
  let skipped = 0;
  for (const level of scores ? scores.levels : [0]) {
    for (let i = 0; i < order.length && page.length < limit; i++) {
      const position = order[i]!;
      if (!has(matches, position) || (scores && scores.byPosition[position] !== level)) continue;
      if (skipped < offset) skipped++;
      else page.push(position);
    }
    if (page.length >= limit) break;
  }
  return page;
}

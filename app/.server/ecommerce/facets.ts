import { has, type Bitset } from "../facets/bitset";
import { countFacets } from "../facets/engine";
import { noFacets, type OfferFacetParam } from "~/lib/ecommerce-url";
import { FACET_GROUPS, sortOrder, type EcommerceSort, type FacetGroup, type Snapshot } from "./snapshot";

/**
 * The e-commerce list's facets (categories, filters, platforms, what tools offer) on the shared engine
 * (`facets/engine.ts`).
 */
/** A search's score per catalogue position (0: no match) and the distinct scores present, best first. */
export interface SearchScores {
  byPosition: Uint8Array;
  levels: number[];
}

/** Values selected per group; the offer groups may be left out (nothing selected). */
export type Selection = Record<"categories" | "filters" | "platforms", string[]> & Partial<Record<OfferFacetParam, string[]>>;

/** Every group present (left-out groups select nothing). */
export function fullSelection(selection: Selection): Record<FacetGroup, string[]> {
  return { ...noFacets(), ...selection } as Record<FacetGroup, string[]>;
}

export interface FacetResult {
  /** Tools passing the search and every group's selection. */
  matches: Bitset;
  total: number;
  /** Read-only: a group nothing else narrows shares the snapshot's own counts. */
  counts: Record<FacetGroup, ReadonlyMap<string, number>>;
}

export function computeFacets(snapshot: Snapshot, base: Bitset | null, selection: Selection): FacetResult {
  return countFacets(snapshot, FACET_GROUPS, base, fullSelection(selection));
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

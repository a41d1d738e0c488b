import type { DB } from "../db";
import { toolsWithAlternatives } from "./alternatives";
import { listedPairs } from "./page-data";
import type { OffersKind } from "./store";

/**
 * Alternatives pages that pass the quality gate and the comparison pairs sharing a subcategory (capped per
 * subcategory), for the sitemaps. Thin alternatives and other pairs are in no sitemap.
 */
export async function comparePages(db: DB, kind: OffersKind): Promise<Array<{ path: string }>> {
  const [alternatives, pairs] = await Promise.all([toolsWithAlternatives(db, kind), listedPairs(db, kind)]);
  const prefix = kind === "tool" ? "/alternatives/" : "/ecommerce/alternatives/";
  return [...alternatives.map((slug) => ({ path: `${prefix}${slug}` })), ...[...pairs].sort().map((pair) => ({ path: `/compare/${pair}` }))];
}

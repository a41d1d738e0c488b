import type { DB } from "../db";
import { pickLocalized } from "~/lib/language-fallback";
import { alternativesIndex, type AlternativesIndex, type ToolFacts } from "./alternatives-index";
import type { OffersKind } from "./store";
import { getSnapshot } from "../ecommerce/snapshot";
import { sortPositions } from "../tools/sort-positions";

/**
 * "Alternatives to X" (decision 0030): every tool sharing a subcategory with X is a good match; they are ranked
 * by shared subcategories (3 points each), shared tags (1 each) and shared offers (free plan, API, open source,
 * platforms, marketplaces: half a point each), then as the list sorted by rating orders them (the Bayesian score of
 * /how-we-rank, then reviews). With fewer than three good matches there is no page (404, no sitemap entry): never a thin page.
 */
export const MIN_ALTERNATIVES = 3;
export const MAX_ALTERNATIVES = 12;

export type Reason =
  | { kind: "category"; name: string }
  | { kind: "tag"; tag: string }
  | { kind: "freePlan" | "api" | "openSource" }
  | { kind: "platform"; code: string }
  | { kind: "marketplace"; code: string };

export interface Alternative {
  id: number;
  slug: string;
  score: number;
  reasons: Reason[];
}

function sharedList(a: readonly string[], b: readonly string[]): string[] {
  const own = new Set(a);
  return b.filter((value) => own.has(value));
}

/** What `tool` has, as sets: scoring thousands of candidates per page compares against these. */
interface OwnFacts {
  tags: Set<string>;
  platforms: Set<string>;
  marketplaces: Set<string>;
}

function ownFacts(tool: ToolFacts): OwnFacts {
  return { tags: new Set(tool.tags), platforms: new Set(tool.platforms.filter((code) => code !== "web")), marketplaces: new Set(tool.marketplaces) };
}

const countShared = (own: Set<string>, other: readonly string[]) => other.reduce((n, value) => n + (own.has(value) ? 1 : 0), 0);

/** The score of `other` as an alternative to `tool` (the reasons are named only for the few shown). */
function scoreOf(tool: ToolFacts, own: OwnFacts, other: ToolFacts, sharedSubs: number): number {
  const offers =
    (tool.freePlan && other.freePlan ? 1 : 0) +
    (tool.api && other.api ? 1 : 0) +
    (tool.openSource && other.openSource ? 1 : 0) +
    countShared(own.platforms, other.platforms) +
    countShared(own.marketplaces, other.marketplaces);
  return sharedSubs * 3 + countShared(own.tags, other.tags) + offers * 0.5;
}

/** Why `other` is listed as an alternative to `tool`: a shared subcategory, a tag, up to two shared offers. */
function reasonsFor(index: AlternativesIndex, tool: ToolFacts, other: ToolFacts, lang: string): Reason[] {
  const tags = sharedList(tool.tags, other.tags);
  const platforms = sharedList(tool.platforms, other.platforms).filter((code) => code !== "web");
  const marketplaces = sharedList(tool.marketplaces, other.marketplaces);
  const offerReasons: Reason[] = [
    ...(tool.freePlan && other.freePlan ? [{ kind: "freePlan" } as const] : []),
    ...(tool.api && other.api ? [{ kind: "api" } as const] : []),
    ...(tool.openSource && other.openSource ? [{ kind: "openSource" } as const] : []),
    ...platforms.map((code) => ({ kind: "platform", code }) as const),
    ...marketplaces.map((code) => ({ kind: "marketplace", code }) as const),
  ];
  const firstShared = other.subcategories.find((id) => tool.subcategories.includes(id));
  const names = firstShared !== undefined ? index.subcategoryNames.get(firstShared) : undefined;
  const categoryName = names ? (pickLocalized(Object.entries(names).map(([language, value]) => ({ language, value })), lang)?.value ?? null) : null;
  const reasons: Reason[] = [
    ...(categoryName ? [{ kind: "category", name: categoryName } as const] : []),
    // Tags are stored in English: named only on English pages.
    ...(tags.length && lang === "us-en" ? [{ kind: "tag", tag: tags[0]! } as const] : []),
    ...offerReasons.slice(0, 2),
  ];
  return reasons.slice(0, 3);
}

/** Tools sharing a subcategory with `tool`, with how many they share. */
function candidates(index: AlternativesIndex, tool: ToolFacts): Map<number, number> {
  const shared = new Map<number, number>();
  for (const sub of tool.subcategories) for (const id of index.members.get(sub) ?? []) if (id !== tool.id) shared.set(id, (shared.get(id) ?? 0) + 1);
  return shared;
}

/** Whether `tool` has enough good matches for a page (cheap: stops at the third). */
export function hasEnoughAlternatives(index: AlternativesIndex, tool: ToolFacts): boolean {
  const seen = new Set<number>();
  for (const sub of tool.subcategories) {
    for (const id of index.members.get(sub) ?? []) {
      if (id !== tool.id) seen.add(id);
      if (seen.size >= MIN_ALTERNATIVES) return true;
    }
  }
  return false;
}

/** Rank of each e-commerce snapshot position in the rating order, once per snapshot. */
const ecommerceRatingRanks = new WeakMap<Int32Array, Int32Array>();

/**
 * Each tool's place in the list sorted by rating (the Bayesian score of /how-we-rank, then reviews): ties in
 * the alternatives' score are broken as that list orders them. Read from the orders the lists keep in memory,
 * not from rows: a tie can hold thousands of candidates.
 */
async function ratingPlace(db: DB, kind: OffersKind): Promise<(id: number) => number> {
  if (kind === "tool") {
    const { positionOf } = await sortPositions(db, "rating");
    return (id) => (id < positionOf.length && positionOf[id]! >= 0 ? positionOf[id]! : Number.MAX_SAFE_INTEGER);
  }
  const snapshot = await getSnapshot(db);
  const order = snapshot.orders.rating;
  let ranks = ecommerceRatingRanks.get(order);
  if (!ranks) {
    ranks = new Int32Array(order.length);
    order.forEach((position, rank) => (ranks![position] = rank));
    ecommerceRatingRanks.set(order, ranks);
  }
  const rankOf = ranks;
  return (id) => {
    const position = snapshot.positionOf.get(id);
    return position === undefined ? Number.MAX_SAFE_INTEGER : rankOf[position]!;
  };
}

/** Ranked alternatives of the tool `slug` (null: no such tool; fewer than 3: no page). */
export async function rankAlternatives(db: DB, kind: OffersKind, slug: string, lang: string, limit = MAX_ALTERNATIVES): Promise<{ tool: ToolFacts; alternatives: Alternative[] } | null> {
  const index = await alternativesIndex(db, kind);
  const tool = index.bySlug.get(slug);
  if (!tool) return null;
  const own = ownFacts(tool);
  const place = await ratingPlace(db, kind);
  // The best `limit` in one pass (a page ranks thousands of candidates and shows twelve).
  const best: Ranked[] = [];
  for (const [id, sharedSubs] of candidates(index, tool)) {
    const other = index.byId.get(id)!;
    const entry = { id, slug: other.slug, score: scoreOf(tool, own, other, sharedSubs), place: place(id) };
    if (best.length === limit && !ranksBefore(entry, best[limit - 1]!)) continue;
    let at = best.length;
    while (at > 0 && ranksBefore(entry, best[at - 1]!)) at--;
    best.splice(at, 0, entry);
    if (best.length > limit) best.pop();
  }
  const shown = best.map(({ id, slug, score }) => ({ id, slug, score, reasons: reasonsFor(index, tool, index.byId.get(id)!, lang) }));
  return { tool, alternatives: shown };
}

interface Ranked {
  id: number;
  slug: string;
  score: number;
  /** Place in the list sorted by rating. */
  place: number;
}

/** Higher score first; ties as the rating order has them, then by slug. */
const ranksBefore = (a: Ranked, b: Ranked) => a.score > b.score || (a.score === b.score && (a.place < b.place || (a.place === b.place && a.slug < b.slug)));

/** Slugs of the tools that have an alternatives page (sitemaps, the tool page's link). */
export async function toolsWithAlternatives(db: DB, kind: OffersKind): Promise<string[]> {
  const index = await alternativesIndex(db, kind);
  return index.tools.filter((tool) => hasEnoughAlternatives(index, tool)).map((tool) => tool.slug);
}

export async function hasAlternativesPage(db: DB, kind: OffersKind, slug: string): Promise<boolean> {
  const index = await alternativesIndex(db, kind);
  const tool = index.bySlug.get(slug);
  return tool ? hasEnoughAlternatives(index, tool) : false;
}

import type { DB } from "../db";
import { pickLocalized } from "~/lib/language-fallback";
import { codesOf, type CodeLists } from "../compact/code-lists";
import { alternativesIndex, API, factsAt, FREE_PLAN, OPEN_SOURCE, positionOfId, positionOfSlug, subcategoriesAt, type AlternativesIndex, type ToolFacts } from "./alternatives-index";
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

/** What the tool has, as sets of codes: scoring thousands of candidates per page compares against these. */
interface OwnFacts {
  position: number;
  flags: number;
  subcategories: Int32Array;
  tags: Set<number>;
  platforms: Set<number>;
  marketplaces: Set<number>;
}

function ownFacts(index: AlternativesIndex, position: number): OwnFacts {
  const web = index.platforms.values.indexOf("web");
  return {
    position,
    flags: index.offerFlags[position]!,
    subcategories: subcategoriesAt(index, position),
    tags: new Set(codesOf(index.tags, position)),
    platforms: new Set(codesOf(index.platforms, position).filter((code) => code !== web)),
    marketplaces: new Set(codesOf(index.marketplaces, position)),
  };
}

function countShared(own: Set<number>, other: Uint32Array): number {
  let shared = 0;
  for (let k = 0; k < other.length; k++) if (own.has(other[k]!)) shared++;
  return shared;
}

/** Set bits of a small number. */
const bitCount = (flags: number) => (flags & 1) + ((flags >> 1) & 1) + ((flags >> 2) & 1);

/** The score of `other` as an alternative to the tool (the reasons are named only for the few shown). */
function scoreOf(index: AlternativesIndex, own: OwnFacts, other: number, sharedSubs: number): number {
  const offers = bitCount(own.flags & index.offerFlags[other]!) + countShared(own.platforms, codesOf(index.platforms, other)) + countShared(own.marketplaces, codesOf(index.marketplaces, other));
  return sharedSubs * 3 + countShared(own.tags, codesOf(index.tags, other)) + offers * 0.5;
}

/** `other`'s values (in its order) that the tool has too. */
const sharedValues = (lists: CodeLists, own: Set<number>, other: number) => Array.from(codesOf(lists, other).filter((code) => own.has(code)), (code) => lists.values[code]!);

/** Why `other` is listed as an alternative to the tool: a shared subcategory, a tag, up to two shared offers. */
function reasonsFor(index: AlternativesIndex, own: OwnFacts, other: number, lang: string): Reason[] {
  const tags = sharedValues(index.tags, own.tags, other);
  const both = own.flags & index.offerFlags[other]!;
  const offerReasons: Reason[] = [
    ...(both & FREE_PLAN ? [{ kind: "freePlan" } as const] : []),
    ...(both & API ? [{ kind: "api" } as const] : []),
    ...(both & OPEN_SOURCE ? [{ kind: "openSource" } as const] : []),
    ...sharedValues(index.platforms, own.platforms, other).map((code) => ({ kind: "platform", code }) as const),
    ...sharedValues(index.marketplaces, own.marketplaces, other).map((code) => ({ kind: "marketplace", code }) as const),
  ];
  const firstShared = subcategoriesAt(index, other).find((id) => own.subcategories.includes(id));
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

/** Tools sharing a subcategory with the tool at `position` (by id), with how many they share. */
function candidates(index: AlternativesIndex, position: number): Map<number, number> {
  const shared = new Map<number, number>();
  const self = index.ids[position]!;
  for (const sub of subcategoriesAt(index, position)) for (const id of index.members.get(sub) ?? []) if (id !== self) shared.set(id, (shared.get(id) ?? 0) + 1);
  return shared;
}

/** Whether the tool at `position` has enough good matches for a page (cheap: stops at the third). */
function hasEnoughAt(index: AlternativesIndex, position: number): boolean {
  const seen = new Set<number>();
  const self = index.ids[position]!;
  for (const sub of subcategoriesAt(index, position)) {
    for (const id of index.members.get(sub) ?? []) {
      if (id !== self) seen.add(id);
      if (seen.size >= MIN_ALTERNATIVES) return true;
    }
  }
  return false;
}

/** Whether `tool` has enough good matches for a page. */
export function hasEnoughAlternatives(index: AlternativesIndex, tool: Pick<ToolFacts, "id">): boolean {
  const position = positionOfId(index, tool.id);
  return position >= 0 && hasEnoughAt(index, position);
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
  const position = positionOfSlug(index, slug);
  if (position < 0) return null;
  const own = ownFacts(index, position);
  const place = await ratingPlace(db, kind);
  // The best `limit` in one pass (a page ranks thousands of candidates and shows twelve).
  const best: Ranked[] = [];
  for (const [id, sharedSubs] of candidates(index, position)) {
    const other = positionOfId(index, id);
    const score = scoreOf(index, own, other, sharedSubs);
    const rank = place(id);
    const worst = best.length === limit ? best[limit - 1]! : undefined;
    // The slug (the last tie-break) is read only for a candidate that can still make the cut.
    if (worst && (score < worst.score || (score === worst.score && rank > worst.place))) continue;
    const entry: Ranked = { id, other, slug: index.slugs.get(other), score, place: rank };
    if (worst && !ranksBefore(entry, worst)) continue;
    let at = best.length;
    while (at > 0 && ranksBefore(entry, best[at - 1]!)) at--;
    best.splice(at, 0, entry);
    if (best.length > limit) best.pop();
  }
  const shown = best.map(({ id, other, slug, score }) => ({ id, slug, score, reasons: reasonsFor(index, own, other, lang) }));
  return { tool: factsAt(index, position), alternatives: shown };
}

interface Ranked {
  id: number;
  /** Position in the index. */
  other: number;
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
  const slugs: string[] = [];
  for (let position = 0; position < index.size; position++) if (hasEnoughAt(index, position)) slugs.push(index.slugs.get(position));
  return slugs;
}

export async function hasAlternativesPage(db: DB, kind: OffersKind, slug: string): Promise<boolean> {
  const index = await alternativesIndex(db, kind);
  const position = positionOfSlug(index, slug);
  return position >= 0 && hasEnoughAt(index, position);
}

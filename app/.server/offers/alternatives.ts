import type { DB } from "../db";
import { pickLocalized } from "~/lib/language-fallback";
import { alternativesIndex, type AlternativesIndex, type ToolFacts } from "./alternatives-index";
import type { OffersKind } from "./store";

/**
 * "Alternatives to X" (decision 0030): every tool sharing a subcategory with X is a good match; they are ranked
 * by shared subcategories (3 points each), shared tags (1 each) and shared offers (free plan, API, open source,
 * platforms, marketplaces: half a point each), then by rating and reviews. With fewer than three good matches
 * there is no page (404, no sitemap entry): never a thin page.
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

/** Score and reasons of `other` as an alternative to `tool`. */
function compareFacts(index: AlternativesIndex, tool: ToolFacts, other: ToolFacts, sharedSubs: number, lang: string): Omit<Alternative, "id" | "slug"> {
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
  return { score: sharedSubs * 3 + tags.length + offerReasons.length * 0.5, reasons: reasons.slice(0, 3) };
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

type Figures = Map<number, { rating: number; reviews: number }>;

async function readFigures(db: DB, kind: OffersKind, ids: number[]): Promise<Figures> {
  if (ids.length === 0) return new Map();
  const rows =
    kind === "tool"
      ? await db.selectFrom("tools").select(["id", "rating", "review_count"]).where("id", "in", ids).execute()
      : await db.selectFrom("ecommerce_tools").select(["id", "rating", "review_count"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, { rating: Number(row.rating), reviews: Number(row.review_count) }]));
}

/** Ranked alternatives of the tool `slug` (null: no such tool; fewer than 3: no page). */
export async function rankAlternatives(db: DB, kind: OffersKind, slug: string, lang: string, limit = MAX_ALTERNATIVES): Promise<{ tool: ToolFacts; alternatives: Alternative[] } | null> {
  const index = await alternativesIndex(db, kind);
  const tool = index.bySlug.get(slug);
  if (!tool) return null;
  const scored = [...candidates(index, tool)].map(([id, sharedSubs]) => {
    const other = index.byId.get(id)!;
    return { id, slug: other.slug, ...compareFacts(index, tool, other, sharedSubs, lang) };
  });
  scored.sort((a, b) => b.score - a.score);
  // Ratings break ties: read for every candidate scoring at least as well as the last one shown.
  const cutoff = scored[Math.min(limit, scored.length) - 1]?.score ?? 0;
  const contenders = scored.filter((entry) => entry.score >= cutoff).slice(0, 2_000);
  const figures = await readFigures(db, kind, contenders.map((entry) => entry.id));
  const figure = (id: number) => figures.get(id) ?? { rating: 0, reviews: 0 };
  contenders.sort((a, b) => b.score - a.score || figure(b.id).rating - figure(a.id).rating || figure(b.id).reviews - figure(a.id).reviews || (a.slug < b.slug ? -1 : 1));
  return { tool, alternatives: contenders.slice(0, limit) };
}

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

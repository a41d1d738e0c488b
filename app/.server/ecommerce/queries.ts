import type { Lang } from "~/i18n/languages";
import { rememberBounded } from "~/lib/bounded-map";
import type { DB } from "../db";
import { YES_FACET_PARAMS, type OfferFacetParam } from "~/lib/ecommerce-url";
import { computeFacets, fullSelection, pageOf, type FacetResult, type SearchScores, type Selection } from "./facets";
import { offerNames, type OfferNames } from "./offer-facets";
import { valueNames, type ValueNames } from "./labels";
import { searchEcommerce } from "./search";
import { ECOMMERCE_BASE_LANGUAGE, ecommerceNameAndDescription, ecommerceTextRows } from "./texts";
import { FACET_GROUPS, getSnapshot, prepareSortOrder, type EcommerceSort, type Snapshot } from "./snapshot";

/** Spec 9: e-commerce page size and default limit. */
export const ECOMMERCE_PAGE_SIZE = 40;
/** Spec 9: an e-commerce card shows at most six tags, then +N. */
export const CARD_TAGS = 6;
const MEMO_LIMIT = 200;

export interface EcommerceListQuery {
  lang: Lang;
  search: string;
  sort: EcommerceSort;
  selection: Selection;
  page: number;
}

export interface EcommerceCard {
  id: number;
  slug: string;
  name: string;
  description: string;
  imageUrl: string | null;
  imageWebpUrl: string | null;
  brandColor: string | null;
  pricing: string;
  rating: number;
  reviewCount: number;
  tags: string[];
  moreTags: number;
  contentLanguage: string;
}

export interface FacetValue {
  slug: string;
  name: string;
  count: number;
  selected: boolean;
}

export interface SidebarGroup extends FacetValue {
  icon: string | null;
  color: string | null;
  subcategories: FacetValue[];
}

export interface OfferFacetValue extends FacetValue {
  group: OfferFacetParam;
}

export interface EcommerceSidebar {
  groups: SidebarGroup[];
  filters: FacetValue[];
  platforms: FacetValue[];
  /**
   * What tools offer: values some tool states (or selected), the most served first, so the first few shown
   * are the big marketplaces whatever the selection (decision 0036). Empty groups are left out by the page.
   */
  marketplaces: FacetValue[];
  languages: FacetValue[];
  /** The China-fit checks and open source, each its own group (ticking two requires both). */
  checks: OfferFacetValue[];
}

export interface EcommerceListPage {
  total: number;
  page: number;
  cards: EcommerceCard[];
  hasMore: boolean;
  sidebar: EcommerceSidebar;
  /** Chips of the selected values, in sidebar order, with their names. */
  chips: Array<{ group: (typeof FACET_GROUPS)[number]; slug: string; name: string }>;
}

/** The values a URL may select: known slugs only, each once (an unknown one selects nothing and is dropped). */
export async function knownSelection(db: DB, selection: Selection): Promise<Required<Selection>> {
  const snapshot = await getSnapshot(db);
  const full = fullSelection(selection);
  return Object.fromEntries(
    FACET_GROUPS.map((group) => [group, [...new Set(full[group])].filter((slug) => snapshot.values[group].has(slug))]),
  ) as Required<Selection>;
}

function facetsFor(db: DB, snapshot: Snapshot, search: string, selection: Selection): Promise<{ facets: FacetResult; scores: SearchScores | null }> {
  const full = fullSelection(selection);
  const key = `facets:${search}|${FACET_GROUPS.map((g) => [...full[g]].sort().join(",")).join("|")}`;
  const memo = snapshot.memo as Map<string, Promise<{ facets: FacetResult; scores: SearchScores | null }>>;
  const result = rememberBounded(memo, key, MEMO_LIMIT, async () => {
    const found = searchEcommerce(db, snapshot, search);
    const matches = found ? await found : null;
    return { facets: computeFacets(snapshot, matches?.matches ?? null, selection), scores: matches?.scores ?? null };
  });
  // A failed read is not kept.
  result.catch(() => {
    if (memo.get(key) === result) memo.delete(key);
  });
  return result;
}

export async function listEcommerceTools(db: DB, query: EcommerceListQuery): Promise<EcommerceListPage> {
  const snapshot = await getSnapshot(db);
  const [{ facets, scores }, names, offers] = await Promise.all([
    facetsFor(db, snapshot, query.search, query.selection),
    valueNames(query.lang),
    offerNames(query.lang),
    prepareSortOrder(snapshot, query.sort, query.lang),
  ]);
  const positions = pageOf(snapshot, facets.matches, query.sort, query.lang, (query.page - 1) * ECOMMERCE_PAGE_SIZE, ECOMMERCE_PAGE_SIZE, scores);
  const cards = await cardsAt(db, snapshot, positions, query.lang, names);
  return {
    total: facets.total,
    page: query.page,
    cards,
    hasMore: query.page * ECOMMERCE_PAGE_SIZE < facets.total,
    sidebar: sidebarOf(snapshot, facets, query.selection, names, offers),
    chips: chipsOf(snapshot, query.selection, names, offers),
  };
}

function sidebarOf(snapshot: Snapshot, facets: FacetResult, selection: Selection, names: ValueNames, offers: OfferNames): EcommerceSidebar {
  const full = fullSelection(selection);
  const chosen = Object.fromEntries(FACET_GROUPS.map((g) => [g, new Set(full[g])])) as Record<(typeof FACET_GROUPS)[number], Set<string>>;
  const value = (group: (typeof FACET_GROUPS)[number], slug: string, name: string): FacetValue => ({
    slug,
    name,
    count: facets.counts[group].get(slug) ?? 0,
    selected: chosen[group].has(slug),
  });
  return {
    groups: snapshot.taxonomy.groups.map((group) => ({
      ...value("categories", group.slug, names.name("categories", group.slug, group.names)),
      icon: group.icon,
      color: group.color,
      subcategories: group.subcategories.map((sub) => value("categories", sub.slug, names.name("categories", sub.slug, sub.names))),
    })),
    filters: snapshot.taxonomy.filters.map((f) => value("filters", f.slug, names.name("filters", f.slug, f.name))),
    platforms: snapshot.taxonomy.platforms.map((p) => value("platforms", p.slug, p.name)),
    marketplaces: offerValues("marketplaces").map((slug) => value("marketplaces", slug, offers("marketplaces", slug))),
    languages: offerValues("languages").map((slug) => value("languages", slug, offers("languages", slug))),
    checks: YES_FACET_PARAMS.filter((group) => offerValues(group).length > 0).map((group) => ({ ...value(group, "yes", offers(group, "yes")), group })),
  };

  /** Values some tool states or the view selects, the most served first (ties in the code list's order). */
  function offerValues(group: OfferFacetParam): string[] {
    const sizes = snapshot.valueSizes[group];
    return [...snapshot.values[group].keys()].filter((slug) => (sizes.get(slug) ?? 0) > 0 || chosen[group].has(slug)).sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0));
  }
}

function chipsOf(snapshot: Snapshot, selection: Selection, names: ValueNames, offers: OfferNames): EcommerceListPage["chips"] {
  const full = fullSelection(selection);
  const categories = snapshot.taxonomy.groups.flatMap((g) => [
    { slug: g.slug, stored: g.names },
    ...g.subcategories.map((s) => ({ slug: s.slug, stored: s.names })),
  ]);
  return [
    ...categories.filter((c) => selection.categories.includes(c.slug)).map((c) => ({ group: "categories" as const, slug: c.slug, name: names.name("categories", c.slug, c.stored) })),
    ...snapshot.taxonomy.filters.filter((f) => selection.filters.includes(f.slug)).map((f) => ({ group: "filters" as const, slug: f.slug, name: names.name("filters", f.slug, f.name) })),
    ...snapshot.taxonomy.platforms.filter((p) => selection.platforms.includes(p.slug)).map((p) => ({ group: "platforms" as const, slug: p.slug, name: p.name })),
    ...(["marketplaces", "languages", ...YES_FACET_PARAMS] as const).flatMap((group) =>
      [...snapshot.values[group].keys()].filter((slug) => full[group].includes(slug)).map((slug) => ({ group, slug, name: offers(group, slug) })),
    ),
  ];
}

/** Cards of the tools at `positions`: card fields from the snapshot, name and description in the best language. */
export async function cardsAt(db: DB, snapshot: Snapshot, positions: number[], lang: Lang, names: ValueNames): Promise<EcommerceCard[]> {
  if (positions.length === 0) return [];
  const ids = positions.map((p) => snapshot.ids[p]!);
  const [bases, translations] = await Promise.all([
    db
      .selectFrom("ecommerce_tools")
      .select(["id", "slug", "name", "description", "image_url", "image_webp_url", "brand_color", "pricing", "rating", "review_count"])
      .where("id", "in", ids)
      .execute(),
    db.selectFrom("ecommerce_tool_translations").select(["tool_id", "language", "name", "description"]).where("tool_id", "in", ids).execute(),
  ]);
  const base = new Map(bases.map((b) => [b.id, b]));
  const texts = new Map<number, typeof translations>();
  for (const row of translations) texts.set(row.tool_id, [...(texts.get(row.tool_id) ?? []), row]);
  const tagsById = new Map(snapshot.taxonomy.tags.map((t) => [t.id, t]));
  return positions.flatMap((position) => {
    const id = snapshot.ids[position]!;
    const tool = base.get(id);
    // Deleted since the snapshot was built: left out until the next one.
    if (!tool) return [];
    const { name, description } = ecommerceNameAndDescription(ecommerceTextRows({ name: tool.name, description: tool.description }, texts.get(id) ?? []), lang);
    const tagIds = snapshot.tagIds.subarray(snapshot.tagStart[position]!, snapshot.tagStart[position + 1]!);
    const tags = [...tagIds].map((tagId) => tagsById.get(tagId)).filter((t) => t !== undefined).map((t) => names.name("tags", t.slug, t.name));
    return [
      {
        id,
        slug: tool.slug,
        name: name?.value ?? tool.slug,
        description: cardDescription(description?.value ?? ""),
        imageUrl: tool.image_url,
        imageWebpUrl: tool.image_webp_url,
        brandColor: tool.brand_color,
        pricing: tool.pricing,
        rating: Number(tool.rating),
        reviewCount: Number(tool.review_count),
        tags: tags.slice(0, CARD_TAGS),
        moreTags: Math.max(0, tags.length - CARD_TAGS),
        contentLanguage: (description ?? name)?.language ?? ECOMMERCE_BASE_LANGUAGE,
      },
    ];
  });
}

/** The list layout shows two lines of the description: the rest never reaches the page. */
function cardDescription(text: string): string {
  const chars = [...text];
  return chars.length <= 200 ? text : `${chars.slice(0, 199).join("").trimEnd()}…`;
}

/** Catalogue-wide figures for the hero's claims: real counts, not the spec's round numbers. */
export async function ecommerceClaims(db: DB): Promise<{ tools: number; categories: number; platforms: number }> {
  const snapshot = await getSnapshot(db);
  return {
    tools: snapshot.size,
    categories: snapshot.taxonomy.groups.reduce((sum, g) => sum + 1 + g.subcategories.length, 0),
    platforms: snapshot.taxonomy.platforms.length,
  };
}

/** Tools sharing the most categories with `toolId` (then the popular order), for the detail page. */
export async function relatedEcommerceTools(db: DB, toolId: number, lang: Lang, limit = 6): Promise<EcommerceCard[]> {
  const snapshot = await getSnapshot(db);
  const own = snapshot.positionOf.get(toolId);
  if (own === undefined) return [];
  const shared = new Uint8Array(snapshot.size);
  for (const group of snapshot.taxonomy.groups) {
    for (const sub of group.subcategories) {
      const members = snapshot.values.categories.get(sub.slug);
      if (!members || !((members[own >>> 5]! >>> (own & 31)) & 1)) continue;
      for (let p = 0; p < snapshot.size; p++) if ((members[p >>> 5]! >>> (p & 31)) & 1) shared[p]!++;
    }
  }
  shared[own] = 0;
  const positions = [...snapshot.orders.popular].filter((p) => shared[p]! > 0).sort((a, b) => shared[b]! - shared[a]!).slice(0, limit);
  return cardsAt(db, snapshot, positions, lang, await valueNames(lang));
}

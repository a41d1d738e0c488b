import { FALLBACK_CATEGORIES } from "~/data/fallback-categories";
import { DEFAULT_LANG, isLang } from "~/i18n/languages";
import { displayCategoryName } from "~/lib/category-name";
import { fieldVariants, pickLocalized } from "~/lib/language-fallback";
import type { DB } from "../db";
import { getLogger } from "../logger";
import { CATEGORY_SCOPES } from "../catalog/scopes";
import { categoryCounts } from "./counts";
import { cachedRead } from "../tools/cache";

/** Category reads hold names and tool counts, no figures: kept through ratings, order and e-commerce changes. */
const categoryRead = <T>(db: DB, key: string, compute: () => Promise<T>) => cachedRead(db, key, compute, CATEGORY_SCOPES);
/** The categories and their names: no tool write changes them (an import refuses unknown categories). */
const taxonomyRead = <T>(db: DB, key: string, compute: () => Promise<T>) => cachedRead(db, key, compute, ["taxonomy"]);

export interface CategoryLink {
  slug: string;
  name: string;
  iconName: string | null;
  color: string | null;
}

export interface CategoryNode extends CategoryLink {
  id: number;
  description: string | null;
  /** Published tools linked to the category (top level: to it or any subcategory). */
  toolCount: number;
  subcategories: Array<{ id: number; slug: string; name: string; toolCount: number }>;
}

interface CategoryRow {
  id: number;
  slug: string;
  parent_id: number | null;
  icon_name: string | null;
  color: string | null;
  names: Array<{ language: string; name: string; description: string | null }>;
}

/** Every category with all its translations, in display order (small table, read once per cache period). */
async function allCategories(db: DB): Promise<CategoryRow[]> {
  return taxonomyRead(db, "categories:all", async () => {
    const rows = await db
      .selectFrom("categories as c")
      .leftJoin("category_translations as t", "t.category_id", "c.id")
      .select(["c.id", "c.slug", "c.parent_id", "c.icon_name", "c.color", "t.language", "t.name", "t.description"])
      .orderBy("c.sort_order")
      .orderBy("c.id")
      .execute();
    const byId = new Map<number, CategoryRow>();
    for (const row of rows) {
      const entry = byId.get(row.id) ?? { id: row.id, slug: row.slug, parent_id: row.parent_id, icon_name: row.icon_name, color: row.color, names: [] };
      if (row.language && row.name) entry.names.push({ language: row.language, name: row.name, description: row.description });
      byId.set(row.id, entry);
    }
    return [...byId.values()];
  });
}

function localized(row: CategoryRow, lang: string): { name: string; description: string | null } {
  const name = pickLocalized(fieldVariants(row.names, (n) => n.name), lang);
  const description = pickLocalized(fieldVariants(row.names, (n) => n.description), lang);
  return { name: displayCategoryName(name?.value ?? row.slug), description: description?.value ?? null };
}

/**
 * Top-level categories in display order, named in the page language where
 * possible. When the database read fails, the static 11-category set keeps
 * the navigation usable (spec section 3).
 */
export async function listTopCategories(db: DB, lang: string): Promise<readonly CategoryLink[]> {
  try {
    // Every page's footer asks: named once per language and catalogue generation.
    return await taxonomyRead(db, `categories:top:${lang}`, async () =>
      (await allCategories(db))
        .filter((c) => c.parent_id === null)
        .map((c) => ({ slug: c.slug, name: localized(c, lang).name, iconName: c.icon_name, color: c.color })),
    );
  } catch (error) {
    getLogger().warn({ err: error }, "categories query failed; showing the static fallback categories");
    return FALLBACK_CATEGORIES.map((c) => ({ slug: c.slug, name: displayCategoryName(c.names[isLang(lang) ? lang : DEFAULT_LANG]), iconName: c.iconName, color: c.color }));
  }
}

/** Top-level categories by id, named in the page language: a tool card shows the tool's first one. */
export async function topCategoryNames(db: DB, lang: string): Promise<Map<number, { slug: string; name: string }>> {
  return taxonomyRead(db, `categories:top-names:${lang}`, async () => {
    const rows = (await allCategories(db)).filter((c) => c.parent_id === null);
    return new Map(rows.map((c) => [c.id, { slug: c.slug, name: localized(c, lang).name }]));
  });
}

/** Every category's name in `lang` by its slug (admin screens show names, not slugs). */
export async function categoryNamesBySlug(db: DB, lang: string): Promise<Map<string, string>> {
  return taxonomyRead(db, `categories:names-by-slug:${lang}`, async () => new Map((await allCategories(db)).map((c) => [c.slug, localized(c, lang).name])));
}

/** Categories listed in the footer. */
export async function listFooterCategories(db: DB, lang: string): Promise<CategoryLink[]> {
  return (await listTopCategories(db, lang)).slice(0, 12);
}

/** Top-level categories with their subcategories and tool counts (sidebar, category pages). */
export async function categoryTree(db: DB, lang: string): Promise<CategoryNode[]> {
  return categoryRead(db, `categories:tree:${lang}`, () => buildCategoryTree(db, lang));
}

async function buildCategoryTree(db: DB, lang: string): Promise<CategoryNode[]> {
  const [rows, { byCategory: counts }] = await Promise.all([allCategories(db), categoryCounts(db)]);
  return rows
    .filter((c) => c.parent_id === null)
    .map((top) => {
      const subs = rows.filter((c) => c.parent_id === top.id);
      return {
        id: top.id,
        slug: top.slug,
        iconName: top.icon_name,
        color: top.color,
        ...localized(top, lang),
        toolCount: counts.get(top.id) ?? 0,
        subcategories: subs.map((s) => ({ id: s.id, slug: s.slug, name: localized(s, lang).name, toolCount: counts.get(s.id) ?? 0 })),
      };
    });
}

/**
 * What the list's sidebar and category select show of the tree (slugs, names, counts), as JSON text made
 * once per language and catalogue generation (see `~/lib/json-text`).
 */
export async function sidebarTreeJson(db: DB, lang: string): Promise<string> {
  return categoryRead(db, `categories:sidebar-json:${lang}`, async () =>
    JSON.stringify(
      (await categoryTree(db, lang)).map(({ slug, name, toolCount, subcategories }) => ({
        slug,
        name,
        toolCount,
        subcategories: subcategories.map((sub) => ({ slug: sub.slug, name: sub.name, toolCount: sub.toolCount })),
      })),
    ),
  );
}

export interface ResolvedCategory {
  slug: string;
  name: string;
  /** The category and, for a top-level one, its subcategories. */
  ids: number[];
}

/**
 * The category a list filter names: slug or name in any language, compared
 * case-insensitively after URL decoding. Null when nothing matches.
 */
export async function resolveCategoryFilter(db: DB, lang: string, value: string): Promise<ResolvedCategory | null> {
  const wanted = value.trim().toLowerCase();
  if (!wanted) return null;
  const rows = await allCategories(db);
  const match =
    rows.find((c) => c.slug.toLowerCase() === wanted) ?? rows.find((c) => c.names.some((n) => n.name.toLowerCase() === wanted));
  if (!match) return null;
  const ids = [match.id, ...rows.filter((c) => c.parent_id === match.id).map((c) => c.id)];
  return { slug: match.slug, name: localized(match, lang).name, ids };
}

export interface CategoryPage {
  category: CategoryNode;
  others: CategoryLink[];
}

export const OTHER_CATEGORIES = 6;

/** A top-level category page: the category with subcategory counts and up to 6 other categories. */
export async function categoryPage(db: DB, lang: string, slug: string): Promise<CategoryPage | null> {
  const tree = await categoryTree(db, lang);
  const index = tree.findIndex((c) => c.slug === slug.toLowerCase());
  if (index < 0) return null;
  // The next categories in display order, wrapping around, so every category gets linked from somewhere.
  const others = [...tree.slice(index + 1), ...tree.slice(0, index)].slice(0, OTHER_CATEGORIES);
  return {
    category: tree[index]!,
    others: others.map((c) => ({ slug: c.slug, name: c.name, iconName: c.iconName, color: c.color })),
  };
}

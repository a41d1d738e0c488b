import { filterSlug } from "~/lib/slug";
import type { DB } from "../db";
import { changeCatalogInSteps } from "./changes";
import type { CategoryInput, RowIssue, ValidRow } from "./schemas";
import { syncTranslations, touch, upsertBySlug, type Trx } from "./sync";

export interface ImportCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export const emptyCounts = (): ImportCounts => ({ inserted: 0, updated: 0, unchanged: 0 });
/** Whether an import wrote anything (re-importing the same file writes nothing, and signals nothing). */
export const wroteRows = (counts: ImportCounts): boolean => counts.inserted + counts.updated > 0;

/**
 * Subcategory slugs must be unique across the catalogue (they are filter
 * values); a category that repeats another's subcategory slug is rejected.
 */
export function checkSubcategorySlugs(source: string, rows: ValidRow<CategoryInput>[]): { valid: ValidRow<CategoryInput>[]; issues: RowIssue[] } {
  const owner = new Map<string, string>();
  const topSlugs = new Set(rows.map((r) => r.value.slug));
  const valid: ValidRow<CategoryInput>[] = [];
  const issues: RowIssue[] = [];
  for (const row of rows) {
    const problems: string[] = [];
    const local = new Set<string>();
    for (const [index, sub] of row.value.subcategories.entries()) {
      const slug = filterSlug(sub.name);
      const other = owner.get(slug);
      if (local.has(slug)) problems.push(`subcategories.${index}: "${sub.name}" repeats slug "${slug}" in this category`);
      else if (other) problems.push(`subcategories.${index}: slug "${slug}" is already a subcategory of ${other}`);
      else if (topSlugs.has(slug)) problems.push(`subcategories.${index}: slug "${slug}" is also a top-level category`);
      local.add(slug);
    }
    if (problems.length) issues.push({ source, row: row.row, line: row.line, slug: row.value.slug, message: problems.join("; ") });
    else {
      for (const slug of local) owner.set(slug, row.value.slug);
      valid.push(row);
    }
  }
  return { valid, issues };
}

/** Upserts the categories, their subcategory rows and every translation, in one transaction. */
export async function importCategories(db: DB, rows: ValidRow<CategoryInput>[]): Promise<ImportCounts> {
  // Counted inside the transaction, which may run twice (`runTransaction`).
  return changeCatalogInSteps(
    db,
    "taxonomy",
    (step) =>
      step(async (trx) => {
        const counts = emptyCounts();
        for (const { value } of rows) counts[await importCategory(trx, value)]++;
        return counts;
      }),
    { changed: wroteRows },
  );
}

async function importCategory(trx: Trx, category: CategoryInput): Promise<keyof ImportCounts> {
  const top = await upsertBySlug(trx, {
    table: "categories",
    slug: category.slug,
    values: { parent_id: null, icon_name: category.icon, color: category.color, sort_order: category.sort_order },
    stamped: true,
  });
  let changed = top.status !== "unchanged";
  const texts = new Map(
    Object.entries(category.translations).map(([language, t]) => [language, { name: t!.name, description: t!.description ?? null }]),
  );
  if (await syncTranslations(trx, { table: "category_translations", ownerColumn: "category_id", ownerId: top.id, desired: texts })) {
    changed = true;
    if (top.status === "unchanged") await touch(trx, "categories", top.id);
  }

  const keep: string[] = [];
  for (const [order, sub] of category.subcategories.entries()) {
    const slug = filterSlug(sub.name);
    keep.push(slug);
    const child = await upsertBySlug(trx, {
      table: "categories",
      slug,
      values: { parent_id: top.id, icon_name: null, color: null, sort_order: order },
      stamped: true,
    });
    const names = new Map<string, Record<string, unknown>>([["us-en", { name: sub.name, description: null }]]);
    for (const [language, name] of Object.entries(sub.translations)) {
      if (language !== "us-en") names.set(language, { name, description: null });
    }
    const textChanged = await syncTranslations(trx, { table: "category_translations", ownerColumn: "category_id", ownerId: child.id, desired: names });
    if (textChanged && child.status === "unchanged") await touch(trx, "categories", child.id);
    if (textChanged || child.status !== "unchanged") changed = true;
  }
  // The file lists a category's complete set of subcategories: drop the ones it no longer has.
  let stale = trx.deleteFrom("categories").where("parent_id", "=", top.id);
  if (keep.length) stale = stale.where("slug", "not in", keep);
  const removed = await stale.executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) changed = true;

  if (top.status !== "unchanged") return top.status;
  return changed ? "updated" : "unchanged";
}

/** slug -> id and whether it is a subcategory, for resolving tool and case-study links. */
export async function loadCategoryIndex(db: DB | Trx): Promise<Map<string, { id: number; isSub: boolean }>> {
  const rows = await db.selectFrom("categories").select(["id", "slug", "parent_id"]).execute();
  return new Map(rows.map((r) => [r.slug, { id: r.id, isSub: r.parent_id !== null }]));
}

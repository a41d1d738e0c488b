import { z } from "zod";
import type { DB } from "../db";
import { resolveCategoryFilter } from "../categories/queries";

/**
 * The seam for list filters of `GET /api/v1/tools`. Each filter is a query parameter (its zod schema, which
 * also documents it in the OpenAPI document) and a step that narrows the tool list. Further filters (offer
 * facets such as price model or free plan) are added here as another entry of `TOOL_FILTER_PARAMS` and
 * another case of `applyToolFilters`; the endpoint, its validation and the document follow on their own.
 */
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

export const TOOL_FILTER_PARAMS = {
  category: z
    .string()
    .regex(SLUG, "a category slug: lower-case letters, digits and dashes")
    .optional()
    .meta({ description: "Only tools of this category (a top-level category includes its subcategories); slugs are listed by /api/v1/categories." }),
};

export type ToolFilters = { [K in keyof typeof TOOL_FILTER_PARAMS]?: z.output<(typeof TOOL_FILTER_PARAMS)[K]> };

/** What the filters narrow the list to; `null` when a filter names something that does not exist (an empty list). */
export interface AppliedToolFilters {
  categoryIds?: number[];
}

export async function applyToolFilters(db: DB, lang: string, filters: ToolFilters): Promise<AppliedToolFilters | null> {
  const applied: AppliedToolFilters = {};
  if (filters.category) {
    const category = await resolveCategoryFilter(db, lang, filters.category);
    if (!category || category.slug !== filters.category) return null;
    applied.categoryIds = category.ids;
  }
  return applied;
}

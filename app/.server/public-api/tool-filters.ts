import { z } from "zod";
import { emptyToolFilters, TOOL_FILTER_VALUES, type ToolFilterGroup, type ToolFilterSelection } from "~/lib/tool-filters";
import type { DB } from "../db";
import { resolveCategoryFilter } from "../categories/queries";
import { filterRankedTools } from "../offers/tool-facets";

/**
 * The list filters of `GET /api/v1/tools`. Each filter is a query parameter (its zod schema, which also
 * documents it in the OpenAPI document) and a step that narrows the tool list: the category, and what tools
 * offer with the tool list page's own facet engine and meaning (comma lists: OR inside a parameter, AND
 * across parameters; decision 0030).
 */
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** A comma list of fixed codes (OR-ed), documented with them; an unknown code is a 400 naming it. */
export function codeListParam(known: readonly string[], description: string, example: string) {
  return z
    .string()
    .max(500)
    .transform((text, ctx) => {
      const values = [...new Set(text.split(",").map((v) => v.trim()).filter(Boolean))];
      const unknown = values.filter((v) => !known.includes(v));
      if (unknown.length) ctx.addIssue({ code: "custom", message: `unknown value ${unknown.join(", ")}; one or more of ${known.join(", ")}` });
      return values;
    })
    .optional()
    .meta({ description: `${description} ${known.length === 1 ? `The one value: ${known[0]}.` : `A comma list of: ${known.join(", ")}.`}`, examples: [example] });
}

/** A comma list of the group's codes. */
const offerParam = (group: ToolFilterGroup, description: string, example: string) => codeListParam(TOOL_FILTER_VALUES[group], description, example);

export const TOOL_FILTER_PARAMS = {
  category: z
    .string()
    .regex(SLUG, "a category slug: lower-case letters, digits and dashes")
    .optional()
    .meta({ description: "Only tools of this category (a top-level category includes its subcategories); slugs are listed by /api/v1/categories." }),
  pricing: offerParam("pricing", "Only tools with one of these pricing models.", "free,freemium"),
  free_plan: offerParam("freePlan", "Only tools that state a free plan.", "yes"),
  api: offerParam("api", "Only tools that state an API.", "yes"),
  open_source: offerParam("openSource", "Only tools that state they are open source.", "yes"),
  platforms: offerParam("platforms", "Only tools available on one of these platforms.", "web,ios"),
  languages: offerParam("languages", "Only tools whose interface speaks one of these languages (BCP 47).", "en,zh-Hans"),
  added: offerParam("added", "Only tools added within the last week or month.", "month"),
};

export type ToolFilters = { [K in keyof typeof TOOL_FILTER_PARAMS]?: z.output<(typeof TOOL_FILTER_PARAMS)[K]> };

/** What the filters narrow the list to; `null` when a filter names something that does not exist (an empty list). */
export interface AppliedToolFilters {
  categoryIds?: number[];
  offers?: ToolFilterSelection;
}

const OFFER_GROUPS: Array<[keyof ToolFilters, ToolFilterGroup]> = [
  ["pricing", "pricing"],
  ["free_plan", "freePlan"],
  ["api", "api"],
  ["open_source", "openSource"],
  ["platforms", "platforms"],
  ["languages", "languages"],
  ["added", "added"],
];

export async function applyToolFilters(db: DB, lang: string, filters: ToolFilters): Promise<AppliedToolFilters | null> {
  const applied: AppliedToolFilters = {};
  if (filters.category) {
    const category = await resolveCategoryFilter(db, lang, filters.category);
    if (!category || category.slug !== filters.category) return null;
    applied.categoryIds = category.ids;
  }
  const offers = emptyToolFilters();
  let narrowed = false;
  for (const [param, group] of OFFER_GROUPS) {
    const values = filters[param] as string[] | undefined;
    if (!values?.length) continue;
    offers[group] = TOOL_FILTER_VALUES[group].filter((v) => values.includes(v));
    narrowed = true;
  }
  if (narrowed) applied.offers = offers;
  return applied;
}

/** The ranked list narrowed by the offer filters (unchanged without them); the order stays the list's. */
export async function narrowByOffers(db: DB, ranked: Int32Array, applied: AppliedToolFilters, whole: boolean): Promise<Int32Array> {
  if (!applied.offers) return ranked;
  return (await filterRankedTools(db, ranked, whole, applied.offers)).ids;
}

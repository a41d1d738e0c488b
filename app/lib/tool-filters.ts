import { INTERFACE_LANGUAGE_CODES, PLATFORM_CODES } from "./offer-codes";

/**
 * The tool list's filters as they stand in the URL: each group is a comma list
 * (`?pricing=free,freemium&platforms=ios&freePlan=yes`). Values are OR-ed inside a group, groups AND-ed
 * (decision 0030). Unknown values are dropped when the URL is read, so a stale link shows the rest of its view.
 */
export const TOOL_FILTER_GROUPS = ["pricing", "freePlan", "api", "openSource", "platforms", "languages", "added"] as const;
export type ToolFilterGroup = (typeof TOOL_FILTER_GROUPS)[number];
export type ToolFilterSelection = Record<ToolFilterGroup, string[]>;

/** The submit form's five pricing modes: a free trial (`freeTrial`, `trial`) is `trial`, a subscription is `paid`. */
export const TOOL_PRICING_VALUES = ["free", "freemium", "trial", "paid", "contact"] as const;

export function pricingMode(pricing: string): string {
  if (pricing === "freeTrial") return "trial";
  if (pricing === "subscription") return "paid";
  return pricing;
}

export const TOOL_FILTER_VALUES: Record<ToolFilterGroup, readonly string[]> = {
  pricing: TOOL_PRICING_VALUES,
  freePlan: ["yes"],
  api: ["yes"],
  openSource: ["yes"],
  platforms: PLATFORM_CODES,
  languages: INTERFACE_LANGUAGE_CODES,
  added: ["week", "month"],
};

export function emptyToolFilters(): ToolFilterSelection {
  return { pricing: [], freePlan: [], api: [], openSource: [], platforms: [], languages: [], added: [] };
}

/** The selection in `params`, known values only, each once, in the order of the value list. */
export function readToolFilters(params: URLSearchParams): ToolFilterSelection {
  const selection = emptyToolFilters();
  for (const group of TOOL_FILTER_GROUPS) {
    const given = new Set((params.get(group) ?? "").split(",").map((v) => v.trim()).filter(Boolean));
    selection[group] = TOOL_FILTER_VALUES[group].filter((value) => given.has(value));
  }
  return selection;
}

export function selectedCount(selection: ToolFilterSelection): number {
  return TOOL_FILTER_GROUPS.reduce((sum, group) => sum + selection[group].length, 0);
}

/** Writes the selection into `params` (empty groups removed). */
export function writeToolFilters(params: URLSearchParams, selection: ToolFilterSelection): URLSearchParams {
  for (const group of TOOL_FILTER_GROUPS) {
    if (selection[group].length) params.set(group, selection[group].join(","));
    else params.delete(group);
  }
  return params;
}

/** The selection with one value switched on or off. */
export function toggleToolFilter(selection: ToolFilterSelection, group: ToolFilterGroup, value: string): ToolFilterSelection {
  const current = selection[group];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...selection, [group]: TOOL_FILTER_VALUES[group].filter((v) => next.includes(v)) };
}

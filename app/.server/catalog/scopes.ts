/**
 * The parts of the catalogue a write can change. Every catalogue write names its scopes (`changeCatalog` in
 * `./changes.ts`), and every structure derived from the catalogue names the scopes it is built from, so a
 * change redoes only what depends on it: a new e-commerce tool leaves the tools' search index alone, a rating
 * leaves everything built from text alone.
 */
export const CATALOG_SCOPES = [
  /** Tools' rows and texts: names, descriptions, tags, links, categories they belong to, status. */
  "tools",
  /** Tools' figures only: ratings, review counts, favourite counts. */
  "tool-figures",
  /** The administrators' listing order: pinned tools and manual priorities. */
  "tool-order",
  /** The tool categories and their names. */
  "taxonomy",
  /** The search synonym list. */
  "synonyms",
  "case-studies",
  /** E-commerce tools, their texts and their taxonomy (groups, filters, platforms, tags). */
  "ecommerce",
  /** Verified makers of tools (the "Verified" mark on a tool page). */
  "makers",
  /** Sponsored placements: what each slot shows on which days. */
  "sponsored",
] as const;

export type CatalogScope = (typeof CATALOG_SCOPES)[number];

/**
 * The row of `shared_revisions` each scope counts up, read by every instance's fingerprint. `tools` and
 * `tool-figures` keep the names they had when there were only those two, so instances of the previous
 * release still notice them during a rolling deploy; new names need no migration (rows are upserted).
 */
export const REVISION_OF: Record<CatalogScope, string> = {
  tools: "catalog",
  "tool-figures": "figures",
  "tool-order": "tool-order",
  taxonomy: "taxonomy",
  synonyms: "synonyms",
  "case-studies": "case-studies",
  ecommerce: "ecommerce",
  makers: "makers",
  sponsored: "sponsored",
};

/** What the tools' search reads: texts, category names and members, synonyms. */
export const TOOL_SEARCH_SCOPES: readonly CatalogScope[] = ["tools", "taxonomy", "synonyms"];
/** What tool lists in listing order read besides: the order and the figures the rating orders follow. */
export const TOOL_LIST_SCOPES: readonly CatalogScope[] = [...TOOL_SEARCH_SCOPES, "tool-order", "tool-figures"];
/** What the search box's suggestions show: tools' names and tags in listing order. */
export const AUTOCOMPLETE_SCOPES: readonly CatalogScope[] = ["tools", "tool-order"];
/** What the category tables and sidebars show: names, and how many tools each category has. */
export const CATEGORY_SCOPES: readonly CatalogScope[] = ["tools", "taxonomy"];

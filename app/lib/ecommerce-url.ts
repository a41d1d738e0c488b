/**
 * The e-commerce list's state as it lives in the URL (spec 4.6): `search`;
 * `sort` unless popular; `categories`, `filters`, `platforms` and what tools offer (`marketplaces`,
 * `languages`, and the yes-only checks `openSource`, `chineseInterface`, `alipayWechatPay`,
 * `worksWithoutVpn`) as comma lists; `page` past the first. Shared by the server (parsing) and the browser
 * (links for every checkbox, chip and pager), so each view has one URL.
 */
export const ECOMMERCE_SORT_VALUES = ["popular", "rating", "newest", "name"] as const;
export type EcommerceSortValue = (typeof ECOMMERCE_SORT_VALUES)[number];
/** Groups of what e-commerce tools offer (decision 0036): OR inside a group, AND across groups. */
export const OFFER_FACET_PARAMS = ["marketplaces", "languages", "openSource", "chineseInterface", "alipayWechatPay", "worksWithoutVpn"] as const;
export type OfferFacetParam = (typeof OFFER_FACET_PARAMS)[number];
/** The offer groups with a single "yes" value: each is one checkbox, so ticking two requires both. */
export const YES_FACET_PARAMS = ["openSource", "chineseInterface", "alipayWechatPay", "worksWithoutVpn"] as const satisfies readonly OfferFacetParam[];
export const FACET_PARAMS = ["categories", "filters", "platforms", ...OFFER_FACET_PARAMS] as const;
export type FacetParam = (typeof FACET_PARAMS)[number];

export type EcommerceView = {
  search: string;
  sort: EcommerceSortValue;
  page: number;
} & Record<FacetParam, string[]>;

/** Nothing selected in any group. */
export function noFacets(): Record<FacetParam, string[]> {
  return Object.fromEntries(FACET_PARAMS.map((name) => [name, []])) as unknown as Record<FacetParam, string[]>;
}

/** How many values the view selects in all groups. */
export function selectedFacetCount(view: Record<FacetParam, string[]>): number {
  return FACET_PARAMS.reduce((sum, name) => sum + view[name].length, 0);
}

/** A comma list, or repeated parameters as a plain GET form sends them. */
export function readList(params: URLSearchParams, name: string): string[] {
  return [...new Set(params.getAll(name).flatMap((v) => v.split(",")).map((v) => v.trim().toLowerCase()).filter(Boolean))].slice(0, 50);
}

export function ecommerceQuery(view: EcommerceView, page = view.page): string {
  const params = new URLSearchParams();
  if (view.search) params.set("search", view.search);
  if (view.sort !== "popular") params.set("sort", view.sort);
  for (const name of FACET_PARAMS) if (view[name].length) params.set(name, view[name].join(","));
  if (page > 1) params.set("page", String(page));
  // Commas stay readable in shared links.
  const text = params.toString().replace(/%2C/g, ",");
  return text ? `?${text}` : "";
}

/** The view with one value added or removed; any change starts again at page 1. */
export function toggled(view: EcommerceView, group: FacetParam, slug: string): EcommerceView {
  const current = view[group];
  const next = current.includes(slug) ? current.filter((s) => s !== slug) : [...current, slug];
  return { ...view, [group]: next, page: 1 };
}

export function cleared(view: EcommerceView): EcommerceView {
  return { ...view, ...noFacets(), page: 1 };
}

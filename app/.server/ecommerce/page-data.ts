import type { Bundles } from "~/i18n/instance";
import type { Lang } from "~/i18n/languages";
import { ECOMMERCE_SORT_VALUES, FACET_PARAMS, readList, type EcommerceView } from "~/lib/ecommerce-url";
import { z } from "zod";
import { loadBundles } from "../i18n";

/**
 * Reading the list's URL (bad values fall back to defaults, never a 4xx page
 * for a hand-edited link) and the `ecommerce` bundle the pages hand to the
 * browser: without its `values` section, whose names reach the page in the
 * loader data already.
 */
const scalarSchema = z.object({
  // A pasted paragraph is searched by its first 100 characters.
  search: z.string().transform((term) => [...term.trim()].slice(0, 100).join("").trim()).catch(""),
  sort: z.enum(ECOMMERCE_SORT_VALUES).catch("popular"),
  page: z.coerce.number().int().min(1).max(2_500).catch(1),
  missing: z.string().trim().max(200).catch(""),
});
const slugList = z.array(z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/)).catch([]);

export function readView(url: URL): EcommerceView & { missing: string } {
  const params = url.searchParams;
  const scalars = scalarSchema.parse({
    search: params.get("search") ?? undefined,
    sort: params.get("sort") ?? undefined,
    page: params.get("page") ?? undefined,
    missing: params.get("missing") ?? undefined,
  });
  const lists = Object.fromEntries(FACET_PARAMS.map((name) => [name, slugList.parse(readList(params, name))])) as Record<(typeof FACET_PARAMS)[number], string[]>;
  // `category` (spec 2.2) names one category or group, as links from elsewhere send it.
  const single = slugList.parse(readList(params, "category"));
  return { ...scalars, ...lists, categories: [...new Set([...lists.categories, ...single])] };
}

const pageBundles = new Map<Lang, Promise<Bundles>>();

export function ecommerceBundles(lang: Lang): Promise<Bundles> {
  let bundles = pageBundles.get(lang);
  if (!bundles) {
    bundles = loadBundles(lang, ["ecommerce"]).then(({ ecommerce }) => {
      const { values: _values, ...interfaceText } = (ecommerce ?? {}) as Record<string, unknown>;
      return { ecommerce: interfaceText };
    });
    pageBundles.set(lang, bundles);
    bundles.catch(() => pageBundles.delete(lang));
  }
  return bundles;
}

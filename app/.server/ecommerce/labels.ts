import { LANGUAGES, type Lang } from "~/i18n/languages";
import { pickLocalized } from "~/lib/language-fallback";
import { loadBundles } from "../i18n";
import type { Snapshot } from "./snapshot";

/**
 * Names of facet values (categories, filters, tags) in the ten interface
 * languages. The catalogue stores English and Chinese names; the `ecommerce`
 * bundle's `values` section names the seed taxonomy in every language. A name
 * is taken from the bundle of the page language, then the stored names by the
 * spec's fallback chain (4.7), then the slug.
 */
export type ValueKind = "categories" | "filters" | "tags";

export interface ValueNames {
  /** Name in the page language. */
  name: (kind: ValueKind, slug: string, stored: Record<string, string> | string | undefined) => string;
}

type BundleValues = Partial<Record<ValueKind, Record<string, string>>>;

async function bundleValues(lang: Lang): Promise<BundleValues> {
  const bundle = (await loadBundles(lang, ["ecommerce"])).ecommerce as { values?: BundleValues } | undefined;
  return bundle?.values ?? {};
}

export async function valueNames(lang: Lang): Promise<ValueNames> {
  const values = await bundleValues(lang);
  return {
    name(kind, slug, stored) {
      const translated = values[kind]?.[slug];
      if (translated) return translated;
      if (typeof stored === "string") return stored || slug;
      if (stored) {
        const chosen = pickLocalized(Object.entries(stored).map(([language, value]) => ({ language, value })), lang);
        if (chosen) return chosen.value;
      }
      return slug;
    },
  };
}

/** Every name (any language, lower-cased) of each category, filter and tag, for search. */
export interface SearchableNames {
  categories: Map<string, string[]>;
  filters: Map<string, string[]>;
  tags: Map<number, string[]>;
}

export async function searchableNames(snapshot: Snapshot): Promise<SearchableNames> {
  const bundles = await Promise.all(LANGUAGES.map(bundleValues));
  const collect = (kind: ValueKind, slug: string, stored: string[]) =>
    [...new Set([slug.replace(/-/g, " "), ...stored, ...bundles.map((b) => b[kind]?.[slug] ?? "")].filter(Boolean).map(normalize))];
  const categories = new Map<string, string[]>();
  for (const group of snapshot.taxonomy.groups) {
    categories.set(group.slug, collect("categories", group.slug, Object.values(group.names)));
    for (const sub of group.subcategories) categories.set(sub.slug, collect("categories", sub.slug, Object.values(sub.names)));
  }
  return {
    categories,
    filters: new Map(snapshot.taxonomy.filters.map((f) => [f.slug, collect("filters", f.slug, [f.name])])),
    tags: new Map(snapshot.taxonomy.tags.map((t) => [t.id, collect("tags", t.slug, [t.name])])),
  };
}

/** As search words are compared: lower case, compatibility forms folded. */
export function normalize(text: string): string {
  return text.toLowerCase().normalize("NFKC");
}

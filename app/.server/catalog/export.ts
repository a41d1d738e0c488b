import { LANGUAGES } from "~/i18n/languages";
import { groupBy } from "~/lib/group-by";
import type { DB } from "../db";
import { fromFlag, parseJson } from "../db/values";
import { offersForFile, offersOfRow } from "../offers/store";

/**
 * Reads tools back into the seed/import shape (FORMAT.md), so an export
 * imported elsewhere reproduces the same rows. Empty values are left out,
 * exactly as the importer treats missing ones.
 */
export async function exportTools(db: DB, options: { onRow?: () => void } = {}): Promise<Record<string, unknown>[]> {
  const tools = await db.selectFrom("tools").selectAll().orderBy("id").execute();
  const translations = await db.selectFrom("tool_translations").selectAll().execute();
  const links = await db
    .selectFrom("tool_categories as tc")
    .innerJoin("categories as c", "c.id", "tc.category_id")
    .select(["tc.tool_id", "tc.position", "c.slug", "c.parent_id"])
    .orderBy("tc.tool_id")
    .orderBy("tc.position")
    .execute();
  const offerRows = new Map((await db.selectFrom("tool_offers").selectAll().execute()).map((row) => [row.tool_id, row]));
  const textsByTool = groupBy(translations, (t) => t.tool_id);
  const linksByTool = groupBy(links, (l) => l.tool_id);
  const order = new Map<string, number>(LANGUAGES.map((lang, i) => [lang, i]));

  return tools.map((tool) => {
    const own = linksByTool.get(tool.id) ?? [];
    const texts = (textsByTool.get(tool.id) ?? []).sort((a, b) => (order.get(a.language) ?? 99) - (order.get(b.language) ?? 99));
    options.onRow?.();
    return {
      slug: tool.slug,
      website_url: tool.website_url,
      ...(tool.brand_icon ? { logo: JSON.parse(tool.brand_icon) as unknown } : {}),
      ...(tool.brand_color ? { brand_color: tool.brand_color } : {}),
      pricing: tool.pricing,
      rating: tool.base_rating,
      review_count: tool.base_review_count,
      is_featured: fromFlag(tool.is_featured),
      is_popular: fromFlag(tool.is_popular),
      is_new: fromFlag(tool.is_new),
      verified: fromFlag(tool.verified),
      pinned: fromFlag(tool.pinned),
      manual_priority: tool.manual_priority,
      created_at: tool.created_at,
      categories: own.filter((l) => l.parent_id === null).map((l) => l.slug),
      subcategories: own.filter((l) => l.parent_id !== null).map((l) => l.slug),
      ...withOffers(offerRows.get(tool.id)),
      translations: Object.fromEntries(texts.map((t) => [t.language, compact({
        name: t.name,
        subtitle: t.subtitle,
        description: t.description,
        features: parseJson<unknown[]>(t.features, []),
        use_cases: parseJson<unknown[]>(t.use_cases, []),
        faq: parseJson<unknown[]>(t.faq, []),
        tags: parseJson<unknown[]>(t.tags, []),
      })])),
    };
  });
}

/** Drops empty strings, nulls and empty lists. */
function compact(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== null && v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0)),
  );
}


function withOffers(row: Record<string, unknown> | undefined): { offers?: Record<string, unknown> } {
  const offers = row ? offersForFile(offersOfRow(row), "tool") : undefined;
  return offers ? { offers } : {};
}

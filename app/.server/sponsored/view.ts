import type { Lang } from "~/i18n/languages";
import type { PlacementSlot } from "~/lib/makers";
import type { DB } from "../db";
import { getLogger } from "../logger";
import { CARD_COLUMNS, toCards, type ToolCard } from "../tools/queries";
import { placementFor } from "./placements";

export interface SponsoredEntry {
  placementId: number;
  tool: ToolCard;
}

/**
 * What a page's slot shows beside its organic list: today's placement for the slot, language (and category)
 * as a card, or null. A failure leaves the slot empty rather than the page broken.
 */
export async function sponsoredEntry(db: DB, slot: PlacementSlot, lang: Lang, categorySlug: string | null = null): Promise<SponsoredEntry | null> {
  try {
    const placement = await placementFor(db, slot, lang, categorySlug);
    if (!placement) return null;
    const rows = await db.selectFrom("tools as t").select(CARD_COLUMNS).where("t.id", "=", placement.toolId).where("t.status", "=", "published").execute();
    const [tool] = await toCards(db, lang, rows);
    return tool ? { placementId: placement.id, tool } : null;
  } catch (error) {
    getLogger().error({ err: error, slot, lang }, "sponsored slot failed to load");
    return null;
  }
}

/**
 * The slot of a tool list's first page: search results show the search slot, a category's list the
 * category slot; other pages and the plain list show none.
 */
export function listSponsoredEntry(db: DB, lang: Lang, list: { search: string; categorySlug: string | null; page: number }): Promise<SponsoredEntry | null> {
  if (list.page !== 1) return Promise.resolve(null);
  if (list.search) return sponsoredEntry(db, "search", lang);
  return list.categorySlug ? sponsoredEntry(db, "category", lang, list.categorySlug) : Promise.resolve(null);
}

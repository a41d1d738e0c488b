import type { FavoriteType } from "~/lib/favorites";
import type { DB } from "../db";

/**
 * The three kinds of things a user can favourite, each with its own table (spec 3: favourites,
 * e_favorites; case studies since migration 0010). One description per kind keeps the queries free
 * of per-kind branches.
 */
export interface FavoriteTarget {
  /** Table holding the favourited things. */
  table: "tools" | "case_studies" | "ecommerce_tools";
  /** Join table of (user, thing). */
  favorites: "favorites" | "case_study_favorites" | "ecommerce_favorites";
  /** Column of the join table naming the thing. */
  column: "tool_id" | "case_study_id";
  /** Tools keep a count of real favourites for the heart figure on cards. */
  counted: boolean;
}

export const FAVORITE_TARGETS: Record<FavoriteType, FavoriteTarget> = {
  tool: { table: "tools", favorites: "favorites", column: "tool_id", counted: true },
  case_study: { table: "case_studies", favorites: "case_study_favorites", column: "case_study_id", counted: false },
  ecommerce_tool: { table: "ecommerce_tools", favorites: "ecommerce_favorites", column: "tool_id", counted: false },
};

/** Id of the thing a slug names (spec 4.4: looked up from the slug first), or null; hidden tools count as missing. */
export async function findTargetId(db: DB, type: FavoriteType, slug: string): Promise<number | null> {
  if (type === "tool") {
    const row = await db.selectFrom("tools").select("id").where("slug", "=", slug).where("status", "=", "published").executeTakeFirst();
    return row?.id ?? null;
  }
  if (type === "ecommerce_tool") return (await db.selectFrom("ecommerce_tools").select("id").where("slug", "=", slug).where("status", "=", "published").executeTakeFirst())?.id ?? null;
  const row = await db.selectFrom("case_studies").select("id").where("slug", "=", slug).executeTakeFirst();
  return row?.id ?? null;
}

/** The favourite entry of a detail page (spec 3), or null for pages of static files, which no table holds. */
export async function favoriteEntryOf(
  db: DB,
  view: { source: "database" | "case-study" | "ecommerce" | "static"; toolId: number | null; slug: string; name: string },
): Promise<{ id: number; type: FavoriteType; slug: string; title: string } | null> {
  const type: FavoriteType | null = view.source === "database" ? "tool" : view.source === "case-study" ? "case_study" : view.source === "ecommerce" ? "ecommerce_tool" : null;
  if (!type) return null;
  const id = view.source === "database" && view.toolId !== null ? view.toolId : await findTargetId(db, type, view.slug);
  return id === null ? null : { id, type, slug: view.slug, title: view.name };
}

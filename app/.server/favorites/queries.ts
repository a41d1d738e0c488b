import type { Kysely } from "kysely";
import { fieldVariants, pickLocalized } from "~/lib/language-fallback";
import { FAVORITE_TYPES, type FavoriteCard, type FavoriteEntry, type FavoriteType } from "~/lib/favorites";
import type { DB } from "../db";
import { lockRowsInIdOrder } from "../db/row-lock";
import { changeCatalog, type CatalogWrite } from "../catalog/changes";
import { orderedNowIso } from "../db/values";
import { AppError } from "../errors";
import { enforceWriteLimit, type WriteLimit } from "../rate-limit";
import { toCards, toolCardName } from "../tools/queries";
import { ecommerceNameAndDescription, ecommerceTextRows } from "../ecommerce/texts";
import { FAVORITE_TARGETS, findTargetId } from "./targets";

/**
 * A user's server-side favourites (spec 3, 4.4, 7.3) of tools, case studies and e-commerce tools.
 * Adding and removing are idempotent (a unique (user, thing) pair; insert-or-nothing, delete-returning),
 * and a tool's `favorite_count` moves in the same transaction only when a row really changed, so the
 * count equals the rows however many requests race.
 */
export interface FavoriteChange {
  entry: FavoriteEntry;
  /** Whether the list changed (false: it already was, or already was not, a favourite). */
  changed: boolean;
  favorited: boolean;
}

/** Inserts the pair unless present; true when a row was added. Runs inside the caller's transaction. */
async function insertFavorite(trx: CatalogWrite, userId: string, type: FavoriteType, id: number): Promise<boolean> {
  const target = FAVORITE_TARGETS[type];
  const inserted = await (trx as Kysely<any>)
    .insertInto(target.favorites)
    .values({ user_id: userId, [target.column]: id, created_at: orderedNowIso() })
    .onConflict((oc) => oc.columns(["user_id", target.column]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted && target.counted) {
    await trx.updateTable("tools").set((eb) => ({ favorite_count: eb("favorite_count", "+", 1) })).where("id", "=", id).execute();
  }
  return Boolean(inserted);
}

export async function setFavorite(db: DB, userId: string, change: { type: FavoriteType; slug: string; favorited: boolean; lang: string }, { limit }: { limit?: WriteLimit } = {}): Promise<FavoriteChange> {
  const { type, slug, favorited, lang } = change;
  const target = FAVORITE_TARGETS[type];
  // One transaction: the user's write limit, the slug's lookup and the change. An unknown slug still counts
  // against the limit (the transaction commits, the 404 follows).
  // Cards show the heart figure with real favourites: cached cards and pages must not keep the old one.
  const figuresMoved = (result: { changed: boolean } | null) => Boolean(result?.changed && target.counted);
  const written = await changeCatalog(
    db,
    "tool-figures",
    async (trx) => {
      await enforceWriteLimit(trx, limit);
      const id = await findTargetId(trx, type, slug);
      if (id === null) return null;
      if (favorited) return { id, changed: await insertFavorite(trx, userId, type, id) };
      const removed = await (trx as Kysely<any>)
        .deleteFrom(target.favorites)
        .where("user_id", "=", userId)
        .where(target.column, "=", id)
        .returning("id")
        .executeTakeFirst();
      if (removed && target.counted) {
        await trx.updateTable("tools").set((eb) => ({ favorite_count: eb("favorite_count", "-", 1) })).where("id", "=", id).execute();
      }
      return { id, changed: Boolean(removed) };
    },
    { changed: figuresMoved, figuresOf: (result) => (result ? [result.id] : []) },
  );
  if (!written) throw new AppError("not_found", "Tool not found.", { type, slug });
  const { id, changed } = written;
  return { entry: { id, type, slug, title: (await entryTitle(db, type, id, lang)) ?? slug }, changed, favorited };
}

/** A favourite entry's title in the page language, as its card names it; a tool's from its texts alone. */
async function entryTitle(db: DB, type: FavoriteType, id: number, lang: string): Promise<string | null> {
  if (type === "tool") return toolCardName(db, lang, id);
  return (await describeFavorites(db, lang, [{ type, id }]))[0]?.title ?? null;
}

/** Spec 7.3: removes all of the user's favourites of one kind (the e-commerce "clear all"). Returns how many. */
export async function clearFavorites(db: DB, userId: string, type: FavoriteType): Promise<number> {
  const target = FAVORITE_TARGETS[type];
  const removed = await changeCatalog(
    db,
    "tool-figures",
    async (trx) => {
      const rows = await (trx as Kysely<any>).deleteFrom(target.favorites).where("user_id", "=", userId).returning(target.column).execute();
      const ids = rows.map((row) => Number(row[target.column]));
      if (target.counted && ids.length > 0) {
        // Many tools' counts at once: their rows in id order, as every multi-row write takes them.
        await lockRowsInIdOrder(trx, "tools", ids);
        await trx.updateTable("tools").set((eb) => ({ favorite_count: eb("favorite_count", "-", 1) })).where("id", "in", ids).execute();
      }
      return ids;
    },
    { changed: (ids) => ids.length > 0 && target.counted, figuresOf: (ids) => ids },
  );
  return removed.length;
}

/** The user's favourites of every kind, newest first, as (kind, id). */
async function favoriteIds(db: DB, userId: string): Promise<Array<{ type: FavoriteType; id: number }>> {
  const lists = await Promise.all(
    FAVORITE_TYPES.map(async (type) => {
      const target = FAVORITE_TARGETS[type];
      const rows = await (db as Kysely<any>)
        .selectFrom(target.favorites)
        .select(["id as row_id", `${target.column} as target_id`, "created_at"])
        .where("user_id", "=", userId)
        .execute();
      return rows.map((row) => ({ type, id: Number(row.target_id), createdAt: String(row.created_at), rowId: Number(row.row_id) }));
    }),
  );
  return lists
    .flat()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.rowId - a.rowId)
    .map(({ type, id }) => ({ type, id }));
}

export async function listFavoriteCards(db: DB, userId: string, lang: string): Promise<FavoriteCard[]> {
  return describeFavorites(db, lang, await favoriteIds(db, userId));
}

export async function listFavoriteEntries(db: DB, userId: string, lang: string): Promise<FavoriteEntry[]> {
  return (await listFavoriteCards(db, userId, lang)).map(({ id, type, slug, title }) => ({ id, type, slug, title }));
}

/** Title, text and picture of each favourite in the page language where it has them, in the given order. */
export async function describeFavorites(db: DB, lang: string, items: Array<{ type: FavoriteType; id: number }>): Promise<FavoriteCard[]> {
  const idsOf = (type: FavoriteType) => items.filter((item) => item.type === type).map((item) => item.id);
  const [tools, studies, products] = await Promise.all([describeTools(db, lang, idsOf("tool")), describeCaseStudies(db, lang, idsOf("case_study")), describeEcommerce(db, lang, idsOf("ecommerce_tool"))]);
  const byKey = new Map<string, FavoriteCard>();
  for (const card of [...tools, ...studies, ...products]) byKey.set(`${card.type}:${card.id}`, card);
  return items.map((item) => byKey.get(`${item.type}:${item.id}`)).filter((card): card is FavoriteCard => card !== undefined);
}

async function describeTools(db: DB, lang: string, ids: number[]): Promise<FavoriteCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("tools")
    .select(["id", "slug", "image_url", "image_webp_url", "brand_color", "pricing", "rating", "review_count", "is_featured", "is_popular", "is_new", "verified", "favorite_count"])
    .where("id", "in", ids)
    .where("status", "=", "published")
    .execute();
  const cards = await toCards(db, lang, rows);
  return rows.map((row, i) => ({
    id: row.id,
    type: "tool" as const,
    slug: row.slug,
    title: cards[i]!.name,
    description: cards[i]!.description,
    imageUrl: row.image_webp_url ?? row.image_url,
    brandColor: row.brand_color,
  }));
}

async function describeCaseStudies(db: DB, lang: string, ids: number[]): Promise<FavoriteCard[]> {
  if (ids.length === 0) return [];
  const [rows, texts] = await Promise.all([
    db.selectFrom("case_studies").select(["id", "slug", "cover_image", "cover_image_webp", "brand_color"]).where("id", "in", ids).execute(),
    db.selectFrom("case_study_translations").select(["case_study_id", "language", "title", "subtitle", "description"]).where("case_study_id", "in", ids).execute(),
  ]);
  return rows.map((row) => {
    const own = texts.filter((t) => t.case_study_id === row.id);
    const title = pickLocalized(fieldVariants(own, (t) => t.title), lang);
    const summary = pickLocalized(fieldVariants(own, (t) => t.subtitle || t.description || ""), lang);
    return {
      id: row.id,
      type: "case_study" as const,
      slug: row.slug,
      title: title?.value ?? row.slug,
      description: summary?.value ?? "",
      imageUrl: row.cover_image_webp ?? row.cover_image,
      brandColor: row.brand_color,
    };
  });
}

async function describeEcommerce(db: DB, lang: string, ids: number[]): Promise<FavoriteCard[]> {
  if (ids.length === 0) return [];
  const [rows, texts] = await Promise.all([
    db.selectFrom("ecommerce_tools").select(["id", "slug", "name", "description", "image_url", "image_webp_url", "brand_color"]).where("id", "in", ids).execute(),
    db.selectFrom("ecommerce_tool_translations").select(["tool_id", "language", "name", "description"]).where("tool_id", "in", ids).execute(),
  ]);
  return rows.map((row) => {
    const own = ecommerceTextRows({ name: row.name, description: row.description }, texts.filter((t) => t.tool_id === row.id));
    const { name, description } = ecommerceNameAndDescription(own, lang);
    return {
      id: row.id,
      type: "ecommerce_tool" as const,
      slug: row.slug,
      title: name?.value ?? row.slug,
      description: description?.value ?? "",
      imageUrl: row.image_webp_url ?? row.image_url,
      brandColor: row.brand_color,
    };
  });
}

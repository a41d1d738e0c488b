import { sql } from "kysely";
import { z } from "zod";
import { ORDER_SORT_FIELDS, TOOLS_ORDER_PAGE_SIZE } from "~/lib/admin";
import type { DB } from "../db";
import { fromFlag, nowIso, toFlag } from "../db/values";
import { AppError } from "../errors";
import { invalidateCatalogCache } from "../tools/cache";
import { inListingOrder, published } from "../tools/order";
import { recordAudit, type Actor, type AuditRecord } from "./audit";

/**
 * The tools-order screen (spec 2.4, 4.9): published tools a page at a time in
 * the listing order (or by one of spec 9's sort fields), and saving a page's
 * pinned flags and manual priorities in one transaction. The listing sorts
 * manual_priority descending (spec 4.6), so a saved page keeps its order when
 * its top row has the highest number; see decision 0010.
 */

export const toolsOrderQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(TOOLS_ORDER_PAGE_SIZE),
  /** Absent: the listing order the home page and the default list use. */
  sortBy: z.enum(ORDER_SORT_FIELDS).optional(),
  sortDir: z.enum(["asc", "desc"]).default("desc"),
});
export type ToolsOrderQuery = z.infer<typeof toolsOrderQuery>;

export const toolsOrderUpdate = z.object({
  updates: z
    .array(
      z.object({
        id: z.number().int().positive(),
        pinned: z.boolean(),
        manual_priority: z.number().int().min(0).max(1_000_000_000).nullable(),
      }),
    )
    .min(1)
    .max(100)
    .refine((rows) => new Set(rows.map((r) => r.id)).size === rows.length, { message: "each tool id may appear once" }),
});
export type ToolsOrderUpdate = z.infer<typeof toolsOrderUpdate>;

export interface ToolsOrderRow {
  id: number;
  name: string;
  slug: string;
  image_url: string | null;
  favorites: number;
  /** Spec 2.4: the column exists, the product has no likes. */
  likes: 0;
  rating: number | null;
  review_count: number;
  pinned: boolean;
  manual_priority: number | null;
  created_at: string;
}

export async function listToolsOrder(db: DB, query: ToolsOrderQuery): Promise<{ data: ToolsOrderRow[]; total: number }> {
  let ordered = published(db).select(["t.id", "t.slug", "t.image_url", "t.rating", "t.review_count", "t.pinned", "t.manual_priority", "t.created_at"]);
  if (!query.sortBy) ordered = inListingOrder(ordered);
  else {
    const dir = query.sortDir;
    // Tools without a manual priority come last in either direction.
    if (query.sortBy === "manual_priority") ordered = ordered.orderBy(sql`t.manual_priority is null`).orderBy("t.manual_priority", dir);
    else ordered = ordered.orderBy(`t.${query.sortBy}`, dir);
    ordered = ordered.orderBy("t.id", dir);
  }
  const [rows, count] = await Promise.all([
    ordered.limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute(),
    published(db).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => Number(r.id));
  const [names, favorites] = ids.length
    ? await Promise.all([
        db.selectFrom("tool_translations").select(["tool_id", "name"]).where("tool_id", "in", ids).where("language", "=", "us-en").execute(),
        db.selectFrom("favorites").select(["tool_id", (eb) => eb.fn.countAll<number>().as("n")]).where("tool_id", "in", ids).groupBy("tool_id").execute(),
      ])
    : [[], []];
  const nameOf = new Map(names.map((n) => [Number(n.tool_id), n.name]));
  const favoritesOf = new Map(favorites.map((f) => [Number(f.tool_id), Number(f.n)]));
  return {
    total: Number(count.n),
    data: rows.map((r) => ({
      id: Number(r.id),
      name: nameOf.get(Number(r.id)) || r.slug,
      slug: r.slug,
      image_url: r.image_url,
      favorites: favoritesOf.get(Number(r.id)) ?? 0,
      likes: 0,
      rating: Number(r.rating) > 0 ? Number(r.rating) : null,
      review_count: Number(r.review_count ?? 0),
      pinned: fromFlag(r.pinned),
      manual_priority: r.manual_priority === null ? null : Number(r.manual_priority),
      created_at: r.created_at,
    })),
  };
}

/** Writes each row's pinned flag and priority; unchanged rows are left alone. Returns how many changed. */
export async function saveToolsOrder(db: DB, actor: Actor, input: ToolsOrderUpdate): Promise<{ updated: number }> {
  const ids = input.updates.map((u) => u.id);
  const updated = await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("tools").select(["id", "pinned", "manual_priority"]).where("id", "in", ids).execute();
    const byId = new Map(current.map((row) => [Number(row.id), row]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) throw new AppError("not_found", `No tool with id ${missing.join(", ")}.`, { ids: missing });
    const records: AuditRecord[] = [];
    const now = nowIso();
    for (const update of input.updates) {
      const row = byId.get(update.id)!;
      const before = { pinned: fromFlag(row.pinned), manual_priority: row.manual_priority === null ? null : Number(row.manual_priority) };
      if (before.pinned === update.pinned && before.manual_priority === update.manual_priority) continue;
      await trx.updateTable("tools").set({ pinned: toFlag(update.pinned), manual_priority: update.manual_priority, updated_at: now }).where("id", "=", update.id).execute();
      const changes: AuditRecord["changes"] = {};
      if (before.pinned !== update.pinned) changes.pinned = { before: before.pinned, after: update.pinned };
      if (before.manual_priority !== update.manual_priority) changes.manual_priority = { before: before.manual_priority, after: update.manual_priority };
      records.push({ action: "tools.order", entityType: "tool", entityId: update.id, changes });
    }
    await recordAudit(trx, actor, records);
    return records.length;
  });
  if (updated > 0) invalidateCatalogCache();
  return { updated };
}

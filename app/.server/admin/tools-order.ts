import { z } from "zod";
import { fieldVariants, pickLocalized } from "~/lib/language-fallback";
import { ORDER_SORT_FIELDS, TOOLS_ORDER_PAGE_SIZE } from "~/lib/admin";
import type { DB } from "../db";
import { lockRowsInIdOrder } from "../db/row-lock";
import { fromFlag, nowIso, toFlag } from "../db/values";
import { AppError } from "../errors";
import { PRIORITY_LAST_ASC, PRIORITY_LAST_DESC } from "../db/migrations/0012_admin_audit_log";
import { changeCatalog } from "../catalog/changes";
import { cachedRead } from "../tools/cache";
import { countPublishedTools } from "../tools/queries";
import { inListingOrder, published } from "../tools/order";
import { sortPositions } from "../tools/sort-positions";
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

const ROW_COLUMNS = ["t.id", "t.slug", "t.image_url", "t.rating", "t.review_count", "t.pinned", "t.manual_priority", "t.created_at"] as const;

/** Past this many rows the listing order's index walk costs more than slicing the list's in-memory order. */
const SQL_OFFSET_LIMIT = 2000;

/**
 * One page of published tools. The listing order reads its first pages from the listing index (fast even
 * right after a save, when the in-memory order is being rebuilt) and deeper pages as a slice of the public
 * list's own order (`sortPositions`); the other sorts read migration 0012's indexes.
 */
async function pageRows(db: DB, query: ToolsOrderQuery) {
  const offset = (query.page - 1) * query.pageSize;
  if (!query.sortBy && offset < SQL_OFFSET_LIMIT) return inListingOrder(published(db).select(ROW_COLUMNS)).limit(query.pageSize).offset(offset).execute();
  if (!query.sortBy) {
    const { ids } = await sortPositions(db, "popular");
    const pageIds = Array.from(ids.subarray(offset, offset + query.pageSize));
    if (pageIds.length === 0) return [];
    const rows = await published(db).select(ROW_COLUMNS).where("t.id", "in", pageIds).execute();
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return pageIds.map((id) => byId.get(id)).filter((row) => row !== undefined);
  }
  const dir = query.sortDir;
  let ordered = published(db).select(ROW_COLUMNS);
  // Tools without a manual priority come last in either direction (the expressions of migration 0012's indexes).
  if (query.sortBy === "manual_priority") ordered = ordered.orderBy(dir === "asc" ? PRIORITY_LAST_ASC : PRIORITY_LAST_DESC, dir);
  else ordered = ordered.orderBy(`t.${query.sortBy}`, dir);
  return ordered.orderBy("t.id", dir).limit(query.pageSize).offset(offset).execute();
}

export async function listToolsOrder(db: DB, query: ToolsOrderQuery): Promise<{ data: ToolsOrderRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    pageRows(db, query),
    // Counted once per catalogue change: a count of 100k rows is itself ~30 ms.
    cachedRead(db, "admin:published-count", () => countPublishedTools(db), ["tools"]),
  ]);
  const ids = rows.map((r) => Number(r.id));
  const [names, favorites] = ids.length
    ? await Promise.all([
        // Every language's name of the 20 tools (by primary key); filtering on the language here made the
        // planner walk the (language, name) index over the whole catalogue (60 ms at 100k).
        db.selectFrom("tool_translations").select(["tool_id", "language", "name"]).where("tool_id", "in", ids).execute(),
        db.selectFrom("favorites").select(["tool_id", (eb) => eb.fn.countAll<number>().as("n")]).where("tool_id", "in", ids).groupBy("tool_id").execute(),
      ])
    : [[], []];
  // The order API speaks English (the catalogue's canonical language), falling back as pages do.
  const nameOf = new Map<number, string>();
  for (const id of ids) {
    const name = pickLocalized(fieldVariants(names.filter((row) => Number(row.tool_id) === id), (row) => row.name), "us-en");
    if (name) nameOf.set(id, name.value);
  }
  const favoritesOf = new Map(favorites.map((f) => [Number(f.tool_id), Number(f.n)]));
  return {
    total: count,
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
  // Rows locked and written in id order whatever order the list came in: two administrators saving the same
  // tools in opposite orders queue behind each other instead of deadlocking (PostgreSQL), and each compares
  // with the order as the other left it.
  const updates = [...input.updates].sort((a, b) => a.id - b.id);
  const updated = await changeCatalog(
    db,
    "tool-order",
    async (trx) => {
      await lockRowsInIdOrder(trx, "tools", ids);
      const current = await trx.selectFrom("tools").select(["id", "pinned", "manual_priority"]).where("id", "in", ids).execute();
      const byId = new Map(current.map((row) => [Number(row.id), row]));
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length) throw new AppError("not_found", `No tool with id ${missing.join(", ")}.`, { ids: missing });
      const records: AuditRecord[] = [];
      const now = nowIso();
      for (const update of updates) {
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
    },
    { changed: (count) => count > 0 },
  );
  return { updated };
}

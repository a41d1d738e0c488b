import type { Kysely } from "kysely";
import type { CatalogWrite } from "./changes";
import { nowIso } from "../db/values";

/**
 * Compare-then-write helpers shared by the catalogue importers: a row is
 * only written when a value differs, so re-importing the same data leaves
 * every row (and its updated_at) exactly as it was.
 */

/** Importers write inside `changeCatalog`/`changeCatalogInSteps`, which signal the change once it has committed. */
export type Trx = CatalogWrite;
// Child tables are addressed by name here; the callers pass typed values.
type AnyDb = Kysely<any>;

/** The fields of `desired` whose values differ from `current` (all of them when there is no row yet). */
export function changedFields<T extends Record<string, unknown>>(desired: T, current: Record<string, unknown> | undefined): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(desired) as (keyof T & string)[]) {
    if (!current || !sameValue(current[key], desired[key])) changes[key] = desired[key];
  }
  return changes;
}

function sameValue(stored: unknown, wanted: unknown): boolean {
  if (stored === wanted) return true;
  if (stored == null || wanted == null) return (stored ?? null) === (wanted ?? null);
  // PostgreSQL may hand back numbers for integer columns a caller compares as booleans, and vice versa.
  if (typeof stored === "number" || typeof wanted === "number") return Number(stored) === Number(wanted);
  return false;
}

export interface SyncResult {
  changed: boolean;
}

/**
 * Makes the per-language rows of one owner equal `desired`: inserts new
 * languages, updates changed ones, deletes languages no longer given.
 */
export async function syncTranslations(
  trx: Trx,
  options: {
    table: string;
    ownerColumn: string;
    ownerId: number;
    desired: Map<string, Record<string, unknown>>;
    /** Tables with an updated_at column get it stamped on insert and change. */
    stamped?: boolean;
  },
): Promise<boolean> {
  const db = trx as unknown as AnyDb;
  const { table, ownerColumn, ownerId, desired, stamped } = options;
  const current: Record<string, unknown>[] = await db.selectFrom(table).selectAll().where(ownerColumn, "=", ownerId).execute();
  const byLanguage = new Map(current.map((row) => [String(row.language), row]));
  let changed = false;
  const inserts: Record<string, unknown>[] = [];
  for (const [language, values] of desired) {
    const row = byLanguage.get(language);
    if (!row) {
      inserts.push({ ...values, [ownerColumn]: ownerId, language, ...(stamped ? { updated_at: nowIso() } : {}) });
      continue;
    }
    const changes = changedFields(values, row);
    if (Object.keys(changes).length === 0) continue;
    await db
      .updateTable(table)
      .set({ ...changes, ...(stamped ? { updated_at: nowIso() } : {}) })
      .where(ownerColumn, "=", ownerId)
      .where("language", "=", language)
      .execute();
    changed = true;
  }
  if (inserts.length) {
    await db.insertInto(table).values(inserts).execute();
    changed = true;
  }
  const gone = [...byLanguage.keys()].filter((language) => !desired.has(language));
  if (gone.length) {
    await db.deleteFrom(table).where(ownerColumn, "=", ownerId).where("language", "in", gone).execute();
    changed = true;
  }
  return changed;
}

/**
 * Makes the links of one owner equal `targets` (in order). With a
 * `positionColumn` the order is stored too.
 */
export async function syncLinks(
  trx: Trx,
  options: { table: string; ownerColumn: string; ownerId: number; targetColumn: string; targets: number[]; positionColumn?: string },
): Promise<boolean> {
  const db = trx as unknown as AnyDb;
  const { table, ownerColumn, ownerId, targetColumn, targets, positionColumn } = options;
  const current: Record<string, number>[] = await db.selectFrom(table).selectAll().where(ownerColumn, "=", ownerId).execute();
  const have = new Map(current.map((row) => [Number(row[targetColumn]), positionColumn ? Number(row[positionColumn]) : 0]));
  const wanted = new Map(targets.map((target, position) => [target, position]));
  let changed = false;
  const gone = [...have.keys()].filter((target) => !wanted.has(target));
  if (gone.length) {
    await db.deleteFrom(table).where(ownerColumn, "=", ownerId).where(targetColumn, "in", gone).execute();
    changed = true;
  }
  const inserts: Record<string, number>[] = [];
  for (const [target, position] of wanted) {
    if (!have.has(target)) {
      inserts.push({ [ownerColumn]: ownerId, [targetColumn]: target, ...(positionColumn ? { [positionColumn]: position } : {}) });
    } else if (positionColumn && have.get(target) !== position) {
      await db.updateTable(table).set({ [positionColumn]: position }).where(ownerColumn, "=", ownerId).where(targetColumn, "=", target).execute();
      changed = true;
    }
  }
  if (inserts.length) {
    await db.insertInto(table).values(inserts).execute();
    changed = true;
  }
  return changed;
}

/**
 * Inserts a row keyed by slug or updates only its changed columns.
 * Returns the id and whether anything was written.
 */
export async function upsertBySlug(
  trx: Trx,
  options: {
    table: string;
    slug: string;
    values: Record<string, unknown>;
    /** Columns only written when the row is new (e.g. created_at). */
    insertOnly?: Record<string, unknown>;
    stamped?: boolean;
  },
): Promise<{ id: number; status: "inserted" | "updated" | "unchanged" }> {
  const db = trx as unknown as AnyDb;
  const { table, slug, values, insertOnly = {}, stamped } = options;
  const current: Record<string, unknown> | undefined = await db.selectFrom(table).selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!current) {
    const stamp = stamped ? { updated_at: nowIso() } : {};
    const row = await db
      .insertInto(table)
      .values({ slug, ...values, ...stamp, ...insertOnly })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), status: "inserted" };
  }
  const id = Number(current.id);
  const changes = changedFields(values, current);
  if (Object.keys(changes).length === 0) return { id, status: "unchanged" };
  await db
    .updateTable(table)
    .set({ ...changes, ...(stamped ? { updated_at: nowIso() } : {}) })
    .where("id", "=", id)
    .execute();
  return { id, status: "updated" };
}

/** Bumps a row's updated_at when only its children (translations, links) changed. */
export async function touch(trx: Trx, table: string, id: number): Promise<void> {
  await (trx as unknown as AnyDb).updateTable(table).set({ updated_at: nowIso() }).where("id", "=", id).execute();
}

import { TREND_SOURCES, type TrendingProduct, type TrendingRepo, type TrendSource } from "~/lib/trends";
import type { DB } from "../db";

/** What the page shows for one source: the last good list and its time, or why there is none. */
export type TrendState<T> =
  | { status: "ok"; items: T[]; fetchedAt: string; lastAttemptFailed: boolean }
  /** Never attempted yet (first start, fetch under way). */
  | { status: "loading" }
  /** Attempted, nothing good ever fetched. */
  | { status: "empty" };

export interface TrendSnapshots {
  github: TrendState<TrendingRepo>;
  producthunt: TrendState<TrendingProduct>;
}

export async function readTrendSnapshots(db: DB): Promise<TrendSnapshots> {
  const rows = await db.selectFrom("trend_snapshots").selectAll().where("source", "in", [...TREND_SOURCES]).execute();
  const stateOf = (source: TrendSource) => {
    const row = rows.find((r) => r.source === source);
    if (!row) return { status: "loading" } as const;
    if (!row.items || !row.fetched_at) return { status: "empty" } as const;
    const items = JSON.parse(row.items) as unknown[];
    return { status: "ok", items, fetchedAt: row.fetched_at, lastAttemptFailed: row.last_error !== null } as const;
  };
  return { github: stateOf("github") as TrendState<TrendingRepo>, producthunt: stateOf("producthunt") as TrendState<TrendingProduct> };
}

/** A good fetch replaces the source's list. */
export async function saveTrendSnapshot(db: DB, source: TrendSource, items: unknown[], now = new Date()): Promise<void> {
  const at = now.toISOString();
  const values = { source, items: JSON.stringify(items), fetched_at: at, attempted_at: at, last_error: null };
  await db.insertInto("trend_snapshots").values(values).onConflict((oc) => oc.column("source").doUpdateSet(values)).execute();
}

/** A failed fetch keeps the last good list and notes the failure. */
export async function noteTrendFailure(db: DB, source: TrendSource, error: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("trend_snapshots")
    .values({ source, items: null, fetched_at: null, attempted_at: at, last_error: error.slice(0, 500) })
    .onConflict((oc) => oc.column("source").doUpdateSet({ attempted_at: at, last_error: error.slice(0, 500) }))
    .execute();
}

/** When each source was last attempted (ms), so instances sharing a database refresh once per interval. */
export async function lastAttempts(db: DB): Promise<Map<string, number>> {
  const rows = await db.selectFrom("trend_snapshots").select(["source", "attempted_at"]).execute();
  return new Map(rows.map((r) => [r.source, Date.parse(r.attempted_at)]));
}

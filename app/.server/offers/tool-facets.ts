import { sql } from "kysely";
import type { DB } from "../db";
import { readIntColumns } from "../db/int-columns";
import type { CatalogScope } from "../catalog/scopes";
import { catalogGeneration, checkCatalogFreshness } from "../tools/cache";
import { add, emptySet, has, type Bitset } from "../facets/bitset";
import { countFacets, sizesOf, type FacetValues } from "../facets/engine";
import { parseJson } from "../db/values";
import { pricingMode, TOOL_FILTER_GROUPS, TOOL_FILTER_VALUES, type ToolFilterGroup, type ToolFilterSelection } from "~/lib/tool-filters";

/**
 * The tool list's facets (decision 0030) on the engine the e-commerce list uses: one bitset per filter value
 * over the published tools' positions, built from the tools' pricing and creation time and their offers.
 * Registered on the `tools` scope (pricing, offers and status are tool rows), so only a change of those
 * rebuilds it; "added this week/month" is relative to now, so a snapshot also expires after an hour.
 */
const SCOPES: readonly CatalogScope[] = ["tools"];
const MAX_AGE_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ToolFacetSnapshot extends FacetValues<ToolFilterGroup> {
  /** Position of each tool id (-1: not published), indexed by id. */
  positionById: Int32Array;
  builtAt: number;
}

async function loadSnapshot(db: DB): Promise<ToolFacetSnapshot> {
  const [[ids]] = await Promise.all([readIntColumns(db, sql`select id from tools where status = 'published' order by id`, ["id"] as const)]);
  const [rows, offers] = await Promise.all([
    db.selectFrom("tools").select(["id", "pricing", "created_at"]).where("status", "=", "published").execute(),
    db.selectFrom("tool_offers").select(["tool_id", "free_plan", "api", "open_source", "platforms", "interface_languages"]).execute(),
  ]);
  const size = ids.length;
  const maxId = size ? ids[size - 1]! : 0;
  const positionById = new Int32Array(maxId + 1).fill(-1);
  for (let p = 0; p < size; p++) positionById[ids[p]!] = p;
  const values = Object.fromEntries(
    TOOL_FILTER_GROUPS.map((group) => [group, new Map(TOOL_FILTER_VALUES[group].map((value) => [value, emptySet(size)]))]),
  ) as Record<ToolFilterGroup, Map<string, Bitset>>;
  const mark = (group: ToolFilterGroup, value: string, position: number) => {
    const set = values[group].get(value);
    if (set) add(set, position);
  };
  const now = Date.now();
  for (const row of rows) {
    const position = positionById[row.id] ?? -1;
    if (position < 0) continue;
    mark("pricing", pricingMode(row.pricing), position);
    const age = now - Date.parse(row.created_at);
    if (age <= 7 * DAY_MS) mark("added", "week", position);
    if (age <= 30 * DAY_MS) mark("added", "month", position);
  }
  for (const row of offers) {
    const position = row.tool_id <= maxId ? positionById[row.tool_id]! : -1;
    if (position < 0) continue;
    if (Number(row.free_plan) === 1) mark("freePlan", "yes", position);
    if (Number(row.api) === 1) mark("api", "yes", position);
    if (Number(row.open_source) === 1) mark("openSource", "yes", position);
    for (const code of parseJson<string[]>(row.platforms, [])) mark("platforms", code, position);
    for (const code of parseJson<string[]>(row.interface_languages, [])) mark("languages", code, position);
  }
  const valueSizes = Object.fromEntries(TOOL_FILTER_GROUPS.map((group) => [group, sizesOf(values[group])])) as Record<ToolFilterGroup, Map<string, number>>;
  return { size, values, valueSizes, positionById, builtAt: now };
}

const held = new WeakMap<DB, { generation: number; snapshot: Promise<ToolFacetSnapshot>; builtAt: number }>();

/** The snapshot of the current catalogue state, built on first use after a change (concurrent callers share it). */
export function toolFacetSnapshot(db: DB): Promise<ToolFacetSnapshot> {
  checkCatalogFreshness(db);
  const generation = catalogGeneration(SCOPES);
  let entry = held.get(db);
  if (!entry || entry.generation !== generation || Date.now() - entry.builtAt > MAX_AGE_MS) {
    const snapshot = loadSnapshot(db);
    held.set(db, (entry = { generation, snapshot, builtAt: Date.now() }));
    const mine = entry;
    snapshot.catch(() => {
      if (held.get(db) === mine) held.delete(db);
    });
  }
  return entry.snapshot;
}

export interface ToolFacets {
  /** Count per value of each group, under the other groups' selection and the list's search and category. */
  counts: Record<ToolFilterGroup, Record<string, number>>;
}

/**
 * Narrows a ranked list (`ranked`: the search's or category's tools in list order; `whole`: it is the whole
 * catalogue) to the selection and counts every filter value. The ranking's order is kept.
 */
export async function filterRankedTools(
  db: DB,
  ranked: Int32Array,
  whole: boolean,
  selection: ToolFilterSelection,
): Promise<{ ids: Int32Array; facets: ToolFacets }> {
  const snapshot = await toolFacetSnapshot(db);
  const positionOf = (id: number) => (id < snapshot.positionById.length ? snapshot.positionById[id]! : -1);
  let base: Bitset | null = null;
  if (!whole) {
    base = emptySet(snapshot.size);
    for (const id of ranked) {
      const position = positionOf(id);
      if (position >= 0) add(base, position);
    }
  }
  const result = countFacets(snapshot, TOOL_FILTER_GROUPS, base, selection);
  const counts = Object.fromEntries(TOOL_FILTER_GROUPS.map((group) => [group, Object.fromEntries(result.counts[group])])) as ToolFacets["counts"];
  const narrowed = TOOL_FILTER_GROUPS.some((group) => selection[group].length > 0);
  if (!narrowed) return { ids: ranked, facets: { counts } };
  const ids = ranked.filter((id) => {
    const position = positionOf(id);
    return position >= 0 && has(result.matches, position);
  });
  return { ids, facets: { counts } };
}

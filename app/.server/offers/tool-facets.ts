import type { DB } from "../db";
import { readIntAndTextColumns } from "../db/int-columns";
import type { CatalogScope } from "../catalog/scopes";
import { timeBuild } from "../metrics";
import { rebuildPolicy } from "../search/current";
import { catalogGeneration, checkCatalogFreshness, derivedCaughtUp } from "../tools/cache";
import { TimeSlices } from "~/lib/time-slices";
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

/**
 * Read off the main thread (SQLite: the read worker; PostgreSQL: its own process) as columns, and built in time
 * slices (decision 0034): at 100k tools the rows and offers are a few hundred milliseconds of work that would
 * otherwise stop every request after each catalogue change.
 */
async function loadSnapshot(db: DB): Promise<ToolFacetSnapshot> {
  const slices = new TimeSlices();
  const [tools, offers] = await Promise.all([
    readIntAndTextColumns(db, db.selectFrom("tools").select(["id", "pricing", "created_at"]).where("status", "=", "published").orderBy("id"), ["id"] as const, ["pricing", "created_at"] as const, {
      rebuild: true,
    }),
    readIntAndTextColumns(
      db,
      db.selectFrom("tool_offers").select(["tool_id", "free_plan", "api", "open_source", "platforms", "interface_languages"]),
      ["tool_id", "free_plan", "api", "open_source"] as const,
      ["platforms", "interface_languages"] as const,
      { rebuild: true },
    ),
  ]);
  const {
    ints: [ids],
    texts: [pricing, createdAt],
  } = tools;
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
  for (let position = 0; position < size; position++) {
    mark("pricing", pricingMode(pricing[position]!), position);
    const age = now - Date.parse(createdAt[position]!);
    if (age <= 7 * DAY_MS) mark("added", "week", position);
    if (age <= 30 * DAY_MS) mark("added", "month", position);
    if (slices.due()) await slices.yield();
  }
  const {
    ints: [toolIds, freePlan, api, openSource],
    texts: [platforms, languages],
  } = offers;
  for (let i = 0; i < toolIds.length; i++) {
    if (slices.due()) await slices.yield();
    const id = toolIds[i]!;
    const position = id <= maxId ? positionById[id]! : -1;
    if (position < 0) continue;
    if (freePlan[i] === 1) mark("freePlan", "yes", position);
    if (api[i] === 1) mark("api", "yes", position);
    if (openSource[i] === 1) mark("openSource", "yes", position);
    for (const code of parseJson<string[]>(platforms[i], [])) mark("platforms", code, position);
    for (const code of parseJson<string[]>(languages[i], [])) mark("languages", code, position);
  }
  const valueSizes = Object.fromEntries(TOOL_FILTER_GROUPS.map((group) => [group, sizesOf(values[group])])) as Record<ToolFilterGroup, Map<string, number>>;
  return { size, values, valueSizes, positionById, builtAt: now };
}

interface Held {
  generation: number;
  snapshot: Promise<ToolFacetSnapshot>;
  builtAt: number;
  built?: ToolFacetSnapshot;
  /** The previous snapshot answered while this one was built. */
  servedPrevious?: boolean;
}

const held = new WeakMap<DB, Held>();
/** The newest finished snapshot per database, of whichever generation. */
const latest = new WeakMap<DB, ToolFacetSnapshot>();

/**
 * The snapshot of the current catalogue state, built on first use after a change (concurrent callers share it).
 * On a large catalogue (the search index's threshold, decision 0034) the previous snapshot answers while the
 * next one is built: a tool added meanwhile is counted and filtered once it is built, and what lists kept
 * from the previous snapshot is dropped then.
 */
export function toolFacetSnapshot(db: DB): Promise<ToolFacetSnapshot> {
  checkCatalogFreshness(db);
  const generation = catalogGeneration(SCOPES);
  let entry = held.get(db);
  if (!entry || entry.generation !== generation || Date.now() - entry.builtAt > MAX_AGE_MS) {
    const snapshot = timeBuild("tool_facets", loadSnapshot(db));
    const mine: Held = { generation, snapshot, builtAt: Date.now() };
    held.set(db, (entry = mine));
    snapshot.then(
      (built) => {
        mine.built = built;
        latest.set(db, built);
        if (mine.servedPrevious) derivedCaughtUp(SCOPES);
      },
      () => {
        if (held.get(db) === mine) held.delete(db);
      },
    );
  }
  if (entry.built) return Promise.resolve(entry.built);
  const previous = latest.get(db);
  if (previous && previous.size >= rebuildPolicy.answerFromPreviousFromTools) {
    entry.servedPrevious = true;
    return Promise.resolve(previous);
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

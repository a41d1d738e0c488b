import type { DB } from "../db";
import { readIntAndTextColumns } from "../db/int-columns";
import type { CatalogScope } from "../catalog/scopes";
import { timeBuild } from "../metrics";
import { rebuildPolicy } from "../search/current";
import { checkCatalogFreshness, derivedCaughtUp, namedChangesBetween, scopeGeneration } from "../tools/cache";
import { TimeSlices } from "~/lib/time-slices";
import { add, emptySet, has, remove, type Bitset } from "../facets/bitset";
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
  /** The tool at each position (ascending ids when read; a patch moves the last tool into a removed one's place). */
  ids: Int32Array;
  /** "Added this week/month" is counted from this time, by the build and by every patch of it. */
  builtAt: number;
}

type Mark = (group: ToolFilterGroup, value: string, position: number) => void;

/** Marks a tool's pricing and how recently it was added. */
function markTool(mark: Mark, position: number, pricing: string, createdAt: string, now: number): void {
  mark("pricing", pricingMode(pricing), position);
  const age = now - Date.parse(createdAt);
  if (age <= 7 * DAY_MS) mark("added", "week", position);
  if (age <= 30 * DAY_MS) mark("added", "month", position);
}

interface OfferFlags {
  freePlan: number;
  api: number;
  openSource: number;
  platforms: string | null;
  languages: string | null;
}

/** Marks what a tool's offers row says. */
function markOffers(mark: Mark, position: number, offers: OfferFlags): void {
  if (offers.freePlan === 1) mark("freePlan", "yes", position);
  if (offers.api === 1) mark("api", "yes", position);
  if (offers.openSource === 1) mark("openSource", "yes", position);
  for (const code of parseJson<string[]>(offers.platforms, [])) mark("platforms", code, position);
  for (const code of parseJson<string[]>(offers.languages, [])) mark("languages", code, position);
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
  const mark: Mark = (group, value, position) => {
    const set = values[group].get(value);
    if (set) add(set, position);
  };
  const now = Date.now();
  for (let position = 0; position < size; position++) {
    markTool(mark, position, pricing[position]!, createdAt[position]!, now);
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
    markOffers(mark, position, { freePlan: freePlan[i]!, api: api[i]!, openSource: openSource[i]!, platforms: platforms[i]!, languages: languages[i]! });
  }
  return { size, values, valueSizes: valueSizesOf(values), positionById, ids, builtAt: now };
}

const valueSizesOf = (values: Record<ToolFilterGroup, ReadonlyMap<string, Bitset>>) =>
  Object.fromEntries(TOOL_FILTER_GROUPS.map((group) => [group, sizesOf(values[group])])) as Record<ToolFilterGroup, Map<string, number>>;

/**
 * The snapshot with these tools as they are now (decision 0040): each one's marks cleared, a tool no longer
 * published replaced by the last position's tool, a newly published one added at the end, and every published
 * one marked from its row and offers, read by primary key. A new snapshot (the sets copied, a few hundred
 * kilobytes at 100k tools): lists may still be counting with the previous one.
 */
async function patchSnapshot(db: DB, previous: ToolFacetSnapshot, toolIds: readonly number[]): Promise<ToolFacetSnapshot> {
  const [tools, offers] = await Promise.all([
    db.selectFrom("tools").select(["id", "pricing", "created_at"]).where("id", "in", toolIds).where("status", "=", "published").execute(),
    db.selectFrom("tool_offers").select(["tool_id", "free_plan", "api", "open_source", "platforms", "interface_languages"]).where("tool_id", "in", toolIds).execute(),
  ]);
  const capacity = previous.size + tools.length;
  const copy = (set: Bitset) => {
    const bigger = emptySet(capacity);
    bigger.set(set.subarray(0, bigger.length));
    return bigger;
  };
  const values = Object.fromEntries(
    TOOL_FILTER_GROUPS.map((group) => [group, new Map([...previous.values[group]].map(([value, set]) => [value, copy(set)]))]),
  ) as Record<ToolFilterGroup, Map<string, Bitset>>;
  const sets = TOOL_FILTER_GROUPS.flatMap((group) => [...values[group].values()]);
  const ids = new Int32Array(capacity);
  ids.set(previous.ids.subarray(0, previous.size));
  let positionById = previous.positionById.slice();
  const maxId = Math.max(0, ...tools.map((tool) => Number(tool.id)));
  if (maxId >= positionById.length) {
    const grown = new Int32Array(maxId + 1).fill(-1);
    grown.set(positionById);
    positionById = grown;
  }
  const positionOf = (id: number) => (id < positionById.length ? positionById[id]! : -1);
  let size = previous.size;
  for (const id of toolIds) {
    const position = positionOf(id);
    if (position >= 0) for (const set of sets) remove(set, position);
  }
  const published = new Set(tools.map((tool) => Number(tool.id)));
  for (const id of toolIds) {
    const position = positionOf(id);
    if (position < 0 || published.has(id)) continue;
    // The last position's tool takes the removed one's place, with its marks.
    const last = --size;
    if (position !== last) {
      for (const set of sets) {
        if (has(set, last)) add(set, position);
        remove(set, last);
      }
      ids[position] = ids[last]!;
      positionById[ids[position]!] = position;
    }
    positionById[id] = -1;
  }
  const mark: Mark = (group, value, position) => {
    const set = values[group].get(value);
    if (set) add(set, position);
  };
  const offersOf = new Map(offers.map((row) => [Number(row.tool_id), row]));
  for (const tool of tools) {
    const id = Number(tool.id);
    let position = positionOf(id);
    if (position < 0) {
      position = size++;
      ids[position] = id;
      positionById[id] = position;
    }
    markTool(mark, position, tool.pricing, tool.created_at, previous.builtAt);
    const offer = offersOf.get(id);
    if (offer) {
      const flag = (value: unknown) => (value === null ? 0 : Number(value));
      markOffers(mark, position, { freePlan: flag(offer.free_plan), api: flag(offer.api), openSource: flag(offer.open_source), platforms: offer.platforms, languages: offer.interface_languages });
    }
  }
  // Sets exactly as long as the engine makes its own for this size.
  const words = emptySet(size).length;
  for (const group of TOOL_FILTER_GROUPS) for (const [value, set] of values[group]) if (set.length !== words) values[group].set(value, set.slice(0, words));
  return { size, values, valueSizes: valueSizesOf(values), positionById, ids: ids.slice(0, size), builtAt: previous.builtAt };
}

interface Held {
  /** The generation of the `tools` scope the snapshot is of. */
  generation: number;
  snapshot: Promise<ToolFacetSnapshot>;
  builtAt: number;
  built?: ToolFacetSnapshot;
  /** Whether the snapshot waits for a read of every tool (a patch of one not yet built waits for it too). */
  reading: boolean;
  /** The previous snapshot answered while this one was built. */
  servedPrevious?: boolean;
}

const held = new WeakMap<DB, Held>();
/** The newest finished snapshot per database, of whichever generation. */
const latest = new WeakMap<DB, ToolFacetSnapshot>();
/** More tools than this in one change read every tool again. */
const MAX_PATCHED_TOOLS = 256;

function track(db: DB, mine: Held): Held {
  held.set(db, mine);
  mine.snapshot.then(
    (built) => {
      mine.built = built;
      latest.set(db, built);
      if (mine.servedPrevious) derivedCaughtUp(SCOPES);
    },
    () => {
      if (held.get(db) === mine) held.delete(db);
    },
  );
  return mine;
}

/**
 * The snapshot of the current catalogue state (concurrent callers share it). A change that named its tools
 * (decision 0040) patches the kept snapshot for just those tools, and lists wait the few milliseconds that
 * takes; any other change (or an hour's age, for "added this week") reads every tool again. On a large
 * catalogue (the search index's threshold, decision 0034) the previous snapshot answers during such a read: a
 * tool added meanwhile is counted and filtered once it is read, and what lists kept from the previous snapshot
 * is dropped then.
 */
export function toolFacetSnapshot(db: DB): Promise<ToolFacetSnapshot> {
  checkCatalogFreshness(db);
  const generation = scopeGeneration("tools");
  let entry = held.get(db);
  const fresh = entry && Date.now() - entry.builtAt <= MAX_AGE_MS;
  if (entry && fresh && entry.generation !== generation) {
    const named = namedChangesBetween("tools", entry.generation, generation);
    const from = entry;
    if (named && named.length <= MAX_PATCHED_TOOLS) {
      entry = track(db, { generation, snapshot: from.snapshot.then((snapshot) => patchSnapshot(db, snapshot, named)), builtAt: from.builtAt, reading: !from.built });
    }
  }
  if (!entry || !fresh || entry.generation !== generation) {
    entry = track(db, { generation, snapshot: timeBuild("tool_facets", loadSnapshot(db)), builtAt: Date.now(), reading: true });
  }
  if (entry.built) return Promise.resolve(entry.built);
  const previous = latest.get(db);
  if (entry.reading && previous && previous.size >= rebuildPolicy.answerFromPreviousFromTools) {
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

import { groupByOwner } from "../compact/growable";
import { CATEGORY_SCOPES } from "../catalog/scopes";
import type { DB } from "../db";
import { readIntColumns } from "../db/int-columns";
import { timeBuild } from "../metrics";
import { rebuildPolicy } from "../search/current";
import { derivedCaughtUp, perCatalogGeneration } from "../tools/cache";

/**
 * Published tools per category id (direct links), with each published tool's categories, so that a change of a
 * few named tools (an approval, an edit that moves a tool to other categories, an unpublished tool; decision
 * 0040) moves only their counts: their previous categories are known here, their current ones are read by
 * primary key. Any other change (the taxonomy, a large import) reads every link again, off the main thread
 * (on SQLite in the read worker): at 100k tools 240k links, where the counts alone took 70-150 ms to group
 * after every change, and every list page's sidebar waited for them.
 */
export interface CategoryCounts {
  /** Published tools per category id. */
  byCategory: ReadonlyMap<number, number>;
  /** The categories of a published tool (none for any other id). */
  categoriesOf(toolId: number): readonly number[];
}

/** How the counts know each tool's categories: the links as read, and the tools patched since. */
interface Links {
  read(toolId: number): readonly number[];
  patched: ReadonlyMap<number, readonly number[]>;
}

interface KeptCounts extends CategoryCounts {
  links: Links;
  /** Published tools with at least one category, as read: how large the catalogue is. */
  tools: number;
}

interface Holder {
  counts?: Promise<KeptCounts>;
  /** The kept counts wait for a read of every link (not only for a patch). */
  reading?: boolean;
  /** The previous counts answered while these were read. */
  servedPrevious?: boolean;
}

/** The newest finished counts per database, of whichever generation. */
const latest = new WeakMap<DB, KeptCounts>();

/** More tools than this in one change read every link again. */
const MAX_PATCHED_TOOLS = 256;

const holderOf = perCatalogGeneration<Holder>(() => ({}), CATEGORY_SCOPES, {
  moveTools: (holder, toolIds, db) => {
    if (toolIds.length > MAX_PATCHED_TOOLS) return false;
    const current = holder.counts;
    if (current && toolIds.length > 0) holder.counts = keepOrForget(holder, current.then((counts) => patchCounts(db, counts, toolIds)), db);
    return true;
  },
});

/** A failed read is read again by the next caller instead of being kept. */
function keepOrForget(holder: Holder, counts: Promise<KeptCounts>, db: DB): Promise<KeptCounts> {
  counts.then(
    (value) => holder.counts === counts && latest.set(db, value),
    () => {
      if (holder.counts === counts) holder.counts = undefined;
    },
  );
  return counts;
}

/**
 * The counts of the current catalogue, read on first use after a change that named no tools. On a large
 * catalogue (the search index's threshold, decision 0034) the previous counts answer while every link is read
 * again, and what was kept from them (the category tables) is dropped once they are read.
 */
export function categoryCounts(db: DB): Promise<CategoryCounts> {
  const holder = holderOf(db);
  if (!holder.counts) {
    holder.reading = true;
    const counts = keepOrForget(holder, timeBuild("category_counts", readCounts(db)), db);
    holder.counts = counts;
    counts.then(
      () => {
        // A patch made meanwhile waits on these: lists wait for it (milliseconds), not for a read.
        holder.reading = false;
        if (holder.servedPrevious) derivedCaughtUp(CATEGORY_SCOPES);
      },
      () => {
        holder.reading = false;
      },
    );
  }
  const previous = latest.get(db);
  if (holder.reading && previous && previous.tools >= rebuildPolicy.answerFromPreviousFromTools) {
    holder.servedPrevious = true;
    return Promise.resolve(previous);
  }
  return holder.counts;
}

function countsOf(byCategory: ReadonlyMap<number, number>, links: Links, tools: number): KeptCounts {
  return { byCategory, links, tools, categoriesOf: (toolId) => links.patched.get(toolId) ?? links.read(toolId) };
}

async function readCounts(db: DB): Promise<KeptCounts> {
  const query = db
    .selectFrom("tool_categories as tc")
    .innerJoin("tools as t", "t.id", "tc.tool_id")
    .select(["tc.tool_id", "tc.category_id"])
    .where("t.status", "=", "published");
  const [tools, categories] = await readIntColumns(db, query, ["tool_id", "category_id"] as const);
  const byCategory = new Map<number, number>();
  let maxId = 0;
  for (let i = 0; i < tools.length; i++) {
    byCategory.set(categories[i]!, (byCategory.get(categories[i]!) ?? 0) + 1);
    if (tools[i]! > maxId) maxId = tools[i]!;
  }
  // Each tool's links as one run of a typed array: no array per tool.
  const { offsets, order } = groupByOwner(tools, maxId + 1);
  const grouped = Int32Array.from(order, (i) => categories[i]!);
  const read = (toolId: number) => (toolId > maxId ? [] : [...grouped.subarray(offsets[toolId]!, offsets[toolId + 1]!)]);
  let linked = 0;
  for (let id = 0; id <= maxId; id++) if (offsets[id + 1]! > offsets[id]!) linked++;
  return countsOf(byCategory, { read, patched: new Map() }, linked);
}

/** The counts with these tools' links as they are now: their previous categories counted down, their current ones up. */
async function patchCounts(db: DB, previous: KeptCounts, toolIds: readonly number[]): Promise<KeptCounts> {
  const rows = await db
    .selectFrom("tool_categories as tc")
    .innerJoin("tools as t", "t.id", "tc.tool_id")
    .select(["tc.tool_id", "tc.category_id"])
    .where("t.status", "=", "published")
    .where("tc.tool_id", "in", toolIds)
    .execute();
  const now = new Map<number, number[]>(toolIds.map((id) => [id, []]));
  for (const row of rows) now.get(Number(row.tool_id))?.push(Number(row.category_id));
  const byCategory = new Map(previous.byCategory);
  const count = (category: number, by: number) => byCategory.set(category, (byCategory.get(category) ?? 0) + by);
  for (const [id, categories] of now) {
    for (const category of previous.categoriesOf(id)) count(category, -1);
    for (const category of categories) count(category, +1);
  }
  // A category no published tool is linked to any more is absent, as in a full read.
  for (const [category, tools] of byCategory) if (tools === 0) byCategory.delete(category);
  const tools = previous.tools + [...now].reduce((sum, [id, categories]) => sum + Number(categories.length > 0) - Number(previous.categoriesOf(id).length > 0), 0);
  return countsOf(byCategory, { read: previous.links.read, patched: new Map([...previous.links.patched, ...now]) }, tools);
}

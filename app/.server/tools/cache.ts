import { sql } from "kysely";
import type { DB } from "../db";
import { getRecent, setBounded } from "~/lib/bounded-map";
import { getLogger } from "../logger";

/**
 * In-process cache for hot catalogue reads (home sections, list pages,
 * category pages, the autocomplete index). Entries live for a short time
 * and are dropped at once when the catalogue changes:
 * - code that writes the catalogue calls `catalogChanged(db)`, which drops
 *   this process's entries and counts up the shared catalogue revision;
 * - code that only moves a tool's figures (ratings, favourite counts) calls
 *   `toolFiguresChanged(db)`: cards, pages and the rating order are redone, but
 *   nothing built from the catalogue's text (the search and autocomplete indexes,
 *   the category tables) is, which at 100k tools is seconds of CPU per change;
 *   it counts up a revision of its own;
 * - writes from another process (imports, a second server) are noticed by a
 *   cheap fingerprint query (index maxima of ids and updated_at, and those
 *   revisions) run at most every 2 seconds. The revisions carry what the
 *   maxima cannot see: rating and favourite figures (they move without
 *   touching `updated_at`) and anything a clock that runs behind wrote.
 */
const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 2000;
/** How often another writer's change is looked for: one query of index maxima and two one-row reads. */
export const FINGERPRINT_EVERY_MS = 2_000;
const CATALOG_REVISION = "catalog";
const FIGURES_REVISION = "figures";
/** Cached reads that hold no tool figures, kept when only figures change. */
const TEXT_ONLY_KEY = /^(categories:|admin:published-count$)/;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

/** Per database handle, so tests with several databases in one process never mix results. */
interface State {
  entries: Map<string, Entry>;
  fingerprint?: Fingerprint;
  checkedAt: number;
  check?: Promise<void>;
}

const states = new Map<DB, State>();
/** Listeners and whether they also want figure-only changes. */
const listeners = new Map<() => void, boolean>();
let generation = 0;
let figuresGeneration = 0;

function stateOf(db: DB): State {
  let state = states.get(db);
  if (!state) {
    state = { entries: new Map(), checkedAt: 0 };
    states.set(db, state);
  }
  return state;
}

/**
 * Drops this process's cached catalogue reads. Code that wrote the catalogue calls `catalogChanged`,
 * which also tells the other instances; this alone is for changes noticed from elsewhere (and tests).
 */
export function invalidateCatalogCache(): void {
  for (const state of states.values()) state.entries.clear();
  generation++;
  figuresGeneration++;
  for (const listener of listeners.keys()) listener();
}

/**
 * A tool's rating, review count or favourite count changed (nothing else): drops the reads that show
 * figures or order by them (cards, lists, home, pages) and keeps what is built from text.
 */
export function invalidateToolFigures(): void {
  for (const state of states.values()) {
    for (const key of [...state.entries.keys()]) if (!TEXT_ONLY_KEY.test(key)) state.entries.delete(key);
  }
  figuresGeneration++;
  for (const [listener, wantsFigures] of listeners) if (wantsFigures) listener();
}

/**
 * Lets derived in-memory structures rebuild after a change. `figures: false` for structures built from
 * the catalogue's text only (the autocomplete index), which a new rating leaves as they are.
 */
export function onCatalogChange(listener: () => void, { figures = true }: { figures?: boolean } = {}): () => void {
  listeners.set(listener, figures);
  return () => listeners.delete(listener);
}

export function catalogGeneration(): number {
  return generation;
}

interface Fingerprint {
  text: string;
  figures: string;
}

/**
 * After a write to the catalogue (tools, their texts, categories, ratings, favourite counts, order,
 * synonyms) has committed: drops this process's caches at once and counts up the shared revision, which
 * every other instance's fingerprint reads within seconds. One single-row upsert, outside the writer's
 * transaction so concurrent writers never queue on it for longer than the statement. Never throws: the
 * write itself succeeded, and the other instances' caches expire on their own at worst.
 */
export async function catalogChanged(db: DB): Promise<void> {
  invalidateCatalogCache();
  await countUp(db, CATALOG_REVISION);
}

/**
 * After a committed write that moved only tools' figures (a rating, a counted favourite): drops what shows
 * figures here and counts up the figures revision, so other instances do the same within seconds without
 * rebuilding what is made from the catalogue's text. Never throws, as `catalogChanged`.
 *
 * Favourites and ratings come in bursts, and every one of them counted up the same row: a statement and a
 * commit per write, and on PostgreSQL a queue on that row's lock. Count-ups asked for while one is running
 * share the next one, so each caller still returns only after a count-up that started after its write
 * committed, and a burst costs two statements instead of one per write.
 */
export async function toolFiguresChanged(db: DB): Promise<void> {
  invalidateToolFigures();
  await sharedCountUp(db, FIGURES_REVISION);
}

interface CountUps {
  running?: Promise<void>;
  /** The count-up that starts when the running one ends, shared by everyone who asked meanwhile. */
  next?: Promise<void>;
}

const countUps = new WeakMap<DB, Map<string, CountUps>>();

function sharedCountUp(db: DB, name: string): Promise<void> {
  let byName = countUps.get(db);
  if (!byName) countUps.set(db, (byName = new Map()));
  let slot = byName.get(name);
  if (!slot) byName.set(name, (slot = {}));
  const state = slot;
  const start = (): Promise<void> => {
    const running: Promise<void> = countUp(db, name).finally(() => {
      if (state.running === running) state.running = undefined;
    });
    state.running = running;
    return running;
  };
  if (state.next) return state.next;
  if (!state.running) return start();
  const next = state.running.then(() => {
    state.next = undefined;
    return start();
  });
  state.next = next;
  return next;
}

async function countUp(db: DB, name: string): Promise<void> {
  try {
    await db
      .insertInto("shared_revisions")
      .values({ name, revision: 1 })
      .onConflict((oc) => oc.column("name").doUpdateSet({ revision: sql<number>`shared_revisions.revision + 1` }))
      .execute();
  } catch (error) {
    getLogger().warn({ err: error, revision: name }, "could not count up a shared revision; other instances see the change when their caches expire");
  }
}

/**
 * Maxima read through indexes (sub-millisecond even on a 100k catalogue); rows are never counted.
 * One subquery per maximum: SQLite answers a lone max() from an index but scans for two in one select.
 */
async function fingerprint(db: DB): Promise<Fingerprint> {
  const { rows } = await sql<Record<string, unknown>>`select
    (select max(id) from tools) as tools_id, (select max(updated_at) from tools) as tools_updated,
    (select max(updated_at) from tool_translations) as translations_updated,
    (select max(id) from categories) as categories_id, (select max(updated_at) from categories) as categories_updated,
    (select max(id) from search_synonyms) as synonyms_id,
    (select revision from shared_revisions where name = ${CATALOG_REVISION}) as revision,
    (select revision from shared_revisions where name = ${FIGURES_REVISION}) as figures_revision`.execute(db);
  const { figures_revision: figures, ...text } = rows[0] ?? {};
  return { text: JSON.stringify(text), figures: String(figures) };
}

/** Invalidates when another writer changed the catalogue since the last look (checked at most every 2 s). */
function checkFingerprint(db: DB, state: State): Promise<void> | undefined {
  const now = Date.now();
  if (now - state.checkedAt < FINGERPRINT_EVERY_MS) return state.check;
  state.checkedAt = now;
  state.check ??= fingerprint(db)
    .then((current) => {
      const previous = state.fingerprint;
      if (previous && current.text !== previous.text) invalidateCatalogCache();
      else if (previous && current.figures !== previous.figures) invalidateToolFigures();
      state.fingerprint = current;
    })
    .catch(() => undefined)
    .finally(() => {
      state.check = undefined;
    });
  return state.check;
}

/**
 * Per-database state that lives for one catalogue generation: the first use after a change (made here or
 * noticed from another writer) gets a fresh value from `make`. For derived structures that are not single
 * cached reads (search rankings, sort positions).
 */
export function perCatalogGeneration<T>(make: () => T, { figures = false }: { figures?: boolean } = {}): (db: DB) => T {
  const held = new WeakMap<DB, { generation: number; value: T }>();
  return (db) => {
    checkCatalogFreshness(db);
    // Structures that order by figures (rating) are redone on figure changes too.
    const generation = figures ? figuresGeneration : catalogGeneration();
    let entry = held.get(db);
    if (!entry || entry.generation !== generation) held.set(db, (entry = { generation, value: make() }));
    return entry.value;
  };
}

/**
 * Notices writes made elsewhere (another process, or code that did not call
 * `catalogChanged`) at most every 2 seconds. Not awaited by reads: the check
 * never adds latency, and a change shows up on the next request. Returns the
 * look in progress, if any (tests wait for it).
 */
export function checkCatalogFreshness(db: DB): Promise<void> | undefined {
  return checkFingerprint(db, stateOf(db));
}

/** Returns the cached value for `key`, computing it once (concurrent callers share the promise). */
export async function cachedRead<T>(db: DB, key: string, compute: () => Promise<T>): Promise<T> {
  const state = stateOf(db);
  void checkFingerprint(db, state);
  const { entries } = state;
  const now = Date.now();
  // Read as most recently used, so the most used keys survive trimming.
  const hit = getRecent(entries, key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = compute();
  setBounded(entries, key, { expires: now + TTL_MS, value }, MAX_ENTRIES);
  // A failed read must not be served from the cache.
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

import { sql } from "kysely";
import type { DB } from "../db";
import { getRecent, setBounded } from "~/lib/bounded-map";

/**
 * In-process cache for hot catalogue reads (home sections, list pages,
 * category pages, the autocomplete index). Entries live for a short time
 * and are dropped at once when the catalogue changes:
 * - code that writes tools or categories calls `invalidateCatalogCache()`;
 * - code that only moves a tool's figures (ratings, favourite counts) calls
 *   `invalidateToolFigures()`: cards, pages and the rating order are redone, but
 *   nothing built from the catalogue's text (the search and autocomplete indexes,
 *   the category tables) is, which at 100k tools is seconds of CPU per change;
 * - writes from another process (imports, a second server) are noticed by a
 *   cheap fingerprint query (index maxima of ids and updated_at, and the figures
 *   counter of migration 0017) run at most every few seconds.
 */
const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 2000;
const FINGERPRINT_EVERY_MS = 2_000;
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

/** Drops every cached catalogue read; call after writing tools, translations or categories. */
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
 * Maxima read through indexes (sub-millisecond even on a 100k catalogue); rows are never counted.
 * One subquery per maximum: SQLite answers a lone max() from an index but scans for two in one select.
 */
async function fingerprint(db: DB): Promise<Fingerprint> {
  const { rows } = await sql<Record<string, unknown>>`select
    (select max(id) from tools) as tools_id, (select max(updated_at) from tools) as tools_updated,
    (select max(updated_at) from tool_translations) as translations_updated,
    (select max(id) from categories) as categories_id, (select max(updated_at) from categories) as categories_updated,
    (select max(id) from search_synonyms) as synonyms_id,
    (select version from catalog_versions where name = 'figures') as figures_version`.execute(db);
  const { figures_version: figures, ...text } = rows[0] ?? {};
  return { text: JSON.stringify(text), figures: String(figures) };
}

/** Invalidates when another writer changed the catalogue since the last look (checked at most every 5 s). */
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
 * `invalidateCatalogCache`) at most every few seconds. Not awaited by reads:
 * the check never adds latency, and a change shows up on the next request.
 */
export function checkCatalogFreshness(db: DB): void {
  void checkFingerprint(db, stateOf(db));
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

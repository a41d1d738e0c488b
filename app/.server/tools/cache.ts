import { sql } from "kysely";
import type { DB } from "../db";
import { getRecent, setBounded } from "~/lib/bounded-map";
import { CATALOG_SCOPES, REVISION_OF, type CatalogScope } from "../catalog/scopes";

/**
 * In-process caches of the catalogue and what empties them. Every catalogue write goes through
 * `changeCatalog` (`../catalog/changes.ts`), which names the scopes it changed (`../catalog/scopes.ts`),
 * drops what depends on them here (`invalidateCatalogScopes`) and counts up each scope's shared revision.
 * Derived structures say what they depend on:
 * - `cachedRead(db, key, compute, scopes)`: hot reads (home sections, list pages, category tables);
 * - `perCatalogGeneration(make, scopes)`: per-database state such as the search index and rankings;
 * - `onCatalogChange(listener, scopes)`: process-wide caches (page cache, autocomplete answers).
 * Writes from another process are noticed by a cheap fingerprint query (index maxima and the scopes'
 * revisions) run at most every 2 seconds. The revisions carry what the maxima cannot see (figures move
 * without touching `updated_at`, a writer's clock may run behind) and say which scope moved; the maxima
 * are the safety net for a write that counted nothing up.
 */
const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 2000;
/** How often another writer's change is looked for: one query of index maxima and one-row reads. */
export const FINGERPRINT_EVERY_MS = 2_000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
  scopes: ReadonlySet<CatalogScope>;
}

/** Per database handle, so tests with several databases in one process never mix results. */
interface State {
  entries: Map<string, Entry>;
  fingerprint?: Fingerprint;
  checkedAt: number;
  check?: Promise<void>;
  /** By scope: the shared revisions this handle's own count-ups wrote, so its fingerprint does not redo them. */
  own: Map<CatalogScope, OwnCountUps>;
}

interface OwnCountUps {
  revisions: Set<number>;
  /** Count-ups started and not answered yet: a revision the fingerprint sees may be one of theirs. */
  running: number;
}

const states = new Map<DB, State>();
/** Listeners and the scopes they depend on. */
const listeners = new Map<() => void, ReadonlySet<CatalogScope>>();
/** Counts up on every change of a scope, here or noticed from elsewhere. */
const generations = new Map<CatalogScope, number>(CATALOG_SCOPES.map((scope) => [scope, 0]));

function stateOf(db: DB): State {
  let state = states.get(db);
  if (!state) {
    state = { entries: new Map(), checkedAt: 0, own: new Map() };
    states.set(db, state);
  }
  return state;
}

/**
 * Per count-up of the `tool-figures` generation: the tools whose figures the change moved, when it said so
 * (`changeCatalog`'s `figuresOf`), else null. Structures that can move those tools (the list orders) do so
 * instead of being rebuilt; a change noticed from another writer names no tools.
 */
const figureChanges = new Map<number, readonly number[] | null>();
const MAX_FIGURE_CHANGES = 1024;

/** The tools whose figures changed between two `tool-figures` generations; null when a change did not name them. */
function figureChangesBetween(from: number, to: number): number[] | null {
  const tools = new Set<number>();
  for (let generation = from + 1; generation <= to; generation++) {
    const named = figureChanges.get(generation);
    if (!named) return null;
    for (const id of named) tools.add(id);
  }
  return [...tools];
}

export interface ScopeChange {
  /** With `tool-figures`: the only tools whose figures changed. */
  figuresOf?: readonly number[];
}

/**
 * Drops what this process derived from these scopes of the catalogue. Writers go through `changeCatalog`,
 * which also tells the other instances; this alone is for changes noticed from elsewhere (and tests).
 */
export function invalidateCatalogScopes(scopes: readonly CatalogScope[], { figuresOf }: ScopeChange = {}): void {
  const changed = new Set(scopes);
  if (changed.size === 0) return;
  for (const scope of changed) generations.set(scope, generations.get(scope)! + 1);
  if (changed.has("tool-figures")) {
    figureChanges.set(generations.get("tool-figures")!, figuresOf ? [...figuresOf] : null);
    if (figureChanges.size > MAX_FIGURE_CHANGES) figureChanges.delete(figureChanges.keys().next().value!);
  }
  const touches = (depends: ReadonlySet<CatalogScope>) => [...changed].some((scope) => depends.has(scope));
  for (const state of states.values()) {
    for (const [key, entry] of [...state.entries]) if (touches(entry.scopes)) state.entries.delete(key);
  }
  for (const [listener, depends] of listeners) if (touches(depends)) listener();
}

/**
 * Counts up each time a structure that kept answering from its previous generation while it was rebuilt (the
 * search index of a large catalogue) has caught up. Reads computed before then may hold the old answer:
 * they are not kept (`cachedRead`, the rankings).
 */
let catchUps = 0;

export function catchUpCount(): number {
  return catchUps;
}

/** A rebuilt structure has caught up with `scopes`: reads and listeners that depend on them drop what they kept meanwhile. */
export function derivedCaughtUp(scopes: readonly CatalogScope[]): void {
  catchUps++;
  const changed = new Set(scopes);
  const touches = (depends: ReadonlySet<CatalogScope>) => [...changed].some((scope) => depends.has(scope));
  for (const state of states.values()) {
    for (const [key, entry] of [...state.entries]) if (touches(entry.scopes)) state.entries.delete(key);
  }
  for (const [listener, depends] of listeners) if (touches(depends)) listener();
}

/** Drops everything derived from the catalogue here (tests, and a database replaced underneath). */
export function invalidateCatalogCache(): void {
  invalidateCatalogScopes(CATALOG_SCOPES);
}

/** Lets a process-wide derived structure drop itself after a change of any of `scopes` (all of them by default). */
export function onCatalogChange(listener: () => void, scopes: readonly CatalogScope[] = CATALOG_SCOPES): () => void {
  listeners.set(listener, new Set(scopes));
  return () => listeners.delete(listener);
}

/** Moves whenever one of `scopes` (all by default) changed: a structure built at one value is stale at another. */
export function catalogGeneration(scopes: readonly CatalogScope[] = CATALOG_SCOPES): number {
  let sum = 0;
  for (const scope of new Set(scopes)) sum += generations.get(scope)!;
  return sum;
}

interface Fingerprint {
  /** Per scope: its revision, and the index maxima that belong to it. */
  revisions: Record<string, string>;
  maxima: Record<string, string>;
}

/**
 * Maxima read through indexes (sub-millisecond even on a 100k catalogue); rows are never counted but the
 * e-commerce groups' (a few dozen). One subquery per value: SQLite answers a lone max() from an index but
 * scans for two in one select.
 */
async function fingerprint(db: DB): Promise<Fingerprint> {
  const revision = (scope: CatalogScope) => sql`(select revision from shared_revisions where name = ${REVISION_OF[scope]})`;
  const { rows } = await sql<Record<string, unknown>>`select
    (select max(id) from tools) as tools_id, (select max(updated_at) from tools) as tools_updated,
    (select max(updated_at) from tool_translations) as translations_updated,
    (select max(id) from categories) as categories_id, (select max(updated_at) from categories) as categories_updated,
    (select max(id) from search_synonyms) as synonyms_id,
    (select max(id) from ecommerce_tools) as ecommerce_id, (select max(updated_at) from ecommerce_tools) as ecommerce_updated,
    (select count(*) from ecommerce_categories) as ecommerce_groups,
    ${sql.join(CATALOG_SCOPES.map((scope, i) => sql`${revision(scope)} as ${sql.ref(`revision_${i}`)}`))}`.execute(db);
  const row = rows[0] ?? {};
  const text = (...names: string[]) => JSON.stringify(names.map((name) => row[name] ?? null));
  return {
    revisions: Object.fromEntries(CATALOG_SCOPES.map((scope, i) => [scope, String(row[`revision_${i}`] ?? null)])),
    maxima: {
      tools: text("tools_id", "tools_updated", "translations_updated"),
      taxonomy: text("categories_id", "categories_updated"),
      synonyms: text("synonyms_id"),
      ecommerce: text("ecommerce_id", "ecommerce_updated", "ecommerce_groups"),
    },
  };
}

/**
 * Notes a count-up of `scope`'s shared revision by this handle (`changeCatalog`): call when it starts, and the
 * returned function with the revision it wrote (null when unknown). Its own fingerprint then does not take
 * the count-up for another writer's change and redo what the write already told this process (a rating moved
 * one tool in the list orders; a re-read would read them all).
 */
export function ownCountUp(db: DB, scope: CatalogScope): (revision: number | null) => void {
  const { own } = stateOf(db);
  let mine = own.get(scope);
  if (!mine) own.set(scope, (mine = { revisions: new Set(), running: 0 }));
  const counting = mine;
  counting.running++;
  return (revision) => {
    counting.running--;
    if (revision !== null && Number.isFinite(revision)) counting.revisions.add(revision);
  };
}

/** Whether another writer moved the revision from `before` to `after`; "unsure" while own count-ups may explain it. */
function revisedElsewhere(before: string, after: string, own: OwnCountUps | undefined): boolean | "unsure" {
  // No row yet reads as null: the first count-up writes 1.
  const from = before === "null" ? 0 : Number(before);
  const to = Number(after);
  if (!own || !Number.isFinite(from) || !Number.isFinite(to) || to < from) return true;
  if (to - from > own.revisions.size + own.running) return true;
  let unexplained = 0;
  for (let revision = from + 1; revision <= to; revision++) if (!own.revisions.has(revision)) unexplained++;
  if (unexplained === 0) return false;
  return unexplained <= own.running ? "unsure" : true;
}

/**
 * The scopes another writer changed between two looks, and those to look at again (a revision this handle's
 * running count-up may have written). A moved revision names its scope exactly; the maxima only count when
 * no revision moved (a write that counted nothing up), as an order change moves the tools' `updated_at` too
 * and must not redo the search index elsewhere.
 */
function changedScopes(previous: Fingerprint, current: Fingerprint, state: State): { changed: CatalogScope[]; unsure: CatalogScope[] } {
  const revised = CATALOG_SCOPES.filter((scope) => previous.revisions[scope] !== current.revisions[scope]);
  if (revised.length === 0) return { changed: CATALOG_SCOPES.filter((scope) => scope in current.maxima && previous.maxima[scope] !== current.maxima[scope]), unsure: [] };
  const verdicts = revised.map((scope) => [scope, revisedElsewhere(previous.revisions[scope]!, current.revisions[scope]!, state.own.get(scope))] as const);
  return { changed: verdicts.filter(([, verdict]) => verdict === true).map(([scope]) => scope), unsure: verdicts.filter(([, verdict]) => verdict === "unsure").map(([scope]) => scope) };
}

/** Invalidates what another writer changed since the last look (checked at most every 2 s). */
function checkFingerprint(db: DB, state: State): Promise<void> | undefined {
  const now = Date.now();
  if (now - state.checkedAt < FINGERPRINT_EVERY_MS) return state.check;
  state.checkedAt = now;
  state.check ??= fingerprint(db)
    .then((current) => {
      const previous = state.fingerprint;
      if (previous) {
        const { changed, unsure } = changedScopes(previous, current, state);
        // Decided at the next look, once the running count-up has said which revision it wrote.
        for (const scope of unsure) current.revisions[scope] = previous.revisions[scope]!;
        invalidateCatalogScopes(changed);
      }
      state.fingerprint = current;
      for (const [scope, own] of state.own) {
        const seen = Number(current.revisions[scope]);
        for (const revision of own.revisions) if (!(revision > seen)) own.revisions.delete(revision);
      }
    })
    .catch(() => undefined)
    .finally(() => {
      state.check = undefined;
    });
  return state.check;
}

export interface GenerationOptions<T> {
  /**
   * For a structure that depends on `tool-figures`: takes a change of these tools' figures alone (made in this
   * process, which names them) into the kept value, and says whether it could. When it cannot, or a change did
   * not name its tools (another writer's), the next use gets a fresh value from `make`.
   */
  moveFigures?: (value: T, toolIds: readonly number[], db: DB) => boolean;
}

/**
 * Per-database state that lives while `scopes` are unchanged: the first use after a change of one of them
 * (made here or noticed from another writer) gets a fresh value from `make`. For derived structures that
 * are not single cached reads (search index, rankings, sort positions).
 */
export function perCatalogGeneration<T>(make: () => T, scopes: readonly CatalogScope[], { moveFigures }: GenerationOptions<T> = {}): (db: DB) => T {
  const held = new WeakMap<DB, { generation: number; figures: number; value: T }>();
  const movable = Boolean(moveFigures) && scopes.includes("tool-figures");
  const others = movable ? scopes.filter((scope) => scope !== "tool-figures") : scopes;
  return (db) => {
    checkCatalogFreshness(db);
    const generation = catalogGeneration(others);
    const figures = movable ? generations.get("tool-figures")! : 0;
    let entry = held.get(db);
    if (entry && entry.generation === generation && entry.figures !== figures) {
      const moved = figureChangesBetween(entry.figures, figures);
      if (moved && moveFigures!(entry.value, moved, db)) entry.figures = figures;
      else entry = undefined;
    }
    if (!entry || entry.generation !== generation) held.set(db, (entry = { generation, figures, value: make() }));
    return entry.value;
  };
}

/**
 * Notices writes made elsewhere (another process) at most every 2 seconds. Not awaited by reads: the check
 * never adds latency, and a change shows up on the next request. Returns the look in progress, if any
 * (tests wait for it).
 */
export function checkCatalogFreshness(db: DB): Promise<void> | undefined {
  return checkFingerprint(db, stateOf(db));
}

/**
 * Returns the cached value for `key`, computing it once (concurrent callers share the promise); dropped when
 * one of `scopes` (all by default) changes.
 */
export async function cachedRead<T>(db: DB, key: string, compute: () => Promise<T>, scopes: readonly CatalogScope[] = CATALOG_SCOPES): Promise<T> {
  const state = stateOf(db);
  void checkFingerprint(db, state);
  const { entries } = state;
  const now = Date.now();
  // Read as most recently used, so the most used keys survive trimming.
  const hit = getRecent(entries, key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = compute();
  const epoch = catchUps;
  setBounded(entries, key, { expires: now + TTL_MS, value, scopes: new Set(scopes) }, MAX_ENTRIES);
  // A failed read must not be served from the cache, nor one that may have read a structure since caught up.
  const forget = () => {
    if (entries.get(key)?.value === value) entries.delete(key);
  };
  value.then(() => epoch !== catchUps && forget(), forget);
  return value;
}

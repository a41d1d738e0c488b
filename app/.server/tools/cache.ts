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
 * Per count-up of the `tool-figures` and `tools` generations: the tools the change moved, when it said so
 * (`changeCatalog`'s `figuresOf` and `toolsOf`, or the tool change log read for another writer's change),
 * else null. Structures that can take just those tools in (the list orders, the search index) do so instead
 * of being rebuilt.
 */
const namedChanges: Record<NamedScope, Map<number, readonly number[] | null>> = { "tool-figures": new Map(), tools: new Map() };
const MAX_NAMED_CHANGES = 1024;
type NamedScope = "tool-figures" | "tools";

/** The tools a scope's changes named between two of its generations; null when one of them did not name its tools. */
export function namedChangesBetween(scope: NamedScope, from: number, to: number): number[] | null {
  const tools = new Set<number>();
  for (let generation = from + 1; generation <= to; generation++) {
    const named = namedChanges[scope].get(generation);
    if (!named) return null;
    for (const id of named) tools.add(id);
  }
  return [...tools];
}

function figureChangesBetween(from: number, to: number): number[] | null {
  return namedChangesBetween("tool-figures", from, to);
}

export interface ScopeChange {
  /** With `tool-figures`: the only tools whose figures changed. */
  figuresOf?: readonly number[];
  /** With `tools`: the only tools whose rows or texts changed. */
  toolsOf?: readonly number[];
}

/** One scope's count of changes in this process (here or noticed from elsewhere). */
export function scopeGeneration(scope: CatalogScope): number {
  return generations.get(scope)!;
}

/**
 * Drops what this process derived from these scopes of the catalogue. Writers go through `changeCatalog`,
 * which also tells the other instances; this alone is for changes noticed from elsewhere (and tests).
 */
export function invalidateCatalogScopes(scopes: readonly CatalogScope[], { figuresOf, toolsOf }: ScopeChange = {}): void {
  const changed = new Set(scopes);
  if (changed.size === 0) return;
  for (const scope of changed) generations.set(scope, generations.get(scope)! + 1);
  const name = (scope: NamedScope, tools: readonly number[] | undefined) => {
    if (!changed.has(scope)) return;
    const named = namedChanges[scope];
    named.set(generations.get(scope)!, tools ? [...tools] : null);
    if (named.size > MAX_NAMED_CHANGES) named.delete(named.keys().next().value!);
  };
  name("tool-figures", figuresOf);
  name("tools", toolsOf);
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

/** More tools than this changed elsewhere since the last look: they are not named, and everything is rebuilt. */
const MAX_NAMED_ELSEWHERE = 500;

/**
 * The tools another writer's count-ups of the tools' revision named in the change log (decision 0040), or
 * undefined when one of the revisions between the two looks named none (an import, an older release, a row
 * already deleted) or they named too many: then every structure built from tools is rebuilt.
 */
async function toolsChangedElsewhere(db: DB, before: string, after: string): Promise<number[] | undefined> {
  const from = before === "null" ? 0 : Number(before);
  const to = Number(after);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from || to - from > MAX_NAMED_ELSEWHERE) return undefined;
  try {
    const rows = await db
      .selectFrom("tool_changes")
      .select(["revision", "tool_id"])
      .where("revision", ">", from)
      .where("revision", "<=", to)
      .limit(MAX_NAMED_ELSEWHERE + 1)
      .execute();
    if (rows.length > MAX_NAMED_ELSEWHERE) return undefined;
    const revisions = new Set(rows.map((row) => Number(row.revision)));
    if (revisions.size !== to - from) return undefined;
    return [...new Set(rows.map((row) => Number(row.tool_id)).filter((id) => id > 0))];
  } catch {
    return undefined;
  }
}

/** Invalidates what another writer changed since the last look (checked at most every 2 s). */
function checkFingerprint(db: DB, state: State): Promise<void> | undefined {
  const now = Date.now();
  if (now - state.checkedAt < FINGERPRINT_EVERY_MS) return state.check;
  state.checkedAt = now;
  state.check ??= fingerprint(db)
    .then(async (current) => {
      const previous = state.fingerprint;
      if (previous) {
        const { changed, unsure } = changedScopes(previous, current, state);
        // Decided at the next look, once the running count-up has said which revision it wrote.
        for (const scope of unsure) current.revisions[scope] = previous.revisions[scope]!;
        const toolsOf = changed.includes("tools") ? await toolsChangedElsewhere(db, previous.revisions.tools!, current.revisions.tools!) : undefined;
        invalidateCatalogScopes(changed, { toolsOf });
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
  /**
   * For a structure that depends on `tools`: takes a change of these tools' rows or texts (named here or in the
   * tool change log by another writer, decision 0040) into the kept value, and says whether it could; as
   * `moveFigures` otherwise.
   */
  moveTools?: (value: T, toolIds: readonly number[], db: DB) => boolean;
}

/**
 * Per-database state that lives while `scopes` are unchanged: the first use after a change of one of them
 * (made here or noticed from another writer) gets a fresh value from `make`. For derived structures that
 * are not single cached reads (search index, rankings, sort positions).
 */
export function perCatalogGeneration<T>(make: () => T, scopes: readonly CatalogScope[], { moveFigures, moveTools }: GenerationOptions<T> = {}): (db: DB) => T {
  const held = new WeakMap<DB, { generation: number; figures: number; tools: number; value: T }>();
  const figuresMove = Boolean(moveFigures) && scopes.includes("tool-figures");
  const toolsMove = Boolean(moveTools) && scopes.includes("tools");
  const others = scopes.filter((scope) => !(figuresMove && scope === "tool-figures") && !(toolsMove && scope === "tools"));
  return (db) => {
    checkCatalogFreshness(db);
    const generation = catalogGeneration(others);
    const figures = figuresMove ? generations.get("tool-figures")! : 0;
    const tools = toolsMove ? generations.get("tools")! : 0;
    let entry = held.get(db);
    if (entry && entry.generation === generation && entry.tools !== tools) {
      const moved = namedChangesBetween("tools", entry.tools, tools);
      if (moved && moveTools!(entry.value, moved, db)) entry.tools = tools;
      else entry = undefined;
    }
    if (entry && entry.generation === generation && entry.figures !== figures) {
      const moved = figureChangesBetween(entry.figures, figures);
      if (moved && moveFigures!(entry.value, moved, db)) entry.figures = figures;
      else entry = undefined;
    }
    if (!entry || entry.generation !== generation) held.set(db, (entry = { generation, figures, tools, value: make() }));
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

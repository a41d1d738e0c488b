import { sql, type Transaction } from "kysely";
import type { DB, Schema } from "../db";
import { runTransaction } from "../db/transaction";
import { getLogger } from "../logger";
import { invalidateCatalogScopes, ownCountUp, type ScopeChange } from "../tools/cache";
import { REVISION_OF, type CatalogScope } from "./scopes";

declare const catalogWrite: unique symbol;

/**
 * A transaction handed out by `changeCatalog`: the only kind of handle catalogue tables are written through.
 * Helpers that write catalogue tables take one, so they can only be called from inside a change that will
 * be signalled (tests/unit/catalog-write-paths.test.ts checks the source for writes elsewhere).
 */
export type CatalogWrite = Transaction<Schema> & { readonly [catalogWrite]: true };

export interface ChangeOptions<T> {
  /** Whether the committed write changed anything (default: yes); a write that found nothing to do signals nothing. */
  changed?: (result: T) => boolean;
  /**
   * For a change of `tool-figures` alone (ratings, review counts, favourites): the tools whose figures it
   * changed. The list orders then move just those tools instead of reading every tool's place again.
   */
  figuresOf?: (result: T) => readonly number[];
  /**
   * For a change of `tools` (with or without `tool-figures`): the only tools whose rows or texts it changed.
   * The search index and the list orders then patch just those tools, here and on every other instance
   * (decision 0040), instead of being rebuilt from every tool.
   */
  toolsOf?: (result: T) => readonly number[];
}

/** More tools than this in one change: the change is not named, and derived structures are rebuilt. */
export const MAX_NAMED_TOOLS = 200;
/** How many of the tools' revisions keep their named tools: another instance further behind rebuilds. */
const KEPT_TOOL_REVISIONS = 2_000;

/**
 * Runs a catalogue write in one transaction (`runTransaction`: `write` may run twice on PostgreSQL, so it only
 * writes through `trx` and returns what it found) and, once it has committed, signals the scopes it changed:
 * this process drops what depends on them and the other instances notice within seconds. No extra commit: the
 * signal is the scopes' shared revision count-ups, shared by concurrent writers (decision 0020).
 */
export async function changeCatalog<T>(
  db: DB,
  scopes: CatalogScope | readonly CatalogScope[],
  write: (trx: CatalogWrite) => Promise<T>,
  { changed, figuresOf, toolsOf }: ChangeOptions<T> = {},
): Promise<T> {
  const result = await runTransaction(db, (trx) => write(trx as CatalogWrite));
  if (!changed || changed(result)) await catalogScopesChanged(db, typeof scopes === "string" ? [scopes] : scopes, { figuresOf: figuresOf?.(result), toolsOf: toolsOf?.(result) });
  return result;
}

/** One transaction of a change made in several (`changeCatalogInSteps`). */
export type CatalogStep = <R>(write: (trx: CatalogWrite) => Promise<R>) => Promise<R>;

/**
 * A large catalogue write (an import, a synthetic catalogue) committed in several transactions, signalled
 * once at the end rather than after each: readers meanwhile keep what they built, instead of rebuilding the
 * search index per chunk. Signalled too when a later step fails, as the earlier ones stay committed.
 */
export async function changeCatalogInSteps<T>(
  db: DB,
  scopes: CatalogScope | readonly CatalogScope[],
  steps: (step: CatalogStep) => Promise<T>,
  { changed, toolsOf }: Pick<ChangeOptions<T>, "changed" | "toolsOf"> = {},
): Promise<T> {
  let committed = false;
  const step: CatalogStep = async (write) => {
    const result = await runTransaction(db, (trx) => write(trx as CatalogWrite));
    committed = true;
    return result;
  };
  const signal = (change: ScopeChange = {}) => catalogScopesChanged(db, typeof scopes === "string" ? [scopes] : scopes, change);
  let result: T;
  try {
    result = await steps(step);
  } catch (error) {
    // Which tools the committed steps wrote is not known here: everything derived from tools is rebuilt.
    if (committed) await signal();
    throw error;
  }
  if (committed && (!changed || changed(result))) await signal({ toolsOf: toolsOf?.(result) });
  return result;
}

/**
 * After a committed write of these scopes: drops what depends on them here and
 * counts up each scope's shared revision, which every other instance's fingerprint reads within seconds. One
 * single-row upsert per scope, outside the writer's transaction so concurrent writers never queue on it for
 * longer than the statement. Never throws: the write itself succeeded, and the other instances' caches
 * expire on their own at worst.
 *
 * Favourites and ratings come in bursts, and every one of them counts up the same row: count-ups asked for
 * while one is running share the next one (decision 0020), so each caller still returns only after a
 * count-up that started after its write committed, and a burst costs two statements instead of one per write.
 */
async function catalogScopesChanged(db: DB, scopes: readonly CatalogScope[], change: ScopeChange = {}): Promise<void> {
  const named = change.toolsOf && change.toolsOf.length <= MAX_NAMED_TOOLS && scopes.includes("tools") ? [...new Set(change.toolsOf)] : undefined;
  invalidateCatalogScopes(scopes, { ...change, toolsOf: named });
  await Promise.all([...new Set(scopes)].map((scope) => (scope === "tools" && named ? namedCountUp(db, named) : sharedCountUp(db, scope))));
}

/**
 * A count-up of the tools' revision that writes which tools it changed, in one transaction with it, so an
 * instance that sees the revision also sees the tools (decision 0040). Not shared like the others: the tools'
 * changes (approvals, updates, moderation) do not come in bursts, and each names its own tools.
 */
async function namedCountUp(db: DB, toolIds: readonly number[]): Promise<void> {
  const counted = ownCountUp(db, "tools");
  let revision: number | null = null;
  try {
    revision = await runTransaction(db, async (trx) => {
      const row = await trx
        .insertInto("shared_revisions")
        .values({ name: REVISION_OF.tools, revision: 1 })
        .onConflict((oc) => oc.column("name").doUpdateSet({ revision: sql<number>`shared_revisions.revision + 1` }))
        .returning("revision")
        .executeTakeFirstOrThrow();
      const written = Number(row.revision);
      if (toolIds.length > 0) await trx.insertInto("tool_changes").values(toolIds.map((id) => ({ revision: written, tool_id: id }))).execute();
      else await trx.insertInto("tool_changes").values({ revision: written, tool_id: 0 }).execute();
      if (written % 100 === 0) await trx.deleteFrom("tool_changes").where("revision", "<", written - KEPT_TOOL_REVISIONS).execute();
      return written;
    });
  } catch (error) {
    getLogger().warn({ err: error, revision: REVISION_OF.tools }, "could not count up a shared revision; other instances see the change when their caches expire");
  } finally {
    counted(revision);
  }
}

interface CountUps {
  running?: Promise<void>;
  /** The count-up that starts when the running one ends, shared by everyone who asked meanwhile. */
  next?: Promise<void>;
}

const countUps = new WeakMap<DB, Map<CatalogScope, CountUps>>();

function sharedCountUp(db: DB, name: CatalogScope): Promise<void> {
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

async function countUp(db: DB, scope: CatalogScope): Promise<void> {
  const name = REVISION_OF[scope];
  // This handle's own fingerprint knows the revision it wrote, and does not take it for another writer's change.
  const counted = ownCountUp(db, scope);
  let revision: number | null = null;
  try {
    const row = await db
      .insertInto("shared_revisions")
      .values({ name, revision: 1 })
      .onConflict((oc) => oc.column("name").doUpdateSet({ revision: sql<number>`shared_revisions.revision + 1` }))
      .returning("revision")
      .executeTakeFirst();
    revision = row ? Number(row.revision) : null;
  } catch (error) {
    getLogger().warn({ err: error, revision: name }, "could not count up a shared revision; other instances see the change when their caches expire");
  } finally {
    counted(revision);
  }
}

import type { Transaction } from "kysely";
import type { DB, Schema } from "../db";
import { runTransaction } from "../db/transaction";
import { catalogScopesChanged } from "../tools/cache";
import type { CatalogScope } from "./scopes";

declare const catalogWrite: unique symbol;

/**
 * A transaction handed out by `changeCatalog`: the only kind of handle catalogue tables are written through.
 * Helpers that write catalogue tables take one, so they can only be called from inside a change that will
 * be signalled (tests/integration/catalog-write-paths.test.ts checks the source for writes elsewhere).
 */
export type CatalogWrite = Transaction<Schema> & { readonly [catalogWrite]: true };

export interface ChangeOptions<T> {
  /** Whether the committed write changed anything (default: yes); a write that found nothing to do signals nothing. */
  changed?: (result: T) => boolean;
}

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
  { changed }: ChangeOptions<T> = {},
): Promise<T> {
  const result = await runTransaction(db, (trx) => write(trx as CatalogWrite));
  if (!changed || changed(result)) await catalogScopesChanged(db, typeof scopes === "string" ? [scopes] : scopes);
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
  { changed }: ChangeOptions<T> = {},
): Promise<T> {
  let committed = false;
  const step: CatalogStep = async (write) => {
    const result = await runTransaction(db, (trx) => write(trx as CatalogWrite));
    committed = true;
    return result;
  };
  const signal = () => catalogScopesChanged(db, typeof scopes === "string" ? [scopes] : scopes);
  let result: T;
  try {
    result = await steps(step);
  } catch (error) {
    if (committed) await signal();
    throw error;
  }
  if (committed && (!changed || changed(result))) await signal();
  return result;
}

import type { Kysely, Transaction } from "kysely";
import { isConnectionFailure } from "./availability";

/**
 * Runs `work` in a transaction and runs it once more when PostgreSQL gave up on it for a reason a second
 * try usually gets past (decisions 0021 and 0017's kept connections):
 * - a deadlock (40P01) or a serialization failure (40001): the transaction was rolled back whole;
 * - a connection lost before the commit was asked for (a terminated backend, a failover): nothing was
 *   committed, and the second try takes a new connection. A connection lost during the commit is not
 *   retried, as the commit may have happened.
 * `work` may therefore run twice: it must only write through `trx` and return what it found, not count
 * into variables outside it or do anything else it cannot take back. SQLite raises none of these errors
 * (its write transactions are serialised by BEGIN IMMEDIATE), so there it runs once.
 */
export async function runTransaction<S, T>(db: Kysely<S>, work: (trx: Transaction<S>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let beforeCommit = true;
    try {
      return await db.transaction().execute(async (trx) => {
        const result = await work(trx);
        beforeCommit = false;
        return result;
      });
    } catch (error) {
      if (attempt >= 2 || !(isRolledBackConflict(error) || (beforeCommit && isConnectionFailure(error)))) throw error;
    }
  }
}

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back and may simply run again. */
export function isRolledBackConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40P01" || code === "40001";
}

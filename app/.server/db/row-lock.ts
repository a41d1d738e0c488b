import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import { dialectOf } from "./dialect";

/**
 * Makes a read inside a transaction lock the rows it returns until commit, so a read-then-write
 * (a rating's previous value, then the tool's sums) cannot interleave with another writer's.
 * PostgreSQL needs `FOR UPDATE`; SQLite has no row locks and needs none: its write transactions start
 * with BEGIN IMMEDIATE (`sqlite-immediate.ts`), which already serialises them whole.
 */
export function lockingRead<DB, TB extends keyof DB, O>(db: Kysely<any>, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return dialectOf(db) === "postgres" ? query.forUpdate() : query;
}

/**
 * Runs the rest of a transaction one at a time with every other transaction taking the same `key`
 * (released at commit or rollback): for writes that read before they insert and must not interleave
 * although they touch different rows (two approvals finding the same free slug). PostgreSQL takes a
 * transaction-level advisory lock; SQLite's write transactions are serialised already.
 */
export async function serializeTransactions(trx: Kysely<any>, key: number): Promise<void> {
  if (dialectOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
}

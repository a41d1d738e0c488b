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

/**
 * Locks the rows of `table` with these ids until commit, one after another in id order, in one statement.
 * Every write that changes several rows of one table takes their locks this way first: two such writes on
 * the same rows, listed in opposite orders (two merges of the same ratings, two administrators saving one
 * tools order), then queue behind each other instead of each holding a row the other waits for, which
 * PostgreSQL ends with a deadlock error. SQLite serialises write transactions whole and needs none.
 */
export async function lockRowsInIdOrder(trx: Kysely<any>, table: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || dialectOf(trx) !== "postgres") return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await trx.selectFrom(table).select("id").where("id", "in", sorted).orderBy("id").forUpdate().execute();
}

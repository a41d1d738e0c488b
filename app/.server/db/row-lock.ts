import type { Kysely, SelectQueryBuilder } from "kysely";
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

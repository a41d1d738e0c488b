import { PostgresAdapter, type Kysely } from "kysely";

export type DialectKind = "sqlite" | "postgres";

/** Which engine a Kysely instance talks to; only the data layer may branch on it. */
export function dialectOf(db: Kysely<any>): DialectKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

import type { DB } from "./index";
import { dialectOf } from "./dialect";

/**
 * better-auth's Kysely adapter on the app's own Kysely instance. Transactions
 * stay off: the SQLite driver has one connection, so a hook that queries the
 * shared instance inside a better-auth transaction would wait on itself.
 */
export function betterAuthDatabase(db: DB) {
  return { db, type: dialectOf(db), transaction: false } as const;
}

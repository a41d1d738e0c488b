import type { DB } from "~/.server/db";

/**
 * The SQL statements `run` sends through `db` (outside transactions), in order. Counts at the executor every
 * query builder and `sql` template of this handle uses, so no read can slip past.
 */
export async function queriesDuring<T>(db: DB, run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const executor = db.getExecutor();
  const queries: string[] = [];
  const original = executor.executeQuery;
  executor.executeQuery = ((compiledQuery, ...rest) => {
    queries.push(compiledQuery.sql);
    return original.call(executor, compiledQuery, ...rest);
  }) as typeof original;
  try {
    return { result: await run(), queries };
  } finally {
    executor.executeQuery = original;
  }
}

import { sql, type Kysely } from "kysely";
import { hostColumn } from "../website-host";

/** Tools read per batch and rows written per statement (two parameters each: far under both engines' limits). */
const FILL_BATCH = 2000;

/**
 * Gives every tool without a `website_host` the one its `website_url` has: after migration 0027 every existing
 * tool, later only the tools an older version's instance added during a rolling upgrade (it does not know the
 * column). Runs after the migrations on every start: then one indexed read that finds nothing (or the few tools
 * whose address has no host). Batches of `FILL_BATCH` by id, each statement its own short transaction, so no
 * table lock is held over the whole catalogue (a second instance filling at the same time writes the same values).
 * Returns how many tools it filled. It lives beside the migrations and, like them, runs before the server answers
 * (`migrateToLatest`), outside a catalogue change: it writes a column no cache or index of the server is built from.
 */
export async function fillWebsiteHosts(db: Kysely<any>): Promise<number> {
  let filled = 0;
  for (let after = 0; ; ) {
    const tools: Array<{ id: number; website_url: string }> = await db
      .selectFrom("tools")
      .select(["id", "website_url"])
      .where("website_host", "=", "")
      .where("id", ">", after)
      .orderBy("id")
      .limit(FILL_BATCH)
      .execute();
    if (tools.length === 0) return filled;
    const first = Number(tools[0]!.id);
    after = Number(tools.at(-1)!.id);
    const rows = tools.map((tool) => [Number(tool.id), hostColumn(tool.website_url)] as const).filter(([, host]) => host !== "");
    if (rows.length === 0) continue;
    const values = sql.join(rows.map(([id, host]) => sql`(cast(${id} as integer), ${host})`));
    // The id range keeps PostgreSQL from reading every tool per batch to hash-join them; SQLite looks each row
    // up by its id. (A `website_host = ''` condition here has SQLite join every row of the batch to every value.)
    await sql`update tools set website_host = v.column2 from (values ${values}) as v
      where tools.id = v.column1 and tools.id between ${first} and ${after}`.execute(db);
    filled += rows.length;
  }
}

import type { Kysely } from "kysely";

/**
 * `tools.website_host`: the website's host as a submission's duplicate check compares it (`websiteHost` in
 * submissions/url-key.ts: no scheme, `www.`, case or port), indexed with the id, so the check reads the few tools
 * on that host instead of every tool's address (a `like '%host%'` over the whole table on the server's thread).
 * Only the column and its index here: both are quick at any size (a column with a constant default is not
 * written into the rows on either engine), so a rolling upgrade's old instances wait on the table for a moment,
 * not for a rewrite of every row. Existing tools get their host right after the migrations, in short batches by
 * the same function as every later write (`fillWebsiteHosts` in fill-website-hosts.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tools").addColumn("website_host", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.createIndex("tools_website_host_idx").on("tools").columns(["website_host", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tools_website_host_idx").ifExists().execute();
  await db.schema.alterTable("tools").dropColumn("website_host").execute();
}

import {
  AliasNode,
  ColumnNode,
  ColumnUpdateNode,
  InsertQueryNode,
  PrimitiveValueListNode,
  TableNode,
  UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import { websiteHost } from "../submissions/url-key";

/**
 * `tools.website_host` is `websiteHost(website_url)` (migration 0027): the indexed column a submission's duplicate
 * check looks a website up by. No write has to remember it: every insert into `tools` and every update of `tools`
 * that sets `website_url` through the query builder gets `website_host` derived from the same value here, on both
 * dialects, unless it sets `website_host` itself. A `website_url` written from an SQL expression (nothing does)
 * cannot be derived and throws; raw `sql` writes are not seen (nothing writes the column that way). Tools written
 * without it (before the migration, or by an older version's instance) get it from migrations/fill-website-hosts.ts.
 */
export const websiteHostPlugin: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (InsertQueryNode.is(node) && node.into && isTools(node.into)) return withHostInserted(node);
    if (UpdateQueryNode.is(node) && node.table && isTools(node.table)) return withHostUpdated(node);
    return node;
  },
  transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
};

/** The stored form: '' when the address is not a web address (such a tool is never anyone's duplicate). */
export const hostColumn = (url: unknown): string => (typeof url === "string" ? (websiteHost(url) ?? "") : "");

function isTools(node: OperationNode): boolean {
  const table = AliasNode.is(node) ? node.node : node;
  return TableNode.is(table) && table.table.identifier.name === "tools";
}

const columnName = (node: OperationNode): string | undefined => (ColumnNode.is(node) ? node.column.name : undefined);

function withHostInserted(node: InsertQueryNode): InsertQueryNode {
  if (node.onConflict?.updates?.some((update) => columnName(update.column) === "website_url")) {
    throw new Error("tools.website_url in an upsert's update: set website_host with it (see db/website-host.ts)");
  }
  const columns = node.columns?.map((column) => column.column.name) ?? [];
  const at = columns.indexOf("website_url");
  if (at < 0 || columns.includes("website_host")) return node;
  if (!node.values || !ValuesNode.is(node.values)) throw new Error("tools.website_url inserted from a query: set website_host with it (see db/website-host.ts)");
  const rows = node.values.values.map((row) => {
    if (PrimitiveValueListNode.is(row)) return PrimitiveValueListNode.create([...row.values, hostColumn(row.values[at])]);
    const value = row.values[at]!;
    if (!ValueNode.is(value)) throw new Error("tools.website_url inserted from an expression: set website_host with it (see db/website-host.ts)");
    return ValueListNode.create([...row.values, ValueNode.create(hostColumn(value.value))]);
  });
  return InsertQueryNode.cloneWith(node, { columns: [...node.columns!, ColumnNode.create("website_host")], values: ValuesNode.create(rows) });
}

function withHostUpdated(node: UpdateQueryNode): UpdateQueryNode {
  const updates = node.updates ?? [];
  const url = updates.find((update) => columnName(update.column) === "website_url");
  if (!url || updates.some((update) => columnName(update.column) === "website_host")) return node;
  if (!ValueNode.is(url.value)) throw new Error("tools.website_url updated from an expression: set website_host with it (see db/website-host.ts)");
  return UpdateQueryNode.cloneWithUpdates(node, [ColumnUpdateNode.create(ColumnNode.create("website_host"), ValueNode.create(hostColumn(url.value.value)))]);
}


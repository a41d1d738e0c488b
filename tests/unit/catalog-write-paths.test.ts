import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every write to a catalogue table goes through `changeCatalog`/`changeCatalogInSteps`
 * (app/.server/catalog/changes.ts), which signal the change once it has committed. A write anywhere else
 * would leave this instance's caches, search index and pages, and every other instance's, showing the old
 * catalogue. Allowed places: inside a callback handed to one of those two functions, or inside a function
 * that takes the `CatalogWrite` transaction or the `CatalogStep` they hand out (importers' `Trx` from
 * catalog/sync.ts is a `CatalogWrite`). Only changes.ts may make a `CatalogWrite` out of another handle.
 */
const CATALOG_TABLES = new Set([
  "categories",
  "category_translations",
  "tools",
  "tool_translations",
  "tool_categories",
  "case_studies",
  "case_study_translations",
  "ecommerce_categories",
  "ecommerce_category_translations",
  "ecommerce_tags",
  "ecommerce_platforms",
  "ecommerce_filters",
  "ecommerce_tools",
  "ecommerce_tool_translations",
  "ecommerce_tool_categories",
  "ecommerce_tool_tags",
  "ecommerce_tool_platforms",
  "ecommerce_tool_filters",
  "search_synonyms",
  "tool_offers",
  "ecommerce_tool_offers",
]);
/** Tables that are not the catalogue (users' data, logs, counters): written freely. */
const OTHER_TABLES = new Set([
  "favorites",
  "ecommerce_favorites",
  "case_study_favorites",
  "ratings",
  "submissions",
  "ad_submissions",
  "user_roles",
  "profiles",
  "page_views",
  "rate_limits",
  "admin_audit_log",
  "trend_snapshots",
  "background_leases",
  "analytics_salts",
  "page_view_daily",
  "shared_revisions",
  // Which tools each count-up of the tools' revision named (decision 0040), written with the count-up itself.
  "tool_changes",
  "tool_claims",
  "tool_visits_daily",
  "sponsored_placements",
  "sponsored_daily",
  // The latest capture per website; a tool shows one only through a write to `tools` (inside a change).
  "site_screenshots",
  "user",
  "account",
  "session",
  "ecommerce_ratings",
  "reviews",
  "review_votes",
  "reports",
  "link_checks",
  "api_keys",
  "newsletter_subscribers",
  "newsletter_issues",
  "newsletter_sends",
]);
const WRITE_METHODS = new Set(["insertInto", "updateTable", "deleteFrom", "replaceInto", "mergeInto"]);
const CHANGE_FUNCTIONS = new Set(["changeCatalog", "changeCatalogInSteps"]);
const RAW_WRITE = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?(${[...CATALOG_TABLES].join("|")})\\b`, "i");

function isFunctionLike(node: ts.Node): node is ts.SignatureDeclaration {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node);
}

/** Whether `node` runs inside a change: a callback of `changeCatalog`, or a function given its `CatalogWrite`. */
function insideChange(node: ts.Node, sourceFile: ts.SourceFile, writeTypes: ReadonlySet<string>): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (!isFunctionLike(at)) continue;
    const call = at.parent;
    if (call && ts.isCallExpression(call) && call.arguments.includes(at as ts.Expression) && ts.isIdentifier(call.expression) && CHANGE_FUNCTIONS.has(call.expression.text)) return true;
    if (at.parameters.some((p) => p.type && writeTypes.has(p.type.getText(sourceFile)))) return true;
  }
  return false;
}

/** The table a write names: a string literal's first word, or null when it is computed. */
function tableOf(call: ts.CallExpression): string | null {
  const arg = call.arguments[0];
  return arg && ts.isStringLiteralLike(arg) ? arg.text.split(/\s+/)[0]! : null;
}

export function catalogWritesOutsideChanges(fileName: string, text: string): string[] {
  const sourceFile = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  // `Trx` is the change's transaction where it comes from catalog/sync.ts.
  const writeTypes = new Set(["CatalogWrite", "CatalogStep"]);
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement) && /(^|\/)sync$/.test((statement.moduleSpecifier as ts.StringLiteral).text)) writeTypes.add("Trx");
  }
  if (/\/catalog\/sync\.ts$/.test(fileName)) writeTypes.add("Trx");
  const found: string[] = [];
  const where = (node: ts.Node) => `${fileName}:${sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && WRITE_METHODS.has(node.expression.name.text)) {
      const table = tableOf(node);
      const catalogue = table === null || !OTHER_TABLES.has(table);
      if (catalogue && !insideChange(node, sourceFile, writeTypes)) found.push(`${where(node)} ${node.expression.name.text}(${table ?? "<computed>"})`);
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(sourceFile) === "sql" && RAW_WRITE.test(node.template.getText(sourceFile))) {
      if (!insideChange(node, sourceFile, writeTypes)) found.push(`${where(node)} raw SQL write`);
    }
    if (ts.isAsExpression(node) && node.type.getText(sourceFile) === "CatalogWrite" && !fileName.endsWith("catalog/changes.ts")) {
      found.push(`${where(node)} cast to CatalogWrite`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("catalogue write paths", () => {
  it("knows every table of the schema as catalogue or not", () => {
    const schema = fs.readFileSync("app/.server/db/schema.ts", "utf8");
    const block = schema.slice(schema.indexOf("export interface Database {"));
    const tables = [...block.slice(0, block.indexOf("}")).matchAll(/^\s+(\w+):/gm)].map((m) => m[1]!);
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.filter((table) => !CATALOG_TABLES.has(table) && !OTHER_TABLES.has(table))).toEqual([]);
  });

  // Parses every source file: seconds on a busy machine.
  it("writes the catalogue only inside a signalled change", () => {
    const found = ["app", "server"].flatMap((dir) => sourceFiles(dir)).flatMap((file) => catalogWritesOutsideChanges(file, fs.readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  }, 60_000);

  it("catches a write that bypasses the change function, and accepts one that goes through it", () => {
    const bypass = `
      export async function pin(db: DB, id: number) {
        await runTransaction(db, (trx) => trx.updateTable("tools").set({ pinned: 1 }).where("id", "=", id).execute());
        await db.deleteFrom("ecommerce_tools as e").execute();
        await sql\`update tools set pinned = 1\`.execute(db);
        const trx = handle as CatalogWrite;
      }
      async function helper(trx: Transaction<Schema>, table: string) { await trx.insertInto(table).values({}).execute(); }`;
    expect(catalogWritesOutsideChanges("app/.server/x.ts", bypass).map((line) => line.replace(/^[^ ]+ /, ""))).toEqual([
      "updateTable(tools)",
      "deleteFrom(ecommerce_tools)",
      "raw SQL write",
      "cast to CatalogWrite",
      "insertInto(<computed>)",
    ]);
    const through = `
      export async function pin(db: DB, id: number) {
        await changeCatalog(db, "tool-order", (trx) => trx.updateTable("tools").set({ pinned: 1 }).where("id", "=", id).execute());
        await changeCatalogInSteps(db, "ecommerce", (step) => step(async (trx) => { await trx.deleteFrom("ecommerce_tools").execute(); }));
        await db.insertInto("rate_limits").values({}).execute();
      }
      async function helper(trx: CatalogWrite, table: string) { await trx.insertInto(table).values({}).execute(); }`;
    expect(catalogWritesOutsideChanges("app/.server/x.ts", through)).toEqual([]);
  });
});

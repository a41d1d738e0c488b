import type { DB } from "./index";
import { readIntAndTextColumns, readIntColumns } from "./int-columns";
import { parseStringList } from "./values";

/**
 * What the in-memory search index (`app/.server/search/`) is built from, read the same way on both
 * engines: published tools' texts in every language, the category tree with its names in every language,
 * tool-category links, and the synonym list. Texts are read in slices of tool ids so that a 100k
 * catalogue never holds one huge result set (or, on SQLite, stops the event loop for long).
 */
// About 3,500 rows: one read is a few milliseconds of the event loop on SQLite (its reads are synchronous).
const TEXT_SLICE = 1_500;

export interface SearchTextRow {
  tool_id: number;
  language: string;
  name: string;
  description: string | null;
  tags: string[];
}

export interface SearchCategoryRow {
  id: number;
  parent_id: number | null;
  names: string[];
}

export interface SearchSource {
  /** Published tool ids, ascending. */
  toolIds: Int32Array;
  categories: SearchCategoryRow[];
  /** Tool-category links: parallel columns. */
  links: { toolIds: Int32Array; categoryIds: Int32Array; positions: Int32Array };
  /** Groups of words that mean the same (`seed/catalog/synonyms.json`). */
  synonyms: string[][];
}

export async function readSearchSource(db: DB): Promise<SearchSource> {
  const [[toolIds], categoryRows, names, [linkTools, linkCategories, positions], synonymRows] = await Promise.all([
    readIntColumns(db, db.selectFrom("tools").select("id").where("status", "=", "published").orderBy("id"), ["id"] as const),
    db.selectFrom("categories").select(["id", "parent_id"]).orderBy("id").execute(),
    db.selectFrom("category_translations").select(["category_id", "name"]).execute(),
    readIntColumns(db, db.selectFrom("tool_categories").select(["tool_id", "category_id", "position"]), ["tool_id", "category_id", "position"] as const),
    db.selectFrom("search_synonyms").select("terms").orderBy("id").execute(),
  ]);
  const namesOf = new Map<number, string[]>();
  for (const row of names) namesOf.set(row.category_id, [...(namesOf.get(row.category_id) ?? []), row.name]);
  return {
    toolIds,
    categories: categoryRows.map((row) => ({ id: row.id, parent_id: row.parent_id, names: namesOf.get(row.id) ?? [] })),
    links: { toolIds: linkTools, categoryIds: linkCategories, positions },
    synonyms: synonymRows.map((row) => parseStringList(row.terms)),
  };
}

/**
 * Texts of the given published tools (ascending ids), slice by slice: `onSlice` runs between reads, so
 * the caller can index each slice and let other requests run.
 */
export async function readSearchTexts(db: DB, toolIds: Int32Array, onSlice: (rows: SearchTextRow[]) => Promise<void>): Promise<void> {
  for (let start = 0; start < toolIds.length; start += TEXT_SLICE) {
    const first = toolIds[start]!;
    const last = toolIds[Math.min(toolIds.length, start + TEXT_SLICE) - 1]!;
    // Off the main thread on SQLite (the read worker): a slice's rows are tens of milliseconds of reading.
    const {
      ints: [ids],
      texts: [languages, names, descriptions, tags],
    } = await readIntAndTextColumns(
      db,
      db.selectFrom("tool_translations").select(["tool_id", "language", "name", "description", "tags"]).where("tool_id", ">=", first).where("tool_id", "<=", last).orderBy("tool_id"),
      ["tool_id"] as const,
      ["language", "name", "description", "tags"] as const,
      { rebuild: true },
    );
    await onSlice(
      Array.from(ids, (id, i) => ({ tool_id: id, language: languages[i]!, name: names[i]!, description: descriptions[i] || null, tags: parseStringList(tags[i] || null) })),
    );
  }
}

/** One tool's rows as the index reads them: its texts in every language and its category links. */
export interface SearchToolRows {
  texts: SearchTextRow[];
  links: Array<{ categoryId: number; position: number }>;
}

/** Ids per read of a few named tools: well below every engine's limit of bound values. */
const NAMED_SLICE = 500;

/**
 * These tools as the search index reads them now (a patch of changed tools, `search/overlay.ts`): the rows of
 * each that is published, null for each that is not (any more, or never was).
 */
export async function readSearchToolsOf(db: DB, ids: readonly number[]): Promise<Map<number, SearchToolRows | null>> {
  const found = new Map<number, SearchToolRows | null>(ids.map((id) => [id, null]));
  for (let start = 0; start < ids.length; start += NAMED_SLICE) {
    const slice = ids.slice(start, start + NAMED_SLICE);
    const [published, texts, links] = await Promise.all([
      db.selectFrom("tools").select("id").where("id", "in", slice).where("status", "=", "published").execute(),
      db.selectFrom("tool_translations").select(["tool_id", "language", "name", "description", "tags"]).where("tool_id", "in", slice).orderBy("tool_id").orderBy("language").execute(),
      db.selectFrom("tool_categories").select(["tool_id", "category_id", "position"]).where("tool_id", "in", slice).execute(),
    ]);
    for (const row of published) found.set(Number(row.id), { texts: [], links: [] });
    for (const row of texts) {
      found.get(Number(row.tool_id))?.texts.push({ tool_id: Number(row.tool_id), language: row.language, name: row.name, description: row.description || null, tags: parseStringList(row.tags || null) });
    }
    for (const row of links) found.get(Number(row.tool_id))?.links.push({ categoryId: Number(row.category_id), position: Number(row.position) });
  }
  return found;
}

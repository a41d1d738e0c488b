import { DEFAULT_LANG, LANGUAGES } from "~/i18n/languages";
import { pickLocalized, preferredLanguages, type LanguageVariant } from "~/lib/language-fallback";
import { nameCollator, nextTurn, orderByNameInSlices } from "~/lib/name-order";
import type { DB } from "../db";
import { readIntAndTextColumns, readIntColumns } from "../db/int-columns";
import { published } from "./order";
import { firstAfterBySamples, type OrderEdit } from "./order-edit";

/**
 * The name order of one page language (spec 4.7): published tools by the name their cards show in that
 * language, in its collation, ties by id. Built in memory from every tool's names (`nameOrder`); a change of a
 * few named tools puts just those at their places (`placeByName`), comparing with the names of a few tools of
 * the kept order at a time, read by primary key, so no name is kept per tool and language between changes.
 */
export interface EnglishNames {
  ids: Int32Array;
  names: string[];
}

interface NameRow {
  id: number;
  language: string;
  name: string;
}

/** The languages besides English a page in `lang` takes a name from before "the first available". */
const othersOf = (lang: string) => preferredLanguages(lang, LANGUAGES).filter((code) => code !== DEFAULT_LANG);

/**
 * The name a card shows in `lang`, from its English name ("" when none) and its names in the page language and
 * its relatives (`variants`, in the database's order of languages; every language of a tool without an English
 * name), as the name order compares it.
 */
function shownName(english: string, variants: Array<LanguageVariant<string>> | undefined, lang: string): string {
  if (!variants) return english;
  const first = english ? [{ language: DEFAULT_LANG, value: english }] : [];
  return pickLocalized([...first, ...variants], lang)?.value ?? "";
}

/** The shown name of one tool from all its names (in the database's order of languages), as `nameOrder` makes it. */
function shownNameOf(rows: readonly NameRow[], lang: string): string {
  const others = othersOf(lang);
  const english = rows.find((row) => row.language === DEFAULT_LANG);
  const variant = (row: NameRow) => ({ language: row.language, value: row.name });
  const preferred = rows.filter((row) => others.includes(row.language)).map(variant);
  const variants = english ? preferred : [...preferred, ...rows.map(variant)];
  return shownName(english?.name ?? "", variants.length ? variants : undefined, lang);
}

/** Every published tool's English name in the (language, name) index's order (migration 0007), off the main thread on SQLite. */
export async function readEnglishNames(db: DB): Promise<EnglishNames> {
  const query = db
    .selectFrom("tool_translations as n")
    .innerJoin("tools as t", "t.id", "n.tool_id")
    .select(["t.id", "n.name"])
    .where("n.language", "=", DEFAULT_LANG)
    .where("t.status", "=", "published")
    .orderBy("n.name")
    .orderBy("t.id");
  const {
    ints: [ids],
    texts: [names],
  } = await readIntAndTextColumns(db, query, ["id"] as const, ["name"] as const);
  return { ids, names };
}

/**
 * Published tool ids by the names their cards show in `lang`, in that language's collation. The English names
 * come in the (language, name) index's order, so the sort mostly merges runs; only the page language's own
 * names and its relatives' are read besides, and every language of a tool that has none.
 */
export async function nameOrder(db: DB, english: EnglishNames, lang: string): Promise<Int32Array> {
  const others = othersOf(lang);
  const variantsOf = new Map<number, Array<LanguageVariant<string>>>();
  const addRows = (rows: NameRow[]) => {
    for (const row of rows) {
      const variants = variantsOf.get(row.id) ?? [];
      variants.push({ language: row.language, value: row.name });
      variantsOf.set(row.id, variants);
    }
  };
  const translated = async (languages: readonly string[] | null, ids: number[] | null) => {
    let query = db
      .selectFrom("tool_translations as n")
      .innerJoin("tools as t", "t.id", "n.tool_id")
      .select(["t.id", "n.language", "n.name"])
      .where("t.status", "=", "published");
    if (languages) query = query.where("n.language", "in", languages);
    if (ids) query = query.where("t.id", "in", ids);
    const {
      ints: [id],
      texts: [language, name],
    } = await readIntAndTextColumns(db, query.orderBy("n.language"), ["id"] as const, ["language", "name"] as const);
    return Array.from(id, (value, i) => ({ id: value, language: language[i]!, name: name[i]! }));
  };
  if (others.length) addRows(await translated(others, null));
  let ids = english.ids;
  // A copy: the shared English names stay as read.
  const names = [...english.names];
  // Tools without an English name (hand edits only: the catalogue requires one) show their first available.
  const [publishedIds] = await readIntColumns(db, published(db).select("t.id"), ["id"] as const);
  if (publishedIds.length > ids.length) {
    const listed = new Set(ids);
    const missing = [...publishedIds].filter((id) => !listed.has(id));
    for (let i = 0; i < missing.length; i += 500) addRows(await translated(null, missing.slice(i, i + 500)));
    const withMissing = new Int32Array(ids.length + missing.length);
    withMissing.set(ids);
    withMissing.set(missing, ids.length);
    ids = withMissing;
    for (let i = 0; i < missing.length; i++) names.push("");
  }
  for (let i = 0; i < ids.length; i++) {
    // Other requests get their turns between slices of the catalogue.
    if (i % 8192 === 8191) await nextTurn();
    names[i] = shownName(names[i]!, variantsOf.get(ids[i]!), lang);
  }
  const shownIds = ids;
  const order = await orderByNameInSlices(names, shownIds, lang);
  return order.map((i) => shownIds[i]!);
}

/** All names of these tools by tool, each tool's in the database's order of languages; `publishedOnly`: of published tools only. */
export async function readNames(db: DB, toolIds: readonly number[], publishedOnly: boolean): Promise<Map<number, NameRow[]>> {
  const byTool = new Map<number, NameRow[]>();
  if (toolIds.length === 0) return byTool;
  let query = db
    .selectFrom("tool_translations as n")
    .innerJoin("tools as t", "t.id", "n.tool_id")
    .select(["t.id", "n.language", "n.name"])
    .where("t.id", "in", [...new Set(toolIds)]);
  if (publishedOnly) query = query.where("t.status", "=", "published");
  for (const row of await query.orderBy("t.id").orderBy("n.language").execute()) {
    const id = Number(row.id);
    const rows = byTool.get(id) ?? [];
    rows.push({ id, language: row.language, name: row.name });
    byTool.set(id, rows);
  }
  return byTool;
}

/**
 * Puts tool `id` (with all its names, `rows`) at its place in the kept name order of `lang`: a search that reads
 * the names of up to 64 tools of the order at a time, and compares as the order was sorted (the collation,
 * then the id). `shown`: the names of the order's tools read so far by this change, which several placed tools
 * share (the first tools looked at are the same for all).
 */
export async function placeByName(db: DB, edit: OrderEdit, id: number, rows: readonly NameRow[], lang: string, shown: Map<number, string>): Promise<void> {
  const { compare } = nameCollator(lang);
  const name = shownNameOf(rows, lang);
  const to = await firstAfterBySamples(edit.without(id), async (ids) => {
    const unknown = ids.filter((other) => !shown.has(other));
    if (unknown.length > 0) {
      const names = await readNames(db, unknown, false);
      for (const other of unknown) shown.set(other, shownNameOf(names.get(other) ?? [], lang));
    }
    return ids.map((other) => (compare(name, shown.get(other)!) || id - other) < 0);
  });
  edit.place(id, to);
}

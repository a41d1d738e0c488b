import { LISTED_ECOMMERCE_SQL } from "./listed";
import { sql } from "kysely";
import { pickLocalized, type LanguageVariant } from "~/lib/language-fallback";
import { orderByNameInSlices } from "~/lib/name-order";
import type { DB } from "../db";
import { readRowsInBackground } from "../db/int-columns";
import { ECOMMERCE_BASE_LANGUAGE } from "./texts";

/** What the name order of every page language is made from, read once per catalogue state. */
export interface ToolNames {
  /** Tool ids in the database's case-insensitive name order: a nearly sorted start for every language. */
  ids: number[];
  /** The tool row's (English) name of each. */
  names: string[];
  /** Names the translations give, by tool id (the seed's translations keep the brand name, so few). */
  translated: Map<number, Array<LanguageVariant<string>>>;
}

/** Read off the main thread on SQLite (a 100k catalogue's names are a long read). */
export async function readToolNames(db: DB): Promise<ToolNames> {
  const [rows, translations] = await Promise.all([
    readRowsInBackground(db, db.selectFrom("ecommerce_tools").select(["id", "name"]).where(LISTED_ECOMMERCE_SQL).orderBy(sql`lower(name)`).orderBy("id")),
    readRowsInBackground(
      db,
      db.selectFrom("ecommerce_tool_translations").select(["tool_id", "language", "name"]).where("name", "is not", null).where("name", "<>", "").orderBy("language"),
    ),
  ]);
  const translated = new Map<number, Array<LanguageVariant<string>>>();
  for (const row of translations) {
    const id = Number(row.tool_id);
    translated.set(id, [...(translated.get(id) ?? []), { language: row.language, value: row.name! }]);
  }
  return { ids: rows.map((row) => Number(row.id)), names: rows.map((row) => row.name), translated };
}

/** Tool ids by the names their cards show in `lang` (spec 4.7), in that language's collation; sorted in slices. */
export async function nameOrderIds({ ids, names, translated }: ToolNames, lang: string): Promise<Int32Array> {
  const shown = names.map((name, i) => {
    const variants = translated.get(ids[i]!);
    return variants ? (pickLocalized([{ language: ECOMMERCE_BASE_LANGUAGE, value: name }, ...variants], lang)?.value ?? name) : name;
  });
  const order = await orderByNameInSlices(shown, ids, lang);
  return Int32Array.from(order, (i) => ids[i]!);
}

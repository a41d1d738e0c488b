import { z } from "zod";
import type { DB } from "../db";
import { nowIso, parseStringList, toJson } from "../db/values";
import { changeCatalog } from "./changes";
import { describeIssues, type RowIssue } from "./schemas";

/**
 * The search synonym list (`seed/catalog/synonyms.json`): groups of single words that search treats as
 * the same word, in any of the ten languages. The file is the whole list: importing it replaces the
 * stored groups when they differ (new ids, so other processes notice through the catalogue fingerprint)
 * and changes nothing when they are the same.
 */
const word = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^\S+$/, "one word per entry (no spaces)");
export const synonymGroupSchema = z.array(word).min(2).max(50);

export interface SynonymImport {
  groups: number;
  changed: boolean;
  issues: RowIssue[];
}

export async function importSynonyms(db: DB, source: string, data: unknown): Promise<SynonymImport> {
  if (!Array.isArray(data)) return { groups: 0, changed: false, issues: [{ source, row: 1, message: "expected a JSON array of word lists" }] };
  const issues: RowIssue[] = [];
  const groups: string[][] = [];
  data.forEach((value, i) => {
    const parsed = synonymGroupSchema.safeParse(value);
    if (parsed.success) groups.push(parsed.data);
    else issues.push({ source, row: i + 1, message: describeIssues(parsed.error) });
  });
  const stored = await db.selectFrom("search_synonyms").select("terms").orderBy("id").execute();
  const same = stored.length === groups.length && stored.every((row, i) => toJson(parseStringList(row.terms)) === toJson(groups[i]));
  if (same) return { groups: groups.length, changed: false, issues };
  await changeCatalog(db, "synonyms", async (trx) => {
    await trx.deleteFrom("search_synonyms").execute();
    const updated_at = nowIso();
    for (let i = 0; i < groups.length; i += 200) {
      await trx.insertInto("search_synonyms").values(groups.slice(i, i + 200).map((terms) => ({ terms: toJson(terms), updated_at }))).execute();
    }
  });
  return { groups: groups.length, changed: true, issues };
}

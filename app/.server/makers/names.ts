import { fieldVariants, pickLocalized } from "~/lib/language-fallback";
import type { DB } from "../db";

/** Tools' names in the page's language (or the best one they have), by tool id; the slug when none is filled. */
export async function toolNames(db: DB, toolIds: readonly number[], lang: string): Promise<Map<number, string>> {
  const ids = [...new Set(toolIds)];
  const names = new Map<number, string>();
  if (ids.length === 0) return names;
  const rows = await db.selectFrom("tool_translations").select(["tool_id", "language", "name"]).where("tool_id", "in", ids).execute();
  const byTool = new Map<number, typeof rows>();
  for (const row of rows) byTool.set(row.tool_id, [...(byTool.get(row.tool_id) ?? []), row]);
  for (const [id, own] of byTool) {
    const picked = pickLocalized(fieldVariants(own, (r) => r.name), lang)?.value;
    if (picked) names.set(id, picked);
  }
  return names;
}

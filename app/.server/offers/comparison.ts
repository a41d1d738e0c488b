import type { DB } from "../db";
import type { Lang } from "~/i18n/languages";
import type { OffersKind } from "./store";
import { comparableTools, kindOfSlug, kindsOfCompared, listedPairs, MAX_COMPARED, pairKey, type ComparableTool } from "./page-data";

/**
 * What a comparison URL asks for, checked before anything is rendered (decision 0030): `/compare/a-vs-b` in
 * alphabetical order (the other order is moved there), `/compare?tools=a,b,c,d` for up to four.
 */
export type ComparisonRequest =
  | { outcome: "redirect"; path: string; status: 301 | 308 }
  | { outcome: "unknown"; slug: string }
  | { outcome: "empty" }
  | { outcome: "mixed"; tools: ComparableTool[] }
  | { outcome: "ok"; tools: ComparableTool[]; truncated: boolean; indexable: boolean };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The two slugs of `a-vs-b`, trying each `-vs-` (a slug may contain one) until both name tools. */
async function splitPair(db: DB, pair: string): Promise<{ slugs: [string, string] } | { unknown: string }> {
  const splits: Array<[string, string]> = [];
  for (let at = pair.indexOf("-vs-"); at > 0; at = pair.indexOf("-vs-", at + 1)) splits.push([pair.slice(0, at), pair.slice(at + 4)]);
  if (splits.length === 0) return { unknown: pair };
  for (const [a, b] of splits) if (SLUG.test(a) && SLUG.test(b) && (await kindOfSlug(db, a)) && (await kindOfSlug(db, b))) return { slugs: [a, b] };
  const [a, b] = splits[0]!;
  return { unknown: (await kindOfSlug(db, a)) ? b : a };
}

/** The tools of `slugs` in their order, one batched read per kind of tool among them. */
async function comparedTools(db: DB, lang: Lang, slugs: string[], kinds: Array<OffersKind | null>): Promise<ComparableTool[]> {
  const read = new Map<string, ComparableTool | null>();
  await Promise.all(
    (["tool", "ecommerce"] as const).map(async (kind) => {
      const ofKind = slugs.filter((_, i) => kinds[i] === kind);
      if (ofKind.length) (await comparableTools(db, kind, ofKind, lang)).forEach((tool, i) => read.set(ofKind[i]!, tool));
    }),
  );
  return slugs.flatMap((slug) => read.get(slug) ?? []);
}

export async function readComparison(db: DB, lang: Lang, pair: string | null, list: string | null): Promise<ComparisonRequest> {
  let slugs: string[];
  if (pair !== null) {
    const split = await splitPair(db, pair.toLowerCase());
    if ("unknown" in split) return { outcome: "unknown", slug: split.unknown };
    slugs = split.slugs;
  } else {
    slugs = (list ?? "").split(",").map((s) => s.trim().toLowerCase()).filter(Boolean).slice(0, 40);
  }
  const distinct = [...new Set(slugs)];
  for (const slug of distinct) if (!SLUG.test(slug) || !(await kindOfSlug(db, slug))) return { outcome: "unknown", slug: slug.slice(0, 100) };
  if (distinct.length === 0) return { outcome: "empty" };
  const kinds = await kindsOfCompared(db, distinct.slice(0, MAX_COMPARED));
  if (distinct.length === 1) return { outcome: "redirect", path: kinds[0] === "tool" ? `/tool/${distinct[0]}` : `/ecommerce/${distinct[0]}`, status: 301 };
  const kept = distinct.slice(0, MAX_COMPARED);
  if (kept.length === 2) {
    const canonical = pairKey(kept[0]!, kept[1]!);
    if (pair === null || pair !== canonical) {
      if (distinct.length === 2) return { outcome: "redirect", path: `/compare/${canonical}`, status: 308 };
    }
  }
  const tools = await comparedTools(db, lang, kept, kinds);
  if (new Set(tools.map((tool) => tool.kind)).size > 1) return { outcome: "mixed", tools };
  const indexable = pair !== null && tools.length === 2 && (await listedPairs(db, tools[0]!.kind)).has(pairKey(tools[0]!.slug, tools[1]!.slug));
  return { outcome: "ok", tools, truncated: distinct.length > MAX_COMPARED, indexable };
}

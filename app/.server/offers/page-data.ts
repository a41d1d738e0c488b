import type { DB } from "../db";
import { readEcommerceSummaries } from "../resolve/ecommerce-source";
import type { ToolSummary } from "../resolve/types";
import { readToolSummaries } from "../tools/detail";
import type { Lang } from "~/i18n/languages";
import { NO_ECOMMERCE_OFFERS, type EcommerceOffers } from "~/lib/offers";
import { alternativesIndex, type AlternativesIndex } from "./alternatives-index";
import { hasEnoughAlternatives, MIN_ALTERNATIVES, rankAlternatives, type Reason } from "./alternatives";
import { readEcommerceOffers, readToolOffers, type OffersKind } from "./store";
import { compareBundles } from "./bundles";

/** What the alternatives and comparison pages show of one tool: its summary (texts in the page language) and offers. */
export interface ComparableTool extends Omit<ToolSummary, "id"> {
  kind: OffersKind;
  offers: EcommerceOffers;
}

export const MAX_COMPARED = 4;

export function detailPath(kind: OffersKind, slug: string): string {
  return kind === "tool" ? `/tool/${slug}` : `/ecommerce/${slug}`;
}

async function offersOf(db: DB, kind: OffersKind, id: number): Promise<EcommerceOffers> {
  const map = kind === "tool" ? await readToolOffers(db, [id]) : await readEcommerceOffers(db, [id]);
  return { ...NO_ECOMMERCE_OFFERS, ...map.get(id) };
}

/**
 * What a page shows of each of `slugs` (null: no published tool of that kind), in order. One read per table for
 * all of them (tools, texts, categories, offers), whatever their number: a page of twelve alternatives costs
 * what a comparison of two does.
 */
export async function comparableTools(db: DB, kind: OffersKind, slugs: readonly string[], lang: Lang): Promise<Array<ComparableTool | null>> {
  const index = await alternativesIndex(db, kind);
  const ids = [...new Set(slugs.flatMap((slug) => index.bySlug.get(slug)?.id ?? []))];
  const [summaries, offers] =
    kind === "tool"
      ? await Promise.all([readToolSummaries(db, ids, lang), readToolOffers(db, ids)])
      : await Promise.all([readEcommerceSummaries(db, ids, lang), readEcommerceOffers(db, ids)]);
  return slugs.map((slug) => {
    const id = index.bySlug.get(slug)?.id;
    const summary = id === undefined ? undefined : summaries.get(id);
    if (!summary) return null;
    const { id: _id, ...shown } = summary;
    return { kind, ...shown, offers: { ...NO_ECOMMERCE_OFFERS, ...offers.get(summary.id) } };
  });
}

export async function comparableTool(db: DB, kind: OffersKind, slug: string, lang: Lang): Promise<ComparableTool | null> {
  return (await comparableTools(db, kind, [slug], lang))[0]!;
}

export type AlternativesPage =
  | { status: "missing" }
  | { status: "thin" }
  | { status: "ok"; tool: ComparableTool; alternatives: Array<{ tool: ComparableTool; reasons: Reason[] }> };

export async function alternativesPage(db: DB, kind: OffersKind, slug: string, lang: Lang): Promise<AlternativesPage> {
  const ranked = await rankAlternatives(db, kind, slug, lang);
  if (!ranked) return { status: "missing" };
  if (ranked.alternatives.length < MIN_ALTERNATIVES) return { status: "thin" };
  const [tool, ...others] = await comparableTools(db, kind, [slug, ...ranked.alternatives.map((a) => a.slug)], lang);
  if (!tool) return { status: "missing" };
  const alternatives = ranked.alternatives.flatMap((alternative, i) => (others[i] ? [{ tool: others[i]!, reasons: alternative.reasons }] : []));
  return alternatives.length < MIN_ALTERNATIVES ? { status: "thin" } : { status: "ok", tool, alternatives };
}

/** Which kind of tool a slug names (AI tools first, as the tool page resolves them), or null. */
export async function kindOfSlug(db: DB, slug: string): Promise<OffersKind | null> {
  return (await kindsOfSlug(db, slug))[0] ?? null;
}

/** Both catalogues may use one slug (an AI tool and an e-commerce tool of one vendor): every kind it names, AI tools first. */
export async function kindsOfSlug(db: DB, slug: string): Promise<OffersKind[]> {
  const kinds: OffersKind[] = [];
  if ((await alternativesIndex(db, "tool")).bySlug.has(slug)) kinds.push("tool");
  if ((await alternativesIndex(db, "ecommerce")).bySlug.has(slug)) kinds.push("ecommerce");
  return kinds;
}

/**
 * The kind of each compared slug: the one kind they all share when there is one (so `datahawk-vs-similarweb`
 * compares two e-commerce tools although an AI tool is also called similarweb), otherwise each slug's first.
 */
export async function kindsOfCompared(db: DB, slugs: readonly string[]): Promise<Array<OffersKind | null>> {
  const kinds = await Promise.all(slugs.map((slug) => kindsOfSlug(db, slug)));
  const shared = (["tool", "ecommerce"] as const).find((kind) => kinds.every((of) => of.includes(kind)));
  return kinds.map((of) => shared ?? of[0] ?? null);
}

/** The tool page's panel: the tool's offers and whether it has an alternatives page. */
export async function toolPagePanel(db: DB, kind: OffersKind, slug: string): Promise<{ kind: OffersKind; slug: string; offers: EcommerceOffers; hasAlternatives: boolean } | null> {
  const index = await alternativesIndex(db, kind);
  const facts = index.bySlug.get(slug);
  if (!facts) return null;
  return { kind, slug, offers: await offersOf(db, kind, facts.id), hasAlternatives: hasEnoughAlternatives(index, facts) };
}

/** Listed pairs per index (one index per catalogue state and kind): every comparison page asks. */
const pairsOfIndex = new WeakMap<AlternativesIndex, ReadonlySet<string>>();

/**
 * Pairs worth a comparison page in the sitemaps: tools sharing a subcategory, at most `PAIRS_PER_CATEGORY` pairs per
 * subcategory (among its first members), each pair once, in canonical (alphabetical) order. Others are noindex.
 * Worked out once per catalogue state: each comparison page asks whether its pair is one.
 */
export async function listedPairs(db: DB, kind: OffersKind): Promise<ReadonlySet<string>> {
  const index = await alternativesIndex(db, kind);
  let pairs = pairsOfIndex.get(index);
  if (!pairs) pairsOfIndex.set(index, (pairs = pairsOf(index)));
  return pairs;
}

const PAIRS_PER_CATEGORY = 15;

function pairsOf(index: AlternativesIndex): Set<string> {
  const pairs = new Set<string>();
  for (const members of index.members.values()) {
    const slugs = members.slice(0, 8).map((id) => index.byId.get(id)!.slug);
    let added = 0;
    for (let i = 0; i < slugs.length && added < PAIRS_PER_CATEGORY; i++) {
      for (let j = i + 1; j < slugs.length && added < PAIRS_PER_CATEGORY; j++) {
        const key = pairKey(slugs[i]!, slugs[j]!);
        if (!pairs.has(key)) {
          pairs.add(key);
          added++;
        }
      }
    }
  }
  return pairs;
}

/** `a-vs-b` with the slugs in alphabetical order. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}-vs-${b}` : `${b}-vs-${a}`;
}

/** The detail pages' offers panel with the bundle it reads (null: the page shows no tool of the catalogue). */
export async function offersPanelFor(db: DB, lang: Lang, source: string, slug: string) {
  const kind: OffersKind | null = source === "database" ? "tool" : source === "ecommerce" ? "ecommerce" : null;
  if (!kind) return null;
  const [panel, bundles] = await Promise.all([toolPagePanel(db, kind, slug), compareBundles(lang)]);
  return panel ? { ...panel, bundles } : null;
}

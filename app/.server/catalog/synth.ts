import fs from "node:fs";
import { filterSlug } from "~/lib/slug";
import type { Insertable } from "kysely";
import type { DB, Schema } from "../db";
import type { ToolOffersTable } from "../db/schema";
import { toJson } from "../db/values";
import { changeCatalogInSteps, type CatalogStep } from "./changes";
import { checkSubcategorySlugs, importCategories } from "./import-categories";
import { jsonValueLines, parseJsonFile } from "./files";
import { categorySchema, PRICING_VALUES, validateRows } from "./schemas";
import * as words from "./synth-text";

/**
 * A deterministic synthetic catalogue for benchmarks: the same seed and
 * count always give the same rows (ids, text, timestamps included) on a
 * fresh database. Tools are written with multi-row inserts in batches, in
 * one transaction per batch.
 */

export const SYNTH_SLUG_PREFIX = "synth-";
const TOOLS_PER_TRANSACTION = 2000;
const TOOL_ROWS_PER_INSERT = 500;
const TRANSLATION_ROWS_PER_INSERT = 1000;
const LINK_ROWS_PER_INSERT = 3000;
const EPOCH_START = Date.UTC(2021, 0, 1);
const EPOCH_END = Date.UTC(2026, 10, 1);

/** mulberry32: tiny, fast, good enough for test data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof createRandom>;

interface Taxonomy {
  top: { id: number; slug: string; name: string }[];
  subs: Map<number, { id: number; slug: string }[]>;
}

/** Top-level categories with their subcategories; imports `categoriesFile` first when the database has none. */
async function loadTaxonomy(db: DB, categoriesFile: string): Promise<Taxonomy> {
  const count = async () => Number((await db.selectFrom("categories").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  if ((await count()) === 0) {
    if (!fs.existsSync(categoriesFile)) throw new Error(`No categories in the database and ${categoriesFile} does not exist; pass --categories FILE`);
    const text = fs.readFileSync(categoriesFile, "utf8");
    const data = parseJsonFile(text, categoriesFile);
    if (!Array.isArray(data)) throw new Error(`${categoriesFile}: expected a JSON array`);
    const lines = jsonValueLines(text);
    const parsed = validateRows(categoriesFile, data, categorySchema, data.map((_, i) => lines.get(`/${i}`)));
    await importCategories(db, checkSubcategorySlugs(categoriesFile, parsed.valid).valid);
  }
  const rows = await db
    .selectFrom("categories as c")
    .leftJoin("category_translations as t", (join) => join.onRef("t.category_id", "=", "c.id").on("t.language", "=", "us-en"))
    .select(["c.id", "c.slug", "c.parent_id", "t.name"])
    .orderBy("c.id")
    .execute();
  const top = rows.filter((r) => r.parent_id === null).map((r) => ({ id: r.id, slug: r.slug, name: r.name ?? r.slug }));
  const subs = new Map<number, { id: number; slug: string }[]>();
  for (const r of rows) if (r.parent_id !== null) subs.set(r.parent_id, [...(subs.get(r.parent_id) ?? []), { id: r.id, slug: r.slug }]);
  if (top.length === 0) throw new Error("No top-level categories to link synthetic tools to");
  return { top, subs };
}

interface SynthTool {
  tool: Record<string, unknown>;
  translations: Omit<Insertable<Schema["tool_translations"]>, "tool_id">[];
  categoryIds: number[];
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");
}

/** One tool, fully determined by the random stream and its index. */
function makeTool(random: Random, index: number, taxonomy: Taxonomy): SynthTool {
  const name = `${random.pick(words.EN_PREFIXES)} ${random.pick(words.EN_NOUNS)}${random.pick(words.EN_SUFFIXES)}`;
  const category = random.pick(taxonomy.top);
  const subs = taxonomy.subs.get(category.id) ?? [];
  const chosenSubs = subs.length ? [...new Set([random.pick(subs), ...(random.chance(0.4) ? [random.pick(subs)] : [])])] : [];
  const second = random.chance(0.12) ? random.pick(taxonomy.top) : undefined;
  const createdAt = new Date(EPOCH_START + Math.floor(random.next() * (EPOCH_END - EPOCH_START))).toISOString();
  const audience = random.pick(words.EN_AUDIENCES);
  const task = random.pick(words.EN_TASKS);
  const feature = random.pick(words.EN_FEATURES);
  const stamp = { updated_at: createdAt };
  const text = (language: string, values: Partial<Record<"name" | "subtitle" | "description", string>>, tags: string[] = []) => ({
    language,
    name: values.name ?? "",
    subtitle: values.subtitle ?? null,
    description: values.description ?? null,
    long_description: null,
    features: "[]",
    use_cases: "[]",
    faq: "[]",
    tags: toJson(tags),
    ...stamp,
  });
  const translations = [
    text(
      "us-en",
      {
        name,
        subtitle: `${category.name} tool for ${audience}`,
        description: `${name} helps ${audience} ${task}, with ${feature}. Part of the ${category.name} category.`,
      },
      [filterSlug(category.name).split("-")[0]!, audience.split(" ").pop()!, feature.split(" ").pop()!.toLowerCase()],
    ),
  ];
  for (const [language, share] of Object.entries(words.LANGUAGE_SHARE)) {
    if (!random.chance(share)) continue;
    // Sparse on purpose: some translations carry only a description, so readers fall back to English for the name.
    const withName = random.chance(0.7);
    if (language === "zh-CN" || language === "zh-TW") {
      const nouns = language === "zh-CN" ? words.ZH_NOUNS : words.ZH_TW_NOUNS;
      const localName = `${random.pick(words.ZH_PREFIXES)}${random.pick(nouns)}`;
      const description = `${localName}帮助${random.pick(words.ZH_AUDIENCES)}${random.pick(words.ZH_TASKS)}，支持模板与团队协作。`;
      translations.push(text(language, { name: withName ? localName : undefined, description }));
    } else if (language === "ja") {
      const localName = `${random.pick(words.JA_PREFIXES)}${random.pick(words.JA_NOUNS)}`;
      const description = `${localName}は${random.pick(words.JA_AUDIENCES)}が${random.pick(words.JA_TASKS)}のを支援します。テンプレートとチーム共有に対応。`;
      translations.push(text(language, { name: withName ? localName : undefined, description }));
    } else if (language === "ko") {
      const localName = `${random.pick(words.KO_PREFIXES)} ${random.pick(words.KO_NOUNS)}`;
      const description = `${localName}은(는) ${random.pick(words.KO_AUDIENCES)}이(가) ${random.pick(words.KO_TASKS)}하도록 돕습니다. 템플릿과 팀 공유를 지원합니다.`;
      translations.push(text(language, { name: withName ? localName : undefined, description }));
    } else {
      const latin = words.LATIN_TEMPLATES[language]!;
      const description = fill(latin.template, { name, audience: random.pick(latin.audiences), task: random.pick(latin.tasks) });
      translations.push(text(language, { name: withName ? name : undefined, description }));
    }
  }
  const popularity = random.next();
  return {
    tool: {
      slug: `${SYNTH_SLUG_PREFIX}${String(index).padStart(6, "0")}-${filterSlug(name)}`,
      website_url: `https://${filterSlug(name)}-${index}.example.com`,
      image_url: null,
      image_webp_url: null,
      preview_url: null,
      preview_webp_url: null,
      brand_color: null,
      pricing: random.pick(PRICING_VALUES),
      ...catalogueFigures(Math.round((2.5 + random.next() * 2.5) * 10) / 10, Math.floor(popularity ** 3 * 5000)),
      is_featured: random.chance(0.03) ? 1 : 0,
      is_popular: popularity > 0.9 ? 1 : 0,
      is_new: createdAt > "2026-05-01" ? 1 : 0,
      verified: random.chance(0.3) ? 1 : 0,
      pinned: 0,
      manual_priority: null,
      created_at: createdAt,
      ...stamp,
    },
    translations,
    categoryIds: [...new Set([category.id, ...(second ? [second.id] : []), ...chosenSubs.map((s) => s.id)])],
  };
}

export interface SynthOptions {
  tools: number;
  seed?: number;
  /** Imported first when the database has no categories. */
  categoriesFile?: string;
  onProgress?: (done: number) => void;
}

/**
 * Replaces the synthetic tools (slugs starting with `synth-`) with `tools`
 * new ones. Real catalogue rows are left alone.
 */
export async function synthesizeCatalog(db: DB, options: SynthOptions): Promise<{ tools: number; translations: number; links: number }> {
  const taxonomy = await loadTaxonomy(db, options.categoriesFile ?? "seed/catalog/categories.json");
  return changeCatalogInSteps(db, "tools", (step) => writeSynthetic(step, options, taxonomy));
}

async function writeSynthetic(step: CatalogStep, options: SynthOptions, taxonomy: Taxonomy): Promise<{ tools: number; translations: number; links: number }> {
  await step((trx) => trx.deleteFrom("tools").where("slug", "like", `${SYNTH_SLUG_PREFIX}%`).execute());
  const random = createRandom(options.seed ?? 20250820);
  const totals = { tools: 0, translations: 0, links: 0 };
  for (let start = 1; start <= options.tools; start += TOOLS_PER_TRANSACTION) {
    const end = Math.min(options.tools, start + TOOLS_PER_TRANSACTION - 1);
    const batch: SynthTool[] = [];
    for (let i = start; i <= end; i++) batch.push(makeTool(random, i, taxonomy));
    const written = await step(async (trx) => {
      const ids = new Map<string, number>();
      for (const rows of chunks(batch.map((b) => b.tool), TOOL_ROWS_PER_INSERT)) {
        const inserted = await trx.insertInto("tools").values(rows as never).returning(["id", "slug"]).execute();
        for (const row of inserted) ids.set(row.slug, row.id);
      }
      const translations = batch.flatMap((b) => b.translations.map((t) => ({ ...t, tool_id: ids.get(b.tool.slug as string)! })));
      for (const rows of chunks(translations, TRANSLATION_ROWS_PER_INSERT)) await trx.insertInto("tool_translations").values(rows).execute();
      const links = batch.flatMap((b) => b.categoryIds.map((category_id, position) => ({ tool_id: ids.get(b.tool.slug as string)!, category_id, position })));
      for (const rows of chunks(links, LINK_ROWS_PER_INSERT)) await trx.insertInto("tool_categories").values(rows).execute();
      const offers = batch.flatMap((b) => syntheticOffers(ids.get(b.tool.slug as string)!));
      for (const rows of chunks(offers, LINK_ROWS_PER_INSERT)) await trx.insertInto("tool_offers").values(rows).execute();
      return { translations: translations.length, links: links.length };
    });
    totals.tools += batch.length;
    totals.translations += written.translations;
    totals.links += written.links;
    options.onProgress?.(totals.tools);
  }
  return totals;
}

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A new tool's imported figures, shown as they are until users rate it (migration 0010). */
function catalogueFigures(rating: number, reviewCount: number) {
  return { rating, review_count: reviewCount, base_rating: rating, base_review_count: reviewCount };
}

const SYNTH_PLATFORMS = ["web", "ios", "android", "windows", "macos", "linux", "browser-extension", "slack"];
const SYNTH_LANGUAGES = ["en", "zh-Hans", "ja", "ko", "es", "de", "fr", "pt"];

/**
 * What a synthetic tool offers, drawn from its id (not from the catalogue's random stream, so the rest of a
 * seed's catalogue stays as it was): about a third states nothing, the rest some facts, as real catalogues do.
 */
function syntheticOffers(toolId: number): Insertable<ToolOffersTable>[] {
  let h = Math.imul(toolId ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  const next = (n: number) => {
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
    return h % n;
  };
  if (next(3) === 0) return [];
  const flag = () => [null, 0, 1][next(3)]!;
  const pick = (list: string[]) => (next(4) === 0 ? null : JSON.stringify(list.filter(() => next(3) === 0).concat(list[0]!).filter((v, i, a) => a.indexOf(v) === i)));
  const priced = next(3) === 0;
  return [{ tool_id: toolId, free_plan: flag(), free_trial: flag(), price_from: priced ? 5 + next(50) : null, price_currency: priced ? "USD" : null, open_source: flag(), api: flag(), platforms: pick(SYNTH_PLATFORMS), interface_languages: pick(SYNTH_LANGUAGES) }];
}

import type { z } from "zod";
import { refreshFigures } from "../reviews/figures";
import type { DB } from "../db";
import { toFlag, toJson } from "../db/values";
import { changeCatalogInSteps } from "./changes";
import { emptyCounts, wroteRows, type ImportCounts } from "./import-categories";
import { inPool } from "./import-tools";
import { drawLogo, isGeneratedImage, type DrawSubject, type ImagePair, type ImageStore } from "./images";
import {
  ecommerceFilterSchema,
  ecommerceGroupSchema,
  ecommercePlatformSchema,
  ecommerceTagSchema,
  ecommerceToolSchema,
  validateRows,
  type EcommerceGroupInput,
  type EcommerceToolInput,
  type RowIssue,
  type ValidRow,
} from "./schemas";
import { syncOffers } from "../offers/store";
import { syncLinks, syncTranslations, touch, upsertBySlug, type Trx } from "./sync";

export interface EcommerceSections {
  groups: unknown[];
  filters: unknown[];
  platforms: unknown[];
  tags: unknown[];
  tools: unknown[];
}

export interface EcommerceReport {
  groups: ImportCounts;
  filters: ImportCounts;
  platforms: ImportCounts;
  tags: ImportCounts;
  tools: ImportCounts;
  issues: RowIssue[];
}

/**
 * Imports the e-commerce file: taxonomy first (groups with subcategories,
 * filters, platforms, tags), then the tools that link to it. Each section's
 * rows are validated on their own; bad rows are reported and skipped.
 */
export async function importEcommerce(
  db: DB,
  source: string,
  sections: EcommerceSections,
  store: ImageStore,
  lines: (section: keyof EcommerceSections) => (number | undefined)[] = () => [],
): Promise<EcommerceReport> {
  const issues: RowIssue[] = [];
  const validate = <S extends z.ZodType<{ slug: string }>>(section: keyof EcommerceSections, schema: S) => {
    const result = validateRows(`${source} ${section}`, sections[section], schema, lines(section));
    issues.push(...result.issues);
    return result.valid;
  };
  const groups = validate("groups", ecommerceGroupSchema);
  const filters = validate("filters", ecommerceFilterSchema);
  const platforms = validate("platforms", ecommercePlatformSchema);
  const tags = validate("tags", ecommerceTagSchema);
  const tools = validate("tools", ecommerceToolSchema);

  // Taxonomy and tools in two transactions, signalled once; counted inside them, as they may run twice.
  return changeCatalogInSteps(
    db,
    "ecommerce",
    async (step) => {
      const taxonomy = await step(async (trx) => {
        const report = { groups: emptyCounts(), filters: emptyCounts(), platforms: emptyCounts(), tags: emptyCounts() };
        for (const [order, { value }] of groups.entries()) report.groups[await importGroup(trx, value, order)]++;
        const simple = async (table: string, rows: ValidRow<{ slug: string } & Record<string, unknown>>[], counts: ImportCounts, columns: string[]) => {
          for (const [order, { value }] of rows.entries()) {
            const values: Record<string, unknown> = Object.fromEntries(columns.map((c) => [c, value[c] ?? null]));
            if (table !== "ecommerce_tags") values.sort_order = order;
            counts[(await upsertBySlug(trx, { table, slug: value.slug, values })).status]++;
          }
        };
        await simple("ecommerce_filters", filters, report.filters, ["name"]);
        await simple("ecommerce_platforms", platforms, report.platforms, ["name", "kind", "region", "website_url"]);
        await simple("ecommerce_tags", tags, report.tags, ["name", "color"]);
        return report;
      });

      const linkable = await checkReferences(db, `${source} tools`, tools);
      issues.push(...linkable.issues);
      const logos = await ecommerceLogos(db, linkable.valid.map((r) => r.value), store);
      const toolCounts = await step(async (trx) => {
        const counts = emptyCounts();
        const ids = await referenceIds(trx);
        for (const { value } of linkable.valid) counts[await importTool(trx, value, logos.get(value.slug)!, ids)]++;
        return counts;
      });
      return { ...taxonomy, tools: toolCounts, issues };
    },
    { changed: (report) => [report.groups, report.filters, report.platforms, report.tags, report.tools].some(wroteRows) },
  );
}

async function importGroup(trx: Trx, group: EcommerceGroupInput, order: number): Promise<keyof ImportCounts> {
  const top = await upsertBySlug(trx, {
    table: "ecommerce_categories",
    slug: group.slug,
    values: { parent_id: null, icon: group.icon, color: group.color, product_count: group.product_count, sort_order: order },
  });
  const texts = new Map(Object.entries(group.translations).map(([language, t]) => [language, { name: t!.name, description: t!.description ?? null }]));
  let changed = await syncTranslations(trx, { table: "ecommerce_category_translations", ownerColumn: "category_id", ownerId: top.id, desired: texts });
  for (const [subOrder, sub] of group.subcategories.entries()) {
    const child = await upsertBySlug(trx, { table: "ecommerce_categories", slug: sub.slug, values: { parent_id: top.id, icon: null, color: null, sort_order: subOrder } });
    const names = new Map(Object.entries(sub.translations).map(([language, t]) => [language, { name: t!.name, description: null }]));
    const textChanged = await syncTranslations(trx, { table: "ecommerce_category_translations", ownerColumn: "category_id", ownerId: child.id, desired: names });
    if (textChanged || child.status !== "unchanged") changed = true;
  }
  if (top.status !== "unchanged") return top.status;
  return changed ? "updated" : "unchanged";
}

type ReferenceIds = Record<"categories" | "tags" | "platforms" | "filters", Map<string, number>>;

async function referenceIds(db: DB | Trx): Promise<ReferenceIds> {
  const load = async (table: "ecommerce_categories" | "ecommerce_tags" | "ecommerce_platforms" | "ecommerce_filters") =>
    new Map((await db.selectFrom(table).select(["id", "slug"]).execute()).map((r) => [r.slug, r.id]));
  return {
    categories: await load("ecommerce_categories"),
    tags: await load("ecommerce_tags"),
    platforms: await load("ecommerce_platforms"),
    filters: await load("ecommerce_filters"),
  };
}

async function checkReferences(db: DB, source: string, rows: ValidRow<EcommerceToolInput>[]) {
  const ids = await referenceIds(db);
  const valid: ValidRow<EcommerceToolInput>[] = [];
  const issues: RowIssue[] = [];
  for (const row of rows) {
    const problems = (["categories", "tags", "platforms", "filters"] as const).flatMap((kind) =>
      row.value[kind].flatMap((slug, i) => (ids[kind].has(slug) ? [] : [`${kind}.${i}: unknown ${kind.replace(/s$/, "").replace(/ie$/, "y")} "${slug}"`])),
    );
    if (problems.length) issues.push({ source, row: row.row, line: row.line, slug: row.value.slug, message: problems.join("; ") });
    else valid.push(row);
  }
  return { valid, issues };
}

export function ecommerceSubject(tool: EcommerceToolInput): DrawSubject {
  return { folder: "ecommerce", slug: tool.slug, name: tool.name, color: tool.brand_color, brandIcon: tool.logo };
}

async function ecommerceLogos(db: DB, tools: EcommerceToolInput[], store: ImageStore): Promise<Map<string, ImagePair>> {
  const current = await db.selectFrom("ecommerce_tools").select(["slug", "image_url", "image_webp_url"]).execute();
  const bySlug = new Map(current.map((row) => [row.slug, row]));
  const logos = new Map<string, ImagePair>();
  await inPool(tools, 2, async (tool) => {
    const own = bySlug.get(tool.slug);
    logos.set(
      tool.slug,
      own && !isGeneratedImage(own.image_url, store.storage)
        ? { png: own.image_url!, webp: own.image_webp_url ?? own.image_url! }
        : await drawLogo(store, ecommerceSubject(tool)),
    );
  });
  return logos;
}

async function importTool(trx: Trx, tool: EcommerceToolInput, logo: ImagePair, ids: ReferenceIds): Promise<keyof ImportCounts> {
  const { id, status } = await upsertBySlug(trx, {
    table: "ecommerce_tools",
    slug: tool.slug,
    values: {
      name: tool.name,
      description: tool.description,
      website_url: tool.website_url,
      brand_color: tool.brand_color ?? null,
      brand_icon: tool.logo ? toJson(tool.logo) : null,
      pricing: tool.pricing,
      // The shown figures add users' reviews to these (migration 0022); refreshed below.
      base_rating: tool.rating,
      base_review_count: tool.review_count,
      is_featured: toFlag(tool.is_featured),
      is_popular: toFlag(tool.is_popular),
      features: toJson(tool.features),
      pros: toJson(tool.pros),
      cons: toJson(tool.cons),
      image_url: logo.png,
      image_webp_url: logo.webp,
    },
    insertOnly: { created_at: tool.created_at },
    stamped: true,
  });
  if (status !== "unchanged") await refreshFigures(trx, "ecommerce_tool", id);
  const texts = new Map(
    Object.entries(tool.translations).map(([language, t]) => [
      language,
      { name: t!.name ?? null, description: t!.description ?? null, features: toJson(t!.features), pros: toJson(t!.pros), cons: toJson(t!.cons) },
    ]),
  );
  let changed = await syncTranslations(trx, { table: "ecommerce_tool_translations", ownerColumn: "tool_id", ownerId: id, desired: texts });
  const links = [
    ["ecommerce_tool_categories", "category_id", "categories"],
    ["ecommerce_tool_tags", "tag_id", "tags"],
    ["ecommerce_tool_platforms", "platform_id", "platforms"],
    ["ecommerce_tool_filters", "filter_id", "filters"],
  ] as const;
  for (const [table, targetColumn, kind] of links) {
    const targets = [...new Set(tool[kind])].map((slug) => ids[kind].get(slug)!);
    if (await syncLinks(trx, { table, ownerColumn: "tool_id", ownerId: id, targetColumn, targets })) changed = true;
  }
  if (await syncOffers(trx, "ecommerce", id, tool.offers)) changed = true;
  if (status !== "unchanged") return status;
  if (!changed) return "unchanged";
  await touch(trx, "ecommerce_tools", id);
  return "updated";
}

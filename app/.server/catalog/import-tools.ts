import type { DB } from "../db";
import { lockRowsInIdOrder } from "../db/row-lock";
import { changeCatalogInSteps, MAX_NAMED_TOOLS, type CatalogStep } from "./changes";
import { toFlag, toJson } from "../db/values";
import { refreshShownRating } from "../ratings/queries";
import { emptyCounts, loadCategoryIndex, wroteRows, type ImportCounts } from "./import-categories";
import { drawLogo, drawPreview, isGeneratedImage, type DrawSubject, type ImageStore } from "./images";
import type { RowIssue, ToolInput, ToolText, ValidRow } from "./schemas";
import { syncOffers } from "../offers/store";
import { syncLinks, syncTranslations, touch, upsertBySlug, type Trx } from "./sync";

/** Rows per transaction: big enough to be fast, small enough to keep the write lock short. */
const CHUNK = 100;

/** Rejects rows naming categories or subcategories the catalogue does not have. */
export async function checkToolReferences(
  db: DB,
  source: string,
  rows: ValidRow<ToolInput>[],
): Promise<{ valid: ValidRow<ToolInput>[]; issues: RowIssue[] }> {
  const index = await loadCategoryIndex(db);
  const valid: ValidRow<ToolInput>[] = [];
  const issues: RowIssue[] = [];
  for (const row of rows) {
    const problems = [
      ...row.value.categories.map((slug, i) =>
        !index.has(slug) ? `categories.${i}: unknown category "${slug}"` : index.get(slug)!.isSub ? `categories.${i}: "${slug}" is a subcategory; list it under subcategories` : null,
      ),
      ...row.value.subcategories.map((slug, i) =>
        !index.has(slug) ? `subcategories.${i}: unknown subcategory "${slug}"` : !index.get(slug)!.isSub ? `subcategories.${i}: "${slug}" is a top-level category; list it under categories` : null,
      ),
    ].filter((p): p is string => p !== null);
    if (problems.length) issues.push({ source, row: row.row, line: row.line, slug: row.value.slug, message: problems.join("; ") });
    else valid.push(row);
  }
  return { valid, issues };
}

export interface ToolImportOptions {
  images: ImageStore;
  /** Called after each row is written (progress bars). */
  onRow?: () => void;
}

/** Upserts tools by slug with their translations, category links and generated images. */
export async function importTools(db: DB, rows: ValidRow<ToolInput>[], options: ToolImportOptions): Promise<ImportCounts> {
  // One transaction per chunk, signalled once at the end: readers keep what they built until the import is done.
  const written: number[] = [];
  // The tools it wrote are named (decision 0040): a small import patches the search index and list orders.
  return changeCatalogInSteps(db, "tools", (step) => importInChunks(db, step, rows, options, written), { changed: wroteRows, toolsOf: () => written });
}

async function importInChunks(db: DB, step: CatalogStep, rows: ValidRow<ToolInput>[], options: ToolImportOptions, writtenIds: number[]): Promise<ImportCounts> {
  const counts = emptyCounts();
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((r) => r.value);
    // Images are drawn before the transaction so the write lock is never held while rendering.
    const images = await toolImages(db, chunk, options.images);
    // The chunk's existing rows are locked in id order first (as every multi-row write takes them), and the
    // transaction may run twice (a deadlock or a lost connection): its outcomes are counted after it commits.
    const statuses = await step(async (trx) => {
      const existing = await trx.selectFrom("tools").select("id").where("slug", "in", chunk.map((tool) => tool.slug)).execute();
      await lockRowsInIdOrder(trx, "tools", existing.map((row) => Number(row.id)));
      const index = await loadCategoryIndex(trx);
      const written: Array<{ id: number; status: keyof ImportCounts }> = [];
      for (const tool of chunk) written.push(await importTool(trx, tool, images.get(tool.slug)!, index));
      return written;
    });
    for (const { id, status } of statuses) {
      counts[status]++;
      if (status !== "unchanged" && writtenIds.length <= MAX_NAMED_TOOLS) writtenIds.push(id);
      options.onRow?.();
    }
  }
  return counts;
}

type ToolImages = { image_url: string | null; image_webp_url: string | null; preview_url: string | null; preview_webp_url: string | null };

async function toolImages(db: DB, tools: ToolInput[], store: ImageStore): Promise<Map<string, ToolImages>> {
  const current = await db
    .selectFrom("tools")
    .select(["slug", "image_url", "image_webp_url", "preview_url", "preview_webp_url"])
    .where("slug", "in", tools.map((t) => t.slug))
    .execute();
  const bySlug = new Map(current.map((row) => [row.slug, row]));
  const result = new Map<string, ToolImages>();
  await inPool(tools, 2, async (tool) => {
    const own = bySlug.get(tool.slug);
    const subject = toolSubject(tool);
    // An image someone uploaded for the tool wins over a drawn one.
    const logo = own && !isGeneratedImage(own.image_url, store.storage) ? { png: own.image_url!, webp: own.image_webp_url ?? own.image_url! } : await drawLogo(store, subject);
    const preview = own && !isGeneratedImage(own.preview_url, store.storage) ? { png: own.preview_url!, webp: own.preview_webp_url ?? own.preview_url! } : await drawPreview(store, subject);
    result.set(tool.slug, { image_url: logo.png, image_webp_url: logo.webp, preview_url: preview.png, preview_webp_url: preview.webp });
  });
  return result;
}

/** What a tool's logo and preview show: its English name and subtitle in its brand colour. */
export function toolSubject(tool: ToolInput): DrawSubject {
  const english = tool.translations["us-en"]!;
  return {
    folder: "tools",
    slug: tool.slug,
    name: english.name!,
    subtitle: english.subtitle ?? english.description,
    color: tool.brand_color,
    brandIcon: tool.logo,
    websiteUrl: tool.website_url,
    // The home page shows featured tools first, then popular ones.
    drawPriority: (tool.is_featured ? 2 : 0) + (tool.is_popular ? 1 : 0),
  };
}

/** Runs `work` over `items` with at most `size` in flight. */
export async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

export function toolTextColumns(text: ToolText): Record<string, unknown> {
  return {
    // Rows of other languages may lack a name; readers fall back to English for an empty one.
    name: text.name ?? "",
    subtitle: text.subtitle ?? null,
    description: text.description ?? null,
    features: toJson(text.features),
    use_cases: toJson(text.use_cases),
    faq: toJson(text.faq),
    tags: toJson(text.tags),
  };
}

async function importTool(
  trx: Trx,
  tool: ToolInput,
  images: ToolImages,
  index: Map<string, { id: number; isSub: boolean }>,
): Promise<{ id: number; status: keyof ImportCounts }> {
  const { id, status } = await upsertBySlug(trx, {
    table: "tools",
    slug: tool.slug,
    values: {
      website_url: tool.website_url,
      brand_color: tool.brand_color ?? null,
      brand_icon: tool.logo ? toJson(tool.logo) : null,
      pricing: tool.pricing,
      // The catalogue's figures; the shown rating and review count also count users' ratings (refreshed below).
      base_rating: tool.rating,
      base_review_count: tool.review_count,
      is_featured: toFlag(tool.is_featured),
      is_popular: toFlag(tool.is_popular),
      is_new: toFlag(tool.is_new),
      verified: toFlag(tool.verified),
      pinned: toFlag(tool.pinned),
      manual_priority: tool.manual_priority,
      ...images,
    },
    insertOnly: { created_at: tool.created_at },
    stamped: true,
  });
  if (status !== "unchanged") await refreshShownRating(trx, id);
  const texts = new Map(Object.entries(tool.translations).map(([language, text]) => [language, toolTextColumns(text!)]));
  const textChanged = await syncTranslations(trx, { table: "tool_translations", ownerColumn: "tool_id", ownerId: id, desired: texts, stamped: true });
  const targets = [...new Set([...tool.categories, ...tool.subcategories])].map((slug) => index.get(slug)!.id);
  const linksChanged = await syncLinks(trx, { table: "tool_categories", ownerColumn: "tool_id", ownerId: id, targetColumn: "category_id", targets, positionColumn: "position" });
  const offersChanged = await syncOffers(trx, "tool", id, tool.offers);
  if (status !== "unchanged") return { id, status };
  if (!textChanged && !linksChanged && !offersChanged) return { id, status: "unchanged" };
  await touch(trx, "tools", id);
  return { id, status: "updated" };
}

import type { DB } from "../db";
import { toJson } from "../db/values";
import { changeCatalogInSteps } from "./changes";
import { emptyCounts, loadCategoryIndex, wroteRows, type ImportCounts } from "./import-categories";
import { inPool } from "./import-tools";
import { brandIconSchema, type BrandIcon } from "./brand-icons";
import { drawCover, isGeneratedImage, type DrawSubject, type ImagePair, type ImageStore } from "./images";
import type { CaseStudyInput, RowIssue, ValidRow } from "./schemas";
import { syncTranslations, touch, upsertBySlug, type Trx } from "./sync";

/** Rejects case studies whose category is unknown. */
export async function checkCaseStudyReferences(
  db: DB,
  source: string,
  rows: ValidRow<CaseStudyInput>[],
): Promise<{ valid: ValidRow<CaseStudyInput>[]; issues: RowIssue[] }> {
  const index = await loadCategoryIndex(db);
  const valid: ValidRow<CaseStudyInput>[] = [];
  const issues: RowIssue[] = [];
  for (const row of rows) {
    if (index.has(row.value.category)) valid.push(row);
    else issues.push({ source, row: row.row, line: row.line, slug: row.value.slug, message: `category: unknown category "${row.value.category}"` });
  }
  return { valid, issues };
}

/**
 * What a case-study cover is built from besides the study: the categories' icons and colours and the brand marks
 * of catalogue tools by website host, so a study of a listed product shows that product's mark.
 */
export interface CoverContext {
  categories: Map<string, { icon: string; color: string }>;
  marksByHost: Map<string, BrandIcon>;
}

/** `https://www.jasper.ai/x` -> `jasper.ai`. */
export function siteHost(url: string | null | undefined): string | null {
  try {
    return url ? new URL(url).host.replace(/^www\./, "").toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The cover context from the database (imports). */
export async function coverContextFromDb(db: DB): Promise<CoverContext> {
  const [categories, tools] = await Promise.all([
    db.selectFrom("categories").where("parent_id", "is", null).select(["slug", "icon_name", "color"]).execute(),
    db.selectFrom("tools").where("brand_icon", "is not", null).select(["website_url", "brand_icon"]).execute(),
  ]);
  const marks = tools.flatMap((tool) => {
    const parsed = brandIconSchema.safeParse(JSON.parse(tool.brand_icon!));
    const host = siteHost(tool.website_url);
    return parsed.success && host ? [{ host, mark: parsed.data }] : [];
  });
  return coverContext(categories.map((c) => ({ slug: c.slug, icon: c.icon_name ?? "", color: c.color ?? "" })), marks);
}

export function coverContext(categories: Array<{ slug: string; icon: string; color: string }>, marks: Array<{ host: string; mark: BrandIcon }>): CoverContext {
  return {
    categories: new Map(categories.filter((c) => c.icon && /^#[0-9a-f]{6}$/i.test(c.color)).map((c) => [c.slug, { icon: c.icon, color: c.color }])),
    marksByHost: new Map(marks.map((m) => [m.host, m.mark])),
  };
}

/** A case study's cover: the product's mark (or its site's initial) and the study's category. */
export function caseStudySubject(study: CaseStudyInput, context: CoverContext): DrawSubject {
  const english = study.translations["us-en"]!;
  const host = siteHost(study.website_url);
  return {
    folder: "case-studies",
    slug: study.slug,
    name: english.title!,
    category: context.categories.get(study.category),
    color: study.brand_color,
    websiteUrl: study.website_url,
    brandIcon: host ? context.marksByHost.get(host) : undefined,
  };
}

/** Upserts case studies by slug with their translations and a drawn cover image. */
export async function importCaseStudies(db: DB, rows: ValidRow<CaseStudyInput>[], store: ImageStore): Promise<ImportCounts> {
  const current = await db.selectFrom("case_studies").select(["slug", "cover_image", "cover_image_webp"]).execute();
  const bySlug = new Map(current.map((row) => [row.slug, row]));
  const covers = new Map<string, ImagePair>();
  const context = await coverContextFromDb(db);
  await inPool(rows, 2, async ({ value }) => {
    const own = bySlug.get(value.slug);
    if (own && !isGeneratedImage(own.cover_image, store.storage)) {
      covers.set(value.slug, { png: own.cover_image!, webp: own.cover_image_webp ?? own.cover_image! });
      return;
    }
    covers.set(value.slug, await drawCover(store, caseStudySubject(value, context)));
  });

  // Counted inside the transaction, which may run twice (`runTransaction`).
  const write = (trx: Trx) => writeCaseStudies(trx, rows, covers);
  return changeCatalogInSteps(db, "case-studies", (step) => step(write), { changed: wroteRows });
}

async function writeCaseStudies(trx: Trx, rows: ValidRow<CaseStudyInput>[], covers: Map<string, ImagePair>): Promise<ImportCounts> {
  const counts = emptyCounts();
  const index = await loadCategoryIndex(trx);
  for (const { value } of rows) {
    const cover = covers.get(value.slug)!;
    const { id, status } = await upsertBySlug(trx, {
      table: "case_studies",
      slug: value.slug,
      values: {
        website_url: value.website_url ?? null,
        category_id: index.get(value.category)!.id,
        pricing: value.pricing,
        rating: value.rating,
        publish_date: value.publish_date,
        read_time: value.read_time,
        brand_color: value.brand_color ?? null,
        cover_image: cover.png,
        cover_image_webp: cover.webp,
      },
      // A case study "appears" on its publish date; keeps listings ordered by created_at meaningful.
      insertOnly: { created_at: `${value.publish_date}T09:00:00.000Z` },
      stamped: true,
    });
    const texts = new Map(
      Object.entries(value.translations).map(([language, t]) => [
        language,
        {
          title: t!.title ?? "",
          subtitle: t!.subtitle ?? null,
          description: t!.description ?? null,
          tags: toJson(t!.tags),
          features: toJson(t!.features),
          use_cases: toJson(t!.use_cases),
          benefits: toJson(t!.benefits),
          challenges: toJson(t!.challenges),
          solutions: toJson(t!.solutions),
          results: toJson(t!.results),
        },
      ]),
    );
    const textChanged = await syncTranslations(trx, { table: "case_study_translations", ownerColumn: "case_study_id", ownerId: id, desired: texts });
    if (status !== "unchanged") counts[status]++;
    else if (textChanged) {
      await touch(trx, "case_studies", id);
      counts.updated++;
    } else counts.unchanged++;
  }
  return counts;
}

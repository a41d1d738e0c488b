import type { DB } from "../db";
import { toJson } from "../db/values";
import { changeCatalogInSteps } from "./changes";
import { emptyCounts, loadCategoryIndex, wroteRows, type ImportCounts } from "./import-categories";
import { inPool } from "./import-tools";
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

/** A case study's cover shows its English title and subtitle with the product's mark. */
export function caseStudySubject(study: CaseStudyInput): DrawSubject {
  const english = study.translations["us-en"]!;
  return { folder: "case-studies", slug: study.slug, name: english.title!, subtitle: english.subtitle, color: study.brand_color, websiteUrl: study.website_url };
}

/** Upserts case studies by slug with their translations and a drawn cover image. */
export async function importCaseStudies(db: DB, rows: ValidRow<CaseStudyInput>[], store: ImageStore): Promise<ImportCounts> {
  const current = await db.selectFrom("case_studies").select(["slug", "cover_image", "cover_image_webp"]).execute();
  const bySlug = new Map(current.map((row) => [row.slug, row]));
  const covers = new Map<string, ImagePair>();
  await inPool(rows, 2, async ({ value }) => {
    const own = bySlug.get(value.slug);
    if (own && !isGeneratedImage(own.cover_image, store.storage)) {
      covers.set(value.slug, { png: own.cover_image!, webp: own.cover_image_webp ?? own.cover_image! });
      return;
    }
    covers.set(value.slug, await drawCover(store, caseStudySubject(value)));
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

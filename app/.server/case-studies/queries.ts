import { fieldVariants, languagesShown, pickLocalized, type LanguageVariant } from "~/lib/language-fallback";
import type { DB } from "../db";
import { parseStringList } from "../db/values";
import type { CategoryRef, DetailView } from "../resolve/types";

/** Rating shown for a case study that has none of its own (spec 3). */
export const DEFAULT_CASE_STUDY_RATING = 5;

type Row = {
  language: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  tags: string;
  features: string;
  use_cases: string;
  benefits: string;
  challenges: string;
  solutions: string;
  results: string;
};

const LIST_FIELDS = ["tags", "features", "use_cases", "benefits", "challenges", "solutions", "results"] as const;

async function categoryName(db: DB, categoryId: number | null, lang: string): Promise<CategoryRef | null> {
  if (categoryId === null) return null;
  const rows = await db
    .selectFrom("categories as c")
    .leftJoin("category_translations as t", "t.category_id", "c.id")
    .select(["c.slug", "t.language", "t.name"])
    .where("c.id", "=", categoryId)
    .execute();
  if (rows.length === 0) return null;
  const name = pickLocalized(rows.map((r) => ({ language: r.language ?? "", value: r.name ?? "" })), lang);
  return { slug: rows[0]!.slug, name: name?.value ?? rows[0]!.slug };
}

/** A case study with each field set in the best available language for `lang`, or null. */
export async function getCaseStudyDetail(db: DB, slug: string, lang: string): Promise<DetailView | null> {
  const study = await db.selectFrom("case_studies").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!study) return null;
  const [translations, category] = await Promise.all([
    db
      .selectFrom("case_study_translations")
      .select(["language", "title", "subtitle", "description", ...LIST_FIELDS])
      .where("case_study_id", "=", study.id)
      .orderBy("language")
      .execute(),
    categoryName(db, study.category_id, lang),
  ]);
  const title = pickLocalized(fieldVariants(translations, (t) => t.title), lang);
  const subtitle = pickLocalized(fieldVariants(translations, (t) => t.subtitle), lang);
  const description = pickLocalized(fieldVariants(translations, (t) => t.description), lang);
  const main = description ?? title;
  const picked: Array<LanguageVariant<unknown> | undefined> = [title, subtitle];
  const list = (field: (typeof LIST_FIELDS)[number]) => {
    const pick = pickLocalized(fieldVariants(translations, (t: Row) => parseStringList(t[field])), lang);
    picked.push(pick);
    return pick?.value ?? [];
  };
  const view: DetailView = {
    source: "case-study",
    toolId: null,
    slug: study.slug,
    name: title?.value ?? study.slug,
    subtitle: subtitle?.value ?? "",
    description: description?.value ?? "",
    longDescription: "",
    features: list("features"),
    useCases: list("use_cases"),
    faq: [],
    tags: list("tags"),
    benefits: list("benefits"),
    challenges: list("challenges"),
    solutions: list("solutions"),
    results: list("results"),
    pros: [],
    cons: [],
    websiteUrl: study.website_url,
    images: study.cover_image ? [{ url: study.cover_image, webpUrl: null }] : [],
    pricing: study.pricing ?? "freemium",
    rating: study.rating ?? DEFAULT_CASE_STUDY_RATING,
    reviewCount: 0,
    category,
    subcategories: [],
    publishDate: study.publish_date ?? study.created_at,
    readTime: study.read_time,
    updatedAt: study.updated_at,
    contentLanguage: main?.language ?? lang,
    shownLanguages: [],
  };
  view.shownLanguages = languagesShown(main, picked);
  return view;
}

export interface CaseStudySummary {
  slug: string;
  title: string;
  subtitle: string;
  coverImage: string | null;
  publishDate: string | null;
  readTime: number | null;
  contentLanguage: string;
}

/** Every case study, newest first, titled in the page language where possible. */
export async function listCaseStudies(db: DB, lang: string): Promise<CaseStudySummary[]> {
  const studies = await db
    .selectFrom("case_studies")
    .select(["id", "slug", "cover_image", "publish_date", "read_time", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  if (studies.length === 0) return [];
  const translations = await db
    .selectFrom("case_study_translations")
    .select(["case_study_id", "language", "title", "subtitle"])
    .where(
      "case_study_id",
      "in",
      studies.map((s) => s.id),
    )
    .execute();
  return studies.map((study) => {
    const own = translations.filter((t) => t.case_study_id === study.id);
    const title = pickLocalized(fieldVariants(own, (t) => t.title), lang);
    const subtitle = pickLocalized(fieldVariants(own, (t) => t.subtitle), lang);
    return {
      slug: study.slug,
      title: title?.value ?? study.slug,
      subtitle: subtitle?.value ?? "",
      coverImage: study.cover_image,
      publishDate: study.publish_date ?? study.created_at,
      readTime: study.read_time,
      contentLanguage: title?.language ?? lang,
    };
  });
}

/** Every case study slug with its last change, for sitemaps. */
export async function listCaseStudySitemapEntries(db: DB): Promise<Array<{ slug: string; updatedAt: string }>> {
  const rows = await db.selectFrom("case_studies").select(["slug", "updated_at"]).orderBy("id").execute();
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }));
}

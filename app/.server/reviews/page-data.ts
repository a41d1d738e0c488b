import type { Bundles } from "~/i18n/instance";
import { htmlLang, isLang, type Lang } from "~/i18n/languages";
import type { PageSeo } from "~/lib/seo";
import { getSessionUser } from "../auth/session";
import type { DB } from "../db";
import { lastCheckedAt } from "../link-health/checker";
import { loadBundles } from "../i18n";
import type { ReviewSubject } from "./figures";
import { listReviews, subjectIdOf, type ReviewPage } from "./queries";

/** What a detail page's reviews section starts with: the first page (most helpful), the reader's own review. */
export interface ReviewSection {
  subject: ReviewSubject;
  slug: string;
  page: ReviewPage;
  /** When an administrator marked the tool (or e-commerce tool) discontinued. */
  discontinuedAt: string | null;
  /** When the link checker last visited the website (ISO), null when never. */
  websiteCheckedAt: string | null;
  /** The `reviews` texts (form, list, report button). */
  bundles: Bundles;
}

/** The texts the report button needs on pages without reviews (case studies). */
export function reviewBundles(lang: Lang): Promise<Bundles> {
  return loadBundles(lang, ["reviews"]);
}

export async function loadReviewSection(request: Request, db: DB, subject: ReviewSubject, slug: string, lang: Lang): Promise<ReviewSection | null> {
  const subjectId = await subjectIdOf(db, subject, slug);
  if (subjectId === null) return null;
  const user = await getSessionUser(request);
  const [page, tool, bundles, websiteCheckedAt] = await Promise.all([
    listReviews(db, subject, subjectId, { lang, sort: "helpful", page: 1, userId: user?.id ?? null }),
    db.selectFrom(subject === "tool" ? "tools" : "ecommerce_tools").select("discontinued_at").where("id", "=", subjectId).executeTakeFirst(),
    reviewBundles(lang),
    lastCheckedAt(db, subject, subjectId),
  ]);
  return { subject, slug, page, discontinuedAt: tool?.discontinued_at ?? null, websiteCheckedAt, bundles };
}

/**
 * The page's JSON-LD rating from the reviews written here alone (never the imported figures), with up to five of
 * them as `Review`s; a discontinued tool's page is `noindex`.
 */
export function withReviewsLd(seo: PageSeo, section: ReviewSection | null): PageSeo {
  if (!section || !seo.jsonLd?.length) return seo;
  const [main, ...rest] = seo.jsonLd;
  const { aggregateRating: _imported, ...entity } = main!;
  const { summary, reviews } = section.page;
  if (summary.count > 0) {
    entity.aggregateRating = { "@type": "AggregateRating", ratingValue: Math.round(summary.average * 100) / 100, reviewCount: summary.count, bestRating: 5, worstRating: 1 };
    entity.review = reviews.slice(0, 5).map((r) => ({
      "@type": "Review",
      name: r.title,
      reviewBody: r.body,
      inLanguage: isLang(r.language) ? htmlLang(r.language) : r.language,
      datePublished: r.createdAt.slice(0, 10),
      author: { "@type": "Person", name: r.authorName || "—" },
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    }));
  }
  return { ...seo, noindex: seo.noindex || Boolean(section.discontinuedAt), jsonLd: [entity, ...rest] };
}

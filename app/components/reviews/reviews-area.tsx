import { useEffect, useState } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { requestLogin } from "~/components/auth/auth-client";
import { ReportButton } from "~/components/reports/report-button";
import { useLang, useLocalizedPath, useRouteBundles } from "~/i18n/hooks";
import { htmlLang, type Lang } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import { intlLocale } from "~/lib/effective-date";
import { formatFraction } from "~/lib/number-format";
import type { loader as rootLoader } from "~/root";
import type { ReviewPage, ReviewView } from "~/.server/reviews/queries";
import type { ReviewSection } from "~/.server/reviews/page-data";
import { callApi } from "./api";
import { ReviewForm } from "./review-form";

export type ReviewSectionData = ReviewSection;
const SORTS = ["helpful", "newest", "rating"] as const;

/**
 * A detail page's reviews (issue 34): the summary from reviews written here, the reader's own review, and the
 * published reviews, the page language's first, then the others with their language named; 10 a page.
 */
export function ReviewsArea({ section }: { section: ReviewSectionData }) {
  useRouteBundles(section.bundles);
  const t = useT("reviews");
  const lang = useLang();
  const to = useLocalizedPath();
  const location = useLocation();
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  const [page, setPage] = useState<ReviewPage>(section.page);
  const [loading, setLoading] = useState(false);
  useEffect(() => setPage(section.page), [section.page]);

  async function load(sort: string, number: number) {
    setLoading(true);
    try {
      const query = new URLSearchParams({ subject: section.subject, slug: section.slug, lang, sort, page: String(number) });
      setPage(await callApi<ReviewPage>("GET", `/api/reviews?${query}`));
    } finally {
      setLoading(false);
    }
  }

  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="space-y-4" data-testid="reviews">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-heading" className="text-2xl font-semibold">{t("heading")}</h2>
        <Link to={to("/how-we-rank")} className="text-sm font-medium text-brand-700 hover:underline">{t("howWeRank")}</Link>
      </div>
      <p className="text-sm text-slate-700" data-testid="reviews-summary">
        {page.summary.count > 0 ? t("summary", { count: page.summary.count, average: formatFraction(intlLocale(lang), page.summary.average, 0, 1) }) : t("none")}
      </p>
      {user ? (
        <ReviewForm key={page.own ? `${page.own.id}-${page.own.status}` : "new"} subject={section.subject} slug={section.slug} own={page.own} />
      ) : (
        <p className="text-sm">
          <button type="button" onClick={() => requestLogin(location.pathname + "#reviews")} className="font-medium text-brand-700 underline" data-testid="review-sign-in">{t("signIn")}</button>
        </p>
      )}
      {page.total > 0 ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          {t("sort.label")}
          <select value={page.sort} onChange={(e) => void load(e.target.value, 1)} className="rounded-md border border-slate-300 px-2 py-1" data-testid="reviews-sort">
            {SORTS.map((sort) => <option key={sort} value={sort}>{t(`sort.${sort}`)}</option>)}
          </select>
        </label>
      ) : null}
      <ul className={`space-y-4 ${loading ? "opacity-60" : ""}`}>
        {page.reviews.map((review) => <ReviewItem key={review.id} review={review} signedIn={Boolean(user)} pageLang={lang} />)}
      </ul>
      {pages > 1 ? (
        <nav className="flex items-center gap-3 text-sm" aria-label={t("pager.label")}>
          <button type="button" disabled={page.page <= 1 || loading} onClick={() => void load(page.sort, page.page - 1)} className="rounded-md border border-slate-300 px-3 py-1 disabled:opacity-50">{t("pager.previous")}</button>
          <span>{t("pager.position", { page: page.page, pages })}</span>
          <button type="button" disabled={page.page >= pages || loading} onClick={() => void load(page.sort, page.page + 1)} className="rounded-md border border-slate-300 px-3 py-1 disabled:opacity-50" data-testid="reviews-next">{t("pager.next")}</button>
        </nav>
      ) : null}
    </section>
  );
}

function ReviewItem({ review, signedIn, pageLang }: { review: ReviewView; signedIn: boolean; pageLang: Lang }) {
  const t = useT("reviews");
  const [helpful, setHelpful] = useState({ count: review.helpfulCount, voted: review.votedHelpful });
  const date = new Intl.DateTimeFormat(intlLocale(pageLang), { dateStyle: "medium", timeZone: "UTC" }).format(new Date(review.createdAt));
  const other = review.language !== pageLang;
  const languageName = other ? new Intl.DisplayNames([intlLocale(pageLang)], { type: "language" }).of(htmlLang(review.language as Lang)) : null;

  async function vote() {
    if (!signedIn) return requestLogin();
    const result = await callApi<{ helpfulCount: number }>("POST", "/api/reviews/helpful", { reviewId: review.id, helpful: !helpful.voted });
    setHelpful({ count: result.helpfulCount, voted: !helpful.voted });
  }

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" data-testid="review" lang={htmlLang(review.language as Lang)}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-amber-500" role="img" aria-label={t("stars", { count: review.rating })}>{"★".repeat(review.rating)}<span className="text-slate-300">{"★".repeat(5 - review.rating)}</span></span>
        <h3 className="break-words font-semibold text-slate-900">{review.title}</h3>
      </div>
      <p className="mt-1 text-xs text-slate-500">
        {t("byline", { name: review.authorName, date })}
        {languageName ? <span data-testid="review-language"> · {t("writtenIn", { language: languageName })}</span> : null}
      </p>
      {/* Plain text: no markup, addresses not made into links. */}
      <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800">{review.body}</p>
      <div className="mt-3 flex flex-wrap items-center gap-4 text-xs">
        {review.own ? (
          <span className="text-slate-500">{t("helpfulCount", { count: helpful.count })}</span>
        ) : (
          <button type="button" onClick={() => void vote()} aria-pressed={helpful.voted} className={`rounded-full border px-2 py-0.5 font-medium ${helpful.voted ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 text-slate-700"}`} data-testid="review-helpful">
            {t("helpful")} · {t("helpfulCount", { count: helpful.count })}
          </button>
        )}
        {review.own ? null : <ReportButton target={{ subject: "review", reviewId: review.id }} compact />}
      </div>
    </li>
  );
}

import { useT } from "~/i18n/translator";
import { data } from "react-router";
import { getDb } from "~/.server/db";
import { pageCacheHeaders } from "~/.server/http-cache";
import { getFixedT } from "~/.server/i18n";
import { CASE_STUDY_PAGE_SOURCES } from "~/.server/resolve";
import { crumbsForLd, languageNotice, resolveOrNotFound, type PageCrumb } from "~/.server/resolve/page-data";
import { favoriteEntryOf } from "~/.server/favorites/targets";
import { reviewBundles } from "~/.server/reviews/page-data";
import { ListingReport } from "~/components/reports/listing-report";
import { caseStudyPageSeo } from "~/.server/seo/page-seo";
import { FavoriteButton } from "~/components/favorites/favorite-button";
import { estimateReadMinutes, formatDate } from "~/.server/case-studies/format";
import { Breadcrumbs } from "~/components/tool-detail/breadcrumbs";
import { DetailErrorBoundary } from "~/components/tool-detail/detail-not-found";
import { DetailSections } from "~/components/tool-detail/detail-sections";
import { ImagePreview } from "~/components/tool-detail/image-preview";
import { LanguageNotice } from "~/components/tool-detail/language-notice";
import { RatingWithValue } from "~/components/tool-detail/rating-stars";
import { SidePanel } from "~/components/tool-detail/side-panel";
import { VisitWebsiteLink } from "~/components/tool-detail/tool-actions";
import { localizedPath, splitLangPath } from "~/i18n/languages";
import type { Route } from "./+types/case-study";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const db = getDb();
  const view = await resolveOrNotFound(db, params.slug, lang, { sources: CASE_STUDY_PAGE_SOURCES });
  const [common, tools, favorite, reportBundles] = await Promise.all([getFixedT(lang, "common"), getFixedT(lang, "tools"), favoriteEntryOf(db, view), reviewBundles(lang)]);
  const crumbs: PageCrumb[] = [
    { name: common("nav.home"), to: localizedPath(lang, "/") },
    { name: tools("caseStudy.listTitle"), to: localizedPath(lang, "/case-studies") },
    { name: view.name },
  ];
  return data(
    {
      view,
      crumbs,
      favorite,
      reportBundles,
      published: view.publishDate ? formatDate(view.publishDate, lang) : null,
      readMinutes: view.readTime ?? estimateReadMinutes(view),
      notice: languageNotice(view, lang),
      seo: caseStudyPageSeo(view, lang, crumbsForLd(crumbs, lang, `/case-study/${view.slug}`), common("site.name"), common("site.name")),
    },
    { headers: pageCacheHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function CaseStudy({ loaderData }: Route.ComponentProps) {
  const { view, crumbs, notice, published, readMinutes, favorite } = loaderData;
  const t = useT("tools");
  const contentLang = view.contentLanguage === "us-en" ? "en" : view.contentLanguage;
  return (
    <article className="space-y-8">
      <Breadcrumbs items={crumbs} label={t("detail.breadcrumb")} />
      <LanguageNotice languages={notice.languages} pageLanguage={notice.page} />
      <header className="grid gap-6 md:grid-cols-2 md:items-center" lang={contentLang}>
        <div className="space-y-4">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t("caseStudy.label")}</p>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{view.name}</h1>
          {view.subtitle ? <p className="text-lg text-slate-700">{view.subtitle}</p> : null}
          <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            {published ? <li>{t("caseStudy.published", { date: published })}</li> : null}
            <li>{t("caseStudy.readTime", { count: readMinutes })}</li>
            <li className="flex items-center gap-1">
              <RatingWithValue rating={view.rating} />
            </li>
          </ul>
          <div className="flex flex-wrap gap-3">
            {view.websiteUrl ? <VisitWebsiteLink href={view.websiteUrl} /> : null}
            {favorite ? <FavoriteButton entry={favorite} /> : null}
          </div>
          {view.source === "case-study" ? <ListingReport target={{ subject: "case_study", slug: view.slug }} bundles={loaderData.reportBundles} /> : null}
        </div>
        <ImagePreview image={view.images[0]} name={view.name} />
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-10" lang={contentLang}>
          {view.description ? (
            <section aria-labelledby="case-study-description" className="space-y-3">
              <h2 id="case-study-description" className="text-xl font-semibold text-slate-900">{t("caseStudy.description")}</h2>
              <p className="whitespace-pre-line text-slate-700">{view.description}</p>
            </section>
          ) : null}
          <DetailSections view={view} variant="case-study" />
        </div>
        <SidePanel view={view} />
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  return <DetailErrorBoundary variant="case-study" />;
}

import { useT } from "~/i18n/translator";
import { data, Link } from "react-router";
import { getDb } from "~/.server/db";
import { pageCacheHeaders } from "~/.server/http-cache";
import { getFixedT, loadLaterTexts } from "~/.server/i18n";
import { TOOL_PAGE_SOURCES } from "~/.server/resolve";
import { crumbsForLd, languageNotice, resolveOrNotFound, type PageCrumb } from "~/.server/resolve/page-data";
import { favoriteEntryOf } from "~/.server/favorites/targets";
import { hasVerifiedMaker } from "~/.server/makers/claim-state";
import { ClaimPanel } from "~/components/makers/claim-panel";
import { VerifiedMark } from "~/components/makers/verified-mark";
import { toolPageSeo } from "~/.server/seo/page-seo";
import { listRelatedTools } from "~/.server/tools/detail";
import { loadReviewSection, withReviewsLd } from "~/.server/reviews/page-data";
import { ListingReport } from "~/components/reports/listing-report";
import { DiscontinuedNotice } from "~/components/reviews/discontinued-notice";
import { ReviewsArea } from "~/components/reviews/reviews-area";
import { CARD_DESCRIPTION_KEY, ToolCard, useCardText } from "~/components/tools/tool-card";
import { markupCarriedField } from "~/delivery/markup-data";
import { Breadcrumbs } from "~/components/tool-detail/breadcrumbs";
import { DetailErrorBoundary } from "~/components/tool-detail/detail-not-found";
import { DetailSections } from "~/components/tool-detail/detail-sections";
import { ImagePreview } from "~/components/tool-detail/image-preview";
import { LanguageNotice } from "~/components/tool-detail/language-notice";
import { SidePanel } from "~/components/tool-detail/side-panel";
import { ToolActions } from "~/components/tool-detail/tool-actions";
import { useLocalizedPath, useRouteBundles } from "~/i18n/hooks";
import { localizedPath, splitLangPath } from "~/i18n/languages";
import { offersPanelFor } from "~/.server/offers/page-data";
import { AlternativesLink, ToolOffersPanel } from "~/components/compare/tool-offers-panel";
import { HydrateApart } from "~/components/layout/hydrate-apart";
import type { Route } from "./+types/tool";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const db = getDb();
  const view = await resolveOrNotFound(db, params.slug, lang, { sources: TOOL_PAGE_SOURCES });
  const [common, related, favorite, verifiedMaker, offers, reviews, texts] = await Promise.all([
    getFixedT(lang, "common"),
    listRelatedTools(db, { categorySlug: view.category?.slug ?? null, excludeSlug: view.slug, lang }),
    favoriteEntryOf(db, view),
    view.toolId === null ? false : hasVerifiedMaker(db, view.toolId),
    offersPanelFor(db, lang, view.source, view.slug),
    view.source === "database" ? loadReviewSection(request, db, "tool", view.slug, lang) : null,
    // The claim panel's texts are not in the root bundles (decision 0038).
    loadLaterTexts(lang, "makers", ["claim"]),
  ]);
  const crumbs: PageCrumb[] = [
    { name: common("nav.home"), to: localizedPath(lang, "/") },
    { name: common("nav.tools"), to: localizedPath(lang, "/tools") },
    ...(view.category ? [{ name: view.category.name, to: `${localizedPath(lang, "/tools")}?category=${encodeURIComponent(view.category.slug)}` }] : []),
    { name: view.name },
  ];
  return data(
    {
      view,
      // The cards' descriptions are in the page's markup; a document's loader data leaves them out.
      related: markupCarriedField(context, CARD_DESCRIPTION_KEY, related, (tool) => tool.slug, "description"),
      favorite,
      verifiedMaker,
      offers,
      crumbs,
      reviews,
      texts,
      notice: languageNotice(view, lang),
      seo: withReviewsLd(toolPageSeo(view, lang, crumbsForLd(crumbs, lang, `/tool/${view.slug}`), common("site.name")), reviews),
    },
    { headers: pageCacheHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function ToolDetail({ loaderData }: Route.ComponentProps) {
  const { view, related, crumbs, notice, favorite, reviews } = loaderData;
  useRouteBundles(loaderData.texts);
  const t = useT("tools");
  const to = useLocalizedPath();
  const cardText = useCardText();
  const contentLang = view.contentLanguage === "us-en" ? "en" : view.contentLanguage;
  return (
    <article className="space-y-8">
      <Breadcrumbs items={crumbs} label={t("detail.breadcrumb")} />
      <LanguageNotice languages={notice.languages} pageLanguage={notice.page} />
      <DiscontinuedNotice section={reviews} alternatives={loaderData.offers?.hasAlternatives ? <AlternativesLink data={loaderData.offers} name={view.name} /> : null} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-8" lang={contentLang}>
          <header className="grid gap-6 md:grid-cols-2 md:items-start">
            <ImagePreview image={view.images[0]} name={view.name} />
            <div className="space-y-4">
              <h1 className="text-3xl font-bold tracking-tight text-slate-900">{view.name}</h1>
              {loaderData.verifiedMaker ? <VerifiedMark /> : null}
              {view.subtitle ? <p className="text-lg text-slate-700">{view.subtitle}</p> : null}
              {view.description ? <p className="text-slate-700">{view.description}</p> : null}
              <ToolActions slug={view.slug} name={view.name} websiteUrl={view.websiteUrl} favorite={favorite} />
              {reviews ? <ListingReport target={{ subject: "tool", slug: view.slug }} bundles={reviews.bundles} checkedAt={reviews.websiteCheckedAt} /> : null}
            </div>
          </header>
          {/* The parts below the header hydrate apart from it and from each other (HydrateApart). */}
          <HydrateApart>
            <DetailSections view={view} variant="tool" />
          </HydrateApart>
          <HydrateApart>
            <ToolOffersPanel data={loaderData.offers} name={view.name} />
            {view.websiteUrl ? <ClaimPanel slug={view.slug} /> : null}
          </HydrateApart>
        </div>
        <HydrateApart>
          <SidePanel view={view} />
        </HydrateApart>
      </div>
      <HydrateApart>{reviews ? <ReviewsArea section={reviews} /> : null}</HydrateApart>
      <HydrateApart>
        {related.length > 0 ? (
          <section aria-labelledby="related-tools" className="space-y-4">
            <div className="flex items-baseline justify-between gap-4">
              <h2 id="related-tools" className="text-2xl font-semibold">{t("detail.related")}</h2>
              {view.category ? (
                <Link className="text-sm font-medium text-brand-700 hover:underline" to={`${to("/tools")}?category=${encodeURIComponent(view.category.slug)}`}>
                  {t("detail.viewMore")}
                </Link>
              ) : null}
            </div>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((tool) => (
                <ToolCard key={tool.slug} tool={tool} text={cardText} />
              ))}
            </ul>
          </section>
        ) : null}
      </HydrateApart>
    </article>
  );
}

export function ErrorBoundary() {
  return <DetailErrorBoundary variant="tool" />;
}

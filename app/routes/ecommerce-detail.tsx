import { data, redirect } from "react-router";
import { z } from "zod";
import { getDb } from "~/.server/db";
import { ecommerceListPath, ecommerceProductSeo, getEcommerceProduct, isUnpublishedEcommerce } from "~/.server/ecommerce/detail";
import { ecommerceBundles } from "~/.server/ecommerce/page-data";
import { pageCacheHeaders } from "~/.server/http-cache";
import { getFixedT } from "~/.server/i18n";
import { getLogger } from "~/.server/logger";
import { languageNotice } from "~/.server/resolve/page-data";
import { loadReviewSection, withReviewsLd } from "~/.server/reviews/page-data";
import { ListingReport } from "~/components/reports/listing-report";
import { DiscontinuedNotice } from "~/components/reviews/discontinued-notice";
import { ReviewsArea } from "~/components/reviews/reviews-area";
import { EcommerceProduct } from "~/components/ecommerce/product";
import { useRouteBundles } from "~/i18n/hooks";
import { localizedPath, splitLangPath } from "~/i18n/languages";
import { offersPanelFor } from "~/.server/offers/page-data";
import { AlternativesLink, ToolOffersPanel } from "~/components/compare/tool-offers-panel";
import type { Route } from "./+types/ecommerce-detail";

const slugSchema = z.string().trim().min(1).max(200);

/**
 * A product that is missing (or cannot be read) sends the visitor to the list (spec 2.2), which names the
 * slug it could not find; crawlers get `noindex` on the redirect and on that list, never a 500.
 */
function toList(lang: Parameters<typeof ecommerceListPath>[0], slug: string): Response {
  return redirect(ecommerceListPath(lang, slug), { status: 302, headers: { "X-Robots-Tag": "noindex", "Cache-Control": "no-store" } });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const parsed = slugSchema.safeParse(params.slug);
  if (!parsed.success) throw toList(lang, "");
  let product: Awaited<ReturnType<typeof getEcommerceProduct>>;
  try {
    product = await getEcommerceProduct(getDb(), parsed.data, lang);
  } catch (error) {
    getLogger().error({ err: error, slug: parsed.data }, "e-commerce product failed to load");
    throw toList(lang, parsed.data);
  }
  if (!product && (await isUnpublishedEcommerce(getDb(), parsed.data))) throw data({ status: 410, slug: parsed.data }, { status: 410, headers: { "X-Robots-Tag": "noindex", "Cache-Control": "no-store" } });
  if (!product) throw toList(lang, parsed.data);
  const [bundles, t, common, offers, reviews] = await Promise.all([
    ecommerceBundles(lang),
    getFixedT(lang, "ecommerce"),
    getFixedT(lang, "common"),
    offersPanelFor(getDb(), lang, "ecommerce", parsed.data),
    loadReviewSection(request, getDb(), "ecommerce_tool", parsed.data, lang),
  ]);
  const crumbs = [
    { name: common("nav.home"), to: localizedPath(lang, "/") },
    { name: t("hero.title"), to: localizedPath(lang, "/ecommerce") },
    { name: product.view.name },
  ];
  return data(
    {
      bundles,
      product,
      offers,
      crumbs,
      notice: languageNotice(product.view, lang),
      reviews,
      seo: withReviewsLd(ecommerceProductSeo(product, lang, t("hero.title"), common("site.name")), reviews),
    },
    { headers: pageCacheHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function EcommerceDetailPage({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  const { reviews } = loaderData;
  return (
    <>
      {reviews?.discontinuedAt ? (
        <div className="mb-6">
          <DiscontinuedNotice section={reviews} alternatives={loaderData.offers?.hasAlternatives ? <AlternativesLink data={loaderData.offers} name={loaderData.product.view.name} /> : null} />
        </div>
      ) : null}
      <EcommerceProduct product={loaderData.product} crumbs={loaderData.crumbs} notice={loaderData.notice} />
      <div className="mt-8">
        <ToolOffersPanel data={loaderData.offers} name={loaderData.product.view.name} />
      </div>
      {reviews ? (
        <div className="mt-8 space-y-8">
          <ListingReport target={{ subject: "ecommerce_tool", slug: reviews.slug }} bundles={reviews.bundles} checkedAt={reviews.websiteCheckedAt} />
          <ReviewsArea section={reviews} />
        </div>
      ) : null}
    </>
  );
}

import { data } from "react-router";
import { getDb } from "~/.server/db";
import { getFixedT, loadBundles } from "~/.server/i18n";
import { newsletterAction, newsletterPage, pageKindOf } from "~/.server/newsletter/pages";
import { NewsletterPageView } from "~/components/feeds/newsletter-pages";
import { useRouteBundles } from "~/i18n/hooks";
import type { Route } from "./+types/newsletter";

/** `/{lang}/newsletter/confirm|unsubscribe|preferences?token=…`: the pages a subscriber reaches from a mail. */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

async function pageData(request: Request) {
  const { lang, kind } = pageKindOf(request);
  const [bundles, t, common] = await Promise.all([loadBundles(lang, ["newsletter"]), getFixedT(lang, "newsletter"), getFixedT(lang, "common")]);
  const title = t(kind === "confirm" ? "page.confirmTitle" : kind === "unsubscribe" ? "page.unsubscribeTitle" : "page.preferencesTitle");
  return { bundles, seo: { title: `${title} | ${common("site.name")}`, description: common("newsletter.intro"), noindex: true } };
}

export async function loader({ request }: Route.LoaderArgs) {
  const [page, extra] = await Promise.all([newsletterPage(getDb(), request), pageData(request)]);
  return data({ page, ...extra }, { headers: PRIVATE });
}

export async function action({ request }: Route.ActionArgs) {
  const page = await newsletterAction(getDb(), request);
  return data({ page, ...(await pageData(request)) }, { headers: PRIVATE });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  return <NewsletterPageView page={actionData?.page ?? loaderData.page} />;
}

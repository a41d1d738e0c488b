import { useT } from "~/i18n/translator";
import { data } from "react-router";
import { AppLink } from "~/delivery/app-link";
import { getDb } from "~/.server/db";
import { pageCacheHeaders } from "~/.server/http-cache";
import { getFixedT } from "~/.server/i18n";
import { catalogStatistics, homeSections } from "~/.server/tools/queries";
import { sponsoredEntry } from "~/.server/sponsored/view";
import { SponsoredSlot } from "~/components/makers/sponsored-slot";
import { markupCarriedField } from "~/delivery/markup-data";
import { CARD_DESCRIPTION_KEY } from "~/components/tools/tool-card";
import { SearchBox } from "~/components/layout/header-controls";
import { ToolSection } from "~/components/tools/tool-section";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { htmlLang, splitLangPath } from "~/i18n/languages";
import { FigurePhrase } from "~/components/look/figure-phrase";
import { readableFigure } from "~/lib/readable-figures";
import { HydrateApart } from "~/components/layout/hydrate-apart";
import type { Route } from "./+types/home";

const CHIPS = [
  { key: "chips.aiWriting", term: "AI Writing" },
  { key: "chips.imageGeneration", term: "Image Generation" },
  { key: "chips.chatbots", term: "Chatbots" },
  { key: "chips.codeAssistant", term: "Code Assistant" },
] as const;

const WHY = ["curated", "multilingual", "compare", "fresh"] as const;
/** Stroke paths (24x24) drawn for each why-choose item. */
const WHY_ICONS: Record<(typeof WHY)[number], string> = {
  curated: "M20 6 9 17l-5-5",
  multilingual: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20",
  compare: "M3 6h18M7 12h10M10 18h4",
  fresh: "M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const db = getDb();
  const [sections, statistics, t, sponsored] = await Promise.all([homeSections(db, lang), catalogStatistics(db), getFixedT(lang, "common"), sponsoredEntry(db, "home", lang)]);
  // The cards' descriptions are in the page's markup; a document's loader data leaves them out.
  const carried = (cards: typeof sections.featured) => markupCarriedField(context, CARD_DESCRIPTION_KEY, cards, (tool) => tool.slug, "description");
  return data(
    { ...sections, featured: carried(sections.featured), latest: carried(sections.latest), statistics, sponsored, seo: { title: `${t("site.name")} | ${t("site.tagline")}`, description: t("home.heroSubtitle") } },
    { headers: pageCacheHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT("common");
  const lang = useLang();
  const to = useLocalizedPath();
  const { featured, latest, statistics } = loaderData;
  const stats = (["tools", "categories", "caseStudies", "languages"] as const).map((key) => {
    const figure = readableFigure(statistics[key], htmlLang(lang));
    return { key, figure: figure.text, text: t(`home.figures.${key}`, { count: figure.count, figure: figure.text }) };
  });
  return (
    <div className="space-y-16">
      <section className="rounded-2xl bg-gradient-to-br from-brand-50 via-white to-white px-6 py-14 text-center shadow-sm ring-1 ring-slate-100">
        <h1 id="home-title" className="text-4xl font-bold tracking-tight sm:text-5xl">{t("home.heroTitle")}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">{t("home.heroSubtitle")}</p>
        <div className="mt-8 flex justify-center">
          {/* The top bar's search box, with its code (loaded apart, hydrated apart). */}
          <HydrateApart>
            <SearchBox id="hero-search" size="lg" labelledBy="home-title" />
          </HydrateApart>
        </div>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <AppLink to={to("/tools")} className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700">
            {t("home.browseAll")}
          </AppLink>
          <AppLink to={to("/categories")} className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-medium hover:bg-slate-50">
            {t("home.browseCategories")}
          </AppLink>
        </div>
        <p className="mt-6 text-sm text-slate-600" id="popular-searches">{t("home.popularSearches")}</p>
        <ul className="mt-2 flex flex-wrap justify-center gap-2" aria-labelledby="popular-searches">
          {CHIPS.map((chip) => (
            <li key={chip.key}>
              <AppLink
                to={`${to("/tools")}?search=${encodeURIComponent(chip.term)}`}
                className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm hover:border-brand-600 hover:text-brand-700"
              >
                {t(chip.key)}
              </AppLink>
            </li>
          ))}
        </ul>
      </section>

      <SponsoredSlot entry={loaderData.sponsored} slot="home" />

      <ToolSection
        id="featured-title"
        title={t("home.featured")}
        description={t("home.featuredDescription")}
        viewMoreHref={to("/tools")}
        viewMoreLabel={t("home.viewAllTools")}
        tools={featured}
        columns={5}
      />

      <ToolSection
        id="latest-title"
        title={t("home.latest")}
        description={t("home.latestDescription")}
        viewMoreHref={`${to("/tools")}?sort=newest`}
        tools={latest}
        columns={3}
      />

      {/* Below the cards: hydrated apart from the rest of the page (HydrateApart). */}
      <HydrateApart>
        <section aria-labelledby="stats-title" className="rounded-2xl bg-brand-700 px-6 py-10 text-white">
          <h2 id="stats-title" className="text-center text-2xl font-semibold">{t("home.statsTitle")}</h2>
          <ul className="mt-8 grid grid-cols-2 gap-6 text-center md:grid-cols-4" data-testid="home-figures">
            {stats.map((stat) => (
              <li key={stat.key}>
                <FigurePhrase text={stat.text} figure={stat.figure} />
              </li>
            ))}
          </ul>
          <p className="mt-6 text-center text-sm font-medium text-brand-100">{t("home.stats.updates")}</p>
        </section>

        <section aria-labelledby="why-title">
          <h2 id="why-title" className="text-center text-2xl font-semibold">{t("home.whyTitle")}</h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {WHY.map((key) => (
              <li key={key} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <span aria-hidden="true" className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                    <path d={WHY_ICONS[key]} />
                  </svg>
                </span>
                <h3 className="mt-3 font-semibold">{t(`home.why.${key}.title`)}</h3>
                <p className="mt-2 text-sm text-slate-600">{t(`home.why.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>
      </HydrateApart>
    </div>
  );
}

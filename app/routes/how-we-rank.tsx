import { Link } from "react-router";
import { loadRankingPage } from "~/.server/reviews/ranking-page";
import { useLang, useLocalizedPath, useRouteBundles } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { intlLocale } from "~/lib/effective-date";
import { PRIOR_MEAN, PRIOR_WEIGHT, rankingScore } from "~/lib/ranking";
import type { Route } from "./+types/how-we-rank";

/** How ratings and the order by rating work, how sponsored places and reviews are handled (issue 34). */
export const loader = ({ request }: Route.LoaderArgs) => loadRankingPage(request);
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function HowWeRank({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  const t = useT("reviews");
  const lang = useLang();
  const to = useLocalizedPath();
  const number = new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 2 });
  const heading = "text-xl font-semibold text-slate-900";
  const body = "mt-2 leading-relaxed text-slate-700";
  const examples = [
    { rating: 5, reviews: 1 },
    { rating: 4.6, reviews: 240 },
  ];
  return (
    <article className="mx-auto max-w-3xl space-y-10" data-testid="how-we-rank">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("rank.title")}</h1>
        <p className="mt-4 text-lg text-slate-700">{t("rank.intro")}</p>
      </header>
      <section aria-labelledby="rank-shown">
        <h2 id="rank-shown" className={heading}>{t("rank.shownTitle")}</h2>
        <p className={body}>{t("rank.shown")}</p>
      </section>
      <section aria-labelledby="rank-order">
        <h2 id="rank-order" className={heading}>{t("rank.orderTitle")}</h2>
        <p className={body}>{t("rank.order", { weight: PRIOR_WEIGHT, mean: number.format(PRIOR_MEAN) })}</p>
        <p className="mt-3 overflow-x-auto rounded-lg bg-slate-100 px-4 py-3 font-mono text-sm text-slate-900" data-testid="rank-formula">
          {t("rank.formula", { weight: PRIOR_WEIGHT, mean: number.format(PRIOR_MEAN) })}
        </p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
          {examples.map((example) => (
            <li key={example.reviews}>
              {t("rank.example", { rating: number.format(example.rating), reviews: number.format(example.reviews), score: number.format(rankingScore(example.rating, example.reviews)) })}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="rank-sponsored">
        <h2 id="rank-sponsored" className={heading}>{t("rank.sponsoredTitle")}</h2>
        <p className={body}>{t("rank.sponsored")}</p>
      </section>
      <section aria-labelledby="rank-moderation">
        <h2 id="rank-moderation" className={heading}>{t("rank.moderationTitle")}</h2>
        <p className={body}>{t("rank.moderation")}</p>
        <p className={body}>{t("rank.links")}</p>
      </section>
      <p className="text-slate-700">
        <Link to={to("/tools")} className="font-medium text-brand-700 underline">{t("rank.browse")}</Link>
      </p>
    </article>
  );
}

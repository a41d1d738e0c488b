import { useT } from "~/i18n/translator";
import { Link } from "react-router";
import { formatDate } from "~/.server/case-studies/format";
import { listCaseStudies } from "~/.server/case-studies/queries";
import { getDb } from "~/.server/db";
import { getFixedT } from "~/.server/i18n";
import { crumbsForLd, type PageCrumb } from "~/.server/resolve/page-data";
import { Breadcrumbs } from "~/components/tool-detail/breadcrumbs";
import { useLocalizedPath } from "~/i18n/hooks";
import { localizedPath, splitLangPath } from "~/i18n/languages";
import { breadcrumbLd } from "~/lib/seo";
import type { Route } from "./+types/case-studies";
import { CardCover } from "~/components/look/card-mark";

export async function loader({ request }: Route.LoaderArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const [studies, common, tools] = await Promise.all([listCaseStudies(getDb(), lang), getFixedT(lang, "common"), getFixedT(lang, "tools")]);
  const crumbs: PageCrumb[] = [{ name: common("nav.home"), to: localizedPath(lang, "/") }, { name: tools("caseStudy.listTitle") }];
  return {
    studies: studies.map((study) => ({ ...study, published: study.publishDate ? formatDate(study.publishDate, lang) : null })),
    crumbs,
    seo: {
      title: `${tools("caseStudy.listTitle")} | ${common("site.name")}`,
      description: tools("caseStudy.listDescription"),
      jsonLd: [breadcrumbLd(crumbsForLd(crumbs, lang, "/case-studies"))],
    },
  };
}

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  const t = useT("tools");
  const to = useLocalizedPath();
  return (
    <div className="space-y-8">
      <Breadcrumbs items={loaderData.crumbs} label={t("detail.breadcrumb")} />
      <header className="max-w-3xl space-y-3">
        <h1 className="text-3xl font-bold tracking-tight">{t("caseStudy.listTitle")}</h1>
        <p className="text-lg text-slate-700">{t("caseStudy.listDescription")}</p>
      </header>
      {loaderData.studies.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t("caseStudy.listEmpty")}</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="case-study-list">
          {loaderData.studies.map((study) => (
            <li key={study.slug} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
              <Link to={to(`/case-study/${study.slug}`)} className="block h-full">
                {study.coverImage ? (
                  <CardCover src={study.coverImage} />
                ) : (
                  <div aria-hidden="true" className="aspect-[1200/630] w-full bg-gradient-to-br from-brand-50 to-slate-100" />
                )}
                <div className="space-y-2 p-4">
                  <h2 className="font-semibold text-slate-900" lang={study.contentLanguage === "us-en" ? "en" : study.contentLanguage}>{study.title}</h2>
                  {study.subtitle ? <p className="line-clamp-2 text-sm text-slate-600">{study.subtitle}</p> : null}
                  <p className="text-xs text-slate-600">
                    {[study.published, study.readTime ? t("caseStudy.readTime", { count: study.readTime }) : null].filter(Boolean).join(" · ")}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useT } from "~/i18n/translator";
import { isRouteErrorResponse, Link, useParams, useRouteError } from "react-router";
import type { DetailSource } from "~/.server/resolve/types";
// Loaded when an error shows, not with the page (as the root does).
import { ErrorScreen } from "~/components/lazy-screens";
import { useLang, useLocalizedPath } from "~/i18n/hooks";

export interface DetailNotFoundData {
  kind: "detail-not-found";
  slug: string;
  lang: string;
  checked: DetailSource[];
}

export function isDetailNotFound(value: unknown): value is DetailNotFoundData {
  return Boolean(value && typeof value === "object" && (value as { kind?: unknown }).kind === "detail-not-found");
}

/**
 * 'AI Tool Not Found' (tool pages) or '产品未找到' (case studies), with the
 * slug, the language and the sources that were checked.
 */
export function DetailNotFound({ variant, info }: { variant: "tool" | "case-study"; info: DetailNotFoundData }) {
  const t = useT(["tools", "common"]);
  const to = useLocalizedPath();
  const prefix = variant === "tool" ? "notFound" : "caseStudy.notFound";
  const title = t(`${prefix}.title`);
  const sourceNames = info.checked.map((source) => t(`notFound.sources.${source}`));
  return (
    <section className="mx-auto max-w-xl py-12 text-center" aria-labelledby="detail-not-found-title" data-testid="detail-not-found">
      <title>{`${title} | ${t("common:site.name")}`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-5xl font-bold text-brand-600">404</p>
      <h1 id="detail-not-found-title" className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">{t(`${prefix}.message`)}</p>
      <dl className="mx-auto mt-6 grid max-w-md grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white p-4 text-left text-sm">
        <dt className="font-medium text-slate-600">{t("notFound.slug")}</dt>
        <dd className="break-all font-mono text-slate-900" data-testid="not-found-slug">{info.slug}</dd>
        <dt className="font-medium text-slate-600">{t("notFound.language")}</dt>
        <dd className="font-mono text-slate-900">{info.lang}</dd>
        <dt className="font-medium text-slate-600">{t("notFound.checked")}</dt>
        <dd className="text-slate-900">{sourceNames.length ? sourceNames.join(", ") : t("notFound.none")}</dd>
      </dl>
      {info.checked.includes("static") ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="static-missing">{t("notFound.staticMissing", { slug: info.slug })}</p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={to("/tools")} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
          {t("notFound.browseTools")}
        </Link>
        <Link to={to("/case-studies")} className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50">
          {t("caseStudy.listTitle")}
        </Link>
        <Link to={to("/")} className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50">
          {t("common:notFound.home")}
        </Link>
      </div>
    </section>
  );
}

/** Error boundary of the tool and case-study routes: their 404 lists what was checked; anything else is an error. */
export function DetailErrorBoundary({ variant }: { variant: "tool" | "case-study" }) {
  const error = useRouteError();
  const lang = useLang();
  const { slug = "" } = useParams();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const info = isDetailNotFound(error.data) ? error.data : { kind: "detail-not-found" as const, slug, lang, checked: [] };
    return <DetailNotFound variant={variant} info={info} />;
  }
  return <ErrorScreen error={error} />;
}

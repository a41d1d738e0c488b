import { useT } from "~/i18n/translator";
import { Link } from "react-router";
import { useLocalizedPath } from "~/i18n/hooks";

/** Page Not Found, with links to home, tools and about. */
export function NotFoundScreen() {
  const t = useT("common");
  const to = useLocalizedPath();
  const button = "rounded-lg px-4 py-2 text-sm font-medium";
  return (
    <section className="mx-auto max-w-xl py-16 text-center" aria-labelledby="not-found-title">
      <title>{`${t("notFound.title")} | ${t("site.name")}`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-5xl font-bold text-brand-600">404</p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-semibold">{t("notFound.title")}</h1>
      <p className="mt-2 text-slate-600">{t("notFound.message")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={to("/")} className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>{t("notFound.home")}</Link>
        <Link to={to("/tools")} className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}>{t("notFound.tools")}</Link>
        <Link to={to("/about")} className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}>{t("notFound.about")}</Link>
      </div>
    </section>
  );
}

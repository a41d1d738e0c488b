import { useI18n, useT } from "~/i18n/translator";
import { Link } from "react-router";
import { loadStaticPage } from "~/.server/static-pages";
import { stringList } from "~/components/static-pages/string-list";
import { useLocalizedPath, useRouteBundles } from "~/i18n/hooks";
import type { Route } from "./+types/about";

export async function loader({ request }: Route.LoaderArgs) {
  const { bundles, contactEmail } = await loadStaticPage(request);
  return { bundles, contactEmail };
}

export default function About({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  const t = useT(["about", "common"]);
  const i18n = useI18n();
  const to = useLocalizedPath();
  const list = (key: string) => stringList(t, (k) => i18n.exists(k), key);
  const heading = "text-xl font-semibold text-slate-900";
  const body = "mt-2 leading-relaxed text-slate-700";
  const link = "font-medium text-brand-700 underline";
  return (
    <article className="mx-auto max-w-3xl space-y-10">
      <title>{`${t("about:meta.title")} | ${t("common:site.name")}`}</title>
      <meta name="description" content={t("about:meta.description")} />
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("about:title")}</h1>
        <p className="mt-4 text-lg text-slate-700">{t("about:intro")}</p>
      </header>
      <section aria-labelledby="about-mission">
        <h2 id="about-mission" className={heading}>{t("about:missionTitle")}</h2>
        <p className={body}>{t("about:mission")}</p>
      </section>
      <section aria-labelledby="about-offer">
        <h2 id="about-offer" className={heading}>{t("about:offerTitle")}</h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {[t("about:offerTools"), t("about:offerEcommerce"), t("about:offerCases")].map((item) => (
            <li key={item} className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">{item}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="about-listing">
        <h2 id="about-listing" className={heading}>{t("about:listingTitle")}</h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700 marker:text-slate-400">
          {list("about:listingItems").map((item) => <li key={item}>{item}</li>)}
        </ul>
      </section>
      <section aria-labelledby="about-languages">
        <h2 id="about-languages" className={heading}>{t("about:languagesTitle")}</h2>
        <p className={body}>{t("about:languages")}</p>
      </section>
      <section aria-labelledby="about-contact" className="rounded-2xl bg-brand-50 p-6">
        <h2 id="about-contact" className={heading}>{t("about:contactTitle")}</h2>
        <p className={body}>
          {t("about:contactText")}{" "}
          <a className={link} href={`mailto:${loaderData.contactEmail}`}>{loaderData.contactEmail}</a>
        </p>
        <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link className={link} to={to("/contact")}>{t("common:footer.contact")}</Link>
          <Link className={link} to={to("/careers")}>{t("common:footer.careers")}</Link>
          <Link className={link} to={to("/privacy-policy")}>{t("common:footer.privacy")}</Link>
          <Link className={link} to={to("/terms-of-service")}>{t("common:footer.terms")}</Link>
        </p>
      </section>
    </article>
  );
}

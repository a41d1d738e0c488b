import { useI18n, useT } from "~/i18n/translator";
import { Link } from "react-router";
import { loadStaticPage } from "~/.server/static-pages";
import { stringList } from "~/components/static-pages/string-list";
import { useLocalizedPath, useRouteBundles } from "~/i18n/hooks";
import type { Route } from "./+types/contact";

export async function loader({ request }: Route.LoaderArgs) {
  const { bundles, contactEmail } = await loadStaticPage(request);
  return { bundles, contactEmail };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  const t = useT(["about", "common"]);
  const i18n = useI18n();
  const to = useLocalizedPath();
  const list = (key: string) => stringList(t, (k) => i18n.exists(k), key);
  const { contactEmail } = loaderData;
  return (
    <article className="mx-auto max-w-3xl space-y-10">
      <title>{`${t("about:contact.meta.title")} | ${t("common:site.name")}`}</title>
      <meta name="description" content={t("about:contact.meta.description")} />
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("about:contact.title")}</h1>
        <p className="mt-4 text-lg text-slate-700">{t("about:contact.intro")}</p>
      </header>
      <section aria-labelledby="contact-email" className="rounded-2xl border border-brand-100 bg-brand-50 p-6 sm:p-8">
        <h2 id="contact-email" className="text-lg font-semibold text-slate-900">{t("about:contact.emailHeading")}</h2>
        <p className="mt-3">
          <a className="break-all text-2xl font-semibold text-brand-700 underline decoration-2 underline-offset-4 hover:text-brand-800" href={`mailto:${contactEmail}`}>
            {contactEmail}
          </a>
        </p>
        <p className="mt-4 text-slate-700">{t("about:contact.responseTime")}</p>
      </section>
      <section aria-labelledby="contact-include">
        <h2 id="contact-include" className="text-xl font-semibold">{t("about:contact.includeHeading")}</h2>
        <p className="mt-2 text-slate-700">{t("about:contact.includeIntro")}</p>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700 marker:text-slate-400">
          {list("about:contact.includeItems").map((item) => <li key={item}>{item}</li>)}
        </ul>
      </section>
      <section aria-labelledby="contact-topics">
        <h2 id="contact-topics" className="text-xl font-semibold">{t("about:contact.topicsHeading")}</h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {list("about:contact.topics").map((item) => (
            <li key={item} className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">{item}</li>
          ))}
        </ul>
      </section>
      <p className="text-sm text-slate-600">
        {t("about:contact.privacyNote")}{" "}
        <Link className="text-brand-700 underline" to={to("/privacy-policy")}>{t("common:footer.privacy")}</Link>
      </p>
    </article>
  );
}

import { useI18n, useT } from "~/i18n/translator";
import { loadStaticPage } from "~/.server/static-pages";
import { stringList } from "~/components/static-pages/string-list";
import { useRouteBundles } from "~/i18n/hooks";
import type { Route } from "./+types/careers";

/** Open roles, in the order they are listed; their text lives under `careers.roles.<key>`. */
const OPEN_ROLES = ["contentEditor", "fullStack"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const { bundles, contactEmail } = await loadStaticPage(request);
  return { bundles, contactEmail };
}

export default function Careers({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.bundles);
  const t = useT(["about", "common"]);
  const i18n = useI18n();
  const list = (key: string) => stringList(t, (k) => i18n.exists(k), key);
  const { contactEmail } = loaderData;
  const applyHref = (role: string) =>
    `mailto:${contactEmail}?subject=${encodeURIComponent(t("about:careers.applySubject", { role }))}`;
  return (
    <article className="mx-auto max-w-4xl space-y-12">
      <title>{`${t("about:careers.meta.title")} | ${t("common:site.name")}`}</title>
      <meta name="description" content={t("about:careers.meta.description")} />
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("about:careers.title")}</h1>
        <p className="mt-4 max-w-3xl text-lg text-slate-700">{t("about:careers.intro")}</p>
      </header>
      <section aria-labelledby="careers-work">
        <h2 id="careers-work" className="text-2xl font-semibold">{t("about:careers.workTitle")}</h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {list("about:careers.workItems").map((item) => (
            <li key={item} className="rounded-xl border border-slate-200 bg-white p-5 text-slate-700">{item}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="careers-roles">
        <h2 id="careers-roles" className="text-2xl font-semibold">{t("about:careers.rolesTitle")}</h2>
        <div className="mt-4 space-y-6">
          {OPEN_ROLES.map((role) => {
            const base = `about:careers.roles.${role}`;
            const title = t(`${base}.title`);
            return (
              <section key={role} aria-labelledby={`role-${role}`} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
                <h3 id={`role-${role}`} className="text-xl font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-500">{t(`${base}.team`)}</p>
                <p className="mt-4 text-slate-700">{t(`${base}.summary`)}</p>
                <div className="mt-6 grid gap-6 md:grid-cols-2">
                  <div>
                    <h4 className="font-semibold text-slate-900">{t("about:careers.responsibilitiesTitle")}</h4>
                    <ul className="mt-2 list-disc space-y-1.5 pl-5 text-slate-700 marker:text-slate-400">
                      {list(`${base}.responsibilities`).map((item) => <li key={item}>{item}</li>)}
                    </ul>
                  </div>
                  <div>
                    <h4 className="font-semibold text-slate-900">{t("about:careers.requirementsTitle")}</h4>
                    <ul className="mt-2 list-disc space-y-1.5 pl-5 text-slate-700 marker:text-slate-400">
                      {list(`${base}.requirements`).map((item) => <li key={item}>{item}</li>)}
                    </ul>
                  </div>
                </div>
                <a
                  className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
                  href={applyHref(title)}
                >
                  {t("about:careers.applyButton")}
                  <span className="sr-only">{`: ${title}`}</span>
                </a>
              </section>
            );
          })}
        </div>
      </section>
      <section aria-labelledby="careers-apply" className="rounded-2xl bg-brand-50 p-6 sm:p-8">
        <h2 id="careers-apply" className="text-2xl font-semibold">{t("about:careers.applyTitle")}</h2>
        <p className="mt-3 text-slate-700">
          {t("about:careers.applyIntro")}{" "}
          <a className="font-medium text-brand-700 underline" href={`mailto:${contactEmail}`}>{contactEmail}</a>
        </p>
        <ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-700">
          {list("about:careers.applySteps").map((item) => <li key={item}>{item}</li>)}
        </ol>
        <p className="mt-4 text-slate-700">{t("about:careers.openApplication")}</p>
      </section>
    </article>
  );
}

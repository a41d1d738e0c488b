import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { LANGUAGES } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import { absoluteUrl } from "~/lib/seo";
import { FEED_FORMATS, feedPath, type FeedKind } from "~/lib/feeds";
import type { ApiReference } from "~/.server/public-api/reference";

const FEEDS: Array<{ kind: FeedKind; key: string }> = [
  { kind: "tools", key: "tools" },
  { kind: "ecommerce", key: "ecommerce" },
  { kind: "case-studies", key: "caseStudies" },
];
const FORMAT_NAME = { rss: "RSS", atom: "Atom", json: "JSON Feed" } as const;

const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] break-all text-slate-800";
const section = "space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6";

/** The developers page: feeds of this language, then the API reference drawn from the OpenAPI document. */
export function DeveloperReference({ reference }: { reference: ApiReference }) {
  const t = useT(["feeds", "common"]);
  const lang = useLang();
  const to = useLocalizedPath();
  const { baseUrl, limits } = reference;
  const example = `curl -H "X-API-Key: dk_…" "${baseUrl}/api/v1/tools?lang=${lang}&q=video&limit=5"`;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t("developers.title")}</h1>
        <p className="mt-2 text-slate-600">{t("developers.intro")}</p>
      </header>

      <section className={section} aria-labelledby="feeds-title">
        <h2 id="feeds-title" className="text-xl font-semibold text-slate-900">{t("developers.feedsTitle")}</h2>
        <p className="text-slate-600">{t("developers.feedsIntro")}</p>
        <ul className="space-y-2">
          {FEEDS.map(({ kind, key }) => (
            <li key={kind} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="font-medium text-slate-900">{t(`common:feed.${key}`)}</span>
              {FEED_FORMATS.map((format) => (
                <a key={format} className="text-brand-700 hover:underline" href={feedPath(lang, kind, format)}>{FORMAT_NAME[format]}</a>
              ))}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-600">
          {t("developers.categoryFeeds")} <code className={code}>{feedPath(lang, "category", "rss", "{slug}")}</code>
        </p>
      </section>

      <section className={section} aria-labelledby="api-title">
        <h2 id="api-title" className="text-xl font-semibold text-slate-900">{t("developers.apiTitle")}</h2>
        <p className="text-slate-600">{t("developers.apiIntro")}</p>
        <p className="text-sm">
          <a className="font-medium text-brand-700 hover:underline" href="/api/v1/openapi.json">{t("developers.openapiLink")}</a>
        </p>
        <p className="text-sm text-slate-600">{t("developers.languages", { list: LANGUAGES.join(", ") })}</p>
        <h3 className="pt-2 font-semibold text-slate-900">{t("developers.limitsTitle")}</h3>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t("developers.limitAnonymous", { count: limits.anonymous, seconds: limits.windowSeconds })}</li>
          <li>{t("developers.limitKey", { count: limits.withKey, seconds: limits.windowSeconds })}</li>
          <li>
            {t("developers.keyHow")}{" "}
            <a className="font-medium text-brand-700 underline" href={`${to("/user/dashboard")}#api-keys-title`} data-testid="developers-keys-link">
              {t("keysPanel.dashboardLink")}
            </a>
          </li>
          <li>{t("developers.caching")}</li>
        </ul>
        <h3 className="pt-2 font-semibold text-slate-900">{t("developers.exampleTitle")}</h3>
        {/* Focusable: a phone scrolls the example sideways, and keyboards must reach it too. */}
        <pre tabIndex={0} aria-label={t("developers.exampleTitle")} className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100"><code>{example}</code></pre>
      </section>

      <section className="space-y-4" aria-labelledby="endpoints-title">
        <h2 id="endpoints-title" className="text-xl font-semibold text-slate-900">{t("developers.endpointsTitle")}</h2>
        {lang === "us-en" ? null : <p className="text-sm text-slate-600">{t("keysPanel.referenceInEnglish")}</p>}
        {reference.endpoints.map((endpoint) => (
          <article key={endpoint.path} className={section} id={endpoint.path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}>
            <h3 className="flex flex-wrap items-baseline gap-2 font-mono text-sm sm:text-base">
              <span className="rounded bg-emerald-100 px-1.5 py-0.5 font-semibold text-emerald-800">GET</span>
              <span className="break-all text-slate-900">{endpoint.path}</span>
            </h3>
            {/* The summaries and descriptions are the OpenAPI document's, in English: marked so, for screen readers and translators. */}
            <p lang="en" className="font-medium text-slate-900">{endpoint.summary}</p>
            <p lang="en" className="text-sm text-slate-600">{endpoint.description}</p>
            {endpoint.params.length ? (
              <>
                <h4 className="pt-1 text-sm font-semibold text-slate-900">{t("developers.parameters")}</h4>
                <dl className="divide-y divide-slate-100 text-sm">
                  {endpoint.params.map((param) => (
                    <div key={param.name} className="py-2 sm:grid sm:grid-cols-[12rem_1fr] sm:gap-4">
                      <dt>
                        <code className={code}>{param.name}</code>{" "}
                        <span className="text-xs text-slate-500">{param.required ? t("developers.required") : t("developers.optional")}</span>
                      </dt>
                      <dd className="mt-1 text-slate-600 sm:mt-0">
                        <span className="font-mono text-xs break-all text-slate-700">{param.type}</span>
                        {param.description ? <span lang="en" className="block">{param.description}</span> : null}
                      </dd>
                    </div>
                  ))}
                </dl>
              </>
            ) : null}
            {endpoint.fields.length ? (
              <>
                <h4 className="pt-1 text-sm font-semibold text-slate-900">{t("developers.fields")}</h4>
                <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  {endpoint.fields.map((field) => (
                    <li key={field.name}>
                      <code className={code}>{field.name}</code> <span className="font-mono text-xs text-slate-500">{field.type}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </article>
        ))}
      </section>

      <section className={section} aria-labelledby="errors-title">
        <h2 id="errors-title" className="text-xl font-semibold text-slate-900">{t("developers.errorsTitle")}</h2>
        <p className="text-sm text-slate-600">{t("developers.errorsIntro")}</p>
        <dl className="divide-y divide-slate-100 text-sm">
          {reference.errors.map((error) => (
            <div key={error} id={`error-${error}`} className="py-2 sm:grid sm:grid-cols-[12rem_1fr] sm:gap-4">
              <dt><code className={code}>{error}</code></dt>
              <dd className="mt-1 text-slate-600 sm:mt-0">{t(`developers.errors.${error}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="text-sm text-slate-600">
        {t("developers.llms")} <a className="break-all text-brand-700 underline" href="/llms.txt">{absoluteUrl(baseUrl, "/llms.txt")}</a>
      </p>
    </div>
  );
}

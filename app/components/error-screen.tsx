import { useRouteLoaderData, isRouteErrorResponse, useLocation } from "react-router";
import { bundleFolder, splitLangPath, type Lang } from "~/i18n/languages";

type ErrorTexts = Record<"title" | "message" | "refresh" | "details" | "errorMessage" | "errorName" | "path" | "stack", string>;

/**
 * The screen's texts come with its code, not from the page's bundles: it shows when the root loader
 * failed or never ran (a 405, a database outage), and then no bundle is loaded. Only the `error`
 * section of each language's common.json is taken (a named JSON import), so the texts live in one place.
 */
const TEXTS = import.meta.glob<ErrorTexts>("../../public/locales/*/common.json", { eager: true, import: "error" });

function textsFor(lang: Lang): ErrorTexts {
  return TEXTS[`../../public/locales/${bundleFolder(lang)}/common.json`] ?? TEXTS["../../public/locales/en/common.json"]!;
}

/**
 * Fallback for unexpected page errors: message, refresh button and the
 * technical details (the stack only outside production builds).
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const location = useLocation();
  const rootLang = useRouteLoaderData<{ lang?: Lang }>("root")?.lang;
  const text = textsFor(rootLang ?? splitLangPath(location.pathname).lang);
  const t = (key: keyof ErrorTexts) => text[key];
  const details = describe(error);
  return (
    <section role="alert" className="mx-auto max-w-2xl py-16" aria-labelledby="error-title">
      <title>{t("title")}</title>
      <meta name="robots" content="noindex" />
      <h1 id="error-title" className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-slate-600">{t("message")}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t("refresh")}
      </button>
      <details className="mt-8 rounded-lg border border-slate-200 bg-white p-4 text-sm" open>
        <summary className="cursor-pointer font-medium">{t("details")}</summary>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-500">{t("errorMessage")}</dt>
          <dd data-testid="error-message">{details.message}</dd>
          <dt className="text-slate-500">{t("errorName")}</dt>
          <dd>{details.name}</dd>
          <dt className="text-slate-500">{t("path")}</dt>
          <dd>{location.pathname}</dd>
        </dl>
        {import.meta.env.DEV && details.stack ? (
          <>
            <p className="mt-3 text-slate-500">{t("stack")}</p>
            <pre className="mt-1 overflow-x-auto whitespace-pre-wrap text-xs">{details.stack}</pre>
          </>
        ) : null}
      </details>
    </section>
  );
}

function describe(error: unknown): { message: string; name: string; stack?: string } {
  if (isRouteErrorResponse(error)) {
    const body = typeof error.data === "string" ? error.data : (error.data as { error?: { message?: string } })?.error?.message;
    return { message: body || error.statusText || `HTTP ${error.status}`, name: `HTTP ${error.status}` };
  }
  if (error instanceof Error) return { message: error.message, name: error.name, stack: error.stack };
  return { message: String(error), name: "Error" };
}

import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useLocation } from "react-router";

/**
 * Fallback for unexpected page errors: message, refresh button and the
 * technical details (the stack only outside production builds).
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation("common");
  const location = useLocation();
  const details = describe(error);
  return (
    <section role="alert" className="mx-auto max-w-2xl py-16" aria-labelledby="error-title">
      <title>{t("error.title")}</title>
      <meta name="robots" content="noindex" />
      <h1 id="error-title" className="text-2xl font-semibold">{t("error.title")}</h1>
      <p className="mt-2 text-slate-600">{t("error.message")}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t("error.refresh")}
      </button>
      <details className="mt-8 rounded-lg border border-slate-200 bg-white p-4 text-sm" open>
        <summary className="cursor-pointer font-medium">{t("error.details")}</summary>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-500">{t("error.errorMessage")}</dt>
          <dd data-testid="error-message">{details.message}</dd>
          <dt className="text-slate-500">{t("error.errorName")}</dt>
          <dd>{details.name}</dd>
          <dt className="text-slate-500">{t("error.path")}</dt>
          <dd>{location.pathname}</dd>
        </dl>
        {import.meta.env.DEV && details.stack ? (
          <>
            <p className="mt-3 text-slate-500">{t("error.stack")}</p>
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

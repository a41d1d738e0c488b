import { useEffect, useMemo, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
// A side-effect import (not ?url) so server and client builds agree on the hashed CSS file name.
import "./app.css";
import { listFooterCategories } from "./.server/categories/queries";
import { getConfig } from "./.server/config";
import { enabledMethods } from "./.server/auth/auth";
import { getSessionUser } from "./.server/auth/session";
import { getDb } from "./.server/db";
import { loadBundles } from "./.server/i18n";
import { ErrorScreen } from "./components/error-screen";
import { SiteShell } from "./components/layout/site-shell";
import { NotFoundScreen } from "./components/not-found-screen";
import { Seo } from "./components/seo/seo";
import { DetailLoadingStatus } from "./components/tool-detail/detail-loading-status";
import { htmlLang, splitLangPath, type Namespace } from "./i18n/languages";
import { i18nForRender } from "./i18n/render-instance";
import { useNonce } from "./lib/nonce";

/** Bundles every page needs; routes add their own (e.g. `about`) through their loaders. */
const ROOT_NAMESPACES: Namespace[] = ["common", "categories", "tools", "user"];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const [bundles, footerCategories, user] = await Promise.all([
    loadBundles(lang, ROOT_NAMESPACES),
    listFooterCategories(getDb(), lang),
    getSessionUser(request),
  ]);
  return {
    lang,
    bundles,
    footerCategories,
    year: new Date().getUTCFullYear(),
    publicUrl: getConfig().publicUrl,
    user,
    signInMethods: enabledMethods(),
  };
}

/**
 * The root data only changes with the language or with who is signed in: after
 * a form post, and after sign-in/out, which call `revalidate()` (same URL).
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return splitLangPath(currentUrl.pathname).lang !== splitLangPath(nextUrl.pathname).lang;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const nonce = useNonce();
  const lang = data?.lang ?? splitLangPath(location.pathname).lang;
  const bundles = data?.bundles;
  const i18n = useMemo(() => i18nForRender(lang, bundles ?? {}), [lang, bundles]);
  useEffect(() => {
    // Lets tests (and CSS) know the page is interactive, error screens included.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={htmlLang(lang)} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <Links nonce={nonce} />
        {data ? (
          <I18nextProvider i18n={i18n}>
            <Seo publicUrl={data.publicUrl} />
          </I18nextProvider>
        ) : null}
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <I18nextProvider i18n={i18n}>
          <DetailLoadingStatus />
          <SiteShell footerCategories={data?.footerCategories ?? []} year={data?.year ?? new Date().getUTCFullYear()}>
            {children}
          </SiteShell>
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return <ErrorScreen error={error} />;
}

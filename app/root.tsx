import { useEffect, useMemo, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import {
  isRouteErrorResponse,
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
import { rootTexts } from "./.server/page-texts";
import { newsletterEnabled } from "./.server/newsletter/subscribers";
import { ErrorScreen, NotFoundScreen } from "./components/lazy-screens";
import { SiteShell } from "./components/layout/site-shell";
import { Seo } from "./components/seo/seo";
import { DetailLoadingStatus } from "./components/tool-detail/detail-loading-status";
import { htmlLang, isUnlocalizedPath, negotiateLanguage, PREFERRED_LANGUAGE_COOKIE, splitLangPath, type Lang } from "./i18n/languages";
import { i18nForRender } from "./i18n/render-instance";
import { fetchedPageTexts, PAGE_TEXTS_ATTRIBUTE, ROOT_TEXTS_KEY } from "./i18n/page-texts";
import { markupCarried, useMarkupData } from "./delivery/markup-data";
import { AppLinkNavigation } from "./delivery/app-link";
import { DocumentLinks } from "./delivery/stylesheet";
import { useNonce } from "./lib/nonce";

const FAVICON = { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" };

export const links: Route.LinksFunction = () => [FAVICON];

const PREFERRED_LANGUAGE = new RegExp(`(?:^|;\\s*)${PREFERRED_LANGUAGE_COOKIE}=([\\w-]+)`);

/** The path's language; pages without a language segment (admin) follow the visitor's preference. */
function pageLanguage(request: Request): Lang {
  const { pathname } = new URL(request.url);
  if (!isUnlocalizedPath(pathname)) return splitLangPath(pathname).lang;
  return negotiateLanguage(PREFERRED_LANGUAGE.exec(request.headers.get("cookie") ?? "")?.[1], request.headers.get("accept-language"));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = pageLanguage(request);
  const [texts, footerCategories, user] = await Promise.all([
    rootTexts(lang),
    listFooterCategories(getDb(), lang),
    getSessionUser(request),
  ]);
  // A document renders with the texts and preloads them for the browser (`textsHref`, decision 0042); a
  // client navigation to another language gets them here.
  const bundlesJson = markupCarried(context, ROOT_TEXTS_KEY, texts.json);
  return {
    lang,
    bundlesJson,
    textsHref: bundlesJson === null ? texts.href : null,
    footerCategories,
    year: new Date().getUTCFullYear(),
    publicUrl: getConfig().publicUrl,
    newsletter: newsletterEnabled(getConfig()),
    user,
    signInMethods: enabledMethods(),
    // The document and its links render differently per delivery; browser and server must agree.
    delivery: getConfig().DELIVERY,
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
  const textsInRender = useMarkupData(ROOT_TEXTS_KEY);
  const bundlesJson = data ? (data.bundlesJson ?? textsInRender ?? fetchedPageTexts()) : undefined;
  const i18n = useMemo(() => i18nForRender(lang, bundlesJson ?? "{}"), [lang, bundlesJson]);
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
        {data?.textsHref ? <link rel="preload" as="fetch" crossOrigin="anonymous" href={data.textsHref} {...{ [PAGE_TEXTS_ATTRIBUTE]: "" }} /> : null}
        <DocumentLinks delivery={data?.delivery} nonce={nonce} favicon={FAVICON} />
        {data ? (
          <I18nextProvider i18n={i18n}>
            <Seo publicUrl={data.publicUrl} />
          </I18nextProvider>
        ) : null}
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <I18nextProvider i18n={i18n}>
          <AppLinkNavigation delivery={data?.delivery ?? "stock"}>
            <DetailLoadingStatus />
            <SiteShell footerCategories={data?.footerCategories ?? []} year={data?.year ?? new Date().getUTCFullYear()}>
              {children}
            </SiteShell>
          </AppLinkNavigation>
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

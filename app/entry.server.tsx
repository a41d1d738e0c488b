import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { getConfig } from "./.server/config";
import { httpStatusOf } from "./.server/errors";
import { getLogger } from "./.server/logger";
import { renderWhole, STREAM_TIMEOUT_MS } from "./delivery/render.server";
import { renderStock } from "./delivery/stock-render.server";
import { provideServerParts } from "./components/layout/lazy-part";
import { SiteFooter } from "./components/layout/site-footer";
import { LanguageSwitcher, SearchCombobox } from "./components/layout/header-controls-parts";
import { UserMenu } from "./components/auth/user-menu";

// Parts the browser loads apart (lazyPart) render at once here.
provideServerParts({
  "site-footer": { default: SiteFooter },
  "search-box": { default: SearchCombobox },
  "language-menu": { default: LanguageSwitcher },
  "user-menu": { default: UserMenu },
});

export const streamTimeout = STREAM_TIMEOUT_MS;

/** The page, rendered by the delivery DELIVERY names (app/delivery/mode.ts). */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  const render = getConfig().DELIVERY === "stock" ? renderStock : renderWhole;
  return render(request, responseStatusCode, responseHeaders, routerContext, loadContext);
}

/** React Router's refusal of a form posted from another origin (it answers 400): expected traffic, not a failure. */
const CROSS_ORIGIN_ACTION = /origin does not match `origin` header/;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (error instanceof Error && CROSS_ORIGIN_ACTION.test(error.message)) {
    getLogger().warn({ path: new URL(request.url).pathname.slice(0, 200), origin: request.headers.get("origin")?.slice(0, 200) }, "cross-origin write refused");
    return;
  }
  const status = httpStatusOf(error);
  if (status >= 500) getLogger().error({ err: error, url: request.url }, "request failed");
};

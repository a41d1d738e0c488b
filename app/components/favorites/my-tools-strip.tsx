import { lazy, Suspense, useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { AppLink } from "~/lib/app-link";
import { useNonce } from "~/lib/nonce";
import { favoritePath, MY_TOOLS_STRIP_SIZE } from "~/lib/favorites";
import type { loader as rootLoader } from "~/root";
import { storeAccess, useFavoritesState, withActions } from "./store";

/**
 * "My Tools" strip under the navigation (spec 2.3): the first 12 favourites, an Add link to the tools
 * list and an Edit link to the favourites page; hidden when there are none. The HTML is the same for
 * everyone: an inline script shows the (empty) row before first paint when the visitor had favourites
 * last time, and the list fills in after load, so nothing below it moves.
 * Also loads the visitor's favourites and ratings for the whole page (one request when signed in).
 */
/**
 * How many favourites the strip showed last, read by an inline script before the page paints: the strip
 * keeps its place instead of pushing the page down once the list arrives. Same text for every visitor.
 */
const HINT_KEY = "myToolsCount";
const HINT_ATTRIBUTE = "data-my-tools";
const HINT_SCRIPT = `try{if(+localStorage.getItem("${HINT_KEY}")>0)document.documentElement.setAttribute("${HINT_ATTRIBUTE}","")}catch(e){}`;

function writeHint(count: number): void {
  try {
    window.localStorage.setItem(HINT_KEY, String(count));
  } catch {
    // Without storage the strip simply appears once the list is known.
  }
  document.documentElement.toggleAttribute(HINT_ATTRIBUTE, count > 0);
}

// Messages are rare: their component loads with the first one.
const FavoritesNotice = lazy(() => import("./notice").then((module) => ({ default: module.FavoritesNotice })));

export function MyToolsStrip() {
  const t = useT("favorites");
  const to = useLocalizedPath();
  const lang = useLang();
  const nonce = useNonce();
  const userId = useRouteLoaderData<typeof rootLoader>("root")?.user?.id ?? null;
  const { favorites, notice } = useFavoritesState();

  useEffect(() => {
    withActions((actions) => actions.loadFavorites(userId, lang));
  }, [userId, lang]);
  useEffect(() => {
    let hinted: unknown;
    return storeAccess.subscribe(() => {
      const { mode, favorites: current } = storeAccess.get();
      if (mode === null || current === hinted) return;
      hinted = current;
      writeHint(current.length);
    });
  }, []);

  const shown = favorites.slice(0, MY_TOOLS_STRIP_SIZE);
  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HINT_SCRIPT }} />
      <nav aria-label={t("strip.title")} data-testid="my-tools-strip" className="my-tools-strip">
        <div className="mx-auto flex h-full max-w-7xl items-center gap-3 px-4 text-sm sm:px-6 lg:px-8">
          <span className="shrink-0 font-semibold text-slate-800">{t("strip.title")}</span>
          <ul className="flex min-w-0 flex-1 items-center gap-2 overflow-x-auto whitespace-nowrap">
            {shown.map((entry) => (
              <li key={`${entry.type}:${entry.slug}`}>
                <AppLink
                  to={to(favoritePath(entry))}
                  className="my-tools-item"
                  data-testid="my-tools-item"
                >
                  {entry.title}
                </AppLink>
              </li>
            ))}
          </ul>
          <AppLink to={to("/tools")} className="shrink-0 font-medium text-brand-700 hover:underline">
            {t("strip.add")}
          </AppLink>
          <AppLink to={to("/user/favorites")} className="shrink-0 font-medium text-brand-700 hover:underline" data-testid="my-tools-edit">
            {t("strip.edit")}
          </AppLink>
        </div>
      </nav>
      {notice ? (
        <Suspense fallback={null}>
          <FavoritesNotice />
        </Suspense>
      ) : null}
    </>
  );
}

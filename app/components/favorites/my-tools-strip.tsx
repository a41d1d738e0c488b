import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { AppLink } from "~/lib/app-link";
import { useNonce } from "~/lib/nonce";
import { favoritePath, MY_TOOLS_STRIP_SIZE } from "~/lib/favorites";
import type { loader as rootLoader } from "~/root";
import { STRIP_HINT_SCRIPT } from "./local-copy";
import { FavoritesNotice } from "./notice";
import { loadFavorites, useFavoritesState } from "./store";

/**
 * "My Tools" strip under the navigation (spec 2.3): the first 12 favourites, an Add link to the tools
 * list and an Edit link to the favourites page; hidden when there are none. The HTML is the same for
 * everyone: an inline script shows the (empty) row before first paint when the visitor had favourites
 * last time, and the list fills in after load, so nothing below it moves.
 * Also loads the visitor's favourites and ratings for the whole page (one request when signed in).
 */
export function MyToolsStrip() {
  const t = useT("favorites");
  const to = useLocalizedPath();
  const lang = useLang();
  const nonce = useNonce();
  const userId = useRouteLoaderData<typeof rootLoader>("root")?.user?.id ?? null;
  const { favorites } = useFavoritesState();

  useEffect(() => {
    void loadFavorites(userId, lang);
  }, [userId, lang]);

  const shown = favorites.slice(0, MY_TOOLS_STRIP_SIZE);
  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: STRIP_HINT_SCRIPT }} />
      <nav aria-label={t("strip.title")} data-testid="my-tools-strip" className="hidden h-11 border-b border-slate-200 bg-white [html[data-my-tools]_&]:block">
        <div className="mx-auto flex h-full max-w-7xl items-center gap-3 px-4 text-sm sm:px-6 lg:px-8">
          <span className="shrink-0 font-semibold text-slate-800">{t("strip.title")}</span>
          <ul className="flex min-w-0 flex-1 items-center gap-2 overflow-x-auto whitespace-nowrap">
            {shown.map((entry) => (
              <li key={`${entry.type}:${entry.slug}`}>
                <AppLink
                  to={to(favoritePath(entry))}
                  className="inline-block max-w-48 truncate rounded-full border border-slate-200 bg-slate-50 px-3 py-1 text-slate-700 hover:border-brand-600 hover:text-brand-700"
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
      <FavoritesNotice />
    </>
  );
}

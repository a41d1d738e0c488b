import { data } from "react-router";
import { getSessionUser } from "~/.server/auth/session";
import { getDb } from "~/.server/db";
import { listFavoriteCards } from "~/.server/favorites/queries";
import { getFixedT } from "~/.server/i18n";
import { FavoritesGrid } from "~/components/favorites/favorites-grid";
import { splitLangPath } from "~/i18n/languages";
import type { Route } from "./+types/user.favorites";

/**
 * The favourites page (spec 2.4, 7.3): every favourite of the visitor, grouped by kind, with remove
 * buttons and "clear all" for e-commerce favourites. Signed in, the list comes from the server with
 * pictures and descriptions (a private page); signed out, the browser fills in the local favourites.
 * Caching headers come from the user-area layout (private, never stored). Renders only its content, so it can sit in a user-area layout.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const [user, t] = await Promise.all([getSessionUser(request), getFixedT(lang, "favorites")]);
  const cards = user ? await listFavoriteCards(getDb(), user.id, lang) : null;
  return data(
    { cards, seo: { title: t("page.title"), description: t("page.metaDescription"), noindex: true } },
  );
}

export default function UserFavorites({ loaderData }: Route.ComponentProps) {
  return <FavoritesGrid serverCards={loaderData.cards} />;
}

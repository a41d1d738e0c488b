import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { AppLink } from "~/delivery/app-link";
import { FAVORITE_TYPES, favoriteKey, favoritePath, type FavoriteCard, type FavoriteEntry, type FavoriteType } from "~/lib/favorites";
import { CardCover, CardMark } from "~/components/look/card-mark";
import { HeartIcon } from "./favorite-button";
import { clearFavorites, toggleFavorite } from "./actions";
import { useFavoritesState } from "./store";

/**
 * The favourites of the page's visitor, grouped by kind. `serverCards` (signed in) carry pictures and
 * text from the server; the store says which are still favourites after removals on this page.
 * Signed out, the local entries are shown once the browser has read them.
 */
export function FavoritesGrid({ serverCards }: { serverCards: FavoriteCard[] | null }) {
  const t = useT("favorites");
  const to = useLocalizedPath();
  const state = useFavoritesState();
  const signedIn = serverCards !== null;
  let cards: FavoriteCard[] | null;
  let undescribed = "";
  if (signedIn && state.mode === "server") {
    // Once the store has the account's list it is the truth (removals show at once, and favourites merged
    // from this browser after the page was rendered show too), with the server's cards where it had them.
    const described = new Map(serverCards.map((card) => [favoriteKey(card), card]));
    cards = state.favorites.map((entry) => described.get(favoriteKey(entry)) ?? asCard(entry));
    undescribed = state.favorites.filter((entry) => !described.has(favoriteKey(entry))).map(favoriteKey).join(" ");
  } else if (signedIn) {
    cards = serverCards;
  } else {
    cards = state.mode === null ? null : state.favorites.map(asCard);
  }
  // Favourites the page's cards lack (merged on sign-in after it was rendered): its data once more, for their pictures.
  const revalidator = useRevalidator();
  const asked = useRef("");
  useEffect(() => {
    if (!undescribed || asked.current === undescribed) return;
    asked.current = undescribed;
    void revalidator.revalidate();
  }, [undescribed, revalidator]);

  return (
    <section aria-labelledby="favorites-title" className="space-y-6" data-testid="favorites-page">
      <header className="space-y-2">
        <h1 id="favorites-title" className="text-3xl font-bold tracking-tight text-slate-900">
          {t("page.title")}
        </h1>
        <p className="text-slate-700">{t("page.intro")}</p>
        {!signedIn ? <p className="text-sm text-slate-600">{t("page.localNote")}</p> : null}
      </header>
      {cards === null ? (
        <p role="status" className="min-h-40 text-slate-600">
          {t("page.loading")}
        </p>
      ) : cards.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center" data-testid="favorites-empty">
          <p className="text-lg font-medium text-slate-800">{t("page.empty")}</p>
          <p className="mt-1 text-slate-600">{t("page.emptyHint")}</p>
          <AppLink to={to("/tools")} className="mt-4 inline-block rounded-lg bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            {t("page.browse")}
          </AppLink>
        </div>
      ) : (
        FAVORITE_TYPES.map((type) => <FavoritesSection key={type} type={type} cards={cards.filter((card) => card.type === type)} />)
      )}
    </section>
  );
}

function asCard(entry: FavoriteEntry): FavoriteCard {
  return { ...entry, description: "", imageUrl: null };
}

function FavoritesSection({ type, cards }: { type: FavoriteType; cards: FavoriteCard[] }) {
  const t = useT("favorites");
  if (cards.length === 0) return null;
  const confirmClear = () => {
    if (window.confirm(t("page.clearConfirm"))) void clearFavorites(type);
  };
  return (
    <section aria-labelledby={`favorites-${type}`} className="space-y-3" data-testid={`favorites-${type}`}>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={`favorites-${type}`} className="text-xl font-semibold text-slate-900">
          {t(`page.sections.${type}`)} <span className="text-sm font-normal text-slate-500">{t("page.count", { count: cards.length })}</span>
        </h2>
        {type === "ecommerce_tool" ? (
          <button type="button" onClick={confirmClear} className="text-sm font-medium text-red-700 hover:underline" data-testid="favorites-clear-ecommerce">
            {t("page.clearAll")}
          </button>
        ) : null}
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {cards.map((card) => (
          <FavoriteItem key={favoriteKey(card)} card={card} />
        ))}
      </ul>
    </section>
  );
}

function FavoriteItem({ card }: { card: FavoriteCard }) {
  const t = useT("favorites");
  const to = useLocalizedPath();
  const lang = useLang();
  const entry: FavoriteEntry = { id: card.id, type: card.type, slug: card.slug, title: card.title };
  return (
    <li className="relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="favorite-item" data-favorite-slug={card.slug}>
      <AppLink to={to(favoritePath(card))} className="flex flex-1 flex-col">
        {card.type === "case_study" && card.imageUrl ? (
          <CardCover src={card.imageUrl} />
        ) : (
          <CardMark name={card.title} png={card.imageUrl} color={card.brandColor} size="compact" />
        )}
        <span className="flex flex-1 flex-col p-4">
          <span className="truncate pr-1 font-semibold text-slate-900">{card.title}</span>
          {card.description ? <span className="mt-1 line-clamp-2 text-sm text-slate-600">{card.description}</span> : null}
        </span>
      </AppLink>
      {/* Below the text, never over the picture: a pill on the image hid the logo it belongs to. */}
      <div className="flex justify-end border-t border-slate-100 px-3 py-2">
        <button
          type="button"
          onClick={() => void toggleFavorite(entry, lang)}
          aria-label={t("page.removeNamed", { name: card.title })}
          data-testid="favorite-remove"
          className="inline-flex min-h-8 items-center gap-1 rounded-full bg-white px-2.5 py-1 text-xs font-medium text-rose-700 ring-1 ring-slate-200 hover:bg-rose-50"
        >
          <HeartIcon filled className="size-3.5" />
          {t("page.remove")}
        </button>
      </div>
    </li>
  );
}

import { useLang } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import type { FavoriteEntry } from "~/lib/favorites";
import { isFavorite, useFavoritesState, withActions } from "./store";

/**
 * The favourite toggle over a card's picture: a round heart button beside the card's link (a button may
 * not sit inside a link). Kept apart from the labelled detail-page button, as list pages load it first.
 */
export function CardHeart({ entry }: { entry: FavoriteEntry }) {
  const t = useT("favorites");
  const lang = useLang();
  const on = isFavorite(useFavoritesState(), entry);
  const label = t(on ? "button.removeNamed" : "button.addNamed", { name: entry.title });
  return (
    <button
      type="button"
      onClick={() => withActions((actions) => actions.toggleFavorite(entry, lang))}
      aria-pressed={on}
      aria-label={label}
      title={label}
      data-testid="favorite-toggle"
      data-favorite-slug={entry.slug}
      className="favorite-card-toggle"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill={on ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2">
        <path d="M12 21s-7.5-4.6-10-9.3C.3 8.3 2.4 4 6.3 4c2.2 0 3.9 1.3 5.7 3.3C13.8 5.3 15.5 4 17.7 4c3.9 0 6 4.3 4.3 7.7C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}

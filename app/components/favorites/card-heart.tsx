import { useLang } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import type { FavoriteEntry } from "~/lib/favorites";
import { isFavorite, useFavoritesValue, withActions } from "./store";

/**
 * The favourite toggle over a card's picture: a round heart button beside the card's link (a button may
 * not sit inside a link). Kept apart from the labelled detail-page button, as list pages load it first.
 */
export function CardHeart({ entry }: { entry: FavoriteEntry }) {
  const t = useT("favorites");
  const lang = useLang();
  const on = useFavoritesValue((current) => isFavorite(current, entry));
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
      {/* The stylesheet's heart (as on the count); grey when off, rose when on (app.css). */}
      <span aria-hidden="true" className="tool-card-heart" />
    </button>
  );
}

import { useLang } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import type { FavoriteEntry } from "~/lib/favorites";
import { CardHeart } from "./card-heart";
import { toggleFavorite } from "./actions";
import { isFavorite, useFavoritesValue } from "./store";

/** The heart outline; filled when favourited. Same box either way, so the state never moves the page. */
export function HeartIcon({ filled, className = "size-5" }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2">
      <path d="M12 21s-7.5-4.6-10-9.3C.3 8.3 2.4 4 6.3 4c2.2 0 3.9 1.3 5.7 3.3C13.8 5.3 15.5 4 17.7 4c3.9 0 6 4.3 4.3 7.7C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}

/**
 * Favourite toggle for a tool, case study or e-commerce tool (spec 3 entry `{id, type, slug, title}`).
 * Signed out it keeps the entry in localStorage; signed in it saves on the server, optimistically.
 * `card`: a round icon button over a card's picture (`CardHeart`; the card's parent must be positioned);
 * `detail`: a labelled button for detail pages.
 */
export function FavoriteButton({ entry, variant = "detail", className = "" }: { entry: FavoriteEntry; variant?: "card" | "detail"; className?: string }) {
  if (variant === "card") return <CardHeart entry={entry} />;
  return <DetailFavoriteButton entry={entry} className={className} />;
}

function DetailFavoriteButton({ entry, className }: { entry: FavoriteEntry; className: string }) {
  const t = useT("favorites");
  const lang = useLang();
  const on = useFavoritesValue((current) => isFavorite(current, entry));
  const label = t(on ? "button.removeNamed" : "button.addNamed", { name: entry.title });
  const onClick = () => void toggleFavorite(entry, lang);
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={on}
      title={label}
      data-action="favorite"
      data-testid="favorite-toggle"
      data-favorite-slug={entry.slug}
      className={`inline-flex items-center gap-1.5 rounded-lg border px-4 py-2 text-sm font-medium hover:border-rose-500 hover:text-rose-700 ${on ? "border-rose-300 bg-rose-50 text-rose-700" : "border-slate-300 bg-white text-slate-800"} ${className}`}
    >
      <HeartIcon filled={on} className="size-4 text-rose-600" />
      {t("button.favorite")}
      <span className="sr-only">{on ? t("button.isFavorite") : ""}</span>
    </button>
  );
}

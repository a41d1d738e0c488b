import { useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { requestLogin } from "~/components/auth/auth-client";
import { useLang } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { MAX_RATING } from "~/lib/favorites";
import type { loader as rootLoader } from "~/root";
import { rateTool } from "./actions";
import { ownRating } from "./own-rating";
import { useFavoritesState } from "./store";

const STARS = Array.from({ length: MAX_RATING }, (_, i) => i + 1);

/**
 * The visitor's own 1-5 stars for a tool (spec 2.4 side panel, 4.5). Signed out: the stars are saved
 * locally for this language and slug and the login dialog opens. Signed in: saved on the server
 * (replacing an earlier rating, removable), then the page reloads its data so the shown average and
 * review count include it. Always rendered at full size, so the state arriving later moves nothing.
 */
export function RateTool({ slug, name }: { slug: string; name: string }) {
  const t = useT("favorites");
  const lang = useLang();
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const state = useFavoritesState();
  const revalidator = useRevalidator();
  const own = ownRating(state, lang, slug);
  const [hover, setHover] = useState<number | null>(null);
  const lit = hover ?? own ?? 0;

  async function rate(value: number | null) {
    if (!signedIn) {
      await rateTool(lang, slug, value);
      if (value !== null) requestLogin();
      return;
    }
    await rateTool(lang, slug, value);
    await revalidator.revalidate();
  }

  return (
    <div className="space-y-1" data-testid="rate-tool">
      <p className="text-sm font-medium text-slate-700" id={`rate-${slug}`}>
        {t("rating.yours")}
      </p>
      <div className="flex items-center gap-3">
        <div role="radiogroup" aria-labelledby={`rate-${slug}`} className="flex" onMouseLeave={() => setHover(null)}>
          {STARS.map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={own === value}
              aria-label={t("rating.stars", { count: value, name })}
              data-testid={`rate-${value}`}
              onMouseEnter={() => setHover(value)}
              onFocus={() => setHover(value)}
              onBlur={() => setHover(null)}
              onClick={() => void rate(value)}
              className={`px-0.5 text-2xl leading-none transition hover:scale-110 ${value <= lit ? "text-amber-500" : "text-slate-300"}`}
            >
              ★
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => void rate(null)}
          data-testid="rate-remove"
          className={`text-xs font-medium text-slate-600 underline hover:text-red-700 ${own === null ? "invisible" : ""}`}
          aria-hidden={own === null}
          tabIndex={own === null ? -1 : 0}
        >
          {t("rating.remove")}
        </button>
      </div>
      <p className="min-h-5 text-xs text-slate-500">{own === null ? (signedIn ? t("rating.hint") : t("rating.hintSignedOut")) : t("rating.current", { count: own })}</p>
    </div>
  );
}

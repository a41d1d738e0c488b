import { useCardText } from "~/components/tools/tool-card";
import { RankInfoLink } from "~/components/reviews/rank-info";
import { useT } from "~/i18n/translator";

/** Five stars filled to the rating; the accessible label carries the number. */
export function RatingStars({ rating, label }: { rating: number; label: string }) {
  const clamped = Math.max(0, Math.min(5, rating));
  return (
    <span role="img" aria-label={label} className="relative inline-block text-lg leading-none tracking-tight">
      <span aria-hidden="true" className="text-slate-300">★★★★★</span>
      <span aria-hidden="true" className="absolute inset-0 overflow-hidden text-amber-500" style={{ width: `${(clamped / 5) * 100}%` }}>
        ★★★★★
      </span>
    </span>
  );
}

/** The stars and the rating beside them, written as the page language does (`4.8`, German `4,8`), as on the cards. */
export function RatingWithValue({ rating, valueClassName }: { rating: number; valueClassName?: string }) {
  const t = useT("tools");
  const text = useCardText();
  const value = text.decimal(rating);
  return (
    <>
      <RatingStars rating={rating} label={t("detail.ratingValue", { rating: value })} />
      <span className={valueClassName} data-testid="rating-value">{value}</span>
      <RankInfoLink lang={text.lang} label={text.howWeRank} />
    </>
  );
}

import { useTranslation } from "react-i18next";

/** Five stars filled to the rating, with the review count. */
export function StarRating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  const { t } = useTranslation("tools");
  const value = Math.max(0, Math.min(5, rating));
  const label = t("card.rating", { rating: value.toFixed(1) });
  return (
    <p className="mt-1 flex min-w-0 items-center gap-1 text-sm text-slate-600">
      <span role="img" aria-label={label} className="relative inline-block leading-none tracking-tight">
        <span className="text-slate-300" aria-hidden="true">★★★★★</span>
        <span className="absolute inset-0 overflow-hidden text-amber-500" style={{ width: `${(value / 5) * 100}%` }} aria-hidden="true">
          ★★★★★
        </span>
      </span>
      <span className="font-medium text-slate-800">{value.toFixed(1)}</span>
      <span className="truncate whitespace-nowrap">({t("reviews", { count: reviewCount })})</span>
    </p>
  );
}

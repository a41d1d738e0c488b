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

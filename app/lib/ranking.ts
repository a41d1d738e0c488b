/**
 * The one formula behind every "by rating" order (issue 34, explained on /how-we-rank): a Bayesian average that
 * starts each listing with PRIOR_WEIGHT imagined reviews of PRIOR_MEAN stars, so a single five-star review does not
 * outrank hundreds of good ones:  score = (rating × reviews + PRIOR_WEIGHT × PRIOR_MEAN) / (reviews + PRIOR_WEIGHT).
 * The shown rating stays the plain average of the reviews; only the order uses the score.
 */
export const PRIOR_MEAN = 3.5;
export const PRIOR_WEIGHT = 10;

/** The score in SQL over a row's `rating` and `review_count` (`prefix`: a table alias and dot, or nothing). */
export function rankingScoreSql(prefix = ""): string {
  return `((${prefix}rating * ${prefix}review_count + ${(PRIOR_WEIGHT * PRIOR_MEAN).toFixed(1)}) / (${prefix}review_count + ${PRIOR_WEIGHT.toFixed(1)}))`;
}

/** The same score in JavaScript (for the page's worked example and tests). */
export function rankingScore(rating: number, reviews: number): number {
  return (rating * reviews + PRIOR_WEIGHT * PRIOR_MEAN) / (reviews + PRIOR_WEIGHT);
}

import { AppLink } from "~/delivery/app-link";
import { localizedPath, type Lang } from "~/i18n/languages";

/**
 * The small "?" beside a rating that opens /how-we-rank (issue 34). On cards it sits outside the card's link
 * (whose ::after covers the card), lifted above it, so no link is nested in another.
 */
export function RankInfoLink({ lang, label }: { lang: Lang; label: string }) {
  return (
    <AppLink to={localizedPath(lang, "/how-we-rank")} className="rank-info" aria-label={label} title={label} data-testid="how-we-rank-link">
      <span aria-hidden="true">?</span>
    </AppLink>
  );
}

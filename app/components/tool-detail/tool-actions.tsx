import { useT } from "~/i18n/translator";
import { Link } from "react-router";
import { FavoriteButton } from "~/components/favorites/favorite-button";
import { useLocalizedPath } from "~/i18n/hooks";
import type { FavoriteEntry } from "~/lib/favorites";

/** The tool's own site, in a new tab (rel=noopener: the site gets no handle on this page). */
export function VisitWebsiteLink({ href }: { href: string }) {
  const t = useT("tools");
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="inline-flex items-center gap-1.5 rounded-lg bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      data-action="visit"
    >
      {t("detail.visitWebsite")}
      <span aria-hidden="true">↗</span>
      <span className="sr-only">{t("detail.opensInNewTab")}</span>
    </a>
  );
}

/**
 * Visit-website, favourite, promote and update. `data-action` names are the
 * stable hooks the favourites and sign-in features attach their behaviour to.
 */
export function ToolActions({ slug, name, websiteUrl, favorite }: { slug: string; name: string; websiteUrl: string | null; favorite: FavoriteEntry | null }) {
  const t = useT("tools");
  const to = useLocalizedPath();
  const secondary =
    "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:border-brand-600 hover:text-brand-700";
  return (
    <div className="flex flex-wrap gap-3">
      {websiteUrl ? <VisitWebsiteLink href={`/go/${encodeURIComponent(slug)}`} /> : null}
      {favorite ? <FavoriteButton entry={favorite} /> : null}
      <Link to={`${to("/user/advertise")}?tool=${encodeURIComponent(name)}`} className={secondary} data-action="promote" data-tool-slug={slug}>
        {t("detail.promote")}
      </Link>
      <Link to={`${to("/user/update-tool")}?slug=${encodeURIComponent(slug)}`} className={secondary} data-action="update" data-tool-slug={slug}>
        {t("detail.update")}
      </Link>
    </div>
  );
}

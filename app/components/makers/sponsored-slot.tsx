import { useEffect, useRef } from "react";
import type { SponsoredEntry } from "~/.server/sponsored/view";
import { AppLink } from "~/delivery/app-link";
import { useLang } from "~/i18n/hooks";
import { htmlLang, isLang, localizedPath } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import { formatDecimalFor } from "~/lib/tool-display";

/**
 * A paid place beside a page's organic list (never inside it): one tool, labelled "Sponsored" in the page's
 * language. The page tells the server once it has been seen (an impression; the page may come from the
 * page cache, so the server cannot count it while rendering); the visit link goes through `/go/{slug}`,
 * which counts the click.
 */
export function SponsoredSlot({ entry, slot }: { entry: SponsoredEntry | null; slot: string }) {
  const t = useT("makers");
  const lang = useLang();
  const ref = useRef<HTMLElement>(null);
  const placementId = entry?.placementId;
  useEffect(() => {
    const element = ref.current;
    if (!placementId || !element) return;
    // Counted once, when the slot first comes on screen.
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      void fetch("/api/sponsored/impression", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ id: placementId }), keepalive: true }).catch(() => undefined);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [placementId]);
  if (!entry) return null;
  const { tool } = entry;
  const differs = tool.contentLanguage !== lang;
  const contentLang = differs ? (isLang(tool.contentLanguage) ? htmlLang(tool.contentLanguage) : tool.contentLanguage) : undefined;
  const rating = Math.max(0, Math.min(5, tool.rating));
  return (
    <aside
      ref={ref}
      aria-label={t("sponsored.label")}
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50/60 p-4 sm:flex-row sm:items-center"
      data-testid="sponsored-slot"
      data-slot={slot}
      data-placement={entry.placementId}
      data-tool-slug={tool.slug}
    >
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-amber-900" data-testid="sponsored-label">{t("sponsored.label")}</p>
        <h2 className="mt-1 text-lg font-semibold text-slate-900" lang={contentLang}>
          <AppLink to={localizedPath(lang, `/tool/${tool.slug}`)} className="hover:underline">{tool.name}</AppLink>
        </h2>
        {tool.description ? <p className="mt-1 line-clamp-2 break-words text-sm text-slate-700" lang={contentLang}>{tool.description}</p> : null}
        {rating > 0 ? <p className="mt-1 text-sm text-slate-700">★ {formatDecimalFor(htmlLang(lang))(rating)}</p> : null}
      </div>
      <a
        href={`/go/${encodeURIComponent(tool.slug)}?placement=${entry.placementId}`}
        target="_blank"
        rel="sponsored noopener"
        className="inline-flex shrink-0 items-center justify-center gap-1.5 rounded-lg bg-amber-800 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-900"
        data-testid="sponsored-visit"
      >
        {t("sponsored.visit")}
        <span aria-hidden="true">↗</span>
        <span className="sr-only">{t("sponsored.opensInNewTab")}</span>
      </a>
    </aside>
  );
}

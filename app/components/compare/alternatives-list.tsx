import { AppLink } from "~/delivery/app-link";
import { RankInfoLink } from "~/components/reviews/rank-info";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { htmlLang, isLang } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import { useOfferNames } from "./offer-names";
import { formatNumberFor } from "~/lib/tool-display";
import type { ComparableTool } from "~/.server/offers/page-data";
import type { Reason } from "~/.server/offers/alternatives";
import { comparePath } from "./compare-store";
import { CompareToggle } from "./compare-toggle";
import { withCountFormatted } from "~/lib/plural-labels";

const detailPath = (tool: ComparableTool) => (tool.kind === "tool" ? `/tool/${tool.slug}` : `/ecommerce/${tool.slug}`);

/** The ranked alternatives, each with its one-line reason from the data and links to it and to the comparison. */
export function AlternativesList({ tool, alternatives }: { tool: ComparableTool; alternatives: Array<{ tool: ComparableTool; reasons: Reason[] }> }) {
  const t = useT(["compare", "tools"]);
  const lang = useLang();
  const names = useOfferNames();
  const to = useLocalizedPath();
  const decimal = formatNumberFor(htmlLang(lang));
  const reasonText = (reason: Reason) => {
    switch (reason.kind) {
      case "category":
        return t("alternatives.reasons.category", { category: reason.name });
      case "tag":
        return t("alternatives.reasons.tag", { tag: reason.tag });
      case "platform":
        return t("alternatives.reasons.platform", { platform: t(`platform.${reason.code}`) });
      case "marketplace":
        return t("alternatives.reasons.marketplace", { marketplace: names.marketplace(reason.code) });
      default:
        return t(`alternatives.reasons.${reason.kind}`);
    }
  };
  return (
    <ol className="space-y-4" data-testid="alternatives">
      {alternatives.map(({ tool: other, reasons }, i) => (
        <li key={other.slug} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4" data-testid="alternative">
          <span className="mt-1 w-6 shrink-0 text-right text-sm font-semibold text-slate-500">{decimal(i + 1)}</span>
          {other.imageUrl ? <img src={other.imageUrl} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded-lg bg-slate-100 object-cover" /> : null}
          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="text-lg font-semibold text-slate-900">
              <AppLink to={to(detailPath(other))} className="hover:text-brand-700">
                {other.name}
              </AppLink>
            </h2>
            <p className="text-sm text-slate-700" lang={other.contentLanguage !== lang && isLang(other.contentLanguage) ? htmlLang(other.contentLanguage) : undefined}>
              {other.description}
            </p>
            <p className="text-sm font-medium text-emerald-800" data-testid="alternative-reason">
              {reasons.map(reasonText).join(" · ")}
            </p>
            <div className="flex flex-wrap items-center gap-3 pt-1 text-sm">
              <span className="text-slate-600">
                {`★ ${decimal(Math.round(other.rating * 10) / 10)} · `}
                {withCountFormatted(t("tools:reviews", { count: other.reviewCount }), other.reviewCount, decimal)}{" "}
                <RankInfoLink lang={lang} label={t("tools:card.howWeRank")} />
              </span>
              <AppLink to={to(comparePath([tool.slug, other.slug]))} className="font-medium text-brand-700 hover:underline">
                {t("alternatives.compareWith", { name: tool.name })}
              </AppLink>
              <CompareToggle tool={{ kind: other.kind, slug: other.slug, name: other.name }} />
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}

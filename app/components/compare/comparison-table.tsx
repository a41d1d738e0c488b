import type { ReactNode } from "react";
import { AppLink } from "~/delivery/app-link";
import { useLang, useLocalizedPath } from "~/i18n/hooks";
import { htmlLang } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import { formatNumberFor } from "~/lib/tool-display";
import type { ComparableTool } from "~/.server/offers/page-data";
import { useOfferRows } from "./offer-values";
import { RankInfoLink } from "~/components/reviews/rank-info";
import { withCountFormatted } from "~/lib/plural-labels";

/** Stands for the rating while the review count is written in the page language's digits (the rating has digits too). */
const RATING_MARK = "\u0001";

interface Row {
  id: string;
  label: string;
  cells: ReactNode[];
  keys: string[];
}

const detailPath = (tool: ComparableTool) => (tool.kind === "tool" ? `/tool/${tool.slug}` : `/ecommerce/${tool.slug}`);
/** The catalogue's pricing codes onto the `tools` bundle's labels. */
const pricingLabel = (pricing: string) => (pricing === "trial" ? "freeTrial" : pricing);

/** Two to four tools side by side: one row per checkable fact, rows where the tools differ marked. */
export function ComparisonTable({ tools }: { tools: ComparableTool[] }) {
  const t = useT(["compare", "tools"]);
  const lang = useLang();
  const to = useLocalizedPath();
  const offerRows = useOfferRows();
  const decimal = formatNumberFor(htmlLang(lang));
  const perTool = tools.map((tool) => offerRows(tool.offers, tool.kind));
  const rows: Row[] = [
    { id: "pricing", label: t("compare.rows.pricing"), cells: tools.map((tool) => t(`tools:pricing.${pricingLabel(tool.pricing)}`)), keys: tools.map((tool) => pricingLabel(tool.pricing)) },
    ...perTool[0]!.map((row, i) => ({ id: row.id, label: row.label, cells: perTool.map((r) => r[i]!.value), keys: perTool.map((r) => r[i]!.key) })),
    {
      id: "rating",
      label: t("compare.rows.rating"),
      cells: tools.map((tool) => (
        <>
          {withCountFormatted(t("compare.reviews", { count: tool.reviewCount, rating: RATING_MARK }), tool.reviewCount, decimal).replace(RATING_MARK, decimal(Math.round(tool.rating * 10) / 10))}{" "}
          <RankInfoLink lang={lang} label={t("tools:card.howWeRank")} />
        </>
      )),
      keys: tools.map((tool) => `${tool.rating}/${tool.reviewCount}`),
    },
    { id: "categories", label: t("compare.rows.categories"), cells: tools.map((tool) => tool.categories.join(", ")), keys: tools.map((tool) => [...tool.categories].sort().join(",")) },
  ];
  const lists = (pick: (tool: ComparableTool) => string[]) => tools.map((tool) => (
    <ul key={tool.slug} className="list-disc space-y-1 pl-5">
      {pick(tool).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  ));
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">{t("compare.intro")}</p>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white" data-testid="comparison-table" tabIndex={0} role="region" aria-label={tools.map((tool) => tool.name).join(" / ")}>
        <table className="compare-table">
          <thead>
            <tr>
              <th scope="col" className="w-40">{t("compare.feature")}</th>
              {tools.map((tool) => (
                <th key={tool.slug} scope="col">
                  <AppLink to={to(detailPath(tool))} className="font-semibold text-brand-700 hover:underline">
                    {tool.name}
                  </AppLink>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const differs = new Set(row.keys).size > 1;
              return (
                <tr key={row.id} data-differs={differs} data-row={row.id}>
                  <th scope="row" className="font-medium text-slate-700">
                    {row.label}
                    {differs ? <span className="compare-differs">{t("compare.differs")}</span> : null}
                  </th>
                  {row.cells.map((cell, i) => (
                    <td key={tools[i]!.slug}>{cell}</td>
                  ))}
                </tr>
              );
            })}
            <tr data-row="features">
              <th scope="row" className="font-medium text-slate-700">{t("compare.rows.features")}</th>
              {lists((tool) => tool.features).map((list, i) => <td key={tools[i]!.slug}>{list}</td>)}
            </tr>
            <tr data-row="useCases">
              <th scope="row" className="font-medium text-slate-700">{t("compare.rows.useCases")}</th>
              {lists((tool) => tool.useCases).map((list, i) => <td key={tools[i]!.slug}>{list}</td>)}
            </tr>
          </tbody>
        </table>
      </div>
      <ul className="flex flex-wrap gap-3">
        {tools.map((tool) => (
          <li key={tool.slug}>
            <AppLink to={to(detailPath(tool))} className="ecom-button ecom-button-secondary">
              {t("compare.details", { name: tool.name })}
            </AppLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

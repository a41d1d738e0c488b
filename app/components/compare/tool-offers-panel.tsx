import { AppLink } from "~/delivery/app-link";
import type { Bundles } from "~/i18n/instance";
import { useLocalizedPath, useRouteBundles } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import type { EcommerceOffers } from "~/lib/offers";
import { CompareToggle } from "./compare-toggle";
import { useOfferRows } from "./offer-values";

export interface ToolOffersPanelData {
  bundles: Bundles;
  kind: "tool" | "ecommerce";
  slug: string;
  offers: EcommerceOffers;
  hasAlternatives: boolean;
}

/** The detail pages' "What it offers" section, the Compare toggle and the link to the alternatives page. */
export function ToolOffersPanel({ data, name }: { data: ToolOffersPanelData | null; name: string }) {
  useRouteBundles(data?.bundles);
  const t = useT("compare");
  const rows = useOfferRows();
  if (!data) return null;
  return (
    <section aria-labelledby="tool-offers" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5" data-testid="tool-offers">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="tool-offers" className="text-xl font-semibold text-slate-900">
          {t("offers.title")}
        </h2>
        <CompareToggle tool={{ kind: data.kind, slug: data.slug, name }} />
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(0,14rem)_1fr]">
        {rows(data.offers, data.kind).map((row) => (
          <div key={row.id} className="contents">
            <dt className="font-medium text-slate-700">{row.label}</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">{row.value}</dd>
          </div>
        ))}
      </dl>
      {data.hasAlternatives ? (
        <p>
          <AlternativesLink data={data} name={name} />
        </p>
      ) : null}
    </section>
  );
}

/** "See alternatives to X", where the alternatives page exists (it passes the quality gate); else nothing. */
export function AlternativesLink({ data, name }: { data: ToolOffersPanelData | null; name: string }) {
  useRouteBundles(data?.bundles);
  const t = useT("compare");
  const to = useLocalizedPath();
  if (!data?.hasAlternatives) return null;
  const path = data.kind === "tool" ? `/alternatives/${data.slug}` : `/ecommerce/alternatives/${data.slug}`;
  return (
    <AppLink to={to(path)} className="text-sm font-medium text-brand-700 hover:underline" data-testid="alternatives-link">
      {t("alternatives.link", { name })}
    </AppLink>
  );
}

import type { Bundles } from "~/i18n/instance";
import { useLang, useRouteBundles } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { intlLocale } from "~/lib/effective-date";
import { ReportButton, type ReportTarget } from "./report-button";

/**
 * Under a listing's actions: when the link checker last reached its website, and "Report" (the page's loader
 * hands over the texts).
 */
export function ListingReport({ target, bundles, checkedAt = null }: { target: ReportTarget; bundles: Bundles | undefined; checkedAt?: string | null }) {
  useRouteBundles(bundles);
  const t = useT("reviews");
  const lang = useLang();
  const date = checkedAt ? new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: "medium", timeZone: "UTC" }).format(new Date(checkedAt)) : null;
  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-2 text-sm text-slate-600" data-testid="listing-report">
      {date ? <p data-testid="website-checked">{t("websiteChecked", { date })}</p> : null}
      <ReportButton target={target} />
    </div>
  );
}

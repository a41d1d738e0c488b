import type { Bundles } from "~/i18n/instance";
import { useRouteBundles } from "~/i18n/hooks";
import { ReportButton, type ReportTarget } from "./report-button";

/** "Report" under a listing's actions, with the texts it needs (the page's loader hands them over). */
export function ListingReport({ target, bundles }: { target: ReportTarget; bundles: Bundles | undefined }) {
  useRouteBundles(bundles);
  return (
    <div data-testid="listing-report">
      <ReportButton target={target} />
    </div>
  );
}

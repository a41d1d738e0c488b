import type { ReactNode } from "react";
import { useRouteBundles } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import type { ReviewSectionData } from "./reviews-area";

/**
 * "This tool is discontinued" on a tool an administrator marked so (its page stays, `noindex`). `alternatives`:
 * links to alternatives where the site has them (rendered by the alternatives feature); nothing otherwise.
 */
export function DiscontinuedNotice({ section, alternatives }: { section: ReviewSectionData | null; alternatives?: ReactNode }) {
  useRouteBundles(section?.bundles);
  const t = useT("reviews");
  if (!section?.discontinuedAt) return null;
  return (
    <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="discontinued-notice">
      <p className="font-semibold">{t("discontinued.title")}</p>
      <p className="mt-1 text-sm">{t("discontinued.text")}</p>
      {alternatives ? <div className="mt-2 text-sm">{alternatives}</div> : null}
    </div>
  );
}

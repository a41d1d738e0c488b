import { AppLink } from "~/delivery/app-link";
import { useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import { clearPicked, comparePath, togglePicked, type PickedTool } from "./compare-store";

/** The tray's content: the count, the picks, a link to the comparison (compare-tray.tsx shows it). */
export function CompareTrayPanel({ picked }: { picked: PickedTool[] }) {
  const t = useT("common");
  const to = useLocalizedPath();
  return (
    <>
      {/* Room below the footer, so the fixed tray never hides the end of a page. */}
      <div aria-hidden="true" className="h-24" />
      <aside className="compare-tray" aria-label={t("compareTray.trayLabel")} data-testid="compare-tray">
      <ul className="flex min-w-0 flex-1 flex-wrap gap-1.5">
        {picked.map((tool) => (
          <li key={`${tool.kind}:${tool.slug}`}>
            <button type="button" className="compare-toggle" aria-pressed="true" aria-label={t("compareTray.remove", { name: tool.name })} onClick={() => togglePicked(tool)}>
              <span className="max-w-[10rem] truncate">{tool.name}</span>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-2">
        <button type="button" className="text-sm text-slate-600 hover:text-brand-700" onClick={clearPicked}>
          {t("compareTray.trayClear")}
        </button>
        {picked.length >= 2 ? (
          <AppLink to={to(comparePath(picked.map((p) => p.slug)))} className="ecom-button" data-testid="compare-tray-open">
            {t("compareTray.tray", { count: picked.length })}
          </AppLink>
        ) : (
          <span className="text-sm text-slate-600">{t("compareTray.pickMore")}</span>
        )}
      </div>
      </aside>
    </>
  );
}

import { useState } from "react";
import { useT } from "~/i18n/translator";
import { togglePicked, usePickedTools, type PickedTool } from "./compare-store";

/** The "Compare" button of a card or a detail page: adds the tool to this browser's comparison tray. */
export function CompareToggle({ tool, className = "" }: { tool: PickedTool; className?: string }) {
  const t = useT("common");
  const picked = usePickedTools();
  const [full, setFull] = useState(false);
  const on = picked.some((p) => p.slug === tool.slug && p.kind === tool.kind);
  return (
    <span className={`inline-flex flex-col ${className}`}>
      <button
        type="button"
        className="compare-toggle"
        aria-pressed={on}
        aria-label={t("compareTray.toggleLabel", { name: tool.name })}
        data-compare={tool.slug}
        onClick={(event) => {
          // Cards are links: the toggle must not open the tool.
          event.preventDefault();
          event.stopPropagation();
          setFull(togglePicked(tool) === "full");
        }}
      >
        <span aria-hidden="true">{on ? "✓" : "+"}</span>
        {t("compareTray.toggle")}
      </button>
      {full ? (
        <span role="status" className="mt-1 text-xs text-amber-800">
          {t("compareTray.full")}
        </span>
      ) : null}
    </span>
  );
}

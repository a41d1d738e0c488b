import { useState } from "react";
import { useT } from "~/i18n/translator";
import { togglePicked, usePickedTools, type PickedTool } from "./compare-store";

/**
 * The "Compare" button of a card or a detail page: adds the tool to this browser's comparison tray. A class
 * given (a card's `card-compare`) lays its box out in place of the default column.
 */
export function CompareToggle({ tool, className = "inline-flex flex-col" }: { tool: PickedTool; className?: string }) {
  const t = useT("common");
  const picked = usePickedTools();
  const [full, setFull] = useState(false);
  const on = picked.some((p) => p.slug === tool.slug && p.kind === tool.kind);
  return (
    <span className={className}>
      <button
        type="button"
        className="compare-toggle"
        aria-pressed={on}
        data-compare={tool.slug}
        onClick={(event) => {
          // Cards are links: the toggle must not open the tool.
          event.preventDefault();
          event.stopPropagation();
          setFull(togglePicked(tool) === "full");
        }}
      >
        <span aria-hidden="true">{on ? "✓" : "+"}</span>
        {/* The visible word first, then the tool for screen readers ("Compare ChatGPT", pressed or not):
            a name that contains what is shown (WCAG 2.5.3). */}
        {t("compareTray.toggle")}
        <span className="sr-only"> {tool.name}</span>
      </button>
      {full ? (
        <span role="status" className="mt-1 text-xs text-amber-800">
          {t("compareTray.full")}
        </span>
      ) : null}
    </span>
  );
}

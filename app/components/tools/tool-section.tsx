import type { ReactNode } from "react";
import { useT } from "~/i18n/translator";
import { AppLink } from "~/delivery/app-link";
import type { ToolCard as ToolCardData } from "~/.server/tools/queries";
import { inHydrationGroups } from "~/components/layout/hydrate-apart";
import { ToolCard, useCardText, type CardImagePriority } from "./tool-card";

const GRID: Record<3 | 4 | 5, string> = {
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4",
  5: "sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5",
};

/**
 * A grid of tool cards. `eagerImages` cards (the first screen of a list page) load their image at once,
 * the first of them with high priority, as it is usually the largest paint; the rest load lazily.
 */
export function ToolGrid({
  tools,
  columns = 5,
  headingLevel = 3,
  eagerImages = 0,
}: {
  tools: ToolCardData[];
  columns?: 3 | 4 | 5;
  headingLevel?: 2 | 3;
  eagerImages?: number;
}) {
  const text = useCardText();
  const priority = (i: number): CardImagePriority => (i >= eagerImages ? "lazy" : i === 0 ? "high" : "eager");
  return (
    <ul className={`grid grid-cols-1 gap-5 ${GRID[columns]}`}>
      {/* Six cards at a time: a grid of cards was most of a page's hydration. */}
      {inHydrationGroups(tools, 6, (tool, i) => (
        <ToolCard key={tool.slug} tool={tool} text={text} headingLevel={headingLevel} imagePriority={priority(i)} />
      ))}
    </ul>
  );
}

/** A grid of tool cards under a title, with an optional description and view-more link (spec 2.4). */
export function ToolSection({
  id,
  title,
  description,
  viewMoreHref,
  viewMoreLabel,
  tools,
  columns = 5,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  viewMoreHref?: string;
  viewMoreLabel?: string;
  tools: ToolCardData[];
  columns?: 3 | 4 | 5;
  children?: ReactNode;
}) {
  const t = useT("tools");
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id={id} className="text-2xl font-semibold tracking-tight">{title}</h2>
          {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
        </div>
        {viewMoreHref ? (
          <AppLink to={viewMoreHref} className="text-sm font-medium text-brand-700 hover:underline">
            {viewMoreLabel ?? t("section.viewMore")} →
          </AppLink>
        ) : null}
      </div>
      {children}
      <ToolGrid tools={tools} columns={columns} />
    </section>
  );
}

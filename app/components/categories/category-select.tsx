import { useMemo } from "react";
import type { SidebarCategory } from "./category-sidebar";
import { rememberBounded } from "~/lib/bounded-map";

/** Marks the select whose options hold the page's category tree (read back by category-tree.ts). */
export const CATEGORY_TREE_ATTRIBUTE = "data-category-tree";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Option markup per tree (the same object for every page of a language on the server) and selection. */
const optionsByTree = new WeakMap<readonly SidebarCategory[], Map<string, string>>();
const OPTION_SETS_PER_TREE = 300;

/**
 * The options of the list's category select: "all categories", then each category and its subcategories
 * in an optgroup, plus the requested value when it names no category (so the form shows what was asked).
 */
export function categoryOptionsHtml(tree: readonly SidebarCategory[], selected: string, allLabel: string): string {
  let sets = optionsByTree.get(tree);
  if (!sets) optionsByTree.set(tree, (sets = new Map()));
  return rememberBounded(sets, `${selected}\n${allLabel}`, OPTION_SETS_PER_TREE, () => {
    // A category's option carries its tool count (`data-n`): the browser reads the whole tree back from
    // these options (category-tree.ts), so the page sends it once.
    const option = (value: string, label: string, count?: number) =>
      `<option value="${escapeHtml(value)}"${count === undefined ? "" : ` data-n="${count}"`}${value === selected ? ' selected=""' : ""}>${escapeHtml(label)}</option>`;
    const known = selected === "" || tree.some((c) => c.slug === selected || c.subcategories.some((s) => s.slug === selected));
    return (
      option("", allLabel) +
      tree
        .map(
          (c) =>
            `<optgroup label="${escapeHtml(c.name)}">${option(c.slug, c.name, c.toolCount)}${c.subcategories.map((s) => option(s.slug, s.name, s.toolCount)).join("")}</optgroup>`,
        )
        .join("") +
      (known ? "" : option(selected, selected))
    );
  });
}

/**
 * The list's category filter. Its ~150 options are one piece of markup made once per language and
 * selection instead of ~150 elements React renders on every list page (about 8% of a list page's server
 * time); React still sets the selection from `defaultValue` in the browser.
 */
export function CategorySelect({ tree, value, allLabel, className }: { tree: readonly SidebarCategory[]; value: string; allLabel: string; className?: string }) {
  const html = useMemo(() => categoryOptionsHtml(tree, value, allLabel), [tree, value, allLabel]);
  return <select name="category" defaultValue={value} className={className} {...{ [CATEGORY_TREE_ATTRIBUTE]: "" }} dangerouslySetInnerHTML={{ __html: html }} />;
}

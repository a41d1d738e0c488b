import { useMemo } from "react";
import { useMarkupData } from "~/delivery/markup-data";
import { parseJsonText } from "~/lib/json-text";
import { CATEGORY_TREE_ATTRIBUTE } from "./category-select";
import type { SidebarCategory } from "./category-sidebar";

/** The key under which the tool list's loader hands its category tree to the server render (markup-data.tsx). */
export const CATEGORY_TREE_KEY = "category-tree";

/**
 * The tool list's category tree (the sidebar, the phone filter and the category select show it).
 *
 * It travels once: a document carries it as the category select's options (names, slugs, `data-n` counts),
 * so the loader data of a document leaves it out (null) and the browser reads it back from the select while
 * hydrating; a client navigation's loader data carries it as JSON text. The server render gets the text from
 * the loader through `useMarkupData`.
 */
export function useCategoryTree(treeJson: string | null): SidebarCategory[] {
  const rendered = useMarkupData(CATEGORY_TREE_KEY);
  const text = treeJson ?? rendered;
  return useMemo(() => (text !== undefined ? parseJsonText<SidebarCategory[]>(text) : treeInDocument()), [text]);
}

/** The tree the document came with: the same for the whole page load, so it is read once. */
let documentTree: SidebarCategory[] | undefined;

function treeInDocument(): SidebarCategory[] {
  if (typeof document === "undefined") return [];
  if (documentTree) return documentTree;
  const select = document.querySelector(`select[${CATEGORY_TREE_ATTRIBUTE}]`);
  if (!select) return [];
  const entry = (option: HTMLOptionElement) => ({ slug: option.value, name: option.textContent ?? "", toolCount: Number(option.dataset.n ?? 0) });
  documentTree = [...select.querySelectorAll("optgroup")].flatMap((group) => {
    const [top, ...subcategories] = [...group.querySelectorAll("option")];
    return top ? [{ ...entry(top), subcategories: subcategories.map(entry) }] : [];
  });
  return documentTree;
}

import { Suspense, type ReactNode } from "react";

/**
 * A part of a server-rendered page that the browser hydrates on its own, after the rest of the page.
 *
 * Hydrating a page was one render and one commit of the whole tree; the render yields to the browser
 * every few milliseconds, the commit and the effects it runs do not, so a long page ended its hydration
 * in one long task. React hydrates what a Suspense boundary holds separately, at low priority and in its
 * own commit, once the rest is interactive; a click inside a part not yet hydrated hydrates it first, and
 * React replays the click. Nothing here suspends: the server, the hydration and client navigations render
 * the content at once, and the boundary only marks where hydration may be cut (decision 0041).
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * The items of a long list hydrated `size` at a time, each group apart from the others, without an element
 * around a group (the boundaries are comments in the server's HTML, so a `<ul>` keeps only `<li>` children).
 */
export function inHydrationGroups<T>(items: readonly T[], size: number, render: (item: T, index: number) => ReactNode): ReactNode[] {
  const groups: ReactNode[] = [];
  for (let start = 0; start < items.length; start += size) {
    groups.push(<HydrateApart key={start}>{items.slice(start, start + size).map((item, offset) => render(item, start + offset))}</HydrateApart>);
  }
  return groups;
}

import { useSyncExternalStore } from "react";

/**
 * The tools picked for comparison, kept in this browser (localStorage) like a visitor's favourites: up to four
 * of one kind (AI tools or e-commerce tools, which cannot be compared with each other). Shared HTML carries
 * none of it; toggles and the tray read it after hydration.
 */
export interface PickedTool {
  kind: "tool" | "ecommerce";
  slug: string;
  name: string;
}

export const MAX_PICKED = 4;
const KEY = "compare-tools";
const EMPTY: PickedTool[] = [];
let current: PickedTool[] | null = null;
const listeners = new Set<() => void>();

function read(): PickedTool[] {
  if (current) return current;
  try {
    const parsed = JSON.parse(window.localStorage.getItem(KEY) ?? "[]") as unknown;
    current = Array.isArray(parsed)
      ? parsed
          .filter((p): p is PickedTool => Boolean(p) && (p.kind === "tool" || p.kind === "ecommerce") && typeof p.slug === "string" && typeof p.name === "string")
          .slice(0, MAX_PICKED)
      : EMPTY;
  } catch {
    current = EMPTY;
  }
  // Nothing picked is the very value the page hydrated with (the server's), so React does not render every
  // toggle of the page again, synchronously, right after hydrating.
  if (current.length === 0) current = EMPTY;
  return current;
}

function write(next: PickedTool[]): void {
  current = next;
  try {
    window.localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private windows without storage keep the pick for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY) return;
    current = null;
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function usePickedTools(): PickedTool[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

/**
 * Adds or removes a tool. A tool of the other kind starts a new comparison; a fifth tool is refused
 * (returns "full") so the visitor can remove one first.
 */
export function togglePicked(tool: PickedTool): "added" | "removed" | "full" {
  const picked = read();
  if (picked.some((p) => p.slug === tool.slug && p.kind === tool.kind)) {
    write(picked.filter((p) => !(p.slug === tool.slug && p.kind === tool.kind)));
    return "removed";
  }
  const sameKind = picked.filter((p) => p.kind === tool.kind);
  if (sameKind.length >= MAX_PICKED) return "full";
  write([...sameKind, tool]);
  return "added";
}

export function clearPicked(): void {
  write([]);
}

/** `/compare/a-vs-b` for two tools (alphabetical), `/compare?tools=a,b,c` for more. */
export function comparePath(slugs: string[]): string {
  if (slugs.length === 2) {
    const [a, b] = [...slugs].sort();
    return `/compare/${a}-vs-${b}`;
  }
  return `/compare?tools=${slugs.map(encodeURIComponent).join(",")}`;
}

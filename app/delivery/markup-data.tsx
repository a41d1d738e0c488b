import { createContext, useContext, type ReactNode } from "react";
import type { AppLoadContext } from "react-router";

/**
 * Data a document's markup already carries, kept out of its loader data.
 *
 * React Router sends every loader's data with the document so the browser can hydrate, even where the
 * page's markup holds the same thing (the list's category tree is the category select's options, with their
 * counts). A loader hands such a value to `markupCarried`: on a document request it goes to this request's
 * server render only (this context, filled from the load context by both renders) and the loader data gets
 * null, so the browser reads the value back from the markup while hydrating; on a `.data` request (a client
 * navigation, where no markup comes along) the loader data carries it as before.
 */
const MarkupDataContext = createContext<ReadonlyMap<string, string> | undefined>(undefined);

export function MarkupDataProvider({ value, children }: { value: ReadonlyMap<string, string> | undefined; children: ReactNode }) {
  return <MarkupDataContext.Provider value={value}>{children}</MarkupDataContext.Provider>;
}

/** Loader side: `value` for the loader data on a data request; null on a document request, whose render gets it instead. */
export function markupCarried(context: AppLoadContext | undefined, key: string, value: string): string | null {
  if (!context?.documentRequest || !context.markupData) return value;
  context.markupData.set(key, value);
  return null;
}

/** Component side: what the loader handed to this server render (undefined in the browser and on data requests). */
export function useMarkupData(key: string): string | undefined {
  return useContext(MarkupDataContext)?.get(key);
}

/**
 * Loader side, for a text each item of a list shows in the page (a card's description): on a document
 * request the items' `field` goes to the server render (keyed `${prefix}${keyOf(item)}`) and the loader data
 * gets the items with "" there; the browser reads the texts back from the markup (`useMarkupText`). On a data
 * request, the items as they are.
 */
export function markupCarriedField<F extends string, T extends { [K in F]: string }>(
  context: AppLoadContext | undefined,
  prefix: string,
  items: readonly T[],
  keyOf: (item: T) => string,
  field: F,
): T[] {
  const markupData = context?.documentRequest ? context.markupData : undefined;
  if (!markupData) return [...items];
  return items.map((item) => {
    markupData.set(`${prefix}${keyOf(item)}`, item[field]);
    return { ...item, [field]: "" };
  });
}

/** Texts read back from the page while hydrating, kept so that later renders of the same item need no markup. */
const readBack = new Map<string, string>();

/**
 * Component side of `markupCarriedField`: `fromData` when the loader data has the text; else what the loader
 * handed to this server render; else (browser, hydrating) the text `readFromPage` finds in the server's markup.
 */
export function useMarkupText(key: string, fromData: string, readFromPage: () => string | null | undefined): string {
  const fromRender = useMarkupData(key);
  if (fromData !== "") return fromData;
  if (fromRender !== undefined) return fromRender;
  if (typeof document === "undefined") return fromData;
  let text = readBack.get(key);
  if (text === undefined) {
    const found = readFromPage();
    if (found == null) return fromData;
    readBack.set(key, (text = found));
  }
  return text;
}

/**
 * The texts every page renders with (the root bundles), as the browser gets them with a document (decision
 * 0042): not in the document's loader data but from `/texts/{lang}.{hash}.json`, which the document preloads
 * (`<link rel="preload" as="fetch" data-page-texts>`) and which is cached for a year, so a visitor fetches
 * them once per language instead of with every page. The browser entry fetches them before hydrating; the
 * root layout then renders with them (`fetchedPageTexts`). The server render gets them through the markup
 * data (`ROOT_TEXTS_KEY`), and a client navigation that changes the language in the root's loader data.
 */
export const ROOT_TEXTS_KEY = "root-texts";
export const PAGE_TEXTS_ATTRIBUTE = "data-page-texts";

let fetched: string | undefined;

/** The texts the browser entry fetched for this document, if it preloads any. */
export function fetchedPageTexts(): string | undefined {
  return fetched;
}

/**
 * Fetches the texts the document preloads (from the preload, so no second request; once more if that
 * failed). Resolves true when the page can hydrate: the texts are there or the page names none (it carries
 * them in its loader data); false when they stayed unavailable, and then the page stays as the server sent
 * it (links, forms and filters work without JavaScript) rather than hydrating without its words.
 */
export function loadPageTexts(): Promise<boolean> {
  const link = document.querySelector<HTMLLinkElement>(`link[${PAGE_TEXTS_ATTRIBUTE}]`);
  if (!link) return Promise.resolve(true);
  const load = () => fetch(link.href).then((response) => (response.ok ? response.text() : Promise.reject(new Error(`HTTP ${response.status}`))));
  return load()
    .catch(load)
    .then(
      (text) => ((fetched = text), true),
      (error: unknown) => (console.error("The page's texts did not load", error), false),
    );
}

import type { Bundles } from "./instance";
import { bundleFolder, I18N_VERSION, type Lang, type Namespace } from "./languages";

/*
 * Bundle downloads for a language switch. Pages get their text inlined by the server, so this code is
 * only loaded when someone opens the language menu.
 */

/** URL of a static bundle, as the browser fetches it. */
export function bundleUrl(lang: Lang, ns: Namespace): string {
  return `/locales/${bundleFolder(lang)}/${ns}.json?v=${I18N_VERSION}`;
}

const RETRIES = 5;
const FIRST_DELAY_MS = 350;

/** Fetches a language's bundles, retrying with back-off; rejects if any stays unavailable. */
export async function fetchBundles(lang: Lang, namespaces: readonly Namespace[]): Promise<Bundles> {
  const entries = await Promise.all(
    namespaces.map(async (ns) => {
      let delay = FIRST_DELAY_MS;
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await fetch(bundleUrl(lang, ns), { cache: "no-cache" });
          if (!response.ok) throw new Error(`HTTP ${response.status} for ${ns}`);
          return [ns, (await response.json()) as Record<string, unknown>] as const;
        } catch (error) {
          if (attempt >= RETRIES - 1) throw error;
          await new Promise((resolve) => setTimeout(resolve, delay));
          delay *= 2;
        }
      }
    }),
  );
  return Object.fromEntries(entries);
}

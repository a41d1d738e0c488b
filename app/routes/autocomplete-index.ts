import { AUTOCOMPLETE_SCOPES } from "~/.server/catalog/scopes";
import { getConfig } from "~/.server/config";
import { getDb } from "~/.server/db";
import { getAutocompleteIndex, indexEntries } from "~/.server/tools/autocomplete";
import { cachedRead } from "~/.server/tools/cache";
import { DEFAULT_LANG, isLang } from "~/i18n/languages";
import type { AutocompleteIndexFile } from "~/lib/autocomplete";
import type { Route } from "./+types/autocomplete-index";

export const AUTOCOMPLETE_ENDPOINT = "/api/autocomplete";

/**
 * `/autocomplete-index.json?lang=xx`: the whole suggestion index (name,
 * slug, image_url, plus other-language names and tags for matching) while
 * the catalogue is small; beyond the configured size only a pointer to the
 * server endpoint, so the browser never downloads a huge file.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("lang");
  const lang = isLang(requested) ? requested : DEFAULT_LANG;
  const db = getDb();
  const body = await cachedRead(db, `autocomplete-file:${lang}`, async () => {
    const index = await getAutocompleteIndex(db);
    const file: AutocompleteIndexFile =
      index.size <= getConfig().AUTOCOMPLETE_INDEX_MAX_TOOLS
        ? { mode: "full", endpoint: AUTOCOMPLETE_ENDPOINT, entries: indexEntries(index, lang) }
        : { mode: "remote", endpoint: AUTOCOMPLETE_ENDPOINT, entries: [] };
    return JSON.stringify(file);
  }, AUTOCOMPLETE_SCOPES);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300, stale-while-revalidate=3600",
    },
  });
}

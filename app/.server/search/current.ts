import type { DB } from "../db";
import { TOOL_SEARCH_SCOPES } from "../catalog/scopes";
import { perCatalogGeneration } from "../tools/cache";
import { timeBuild } from "../metrics";
import { buildSearchIndex, type SearchIndex } from "./text-index";

interface Holder {
  index?: Promise<SearchIndex>;
}

/**
 * Per database handle, rebuilt after a change (here or noticed from another writer) of what the index is made of:
 * tools' texts, categories, synonyms. Figures, the listing order and the e-commerce catalogue leave it as it is.
 */
const holderOf = perCatalogGeneration<Holder>(() => ({}), TOOL_SEARCH_SCOPES);

/** The search index of the current catalogue, built on first use after a change (concurrent callers share the build). */
export function searchIndex(db: DB): Promise<SearchIndex> {
  const holder = holderOf(db);
  if (holder.index) return holder.index;
  const index = timeBuild("search_index", buildSearchIndex(db));
  holder.index = index;
  // A failed build is retried by the next search instead of being kept.
  index.catch(() => {
    if (holder.index === index) holder.index = undefined;
  });
  return index;
}

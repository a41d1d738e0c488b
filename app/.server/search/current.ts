import type { DB } from "../db";
import { perCatalogGeneration } from "../tools/cache";
import { buildSearchIndex, type SearchIndex } from "./text-index";

interface Holder {
  index?: Promise<SearchIndex>;
}

/** Per database handle and catalogue generation: any catalogue change (here or noticed from another writer) starts a new one. */
const holderOf = perCatalogGeneration<Holder>(() => ({}));

/** The search index of the current catalogue, built on first use after a change (concurrent callers share the build). */
export function searchIndex(db: DB): Promise<SearchIndex> {
  const holder = holderOf(db);
  if (holder.index) return holder.index;
  const index = buildSearchIndex(db);
  holder.index = index;
  // A failed build is retried by the next search instead of being kept.
  index.catch(() => {
    if (holder.index === index) holder.index = undefined;
  });
  return index;
}

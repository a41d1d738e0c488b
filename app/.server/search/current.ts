import type { DB } from "../db";
import { TOOL_SEARCH_SCOPES } from "../catalog/scopes";
import { timeBuild } from "../metrics";
import { derivedCaughtUp, perCatalogGeneration } from "../tools/cache";
import { buildSearchIndex, type SearchIndex } from "./text-index";

/**
 * From this many tools on, the previous index answers while the next one is built (decision 0034): a
 * rebuild is then about a second of CPU or more (4-5 s at 100k), and no search should wait for it. Below
 * it, searches wait for the new index (tens of milliseconds), so a change shows in the very next search.
 * A count, not a measured time, so what a visitor sees does not depend on how busy the machine is.
 */
export const rebuildPolicy = { answerFromPreviousFromTools: 10_000 };

interface Holder {
  /** This generation's build, started by its first search. */
  building?: Promise<SearchIndex>;
  built?: SearchIndex;
  /** The previous index answered while this one was built. */
  servedPrevious?: boolean;
}



/**
 * Per database handle, rebuilt after a change (here or noticed from another writer) of what the index is made of:
 * tools' texts, categories, synonyms. Figures, the listing order and the e-commerce catalogue leave it as it is.
 */
const holderOf = perCatalogGeneration<Holder>(() => ({}), TOOL_SEARCH_SCOPES);
/** The newest finished index per database, of whichever generation. */
const latest = new WeakMap<DB, SearchIndex>();

function startBuild(db: DB, holder: Holder): Promise<SearchIndex> {
  const building = timeBuild("search_index", buildSearchIndex(db));
  holder.building = building;
  building.then(
    (index) => {
      holder.built = index;
      latest.set(db, index);
      // Searches answered from the previous index meanwhile: what was kept from them is dropped now.
      if (holder.servedPrevious) derivedCaughtUp(TOOL_SEARCH_SCOPES);
    },
    // A failed build is retried by the next search instead of being kept.
    () => {
      if (holder.building === building) holder.building = undefined;
    },
  );
  return building;
}

/**
 * The search index of the current catalogue, built on first use after a change (concurrent callers share the
 * build). While a long rebuild runs, the previous index answers.
 */
export function searchIndex(db: DB): Promise<SearchIndex> {
  const holder = holderOf(db);
  if (holder.built) return Promise.resolve(holder.built);
  const building = holder.building ?? startBuild(db, holder);
  const previous = latest.get(db);
  if (previous && previous.toolIds.length >= rebuildPolicy.answerFromPreviousFromTools) {
    holder.servedPrevious = true;
    return Promise.resolve(previous);
  }
  return building;
}

import type { DB } from "../db";
import { TOOL_SEARCH_SCOPES } from "../catalog/scopes";
import { timeBuild } from "../metrics";
import { derivedCaughtUp, perCatalogGeneration } from "../tools/cache";
import { patchCount, ToolOverlay } from "./overlay";
import { buildSearchIndex, type SearchIndex } from "./text-index";
import { plainView, type SearchView } from "./view";

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
  /** Tools changed since the build began, taken in without a rebuild (decision 0040). */
  overlay: ToolOverlay;
}

/** The newest search view per database, of whichever generation. */
const latest = new WeakMap<DB, SearchView>();

/**
 * Per database handle, rebuilt after a change (here or noticed from another writer) of what the index is made of:
 * tools' texts, categories, synonyms. A change that named its few tools (decision 0040) is patched in instead
 * (`overlay.ts`), until the patch would hold too many tools. Figures, the listing order and the e-commerce
 * catalogue leave the index as it is.
 */
const holderOf = perCatalogGeneration<Holder>(() => ({ overlay: new ToolOverlay() }), TOOL_SEARCH_SCOPES, {
  moveTools: (holder, toolIds, db) => {
    // Nothing built or being built yet: the build to come reads the change anyway.
    if (!holder.built && !holder.building) return false;
    return holder.overlay.take(toolIds, (holder.built ?? latest.get(db)?.base)?.toolIds.length ?? 0);
  },
});

let builds = 0;

/** Full builds and patches of the search index in this process (tests check which one a change caused). */
export function searchIndexWork(): { builds: number; patches: number } {
  return { builds, patches: patchCount() };
}

function startBuild(db: DB, holder: Holder): Promise<SearchIndex> {
  builds++;
  const building = timeBuild("search_index", buildSearchIndex(db));
  holder.building = building;
  building.then(
    (index) => {
      holder.built = index;
      if (holder.overlay.changed.size === 0) latest.set(db, plainView(index));
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

/** The built index with the changes made since taken in: waits for their patch (milliseconds) after a change. */
async function withChanges(db: DB, holder: Holder, base: SearchIndex): Promise<SearchView> {
  const view = await holder.overlay.view(db, base);
  latest.set(db, view);
  return view;
}

/**
 * The search index of the current catalogue, built on first use after a change (concurrent callers share the
 * build). While a long rebuild runs, the previous index answers; a change of a few named tools is patched in,
 * and the next search waits for the patch.
 */
export function searchIndex(db: DB): Promise<SearchView> {
  const holder = holderOf(db);
  if (holder.built) return withChanges(db, holder, holder.built);
  const building = holder.building ?? startBuild(db, holder);
  const previous = latest.get(db);
  if (previous && previous.liveTools >= rebuildPolicy.answerFromPreviousFromTools) {
    holder.servedPrevious = true;
    return Promise.resolve(previous);
  }
  return building.then((base) => withChanges(db, holder, base));
}

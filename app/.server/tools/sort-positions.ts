import { DEFAULT_LANG, LANGUAGES } from "~/i18n/languages";
import { pickLocalized, preferredLanguages, type LanguageVariant } from "~/lib/language-fallback";
import { nextTurn, orderByNameInSlices } from "~/lib/name-order";
import type { DB } from "../db";
import { timeBuild } from "../metrics";
import { readIntAndTextColumns, readIntColumns } from "../db/int-columns";
import type { CatalogScope } from "../catalog/scopes";
import { rebuildPolicy } from "../search/current";
import { derivedCaughtUp, perCatalogGeneration } from "./cache";
import { inSortOrder, published, TOOL_SORTS, type ToolSort } from "./order";

/**
 * Every published tool's position in each list order, read once per catalogue
 * generation (one indexed id-only query per sort, built when a sort is first
 * needed), so ranking thousands of search matches is a typed-array sort
 * instead of thousands of row lookups and an SQL sort (about 0.1-0.2 s of
 * reads per order and catalogue change at 100k tools). The figure and date
 * orders come from an ORDER BY; the name order is per page language (each
 * tool's name as its card shows it, in that language's collation), sorted in
 * memory so both engines agree.
 */
export interface SortPositions {
  /** Published tool ids in list order. */
  ids: Int32Array;
  /** Position in `ids` by tool id; -1 for ids that are no published tool. */
  positionOf: Int32Array;
}

interface Holder {
  /** By order key: the sort, or `name:{lang}`. */
  sorts: Map<string, Promise<SortPositions>>;
  /** The finished ones. */
  done: Map<string, SortPositions>;
  /** Keys whose previous positions answered while these were read (a large catalogue). */
  servedPrevious: Set<string>;
  /** What a request that was answered from the previous positions depends on. */
  scopes: readonly CatalogScope[];
  /** The English names every language's name order starts from, read once per catalogue generation. */
  englishNames?: Promise<EnglishNames>;
}

interface EnglishNames {
  ids: Int32Array;
  names: string[];
}

/** The name order is one per page language; the others are the same in every language. */
export function orderKey(sort: ToolSort, lang: string): string {
  return sort === "name" ? `name:${lang}` : sort;
}

/** Orders that follow ratings and review counts, redone when only a tool's figures change. */
const FIGURE_SORTS: ReadonlySet<ToolSort> = new Set(["popular", "rating"]);

/**
 * Per database handle; a catalogue change (a new generation) replaces the holders. A rating replaces only
 * the holder of the orders it can move, so "newest" and "name" are not read again for each new rating.
 */
const ORDER_SCOPES: readonly CatalogScope[] = ["tools", "tool-order"];
const FIGURE_ORDER_SCOPES: readonly CatalogScope[] = [...ORDER_SCOPES, "tool-figures"];
const emptyHolder = (scopes: readonly CatalogScope[]) => (): Holder => ({ sorts: new Map(), done: new Map(), servedPrevious: new Set(), scopes });
const textHolderOf = perCatalogGeneration<Holder>(emptyHolder(ORDER_SCOPES), ORDER_SCOPES);
const figuresHolderOf = perCatalogGeneration<Holder>(emptyHolder(FIGURE_ORDER_SCOPES), FIGURE_ORDER_SCOPES);
/** The newest finished positions per database and order key, of whichever generation. */
const latest = new WeakMap<DB, Map<string, SortPositions>>();
const latestOf = (db: DB) => {
  let map = latest.get(db);
  if (!map) latest.set(db, (map = new Map()));
  return map;
};
const holderOf = (db: DB, sort: ToolSort) => (FIGURE_SORTS.has(sort) ? figuresHolderOf(db) : textHolderOf(db));

/** Every published tool's English name in the (language, name) index's order (migration 0007), off the main thread on SQLite. */
async function readEnglishNames(db: DB): Promise<EnglishNames> {
  const query = db
    .selectFrom("tool_translations as n")
    .innerJoin("tools as t", "t.id", "n.tool_id")
    .select(["t.id", "n.name"])
    .where("n.language", "=", DEFAULT_LANG)
    .where("t.status", "=", "published")
    .orderBy("n.name")
    .orderBy("t.id");
  const {
    ints: [ids],
    texts: [names],
  } = await readIntAndTextColumns(db, query, ["id"] as const, ["name"] as const);
  return { ids, names };
}

function englishNames(db: DB): Promise<EnglishNames> {
  const holder = textHolderOf(db);
  if (!holder.englishNames) {
    const names = readEnglishNames(db);
    holder.englishNames = names;
    names.catch(() => {
      if (holder.englishNames === names) holder.englishNames = undefined;
    });
  }
  return holder.englishNames;
}

/**
 * Published tool ids by the names their cards show in `lang` (spec 4.7), in that language's collation. The
 * English names come in the (language, name) index's order, so the sort mostly merges runs; only the page
 * language's own names and its relatives' are read besides, and every language of a tool that has none.
 */
async function nameOrder(db: DB, lang: string): Promise<Int32Array> {
  const english = await englishNames(db);
  const others = preferredLanguages(lang, LANGUAGES).filter((code) => code !== DEFAULT_LANG);
  const variantsOf = new Map<number, Array<LanguageVariant<string>>>();
  const addRows = (rows: Array<{ id: number; language: string; name: string }>) => {
    for (const row of rows) {
      const id = Number(row.id);
      const variants = variantsOf.get(id) ?? [];
      variants.push({ language: row.language, value: row.name });
      variantsOf.set(id, variants);
    }
  };
  const translated = async (languages: readonly string[] | null, ids: number[] | null) => {
    let query = db
      .selectFrom("tool_translations as n")
      .innerJoin("tools as t", "t.id", "n.tool_id")
      .select(["t.id", "n.language", "n.name"])
      .where("t.status", "=", "published");
    if (languages) query = query.where("n.language", "in", languages);
    if (ids) query = query.where("t.id", "in", ids);
    const {
      ints: [id],
      texts: [language, name],
    } = await readIntAndTextColumns(db, query.orderBy("n.language"), ["id"] as const, ["language", "name"] as const);
    return Array.from(id, (value, i) => ({ id: value, language: language[i]!, name: name[i]! }));
  };
  if (others.length) addRows(await translated(others, null));
  let ids = english.ids;
  // A copy: the shared English names stay as read.
  const names = [...english.names];
  // Tools without an English name (hand edits only: the catalogue requires one) show their first available.
  const [publishedIds] = await readIntColumns(db, published(db).select("t.id"), ["id"] as const);
  if (publishedIds.length > ids.length) {
    const listed = new Set(ids);
    const missing = [...publishedIds].filter((id) => !listed.has(id));
    for (let i = 0; i < missing.length; i += 500) addRows(await translated(null, missing.slice(i, i + 500)));
    const withMissing = new Int32Array(ids.length + missing.length);
    withMissing.set(ids);
    withMissing.set(missing, ids.length);
    ids = withMissing;
    for (let i = 0; i < missing.length; i++) names.push("");
  }
  for (let i = 0; i < ids.length; i++) {
    // Other requests get their turns between slices of the catalogue.
    if (i % 8192 === 8191) await nextTurn();
    const variants = variantsOf.get(ids[i]!);
    if (!variants) continue;
    const english = names[i] ? [{ language: DEFAULT_LANG, value: names[i]! }] : [];
    names[i] = pickLocalized([...english, ...variants], lang)?.value ?? "";
  }
  const shownIds = ids;
  const order = await orderByNameInSlices(names, shownIds, lang);
  return order.map((i) => shownIds[i]!);
}

async function build(db: DB, key: string): Promise<SortPositions> {
  const [sort, lang] = key.split(":") as [ToolSort, string | undefined];
  const ids =
    sort === "name" ? await nameOrder(db, lang ?? DEFAULT_LANG) : (await readIntColumns(db, inSortOrder(published(db).select("t.id"), sort), ["id"] as const))[0];
  let maxId = 0;
  for (const id of ids) if (id > maxId) maxId = id;
  const positionOf = new Int32Array(maxId + 1).fill(-1);
  ids.forEach((id, position) => (positionOf[id] = position));
  return { ids, positionOf };
}

function start(db: DB, holder: Holder, key: string): Promise<SortPositions> {
  const positions = timeBuild(`sort_positions_${key.split(":")[0]}`, build(db, key));
  holder.sorts.set(key, positions);
  positions.then(
    (value) => {
      holder.done.set(key, value);
      latestOf(db).set(key, value);
      // Lists ranked by the previous positions meanwhile: what was kept from them is dropped now.
      if (holder.servedPrevious.has(key)) derivedCaughtUp(holder.scopes);
    },
    () => undefined,
  );
  // A failed read is retried by the next caller instead of being kept.
  positions.catch(() => {
    if (holder.sorts.get(key) === positions) holder.sorts.delete(key);
  });
  return positions;
}

/**
 * Builds the other orders one at a time after the first, between requests, so a visitor who switches
 * the sort of a search (or the first search in another order) does not wait for a catalogue-wide read.
 */
function warmOthers(db: DB, holder: Holder, figures: boolean, lang: string): void {
  setImmediate(() => {
    // The name order of the language that asked first (others are built when a page in them asks).
    const next = TOOL_SORTS.find((sort) => FIGURE_SORTS.has(sort) === figures && !holder.sorts.has(orderKey(sort, lang)));
    if (!next || holderOf(db, next) !== holder) return;
    start(db, holder, orderKey(next, lang)).then(
      () => warmOthers(db, holder, figures, lang),
      () => undefined,
    );
  });
}

/** Positions for `sort` (for the name order, in `lang`) in the current catalogue generation (built on first use after a change). */
/**
 * On a large catalogue (the search index's threshold, decision 0034) the previous positions answer while the
 * new ones are read: a rating, two a second on a busy site, would otherwise make every list wait for a
 * catalogue-wide read each time. Lists show the change once they are read.
 */
export function sortPositions(db: DB, sort: ToolSort, lang: string = DEFAULT_LANG): Promise<SortPositions> {
  const holder = holderOf(db, sort);
  const key = orderKey(sort, lang);
  const done = holder.done.get(key);
  if (done) return Promise.resolve(done);
  let positions = holder.sorts.get(key);
  if (!positions) {
    const first = holder.sorts.size === 0;
    positions = start(db, holder, key);
    if (first) positions.then(() => warmOthers(db, holder, FIGURE_SORTS.has(sort), lang), () => undefined);
  }
  const previous = latestOf(db).get(key);
  if (previous && previous.ids.length >= rebuildPolicy.answerFromPreviousFromTools) {
    holder.servedPrevious.add(key);
    return Promise.resolve(previous);
  }
  return positions;
}

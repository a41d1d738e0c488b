import { nextTurn } from "~/lib/time-slices";
import type { DB } from "../db";
import { createdEarlier, placeTools, readFigureRows, type FigurePositions, type FigureRow } from "./figure-order";
import { placeByName, readNames } from "./name-positions";
import { firstAfterBySamples, OrderEdit } from "./order-edit";
import type { ToolSort } from "./order";

/**
 * A change of a few named tools (an approval, an approved update, an administrator's edit, an unpublished tool,
 * a small import; decision 0040) taken into a kept list order: each named tool leaves the order when it is no
 * longer published, and is otherwise put at its place for its current keys, which is where a full read of the
 * order would have it (ties broken the same way). What the orders need of the named tools is read once per
 * change and shared (`ChangedTools`).
 */
export interface ChangedTools {
  ids: readonly number[];
  /** The published ones' list keys (figures, listing order, creation time). */
  rows(): Promise<FigureRow[]>;
  /** The published ones' names in every language (none for a tool without any). */
  names(): ReturnType<typeof readNames>;
}

export function changedTools(db: DB, ids: readonly number[]): ChangedTools {
  const once = <T>(read: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= read());
  };
  return { ids, rows: once(() => readFigureRows(db, ids)), names: once(() => readNames(db, ids, true)) };
}

/** The newest order (`created_at desc, id desc`): creation times compared by the database, in its collation. */
async function placeByDate(db: DB, edit: OrderEdit, row: FigureRow): Promise<void> {
  edit.place(row.id, await firstAfterBySamples(edit.without(row.id), createdEarlier(db, row)));
}

/**
 * The order of `key` (a sort, or `name:{lang}`) with the changed tools at their places; null when it cannot
 * take them in (the order was read without its keys): it is read again then.
 */
export async function patchOrder(db: DB, key: string, order: FigurePositions, changed: ChangedTools): Promise<FigurePositions | null> {
  const [sort, lang] = key.split(":") as [ToolSort, string | undefined];
  if (sort === "popular" || sort === "rating") return placeTools(db, order, changed.ids, await changed.rows());
  const edit = new OrderEdit(order, changed.ids.length);
  const rows = await changed.rows();
  // All of them out first: the places are found among tools whose keys the kept order was sorted by.
  edit.removeAll(changed.ids);
  const names = sort === "name" ? await changed.names() : null;
  const shown = new Map<number, string>();
  for (const [i, row] of rows.entries()) {
    // A large change (an import of a few hundred tools) lets requests in between its tools.
    if (i % 8 === 7) await nextTurn();
    // A published tool without any name is listed too, under "" (as the full read lists it).
    if (names) await placeByName(db, edit, row.id, names.get(row.id) ?? [], lang!, shown);
    else await placeByDate(db, edit, row);
  }
  return edit.result();
}

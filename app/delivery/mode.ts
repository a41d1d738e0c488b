import type { Config } from "../.server/config";

/**
 * How pages are delivered (DELIVERY in the environment, app/.server/config.ts):
 * - "fast": this folder's own path (decisions 0004-0006, 0016, 0019, 0026): the page rendered in one pass
 *   and written whole, the stylesheet inlined, anonymous pages kept briefly, favourite and rating writes
 *   answered without React Router's matching, links rendered without <Link>'s hooks. Several pieces lean on
 *   React Router 7.18's internals (it is pinned exactly).
 * - "stock": the same pages the documented way: `@react-router/express`, `renderToPipeableStream`,
 *   `<Links>` and `<Link>`, every route through React Router. Slower; for upgrading React Router (run the
 *   end-to-end tests under both) and for ruling the fast path out when something looks wrong.
 */
export type Delivery = Config["DELIVERY"];

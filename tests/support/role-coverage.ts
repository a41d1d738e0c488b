import fs from "node:fs";
import { matchRoutes, type RouteObject } from "react-router";
import type { RoleMatrixEntry } from "../role-matrix/types";

/**
 * How the role matrix proves it covers the whole site: every route of the route table (each entry,
 * not each module: one module may serve several routes) needs a row whose path React Router really
 * matches to it, for every method it answers; and every row must reach the route it names.
 */
export interface RouteNode {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteNode[];
}

/** React Router's id of a route: its own, or its file without the extension. */
export const routeIdOf = (node: RouteNode) => node.id ?? node.file.replace(/\.[^.]+$/, "");

export function flattenRoutes(nodes: RouteNode[]): RouteNode[] {
  return nodes.flatMap((node) => [node, ...flattenRoutes(node.children ?? [])]);
}

function toRouteObjects(nodes: RouteNode[]): RouteObject[] {
  return nodes.map((node) => (node.index ? { id: routeIdOf(node), index: true } : { id: routeIdOf(node), path: node.path, children: node.children ? toRouteObjects(node.children) : undefined }));
}

/** The routes (outermost first) React Router matches for a row's path; `.data` loads match their page. */
export function routeChain(table: RouteNode[], path: string): RouteNode[] {
  const byId = new Map(flattenRoutes(table).map((node) => [routeIdOf(node), node]));
  const pathname = path.split("?")[0]!.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  return (matchRoutes(toRouteObjects(table), pathname) ?? []).map((match) => byId.get(match.route.id!)!);
}

/** Methods a route module answers: GET for a loader (or a page), a write for an action. */
export function methodsOf(file: string): Array<"read" | "write"> {
  const source = fs.readFileSync(`app/${file}`, "utf8");
  const methods: Array<"read" | "write"> = [];
  if (/export\s+(async\s+)?function\s+loader\b|export\s+const\s+loader\b|export\s+default\b/.test(source)) methods.push("read");
  if (/export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source)) methods.push("write");
  return methods;
}

/**
 * Routes without a row for a method they answer. A GET row covers every route on its match chain
 * (layouts' loaders run too); a write covers the deepest route only (only its action runs).
 */
export function coverageGaps(table: RouteNode[], rows: RoleMatrixEntry[]): string[] {
  const chains = rows.map((row) => ({ row, chain: routeChain(table, row.path) }));
  return flattenRoutes(table).flatMap((node) =>
    methodsOf(node.file)
      .filter((kind) => !chains.some(({ row, chain }) => (kind === "read" ? row.method === "GET" && chain.includes(node) : row.method !== "GET" && chain.at(-1) === node)))
      .map((kind) => `route "${routeIdOf(node)}" (${node.index ? "index" : node.path}, ${node.file}): no ${kind === "read" ? "GET" : "write"} row`),
  );
}

/** Whether a request path is answered by an Express endpoint (`/x/*` prefixes or exact paths) before React Router. */
export function expressEndpointOf(endpoints: string[], path: string): string | undefined {
  const pathname = path.split("?")[0]!;
  return endpoints.find((endpoint) => (endpoint.endsWith("/*") ? pathname.startsWith(endpoint.slice(0, -1)) : pathname === endpoint));
}

/** Rows whose path does not reach the route (module or Express endpoint) they name. */
export function misdirectedRows(table: RouteNode[], endpoints: string[], rows: Array<RoleMatrixEntry & { source?: string }>): string[] {
  return rows.flatMap((row) => {
    const express = expressEndpointOf(endpoints, row.path);
    if (endpoints.includes(row.route)) return express === row.route ? [] : [`${row.source}: ${row.path} does not reach ${row.route}`];
    if (express) return [`${row.source}: ${row.path} is answered by ${express}, not ${row.route}`];
    const files = routeChain(table, row.path).map((node) => node.file);
    return files.includes(row.route) ? [] : [`${row.source}: ${row.path} reaches ${files.join(" > ") || "nothing"}, not ${row.route}`];
  });
}

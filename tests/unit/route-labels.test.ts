import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "../../app/routes";
import { routeLabeller } from "../../server/metrics";

/** The server build's route table as the metrics see it, from the app's own route config. */
async function buildRoutes(): Promise<ServerBuild["routes"]> {
  const routes: Record<string, { id: string; path?: string; index?: boolean; parentId?: string }> = { root: { id: "root", path: "" } };
  const walk = (list: Array<{ id?: string; file: string; path?: string; index?: boolean; children?: unknown[] }>, parentId: string) => {
    for (const entry of list) {
      const id = entry.id ?? entry.file;
      routes[id] = { id, path: entry.path, index: entry.index, parentId };
      if (entry.children) walk(entry.children as typeof list, id);
    }
  };
  walk(await routeConfig, "root");
  return routes as unknown as ServerBuild["routes"];
}

/** What React Router itself matches, route table flattened afresh. */
function tree(routes: ServerBuild["routes"]): RouteObject[] {
  const nodes = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const list = nodes.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, index: route.index } as RouteObject);
    nodes.set(route.parentId, list);
  }
  const attach = (list: RouteObject[]): RouteObject[] => list.map((n) => (nodes.get(n.id) && !n.index ? ({ ...n, children: attach(nodes.get(n.id)!) } as RouteObject) : n));
  return attach(nodes.get(undefined) ?? []);
}

describe("request labels in the metrics", () => {
  it("names every request by the route React Router matches, also when paths share a shape or a slug is a route word", async () => {
    const routes = await buildRoutes();
    const label = routeLabeller({ routes } as ServerBuild);
    const reference = tree(routes);
    const paths = [
      "/", "/de", "/tools", "/de/tools", "/tools/writing", "/ja/tools/writing", "/tool/chatgpt", "/fr/tool/chatgpt",
      // Slugs that are literal words of other routes, in both orders of arrival.
      "/tool/tools", "/de/tool/compare", "/tool/ecommerce", "/compare", "/de/compare", "/compare/a-vs-b", "/compare/tools",
      "/ecommerce", "/ecommerce/alternatives/shopify", "/ecommerce/alternatives", "/ecommerce/shopify", "/alternatives/chatgpt",
      "/xx/tools", "/TOOLS", "/de/Tool/chatgpt", "/tool%2Fchatgpt", "/%74ools", "/de/%74ool/x", "/a/b/c/d/e", "/tool/chatgpt.data",
      "/tool/chatgpt/reviews", "/de/user/favorites", "/user/favorites", "/admin/reports", "/ja/category/writing",
    ];
    for (const round of [paths, [...paths].reverse()]) {
      const fresh = routeLabeller({ routes } as ServerBuild);
      for (const path of round) {
        const expected = matchRoutes(reference, path.endsWith(".data") ? path.slice(0, -5) : path)?.at(-1)?.route.id ?? "unmatched";
        expect([path, fresh(path)]).toEqual([path, expected]);
        expect([path, label(path)]).toEqual([path, expected]);
      }
    }
    expect(label("/de/tool/some-tool")).toBe("tool");
    expect(label("/zh-CN/compare/a-vs-b")).toBe("compare-pair");
  });
});

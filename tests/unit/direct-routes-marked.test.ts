import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIRECT_ROUTE_MODULES, DIRECT_ROUTES, feedRoute } from "~/delivery/direct-routes.server";

/** The one line that tells a reader of a route module that fast delivery calls it without React Router. */
const MARKER = "// Served directly: app/delivery/direct-routes.server.ts";
const ROUTES_DIR = path.resolve("app/routes");

const routeIdOf = (file: string) => `routes/${file.replace(/\.tsx?$/, "")}`;

describe("routes served directly", () => {
  const files = fs.readdirSync(ROUTES_DIR).filter((file) => /\.tsx?$/.test(file));
  const marked = files.filter((file) => fs.readFileSync(path.join(ROUTES_DIR, file), "utf8").split("\n", 1)[0]!.startsWith(MARKER)).map(routeIdOf);

  it("are exactly the route modules whose first line says so", () => {
    expect([...DIRECT_ROUTE_MODULES].sort()).toEqual(marked.sort());
  });

  it("are resource routes, listed at a path without parameters (they get no params) or the feeds", () => {
    for (const urlPath of Object.keys(DIRECT_ROUTES)) expect(urlPath).not.toMatch(/[:*]/);
    for (const id of DIRECT_ROUTE_MODULES) {
      const source = fs.readFileSync(path.join(ROUTES_DIR, `${id.slice("routes/".length)}.ts`), "utf8");
      // A resource route: no component, so no page rendered around it.
      expect(source).not.toMatch(/export default/);
    }
  });

  it("read a feed's address into the route id and params React Router would give it, and leave other paths to it", () => {
    const routes = fs.readFileSync(path.resolve("app/routes.ts"), "utf8");
    for (const kind of ["tools", "category", "ecommerce", "case-studies"]) expect(routes).toContain(`id: \`feed-${kind}-\${ext}\``);
    expect(feedRoute("/de/feed.xml")).toEqual({ id: "feed-tools-xml", params: { lang: "de" } });
    expect(feedRoute("/feed.json")).toEqual({ id: "feed-tools-json", params: { lang: undefined } });
    expect(feedRoute("/zh-CN/category/ai-%E5%86%99%E4%BD%9C/feed.atom")).toEqual({ id: "feed-category-atom", params: { lang: "zh-CN", slug: "ai-写作" } });
    expect(feedRoute("/ja/ecommerce/feed.xml")).toEqual({ id: "feed-ecommerce-xml", params: { lang: "ja" } });
    expect(feedRoute("/case-studies/feed.json")).toEqual({ id: "feed-case-studies-json", params: { lang: undefined } });
    // React Router's: a category page whose slug is "feed.xml", an unknown first segment, another file.
    for (const other of ["/de/category/feed.xml", "/zz/feed.xml", "/de/feed.html", "/de/tools/feed.xml", "/de/category/%E0%A4/feed.xml"]) expect(feedRoute(other)).toBeNull();
  });
});

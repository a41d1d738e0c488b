import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIRECT_ROUTES } from "~/delivery/direct-routes.server";

/** The one line that tells a reader of a route module that fast delivery calls it without React Router. */
const MARKER = "// Served directly: app/delivery/direct-routes.server.ts";
const ROUTES_DIR = path.resolve("app/routes");

const routeIdOf = (file: string) => `routes/${file.replace(/\.tsx?$/, "")}`;

describe("routes served directly", () => {
  const files = fs.readdirSync(ROUTES_DIR).filter((file) => /\.tsx?$/.test(file));
  const marked = files.filter((file) => fs.readFileSync(path.join(ROUTES_DIR, file), "utf8").split("\n", 1)[0]!.startsWith(MARKER)).map(routeIdOf);

  it("are exactly the route modules whose first line says so", () => {
    expect([...new Set(Object.values(DIRECT_ROUTES))].sort()).toEqual(marked.sort());
  });

  it("are resource routes at a path without parameters (they get no params)", () => {
    for (const [urlPath, id] of Object.entries(DIRECT_ROUTES)) {
      expect(urlPath).not.toMatch(/[:*]/);
      const source = fs.readFileSync(path.join(ROUTES_DIR, `${id.slice("routes/".length)}.ts`), "utf8");
      // A resource route: no component, so no page rendered around it.
      expect(source).not.toMatch(/export default/);
    }
  });
});

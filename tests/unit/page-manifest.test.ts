import type { EntryContext } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pageManifest, withPageManifest } from "~/delivery/page-manifest.server";

type Manifest = EntryContext["manifest"];

const route = (id: string, parentId: string | undefined, extra: Record<string, unknown> = {}) => ({
  id,
  parentId,
  path: id,
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasDefaultExport: false,
  hasErrorBoundary: false,
  module: `/assets/${id}.js`,
  imports: [],
  css: [],
  ...extra,
});

function manifest(): Manifest {
  const routes = [
    route("root", undefined, { hasDefaultExport: true, hasErrorBoundary: true }),
    route("language", "root"),
    route("home", "language", { hasDefaultExport: true }),
    // A redirect under the language layout: links inside the app navigate to it.
    route("categories", "language"),
    route("feed-tools-xml", "root"),
    route("routes/api.favorites", "root", { hasAction: true }),
    route("with-boundary", "root", { hasErrorBoundary: true }),
    route("client-data", "root", { hasClientLoader: true }),
    route("user", "root"),
    route("user-index", "user"),
    route("not-found", "root", { hasDefaultExport: true }),
  ];
  return {
    entry: { module: "/assets/entry.client-1.js", imports: [], css: [] },
    routes: Object.fromEntries(routes.map((r) => [r.id, r])),
    url: "/assets/manifest-abcd1234.js",
    version: "abcd1234",
  } as unknown as Manifest;
}

const parse = (body: Buffer) => {
  const text = body.toString();
  expect(text.startsWith("window.__reactRouterManifest=")).toBe(true);
  return JSON.parse(text.slice(text.indexOf("=") + 1, -1)) as { routes: Record<string, unknown>; url: string; version: string; entry: unknown };
};

describe("the browser's route manifest", () => {
  it("leaves out the root's resource routes and keeps every route a page renders, its layouts and redirects", () => {
    const page = pageManifest(manifest());
    const parsed = parse(page.body);
    expect(Object.keys(parsed.routes).sort()).toEqual(["categories", "client-data", "home", "language", "not-found", "root", "user", "user-index", "with-boundary"]);
    expect(parsed.version).toBe("abcd1234");
    expect(parsed.entry).toEqual(manifest().entry);
    expect(parsed.url).toBe(page.url);
  });

  it("has an address of its own that changes with its content", () => {
    const one = pageManifest(manifest());
    expect(one.url).toMatch(/^\/assets\/page-manifest-[0-9a-f]{10}\.js$/);
    const other = manifest();
    (other.routes.home as { module: string }).module = "/assets/home-2.js";
    expect(pageManifest(other).url).not.toBe(one.url);
    expect(pageManifest(manifest()).url).toBe(one.url);
  });

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("changes only the address in the render's context, in production builds", () => {
    const context = { manifest: manifest(), routeModules: {} } as unknown as EntryContext;
    // Development keeps Vite's manifest module.
    expect(withPageManifest(context)).toBe(context);
    vi.stubEnv("DEV", false);
    const rendered = withPageManifest(context);
    expect(rendered.manifest.url).toBe(pageManifest(context.manifest).url);
    expect(rendered.manifest.routes).toBe(context.manifest.routes);
    expect(context.manifest.url).toBe("/assets/manifest-abcd1234.js");
  });
});

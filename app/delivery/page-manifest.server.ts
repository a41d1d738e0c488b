import { createHash } from "node:crypto";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import type { EntryContext, ServerBuild } from "react-router";

type Manifest = EntryContext["manifest"];
/** The build writes `hasDefaultExport` into each route (its type does not name it); missing counts as a component. */
type ManifestRoute = NonNullable<Manifest["routes"][string]> & { hasDefaultExport?: boolean };

/**
 * The route manifest the browser gets, without the routes it never renders (decision 0043).
 *
 * React Router's build writes every route into the manifest file every page imports first (decision 0016: all
 * of it up front, one year-cached file): 104 routes, 48 of them top-level resource routes (the API, feeds,
 * sitemaps, badges, `/go/{slug}`, robots.txt). The browser never renders those and never navigates to them inside
 * the app: their links are plain links (a document request), the browser code calls them with `fetch`, and no
 * form or fetcher posts to them. Yet each page downloads them (1 KB gzip of 3.7) and the browser's router
 * flattens and ranks them twice while it starts (decision 0041).
 *
 * Under fast delivery the page imports this copy instead: the same manifest (same version, entry and page routes),
 * without the routes that are direct children of the root with no component, no error boundary, no client code
 * and no child routes. The server keeps the whole table (its matching and rendering are unchanged); the copy is
 * served from memory at its own content-hashed address, cached for a year. Stock delivery imports React
 * Router's file as it is.
 */
export interface PageManifest {
  url: string;
  body: Buffer;
}

const made = new WeakMap<Manifest, PageManifest>();

function browserRenders(route: ManifestRoute, routes: Manifest["routes"]): boolean {
  if (route.parentId !== "root") return true;
  if (route.hasDefaultExport !== false || route.hasErrorBoundary || route.hasClientLoader || route.hasClientAction || route.hasClientMiddleware) return true;
  return Object.values(routes).some((other) => other?.parentId === route.id);
}

export function pageManifest(manifest: Manifest): PageManifest {
  let page = made.get(manifest);
  if (!page) {
    const routes = Object.fromEntries(Object.entries(manifest.routes).filter(([, route]) => route && browserRenders(route as ManifestRoute, manifest.routes)));
    const fields = { entry: manifest.entry, routes, version: manifest.version };
    const hash = createHash("sha256").update(JSON.stringify(fields)).digest("hex").slice(0, 10);
    const url = `${manifest.url.slice(0, manifest.url.lastIndexOf("/") + 1)}page-manifest-${hash}.js`;
    page = { url, body: Buffer.from(`window.__reactRouterManifest=${JSON.stringify({ ...fields, url })};`) };
    made.set(manifest, page);
  }
  return page;
}

/**
 * The render's context with the page manifest's address: React Router's `<Scripts>` preloads and imports it.
 * Development keeps Vite's manifest module (it changes with every edit).
 */
export function withPageManifest(context: EntryContext): EntryContext {
  if (import.meta.env.DEV) return context;
  return { ...context, manifest: { ...context.manifest, url: pageManifest(context.manifest).url } };
}

/** Answers the page manifest's address (GET and HEAD), a year-cached script; anything else passes on. */
export function pageManifestFile(build: ServerBuild) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const page = pageManifest(build.assets);
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path !== page.url) return next();
    res.set({ "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" });
    res.send(page.body);
  };
}

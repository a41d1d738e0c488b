#!/usr/bin/env node
// E-commerce directory benchmark: the list's first page with its facet counts, against the production build.
//
//   NODE_ENV=production BUILD_DIR=node_modules/.cache/bench-work npx react-router build
//   npm run catalog:synth -- --tools 0 --ecommerce 100000 --database file:data/bench-ecommerce.db
//   node bench/ecommerce.mjs --database file:data/bench-ecommerce.db --build node_modules/.cache/bench-work
//
// Like bench/run.mjs, at 50 connections: (a) a static file of the page's byte size served by the same
// process (the static twin), (b) the same list URL again (rendered-page cache hits), (c) a different
// selection every request (two categories or a category and a platform, in ten languages and four sorts,
// with a unique query parameter, so neither the page cache nor the facet results kept per selection
// answer it). Then (d) sequential requests of selections never asked before: wall time on loopback and
// the loader's own Server-Timing (facets, page, cards). Results: stdout and bench/results-ecommerce.json.
import fs from "node:fs";
import path from "node:path";
import { loadBurst } from "./lib/load.mjs";
import { catalogueBenchArgs, percentile, startServer } from "./lib/server.mjs";

const values = catalogueBenchArgs({ port: "4187", out: "bench/results-ecommerce.json" });
if (!values.database) {
  console.error("usage: node bench/ecommerce.mjs --database file:PATH [--build DIR] [--port N] [--duration S] [--connections N]");
  process.exit(2);
}
const duration = Number(values.duration);
const connections = Number(values.connections);
const base = `http://127.0.0.1:${values.port}`;
const staticDir = path.join(values.build, "client", "bench-static");

/** One load burst of this run (`bust`: a unique query parameter per request, so the page cache never answers). */
const cannon = (name, paths, bust = false) => loadBurst({ base, connections, duration, name, paths, bust, labelWidth: 40 });

// BENCH_SERVER_ARGS: extra node flags for the server (e.g. --cpu-prof) when looking for where time goes.
const server = await startServer({ port: values.port, build: values.build, env: { DATABASE_URL: values.database, SEED_ON_START: "false" }, nodeArgs: process.env.BENCH_SERVER_ARGS?.split(" ").filter(Boolean) ?? [] });
try {
  // The first request builds the in-memory snapshot; wait until the page answers with its facets.
  let body = Buffer.alloc(0);
  let html = "";
  for (let attempt = 0; attempt < 30 && !html.includes("data-facet="); attempt++) {
    const home = await fetch(`${base}/us-en/ecommerce`);
    body = Buffer.from(await home.arrayBuffer());
    html = body.toString();
    if (!html.includes("data-facet=")) {
      console.log(`warm-up: status ${home.status}, waiting`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  const total = /data-testid="ecommerce-total">([^<]+)/.exec(html)?.[1];
  console.log(`catalogue: ${total}; first page ${Math.round(body.length / 1024)} KB`);
  const categories = [...new Set([...html.matchAll(/data-facet="([^"]+)" href="[^"]*categories=/g)].map((m) => m[1]))];
  const platforms = [...new Set([...html.matchAll(/data-facet="([^"]+)" href="[^"]*platforms=/g)].map((m) => m[1]))];
  if (categories.length < 10 || platforms.length < 5) throw new Error("the list page shows no facet links: is the catalogue empty?");
  const langs = ["us-en", "zh-CN", "zh-TW", "ko", "ja", "pt", "es", "de", "fr", "vi"];
  const sorts = ["popular", "rating", "newest", "name"];
  // Every pair of a category with another category or a platform: thousands of distinct selections.
  const selections = categories.flatMap((c, i) => [
    ...categories.slice(i + 1).map((d) => `categories=${c},${d}`),
    ...platforms.map((p) => `categories=${c}&platforms=${p}`),
  ]);
  const uncached = selections.map((s, i) => `/${langs[i % langs.length]}/ecommerce?${s}${i % 4 ? `&sort=${sorts[i % 4]}` : ""}`);
  for (let i = uncached.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [uncached[i], uncached[j]] = [uncached[j], uncached[i]];
  }

  fs.mkdirSync(staticDir, { recursive: true });
  fs.writeFileSync(path.join(staticDir, "ecommerce.html"), Buffer.alloc(body.length, "a"));
  await fetch(`${base}/us-en/ecommerce`);
  const stat = await cannon(`static twin (${Math.round(body.length / 1024)} KB)`, ["/bench-static/ecommerce.html"]);
  const cached = await cannon("list, cached", ["/us-en/ecommerce"]);
  // The last quarter of the selections is kept for the sequential run below.
  const loadSet = uncached.slice(0, Math.floor(uncached.length * 0.75));
  const fresh = await cannon(`list, uncached (${loadSet.length} selections)`, loadSet, true);

  const wall = [];
  const serverTimes = [];
  const appTimes = [];
  for (const p of uncached.slice(loadSet.length).slice(0, 300)) {
    const started = performance.now();
    const res = await fetch(base + p);
    await res.arrayBuffer();
    wall.push(performance.now() - started);
    const timing = res.headers.get("server-timing") ?? "";
    serverTimes.push(Number(/data;dur=([\d.]+)/.exec(timing)?.[1] ?? NaN));
    appTimes.push(Number(/app;dur=([\d.]+)/.exec(timing)?.[1] ?? NaN));
  }
  wall.sort((a, b) => a - b);
  serverTimes.sort((a, b) => a - b);
  appTimes.sort((a, b) => a - b);
  const summary = {
    date: new Date().toISOString(),
    database: values.database,
    catalogue: total,
    pageBytes: body.length,
    connections,
    durationSeconds: duration,
    static: stat,
    cached,
    uncached: fresh,
    cachedRatio: +(cached.reqPerSec / stat.reqPerSec).toFixed(3),
    uncachedRatio: +(fresh.reqPerSec / stat.reqPerSec).toFixed(3),
    firstSeenSelections: {
      requests: wall.length,
      wallMs: { p50: +percentile(wall, 50).toFixed(1), p95: +percentile(wall, 95).toFixed(1) },
      loaderMs: { p50: +percentile(serverTimes, 50).toFixed(2), p95: +percentile(serverTimes, 95).toFixed(2) },
      // The whole document: arrival to finished body (loader, render, serialisation).
      serverMs: { p50: +percentile(appTimes, 50).toFixed(1), p95: +percentile(appTimes, 95).toFixed(1) },
    },
  };
  console.log(`\ncached/static ${summary.cachedRatio}   uncached/static ${summary.uncachedRatio}`);
  console.log(`first-seen selections, sequential: wall p50 ${summary.firstSeenSelections.wallMs.p50} ms, p95 ${summary.firstSeenSelections.wallMs.p95} ms; loader p95 ${summary.firstSeenSelections.loaderMs.p95} ms; server p50 ${summary.firstSeenSelections.serverMs.p50} ms, p95 ${summary.firstSeenSelections.serverMs.p95} ms`);
  fs.mkdirSync(path.dirname(values.out), { recursive: true });
  fs.writeFileSync(values.out, JSON.stringify(summary, null, 2) + "\n");
} finally {
  await server.stop();
  fs.rmSync(staticDir, { recursive: true, force: true });
}

#!/usr/bin/env node
// How cost grows with the catalogue (issue 37, part 5): one catalogue per run, the production build.
//
//   npm run build
//   npm run catalog:synth -- --tools 1000000 --database file:data/growth-1m.db
//   node bench/growth.mjs --database file:data/growth-1m.db --label "SQLite 1M" [--import-seconds 512]
//   DATABASE_SCHEMA=growth_1m node bench/growth.mjs --database postgres://postgres@127.0.0.1:5432/test --label "PostgreSQL 1M"
//
// It starts the server and measures: seconds until it listens, and until the first list search and the first
// autocomplete answered (the search index and the suggestions are built on first use), and until the first tool
// page answered (it builds the alternatives index); resident memory then
// and after the load; the build time of each derived structure (from /metrics); autocomplete and uncached list
// search p95 (server time, one request after another); uncached list and tool pages per second (closed loop,
// a unique URL per request). `--import-seconds` records the bulk write of the catalogue (catalog:synth prints it).
// Results: one line per measure on stdout, and the run appended to `--out` (JSON lines).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { request } from "./lib/clients.mjs";
import { loadBurst } from "./lib/load.mjs";
import { freePort, percentile, startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    label: { type: "string" },
    build: { type: "string", default: process.env.BUILD_DIR ?? "build" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    "import-seconds": { type: "string" },
    out: { type: "string", default: "bench/history/growth.jsonl" },
  },
});
if (!values.database) {
  console.error("usage: node bench/growth.mjs --database URL [--label TEXT] [--import-seconds S] [--duration S] [--connections N]");
  process.exit(2);
}

const SEARCH_WORDS = ["writing", "image", "video", "voice", "chat", "seo", "resume", "music", "legal", "code", "data", "email", "logo", "avatar", "study", "finance", "travel", "recipe", "health", "design", "sales", "research", "meeting", "podcast", "translate", "summary", "analytics", "story", "presentation", "marketing"];
const AUTOCOMPLETE = ["cha", "ap", "a", "writ", "atl", "sum", "pix", "vo", "助手", "聊天", "写作", "图像", "チャ", "アシ", "画像", "스", "데이", "어시"];
const CATEGORIES = ["text-generation-editing", "image-generation-editing", "music-audio", "video-animation", "daily-life", "legal-finance", "marketing-advertising", "office-productivity", "code-programming-assistance", "others"];

const metricsPort = await freePort();
const started = performance.now();
const server = await startServer({
  build: values.build,
  timeoutMs: 900_000,
  env: { DATABASE_URL: values.database, SEED_ON_START: "false", TRENDS_REFRESH: "off", METRICS_PORT: String(metricsPort) },
});
const seconds = (from) => +((performance.now() - from) / 1000).toFixed(1);
const listening = seconds(started);

async function metrics() {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const rssBytes = Number(/^process_resident_memory_bytes (\S+)$/m.exec(text)?.[1] ?? NaN);
  const builds = {};
  for (const m of text.matchAll(/^derived_structure_build_seconds_sum\{structure="([^"]+)"\} (\S+)$/gm)) builds[m[1]] = +Number(m[2]).toFixed(2);
  return { rssMb: Math.round(rssBytes / 1024 / 1024), builds };
}

/** Server times (Server-Timing) of one request after another, sorted. */
async function serverTimes(paths) {
  const times = [];
  for (const p of paths) {
    const answer = await request(server.base, "GET", p, { headers: { accept: "text/html,application/json" } });
    if (answer.status !== 200) throw new Error(`${p}: ${answer.status}`);
    const header = answer.headers.get("server-timing") ?? "";
    const ms = Number((/app;dur=([\d.]+)/.exec(header) ?? /dur=([\d.]+)/.exec(header))?.[1] ?? answer.ms);
    times.push(ms);
  }
  return times.sort((a, b) => a - b);
}

try {
  await fetch(`${server.base}/us-en/tools?search=writing`).then((r) => r.text());
  const searchReady = seconds(started);
  await fetch(`${server.base}/api/autocomplete?q=cha&lang=us-en`).then((r) => r.text());
  const ready = seconds(started);
  const atReady = await metrics();

  const autocomplete = await serverTimes(["zh-TW", "pt", "es", "de", "fr", "vi"].flatMap((l) => AUTOCOMPLETE.map((q) => `/api/autocomplete?q=${encodeURIComponent(q)}&lang=${l}`)));
  const search = await serverTimes(SEARCH_WORDS.flatMap((w) => [`/us-en/tools?search=${w}&page=${3 + (w.length % 5)}&sort=rating`, `/ja/tools?search=${w}&page=2`]));

  const listPaths = CATEGORIES.flatMap((c) => ["popular", "rating", "newest"].flatMap((s) => [1, 2, 3].map((p) => `/us-en/tools?category=${c}&sort=${s}&page=${p}`)));
  const toolSlugs = new Set();
  for (const p of listPaths.slice(0, 30)) {
    const html = await (await fetch(server.base + p)).text();
    for (const m of html.matchAll(/href="\/us-en\/tool\/([^"?#]+)"/g)) toolSlugs.add(m[1]);
  }
  if (toolSlugs.size === 0) throw new Error("no tool links on the list pages");
  // The first tool page builds what detail pages share (the alternatives index): counted in the ready time.
  await fetch(`${server.base}/us-en/tool/${[...toolSlugs][0]}`).then((r) => r.text());
  const toolReady = seconds(started);
  const langs = ["us-en", "de", "ja", "zh-CN", "fr"];
  const toolPaths = [...toolSlugs].map((slug, i) => `/${langs[i % langs.length]}/tool/${slug}`);
  const burst = (name, paths) => loadBurst({ base: server.base, connections: Number(values.connections), duration: Number(values.duration), name, paths, bust: true });
  const list = await burst("list uncached", listPaths);
  const tool = await burst("tool uncached", toolPaths);
  const afterLoad = await metrics();

  const run = {
    date: new Date().toISOString(),
    label: values.label ?? values.database,
    // The engine and the file's name only (no credentials, no machine paths in the recorded runs).
    database: values.database.startsWith("file:") ? `file:${path.basename(values.database.slice(5))}` : values.database.replace(/\/\/[^@/]*@/, "//"),
    schema: process.env.DATABASE_SCHEMA,
    bulkImportSeconds: values["import-seconds"] ? Number(values["import-seconds"]) : undefined,
    listeningSeconds: listening,
    searchReadySeconds: searchReady,
    readySeconds: ready,
    toolPagesReadySeconds: toolReady,
    rssMbAtReady: atReady.rssMb,
    rssMbAfterLoad: afterLoad.rssMb,
    buildSeconds: afterLoad.builds,
    autocompleteP95Ms: +percentile(autocomplete, 95).toFixed(2),
    listSearchP95Ms: +percentile(search, 95).toFixed(1),
    listUncachedPerSec: list.reqPerSec,
    toolUncachedPerSec: tool.reqPerSec,
  };
  console.log(JSON.stringify(run, null, 2));
  fs.mkdirSync(path.dirname(values.out), { recursive: true });
  fs.appendFileSync(values.out, JSON.stringify(run) + "\n");
} finally {
  await server.stop();
}

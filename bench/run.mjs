#!/usr/bin/env node
// Browse-and-search benchmarks against the production build and a large catalogue.
//
//   npm run build
//   npm run catalog:synth -- --tools 100000 --database file:data/bench-catalogue.db
//   node bench/run.mjs --database file:data/bench-catalogue.db [--port 4151] [--duration 10] [--connections 50]
//
// For each page (home, list, list with search, category, autocomplete) it measures, with autocannon
// at 50 connections, the same server answering (a) the same URL again (in-process cache hits),
// (b) a different URL every request (cache misses), and (c) a static file of the same byte size
// served by the same process. Then it measures server time of autocomplete (Server-Timing,
// including 2-character Chinese/Japanese/Korean queries), list-search latency on uncached
// queries, and the gzip size of the JavaScript the home page loads first. Results: stdout + JSON.
import { request } from "./lib/clients.mjs";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { loadBurst } from "./lib/load.mjs";
import { catalogueBenchArgs, percentile, startServer } from "./lib/server.mjs";

const values = catalogueBenchArgs({
  port: "4151",
  out: "bench/results.json",
  options: {
    // Comma-separated page names to measure (e.g. "tool,case-study"); all when missing.
    only: { type: "string" },
  },
});
if (!values.database) {
  console.error("usage: node bench/run.mjs --database file:PATH [--port N] [--duration S] [--connections N]");
  process.exit(2);
}
const duration = Number(values.duration);
const connections = Number(values.connections);
const base = `http://127.0.0.1:${values.port}`;
const staticDir = path.join(values.build, "client", "bench-static");

/** One load burst of this run (`bust`: a unique query parameter per request, so the page cache never answers). */
const cannon = (name, paths, bust = false) => loadBurst({ base, connections, duration, name, paths, bust, labelWidth: 34 });

/** A static file with the same byte size as the page, served by the same server. */
async function staticTwin(name, pagePath) {
  const body = Buffer.from(await (await fetch(base + pagePath)).arrayBuffer());
  fs.mkdirSync(staticDir, { recursive: true });
  const file = path.join(staticDir, `${name}.html`);
  fs.writeFileSync(file, Buffer.alloc(body.length, "a"));
  return { path: `/bench-static/${name}.html`, bytes: body.length };
}

const CATEGORIES = ["text-generation-editing", "image-generation-editing", "image-recognition-analysis", "music-audio", "voice-generation-conversion", "art-creative-design", "social-media", "ai-detection-anti-detection", "code-programming-assistance", "video-animation", "daily-life", "legal-finance", "business-management", "marketing-advertising", "medical-health", "business-research", "learning-translation", "chatbot-virtual-companions", "interior-architectural-design", "office-productivity", "research-data-analysis", "others"];
const SEARCH_WORDS = ["writing", "image", "video", "voice", "chat", "seo", "resume", "music", "legal", "code", "data", "email", "logo", "avatar", "study", "finance", "travel", "recipe", "health", "design", "sales", "research", "meeting", "podcast", "translate", "summary", "analytics", "story", "presentation", "marketing"];
const AUTOCOMPLETE_QUERIES = ["cha", "ap", "a", "writ", "atl", "sum", "pix", "vo", "助手", "聊天", "写作", "图像", "チャ", "アシ", "画像", "스", "데이", "어시"];
const CJK_TWO = ["助手", "聊天", "写作", "图像", "チャ", "アシ", "画像", "데이", "어시"];

/** One request after another: per request the wall time on loopback (node:http) and the server's own (Server-Timing). */
async function sequentialAnswers(paths) {
  const answers = [];
  for (const p of paths) {
    const answer = await request(base, "GET", p, { headers: { accept: "text/html,application/json" } });
    if (answer.status !== 200) throw new Error(`${p}: ${answer.status}`);
    const header = answer.headers.get("server-timing");
    // The document's own time (`app;dur`) where a loader added a metric of its own; else the only one (autocomplete's).
    answers.push({ wall: answer.ms, server: header ? Number((/app;dur=([\d.]+)/.exec(header) ?? /dur=([\d.]+)/.exec(header))?.[1]) : answer.ms });
  }
  return answers;
}

/** Sorted server times (`timing`) or wall times of one request after another. */
async function sequentialTimes(paths, timing) {
  return (await sequentialAnswers(paths)).map((a) => (timing ? a.server : a.wall)).sort((a, b) => a - b);
}

/** Distinct paths of a kind (`/tool/`, `/case-study/`) linked from the given pages, in first-seen order. */
async function linkedPaths(fromPages, kind) {
  const found = new Set();
  for (const p of fromPages) {
    const html = await (await fetch(base + p)).text();
    for (const m of html.matchAll(new RegExp(`href="/us-en${kind}([^"?#]+)"`, "g"))) found.add(m[1]);
  }
  return [...found];
}

async function firstLoadJsGzipKb() {
  const html = await (await fetch(`${base}/us-en`)).text();
  const urls = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  for (const m of html.matchAll(/import\s*(?:[\w{}\s,*]+from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]);
  let total = 0;
  for (const url of urls) total += zlib.gzipSync(Buffer.from(await (await fetch(base + url)).arrayBuffer()), { level: 9 }).length;
  return { files: urls.size, kb: Math.round((total / 1024) * 10) / 10 };
}

const server = await startServer({ port: values.port, build: values.build, env: { DATABASE_URL: values.database, SEED_ON_START: "false", API_RATE_LIMIT_ANONYMOUS: "1000000" } });
try {
  // Warm up: first reads build the caches and the autocomplete index.
  for (const p of ["/us-en", "/us-en/tools", "/us-en/tools?search=writing", "/us-en/category/chatbot-virtual-companions", "/api/autocomplete?q=cha"]) {
    await fetch(base + p);
  }
  const pages = [
    { name: "home", cached: ["/us-en"], uncached: ["us-en", "zh-CN", "zh-TW", "ko", "ja", "pt", "es", "de", "fr", "vi"].map((l) => `/${l}`) },
    // Uncached list: every category (slug) x sort x first pages, as visitors and crawlers walk them.
    { name: "list", cached: ["/us-en/tools"], uncached: CATEGORIES.flatMap((c) => ["popular", "rating", "newest"].flatMap((s) => [1, 2, 3].map((p) => `/us-en/tools?category=${c}&sort=${s}&page=${p}`))) },
    { name: "list-search", cached: ["/us-en/tools?search=writing"], uncached: SEARCH_WORDS.flatMap((w) => Array.from({ length: 40 }, (_, p) => `/us-en/tools?search=${w}&page=${p + 1}`)) },
    { name: "category", cached: ["/us-en/category/chatbot-virtual-companions"], uncached: ["text-generation-editing", "image-generation-editing", "music-audio", "video-animation", "daily-life", "legal-finance", "others", "social-media"].flatMap((c) => ["us-en", "de", "ja", "fr"].map((l) => `/${l}/category/${c}`)) },
    // The API refuses unknown parameters (400): its requests differ by their page size instead of a `bench=` parameter.
    { name: "api-tools", noBust: true, cached: ["/api/v1/tools?lang=us-en"], uncached: CATEGORIES.flatMap((c) => ["popular", "rating", "newest"].flatMap((s) => ["us-en", "de", "ja"].flatMap((l) => Array.from({ length: 40 }, (_, n) => `/api/v1/tools?category=${c}&sort=${s}&lang=${l}&limit=${10 + n}`)))) },
    { name: "feed", cached: ["/us-en/feed.xml"], uncached: CATEGORIES.flatMap((c) => ["us-en", "de", "ja", "zh-CN"].map((l) => `/${l}/category/${c}/feed.xml`)) },
    { name: "autocomplete", cached: ["/api/autocomplete?q=cha"], uncached: AUTOCOMPLETE_QUERIES.flatMap((q) => ["us-en", "zh-CN", "ja", "ko"].map((l) => `/api/autocomplete?q=${encodeURIComponent(q)}&lang=${l}`)) },
  ];
  // Detail pages: tools linked from every category's first list pages, case studies from their list, each in
  // several languages (crawlers walk 100k tools x 10 languages; distinct URLs rarely repeat).
  const toolSlugs = await linkedPaths(CATEGORIES.flatMap((c) => [1, 2, 3].map((p) => `/us-en/tools?category=${c}&sort=newest&page=${p}`)), "/tool/");
  const studySlugs = await linkedPaths(["/us-en/case-studies", "/us-en/case-studies?page=2"], "/case-study/");
  const DETAIL_LANGS = ["us-en", "de", "ja", "zh-CN", "fr"];
  pages.push(
    { name: "tool", cached: [`/us-en/tool/${toolSlugs[0]}`], uncached: toolSlugs.flatMap((slug, i) => [`/${DETAIL_LANGS[i % DETAIL_LANGS.length]}/tool/${slug}`]) },
    { name: "case-study", cached: [`/us-en/case-study/${studySlugs[0]}`], uncached: DETAIL_LANGS.flatMap((l) => studySlugs.map((slug) => `/${l}/case-study/${slug}`)) },
  );
  // Filters by what tools offer (three groups), alternatives and comparisons of the same tools.
  const FILTERS = ["pricing=freemium,paid&freePlan=yes&platforms=web,ios", "api=yes&platforms=android&languages=en,ja", "openSource=yes&pricing=free&added=month"];
  const pairs = toolSlugs.slice(1).map((slug, i) => [toolSlugs[i], slug].sort().join("-vs-"));
  // Only tools with enough good matches have an alternatives page (the others answer 404).
  const withAlternatives = [];
  for (const slug of toolSlugs) if ((await fetch(`${base}/us-en/alternatives/${slug}`).then((r) => (r.body?.cancel(), r.status))) === 200) withAlternatives.push(slug);
  pages.push(
    { name: "list-filters", cached: [`/us-en/tools?${FILTERS[0]}`], uncached: CATEGORIES.flatMap((c) => FILTERS.flatMap((f) => [1, 2].map((p) => `/us-en/tools?category=${c}&${f}&page=${p}`))) },
    { name: "alternatives", cached: [`/us-en/alternatives/${withAlternatives[0]}`], uncached: withAlternatives.map((slug, i) => `/${DETAIL_LANGS[i % DETAIL_LANGS.length]}/alternatives/${slug}`) },
    { name: "compare", cached: [`/us-en/compare/${pairs[0]}`], uncached: pairs.map((pair, i) => `/${DETAIL_LANGS[i % DETAIL_LANGS.length]}/compare/${pair}`) },
  );
  console.log(`detail pages: ${toolSlugs.length} tools, ${studySlugs.length} case studies`);
  const only = values.only ? new Set(values.only.split(",")) : null;
  const rows = [];
  for (const page of pages.filter((p) => !only || only.has(p.name))) {
    const twin = await staticTwin(page.name, page.cached[0]);
    const stat = await cannon(`${page.name} static twin (${Math.round(twin.bytes / 1024)} KB)`, [twin.path]);
    const cached = await cannon(`${page.name} cached`, page.cached);
    const uncached = await cannon(`${page.name} uncached`, page.uncached, !page.noBust);
    rows.push({ page: page.name, bytes: twin.bytes, static: stat, cached, uncached, cachedRatio: +(cached.reqPerSec / stat.reqPerSec).toFixed(2), uncachedRatio: +(uncached.reqPerSec / stat.reqPerSec).toFixed(2) });
  }

  // Autocomplete server time (Server-Timing) of terms asked for the first time, in languages the runs above did
  // not use: answered from the in-memory index, not from the answers the endpoint keeps for repeated terms.
  const FRESH_LANGS = ["zh-TW", "pt", "es", "de", "fr", "vi"];
  const acTimes = await sequentialTimes(FRESH_LANGS.flatMap((l) => AUTOCOMPLETE_QUERIES.filter((q) => !CJK_TWO.includes(q)).map((q) => `/api/autocomplete?q=${encodeURIComponent(q)}&lang=${l}`)), true);
  const cjkTimes = await sequentialTimes(FRESH_LANGS.flatMap((l) => CJK_TWO.map((q) => `/api/autocomplete?q=${encodeURIComponent(q)}&lang=${l}`)), true);
  // List search latency on queries the in-process cache has not seen (new page numbers).
  const searchPaths = SEARCH_WORDS.flatMap((w) => [`/us-en/tools?search=${w}&page=${41 + (w.length % 5)}&sort=rating`, `/zh-CN/tools?search=${encodeURIComponent("助手")}&page=${w.length + 50}`]);
  const searchAnswers = await sequentialAnswers(searchPaths);
  // The slowest of them, so a p95 over target says which requests made it.
  const slowestSearches = searchAnswers
    .map((a, i) => ({ path: searchPaths[i], serverMs: a.server, wallMs: +a.wall.toFixed(1) }))
    .sort((a, b) => b.serverMs - a.serverMs)
    .slice(0, 5);
  const searchTimes = searchAnswers.map((a) => a.server).sort((a, b) => a - b);
  const searchWallTimes = searchAnswers.map((a) => a.wall).sort((a, b) => a - b);
  const js = await firstLoadJsGzipKb();
  const summary = {
    date: new Date().toISOString(),
    database: values.database,
    connections,
    durationSeconds: duration,
    rows,
    autocompleteServerMs: { p50: percentile(acTimes, 50), p95: percentile(acTimes, 95), max: acTimes.at(-1) },
    autocompleteCjkTwoCharServerMs: { p50: percentile(cjkTimes, 50), p95: percentile(cjkTimes, 95), max: cjkTimes.at(-1) },
    // Server time (Server-Timing: arrival to finished body) and wall time on loopback of the same kind of request.
    listSearchUncachedMs: { p50: +percentile(searchTimes, 50).toFixed(1), p95: +percentile(searchTimes, 95).toFixed(1) },
    listSearchUncachedWallMs: { p50: +percentile(searchWallTimes, 50).toFixed(1), p95: +percentile(searchWallTimes, 95).toFixed(1) },
    slowestListSearches: slowestSearches,
    homeFirstLoadJs: js,
  };
  console.log("\npage          cached/static  uncached/static");
  for (const r of rows) console.log(`${r.page.padEnd(14)}${String(r.cachedRatio).padStart(8)}${String(r.uncachedRatio).padStart(16)}`);
  console.log(`autocomplete server time p95 ${summary.autocompleteServerMs.p95} ms (2-char CJK p95 ${summary.autocompleteCjkTwoCharServerMs.p95} ms)`);
  console.log(`list search (uncached) p95 ${summary.listSearchUncachedMs.p95} ms server time, ${summary.listSearchUncachedWallMs.p95} ms wall`);
  console.log(`  slowest: ${slowestSearches.map((a) => `${a.serverMs} ms ${decodeURIComponent(a.path)}`).join(" | ")}`);
  console.log(`home first-load JS ${js.kb} KB gzip in ${js.files} files`);
  fs.mkdirSync(path.dirname(values.out), { recursive: true });
  fs.writeFileSync(values.out, JSON.stringify(summary, null, 2) + "\n");
} finally {
  await server.stop();
  fs.rmSync(staticDir, { recursive: true, force: true });
}

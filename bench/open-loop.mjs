#!/usr/bin/env node
// Latency as visitors feel it: for each kind of page, the autocomplete, the API and the favourite and rating
// writes, first the capacity (requests a second that 50 connections sustain, one after another), then half of
// it offered on a fixed schedule (open loop) for 20 s, latency counted from each request's scheduled start.
// Targets at half capacity: uncached pages p99 <= 100 ms; cached pages and autocomplete p99 <= 20 ms;
// favourite and rating writes p99 <= 50 ms.
//
//   npm run build
//   npm run catalog:synth -- --tools 100000 --database file:data/bench-100k.db
//   node bench/open-loop.mjs --database file:data/bench-100k.db [--duration 20] [--only list,tool]
//   node bench/open-loop.mjs --database postgres://postgres@127.0.0.1:5432/test --schema bench_100k
import fs from "node:fs";
import { parseArgs } from "node:util";
import { signUpUsers } from "./lib/clients.mjs";
import { closedLoopRate, openLoop, openLoopSummary } from "./lib/open-loop.mjs";
import { freePort, loadAverage, startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    schema: { type: "string" },
    duration: { type: "string", default: "20" },
    "capacity-duration": { type: "string", default: "8" },
    connections: { type: "string", default: "50" },
    only: { type: "string" },
    build: { type: "string", default: process.env.BUILD_DIR ?? "build" },
    out: { type: "string" },
  },
});
if (!values.database) {
  console.error("usage: node bench/open-loop.mjs --database URL [--schema NAME] [--duration 20] [--only kinds] [--out FILE]");
  process.exit(2);
}
const duration = Number(values.duration);
const capacityDuration = Number(values["capacity-duration"]);
const connections = Number(values.connections);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  DATABASE_URL: values.database,
  ...(values.schema ? { DATABASE_SCHEMA: values.schema } : {}),
  SEED_ON_START: "false",
  TRENDS_REFRESH: "off",
  PUBLIC_URL: base,
  TRUST_PROXY: "loopback",
  // The per-user write limit would refuse a write load; this measures the writes.
  USER_WRITES_PER_MINUTE: "100000000",
  // The same for the API's per-address limit (one address asks for everything here).
  API_RATE_LIMIT_ANONYMOUS: "1000000",
};

const CATEGORIES = ["text-generation-editing", "image-generation-editing", "music-audio", "video-animation", "daily-life", "legal-finance", "marketing-advertising", "code-programming-assistance", "office-productivity", "others"];
const WORDS = ["writing", "image", "video", "voice", "chat", "seo", "resume", "music", "legal", "code", "data", "email", "logo", "avatar", "study", "finance", "travel", "design", "sales", "research"];
const LANGS = ["us-en", "zh-CN", "zh-TW", "ko", "ja", "pt", "es", "de", "fr", "vi"];
const AUTOCOMPLETE = ["cha", "writ", "sum", "pix", "vo", "助手", "聊天", "写作", "チャ", "画像", "스", "데이"];

/** Distinct paths linked from a page (`kind`: "/ecommerce/", "/case-study/"), in first-seen order. */
async function linked(page, kind) {
  const html = await (await fetch(base + page)).text();
  return [...new Set([...html.matchAll(new RegExp(`href="/us-en${kind}([^"?#/]+)"`, "g"))].map((m) => m[1]))];
}

/** Tool slugs linked from list pages, for detail pages. */
async function toolSlugs() {
  const found = new Set();
  for (const c of CATEGORIES) {
    const html = await (await fetch(`${base}/us-en/tools?category=${c}&sort=newest`)).text();
    for (const m of html.matchAll(/href="\/us-en\/tool\/([^"?#]+)"/g)) found.add(m[1]);
  }
  return [...found];
}

const server = await startServer({ port, build: values.build, env, timeoutMs: 600_000 });
const rows = [];
try {
  const slugs = await toolSlugs();
  // Only tools with enough good matches have an alternatives page (the others answer 404).
  const withAlternatives = [];
  for (const slug of slugs.slice(0, 200)) if ((await fetch(`${base}/us-en/alternatives/${slug}`).then((r) => (r.body?.cancel(), r.status))) === 200) withAlternatives.push(slug);
  const pairs = slugs.slice(1).map((slug, i) => [slugs[i], slug].sort().join("-vs-"));
  const studies = await linked("/us-en/case-studies", "/case-study/");
  const shops = (await linked("/us-en/ecommerce", "/ecommerce/")).filter((slug) => slug !== "alternatives");
  const FILTERS = ["pricing=freemium,paid&freePlan=yes&platforms=web,ios", "api=yes&platforms=android&languages=en,ja", "openSource=yes&pricing=free&added=month"];
  let users = [];
  // A counter per kind, so every uncached request is a URL not asked for before.
  const bust = (path, i) => `${path}${path.includes("?") ? "&" : "?"}ol=${i}`;
  const write = (i, make) => {
    const user = users[i % users.length];
    return { ...make(slugs[(i * 7919) % slugs.length], i), headers: { cookie: user.cookie, origin: base, "x-forwarded-for": user.address } };
  };
  const kinds = [
    { name: "home cached", target: 20, requestOf: () => "/us-en" },
    { name: "list cached", target: 20, requestOf: () => "/us-en/tools" },
    { name: "tool cached", target: 20, requestOf: () => `/us-en/tool/${slugs[0]}` },
    { name: "home uncached", target: 100, requestOf: (i) => bust(`/${LANGS[i % LANGS.length]}`, i) },
    { name: "list uncached", target: 100, requestOf: (i) => bust(`/us-en/tools?category=${CATEGORIES[i % CATEGORIES.length]}&sort=${["popular", "rating", "newest"][i % 3]}&page=${1 + (i % 3)}`, i) },
    { name: "list search uncached", target: 100, requestOf: (i) => bust(`/us-en/tools?search=${WORDS[i % WORDS.length]}&page=${1 + (i % 20)}`, i) },
    { name: "category uncached", target: 100, requestOf: (i) => bust(`/${LANGS[i % 4]}/category/${CATEGORIES[i % CATEGORIES.length]}`, i) },
    { name: "tool uncached", target: 100, requestOf: (i) => bust(`/${LANGS[i % LANGS.length]}/tool/${slugs[i % slugs.length]}`, i) },
    { name: "list filters uncached", target: 100, requestOf: (i) => bust(`/us-en/tools?category=${CATEGORIES[i % CATEGORIES.length]}&${FILTERS[i % FILTERS.length]}&page=${1 + (i % 2)}`, i) },
    { name: "alternatives uncached", target: 100, requestOf: (i) => bust(`/${LANGS[i % LANGS.length]}/alternatives/${withAlternatives[i % withAlternatives.length]}`, i) },
    { name: "compare uncached", target: 100, requestOf: (i) => bust(`/${LANGS[i % LANGS.length]}/compare/${pairs[i % pairs.length]}`, i) },
    { name: "case study uncached", target: 100, requestOf: (i) => bust(`/${LANGS[i % LANGS.length]}/case-study/${studies[i % studies.length]}`, i) },
    { name: "e-commerce list uncached", target: 100, requestOf: (i) => bust(`/${LANGS[i % LANGS.length]}/ecommerce`, i) },
    { name: "e-commerce tool uncached", target: 100, requestOf: (i) => bust(`/${LANGS[i % LANGS.length]}/ecommerce/${shops[i % shops.length]}`, i) },
    { name: "feed uncached", target: 100, requestOf: (i) => bust(`/${LANGS[i % LANGS.length]}/category/${CATEGORIES[i % CATEGORIES.length]}/feed.xml`, i) },
    // The API refuses unknown parameters: its requests differ by their page size instead.
    { name: "API list uncached", target: 100, requestOf: (i) => `/api/v1/tools?category=${CATEGORIES[i % CATEGORIES.length]}&lang=${LANGS[Math.floor(i / 10) % LANGS.length]}&limit=${10 + (Math.floor(i / 100) % 40)}` },
    { name: "sitemap cached", target: 20, requestOf: () => "/sitemap.xml" },
    { name: "autocomplete", target: 20, requestOf: (i) => `/api/autocomplete?q=${encodeURIComponent(AUTOCOMPLETE[i % AUTOCOMPLETE.length])}&lang=${LANGS[i % 4]}&ol=${i}` },
    { name: "favourite write", target: 50, requestOf: (i) => write(i, (slug, n) => ({ path: "/api/favorites", method: n % 2 ? "DELETE" : "POST", body: { type: "tool", slug } })) },
    { name: "rating write", target: 50, requestOf: (i) => write(i, (slug, n) => ({ path: "/api/ratings", method: "PUT", body: { slug, rating: 1 + (n % 5) } })) },
  ];
  const only = values.only ? values.only.split(",") : null;
  const selected = kinds.filter((k) => !only || only.some((o) => k.name.includes(o)));
  if (selected.some((k) => k.name.endsWith("write"))) users = await signUpUsers(base, 40, { prefix: `open-loop-${Date.now()}` });
  for (const kind of selected) {
    const capacity = await closedLoopRate({ base, concurrency: connections, duration: capacityDuration, requestOf: (i) => kind.requestOf(1_000_000 + i) });
    const rate = Math.max(1, Math.round(capacity / 2));
    const records = await openLoop({ base, rate, duration, requestOf: kind.requestOf });
    const summary = openLoopSummary(records);
    rows.push({ kind: kind.name, capacity: Math.round(capacity), offered: rate, ...summary, targetP99: kind.target, met: summary.p99 <= kind.target && summary.failed === 0 });
    const r = rows.at(-1);
    console.log(`${r.kind.padEnd(26)} capacity ${String(r.capacity).padStart(6)}/s  offered ${String(r.offered).padStart(5)}/s  p50 ${String(r.p50).padStart(6)}  p99 ${String(r.p99).padStart(7)}  max ${String(r.max).padStart(7)} ms  failed ${r.failed}  ${r.met ? "ok" : `over ${r.targetP99} ms`}`);
  }
} finally {
  await server.stop();
}
const result = { date: new Date().toISOString(), database: values.database.startsWith("postgres") ? "postgres" : "sqlite", duration, connections, rows, loadAverage: loadAverage() };
console.log(`load average ${result.loadAverage.join(" ")}`);
if (values.out) fs.writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);

#!/usr/bin/env node
// Favourites and ratings under load: N signed-in users toggling favourites and rating random tools.
//
//   NODE_ENV=production BUILD_DIR=$PWD/node_modules/.favbuild npx react-router build
//   node bench/favorites-ratings.mjs --engine sqlite [--users 200] [--duration 60] [--think MS] [--build node_modules/.favbuild]
//   node bench/favorites-ratings.mjs --engine postgres --database postgres://postgres@127.0.0.1:5432/test
//
// Starts server.js on a fresh database (SQLite file, or a new PostgreSQL schema) seeded with the seed
// catalogue, signs up the users over HTTP (each from its own forwarded address), then runs one loop per
// user for the duration: add or remove a favourite, or set or remove a rating, of a random tool. Every
// answered write is logged in the order that user made it. At the end it checks, per user, that the
// server's favourites and ratings (GET /api/me/state) equal the log replayed; per tool, that the shown
// rating and review count (GET /api/ratings) equal (base_rating * base_review_count + sum of the
// replayed ratings) / (base_review_count + their count) exactly, and that favourite_count equals the
// replayed favourites. It reports 5xx answers, other refusals, and p50/p95/p99 per kind of write.
import fs from "node:fs";
import { request as sendRequest, signUpUsers } from "./lib/clients.mjs";
import { createEngineDatabase, engineBenchArgs, percentile, seedDatabase, startServer } from "./lib/server.mjs";

const values = engineBenchArgs({
  options: {
    // Mean pause of each user between two writes (ms, exponentially distributed); 0: write again at once.
    think: { type: "string", default: "0" },
    port: { type: "string", default: "4152" },
  },
});
const engine = values.engine;
if (engine !== "sqlite" && engine !== "postgres") throw new Error("--engine sqlite|postgres");
const USERS = Number(values.users);
const DURATION_MS = Number(values.duration) * 1000;
const THINK_MS = Number(values.think);
const base = `http://127.0.0.1:${values.port}`;
const db = await createEngineDatabase(engine, { pgUrl: values.database, prefix: "bench-favorites" });

/**
 * The first start seeds the catalogue and draws its pictures (waited for); the measured server is
 * then started again with only error logs, so neither competes with the run. Users sign up from
 * addresses of their own (X-Forwarded-For from a trusted loopback proxy), as behind a proxy.
 */
async function startBenchServer() {
  const env = {
    ...db.env,
    PUBLIC_URL: base,
    TRUST_PROXY: "loopback",
    BETTER_AUTH_SECRET: "bench-secret-0123456789-0123456789-0123",
    // The per-user limit would refuse a loop that writes as fast as it can; this measures the writes.
    USER_WRITES_PER_MINUTE: "100000000",
  };
  await seedDatabase({ env, build: values.build });
  // BENCH_SERVER_ARGS: extra node flags for the server (e.g. --cpu-prof) when looking for where time goes.
  return startServer({ port: values.port, env: { ...env, SEED_ON_START: "true" }, build: values.build, nodeArgs: process.env.BENCH_SERVER_ARGS?.split(" ").filter(Boolean) ?? [] });
}

/** One request through the shared node:http client (fetch held requests back under load: see lib/clients.mjs). */
const request = (method, url, options = {}) => sendRequest(base, method, url, options);

async function run(users, slugs) {
  const log = []; // answered writes, per user in order
  const latencies = { favorite_add: [], favorite_remove: [], rating_set: [], rating_remove: [] };
  const statuses = new Map();
  const deadline = Date.now() + DURATION_MS;
  await Promise.all(
    users.map(async (user) => {
      while (Date.now() < deadline) {
        const slug = slugs[Math.floor(Math.random() * slugs.length)];
        const roll = Math.random();
        let kind, answer;
        if (roll < 0.5) {
          kind = Math.random() < 0.6 ? "favorite_add" : "favorite_remove";
          answer = await request(kind === "favorite_add" ? "POST" : "DELETE", "/api/favorites", { cookie: user.cookie, body: { type: "tool", slug } });
        } else {
          kind = Math.random() < 0.8 ? "rating_set" : "rating_remove";
          const rating = 1 + Math.floor(Math.random() * 5);
          answer = await request(kind === "rating_set" ? "PUT" : "DELETE", "/api/ratings", { cookie: user.cookie, body: kind === "rating_set" ? { slug, rating } : { slug } });
          if (answer.status === 200) log.push({ user: user.i, kind, slug, rating });
        }
        if (kind.startsWith("favorite") && answer.status === 200) log.push({ user: user.i, kind, slug });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        latencies[kind].push(answer.ms);
        if (THINK_MS > 0) await new Promise((resolve) => setTimeout(resolve, -Math.log(1 - Math.random()) * THINK_MS));
      }
    }),
  );
  return { log, latencies, statuses };
}

function replay(log) {
  const favorites = new Map(); // user -> Set(slug)
  const ratings = new Map(); // user -> Map(slug, rating)
  for (const entry of log) {
    if (!favorites.has(entry.user)) favorites.set(entry.user, new Set());
    if (!ratings.has(entry.user)) ratings.set(entry.user, new Map());
    if (entry.kind === "favorite_add") favorites.get(entry.user).add(entry.slug);
    if (entry.kind === "favorite_remove") favorites.get(entry.user).delete(entry.slug);
    if (entry.kind === "rating_set") ratings.get(entry.user).set(entry.slug, entry.rating);
    if (entry.kind === "rating_remove") ratings.get(entry.user).delete(entry.slug);
  }
  return { favorites, ratings };
}

async function readTools() {
  const rows = await db.query("select slug, base_rating, base_review_count, favorite_count from tools where status = 'published' order by id");
  return rows.map((r) => ({ ...r, base_rating: Number(r.base_rating), base_review_count: Number(r.base_review_count), favorite_count: Number(r.favorite_count) }));
}

async function verify(users, expected, tools) {
  let lostWrites = 0;
  for (const user of users) {
    const state = (await request("GET", "/api/me/state", { cookie: user.cookie })).json;
    const wantFavorites = [...(expected.favorites.get(user.i) ?? [])].sort();
    const haveFavorites = state.favorites.map((f) => f.slug).sort();
    const wantRatings = Object.fromEntries([...(expected.ratings.get(user.i) ?? [])].sort());
    const haveRatings = Object.fromEntries(Object.entries(state.ratings).sort());
    if (JSON.stringify(wantFavorites) !== JSON.stringify(haveFavorites)) lostWrites++;
    if (JSON.stringify(wantRatings) !== JSON.stringify(haveRatings)) lostWrites++;
  }
  let inexact = 0;
  let wrongFavoriteCounts = 0;
  for (const tool of tools) {
    let sum = 0;
    let count = 0;
    let favorites = 0;
    for (const map of expected.ratings.values()) {
      if (!map.has(tool.slug)) continue;
      sum += map.get(tool.slug);
      count++;
    }
    for (const set of expected.favorites.values()) if (set.has(tool.slug)) favorites++;
    const total = tool.base_review_count + count;
    const rating = total === 0 ? tool.base_rating : (tool.base_rating * tool.base_review_count + sum) / total;
    const shown = (await request("GET", `/api/ratings?slug=${encodeURIComponent(tool.slug)}`)).json;
    if (shown.rating !== rating || shown.reviewCount !== total) inexact++;
    if (tool.favorite_count !== favorites) wrongFavoriteCounts++;
  }
  return { lostWrites, inexact, wrongFavoriteCounts };
}

const server = await startBenchServer();
try {
  const slugs = (await readTools()).map((t) => t.slug);
  const signUpStarted = Date.now();
  const users = await signUpUsers(base, USERS);
  console.log(`${engine}: ${USERS} users signed up in ${((Date.now() - signUpStarted) / 1000).toFixed(1)} s; ${slugs.length} tools; running ${DURATION_MS / 1000} s`);
  const { log, latencies, statuses } = await run(users, slugs);
  const checks = await verify(users, replay(log), await readTools());
  const summary = {
    engine,
    users: USERS,
    seconds: DURATION_MS / 1000,
    thinkMs: THINK_MS,
    writes: Object.values(latencies).reduce((n, l) => n + l.length, 0),
    writesPerSecond: Math.round(Object.values(latencies).reduce((n, l) => n + l.length, 0) / (DURATION_MS / 1000)),
    statuses: Object.fromEntries(statuses),
    server5xx: [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0),
    lostWrites: checks.lostWrites,
    inexactAggregates: checks.inexact,
    wrongFavoriteCounts: checks.wrongFavoriteCounts,
    latencyMs: Object.fromEntries(
      Object.entries(latencies).map(([kind, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return [kind, { count: sorted.length, p50: +percentile(sorted, 50).toFixed(1), p95: +percentile(sorted, 95).toFixed(1), p99: +percentile(sorted, 99).toFixed(1) }];
      }),
    ),
  };
  console.log(JSON.stringify(summary, null, 2));
  if (values.out) fs.writeFileSync(values.out, JSON.stringify(summary, null, 2) + "\n");
  if (summary.server5xx || summary.lostWrites || summary.inexactAggregates || summary.wrongFavoriteCounts) process.exitCode = 1;
} finally {
  await server.stop();
  await db.destroy();
}

#!/usr/bin/env node
// Admin tools-order screen at catalogue scale: the page load and the save of a 20-row page.
//
//   NODE_ENV=production BUILD_DIR=node_modules/.cache/bench-work npx react-router build
//   npm run catalog:synth -- --tools 100000 --database file:data/bench-catalogue.db
//   node bench/tools-order.mjs --database file:data/bench-catalogue.db --build node_modules/.cache/bench-work
//
// Starts server.js with an administrator, then times (sequential requests, one at a time):
// the /admin/tools-order page (HTML, loader and render; client round trip on loopback),
// GET /api/admin/tools-order for every sort field and direction and a deep page (Server-Timing: app),
// and PATCH /api/admin/tools-order with the 20 rows of page 1 (pins toggled and priorities
// reassigned each time, so every save writes 20 rows; Server-Timing: app). Target: <= 50 ms each.
import { parseArgs } from "node:util";
import { markAddressesVerified, startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    build: { type: "string", default: process.env.BUILD_DIR ?? "build" },
    port: { type: "string", default: "4187" },
    runs: { type: "string", default: "30" },
  },
});
if (!values.database) {
  console.error("usage: node bench/tools-order.mjs --database file:data/bench-catalogue.db [--build dir] [--runs 30]");
  process.exit(1);
}
const base = `http://127.0.0.1:${values.port}`;
const runs = Number(values.runs);
const ADMIN = { email: "bench-admin@example.com", password: "bench admin password", name: "Bench" };

async function signIn() {
  const post = (path) => fetch(`${base}/api/auth${path}`, { method: "POST", headers: { "content-type": "application/json", origin: base }, body: JSON.stringify(ADMIN) });
  let response = await post("/sign-in/email");
  // Sign-up opens no session: sign in after it.
  if (response.status !== 200) {
    await (await post("/sign-up/email")).arrayBuffer();
    // A listed address grants admin rights only once verified (this server sends no mail).
    await markAddressesVerified({ DATABASE_URL: values.database }, [ADMIN.email]);
    response = await post("/sign-in/email");
  }
  if (response.status !== 200) throw new Error(`admin sign-in failed: ${response.status} ${await response.text()}`);
  return { token: response.headers.get("set-auth-token"), cookie: response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
}

const serverTime = (response) => Number(/app;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? NaN);

function summary(label, samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  const row = { label, median: +pick(50).toFixed(2), p95: +pick(95).toFixed(2), max: +sorted.at(-1).toFixed(2) };
  console.log(`${label.padEnd(58)} median ${String(row.median).padStart(7)} ms   p95 ${String(row.p95).padStart(7)} ms   max ${String(row.max).padStart(7)} ms`);
  return row;
}

async function time(label, request, measure) {
  await request(); // warm: prepared statements, first-use caches
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await request(i);
    const body = await response.text();
    if (!response.ok) throw new Error(`${label}: ${response.status} ${body.slice(0, 300)}`);
    samples.push(measure === "server" ? serverTime(response) : performance.now() - started);
  }
  return summary(label, samples);
}

const server = await startServer({ port: values.port, build: values.build, env: { DATABASE_URL: values.database, SEED_ON_START: "false", PUBLIC_URL: base, ADMIN_EMAILS: ADMIN.email } });
try {
  const { token, cookie } = await signIn();
  const auth = { authorization: `Bearer ${token}` };
  const results = [];
  // Baseline: a signed-in page with no data of its own, rendered through the same root layout.
  results.push(await time("GET /us-en/about signed in (baseline page, round trip)", () => fetch(`${base}/us-en/about`, { headers: { cookie } }), "wall"));
  results.push(await time("GET /admin/tools-order (page, round trip)", () => fetch(`${base}/admin/tools-order`, { headers: { cookie } }), "wall"));
  results.push(await time("GET api listing order page 1 (server)", () => fetch(`${base}/api/admin/tools-order?page=1&pageSize=20`, { headers: auth }), "server"));
  for (const sortBy of ["id", "rating", "review_count", "manual_priority", "pinned", "created_at"]) {
    for (const sortDir of ["desc", "asc"]) {
      results.push(await time(`GET api sortBy=${sortBy} ${sortDir} (server)`, () => fetch(`${base}/api/admin/tools-order?page=1&pageSize=20&sortBy=${sortBy}&sortDir=${sortDir}`, { headers: auth }), "server"));
    }
  }
  const first = await (await fetch(`${base}/api/admin/tools-order?page=1&pageSize=20`, { headers: auth })).json();
  const ids = first.data.map((row) => row.id);
  const save = (i = 0) =>
    fetch(`${base}/api/admin/tools-order`, {
      method: "PATCH",
      headers: { ...auth, "content-type": "application/json" },
      // Alternate pins and priorities so each save really writes all 20 rows (and their audit entries).
      body: JSON.stringify({ updates: ids.map((id, n) => ({ id, pinned: (n + i) % 2 === 0, manual_priority: 1_000_000 + ((n + i) % 20) + i * 20 })) }),
    });
  results.push(await time("PATCH api save 20 rows (server)", save, "server"));
  // Last: a deep page builds the list's in-memory orders, which then warm in the background.
  results.push(await time("GET /admin/tools-order?page=2500 (page, round trip)", () => fetch(`${base}/admin/tools-order?page=2500`, { headers: { cookie } }), "wall"));
  const over = results.filter((r) => r.median > 50 && !r.label.includes("round trip"));
  console.log(over.length ? `\nOVER 50 ms server time (median): ${over.map((r) => r.label).join("; ")}` : "\nAll server-time medians <= 50 ms (round trips include the whole page render; compare them with the baseline).");
} finally {
  await server.stop();
}

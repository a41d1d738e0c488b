#!/usr/bin/env node
// What recording page views costs an uncached page, as CPU time of the server process (A/B):
//
//   npm run build   (or BUILD_DIR=... with --build)
//   node bench/page-view-overhead.mjs [--database file:PATH] [--build DIR] [--rounds 6] [--requests 300]
//
// Starts two servers on copies of one SQLite database, one recording (ANALYTICS=on) and one not
// (ANALYTICS=off), and sends them the same uncached page requests (a new query string each time, so the
// page cache never answers) in alternating bursts, from a browser user agent so every request is recorded.
// After each burst it waits past a batch write, so the recording side's writes are counted. It reads each
// process's user+system CPU from /proc before and after its bursts and reports CPU per page for both.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    build: { type: "string", default: process.env.BUILD_DIR ?? "build" },
    rounds: { type: "string", default: "6" },
    requests: { type: "string", default: "300" },
    concurrency: { type: "string", default: "4" },
  },
});
const rounds = Number(values.rounds);
const perBurst = Number(values.requests);
const concurrency = Number(values.concurrency);
const FLUSH_MS = 500;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const TICKS = 100; // USER_HZ on Linux

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-view-bench-"));

async function start(name, port, env) {
  const server = await startServer({
    port,
    build: values.build,
    env: {
      UPLOAD_DIR: path.join(dir, `${name}-uploads`),
      TRENDS_REFRESH: "off",
      ANALYTICS_FLUSH_INTERVAL_MS: String(FLUSH_MS),
      BETTER_AUTH_SECRET: "bench-secret-0123456789-0123456789-0123",
      ...env,
    },
  }).catch((error) => {
    throw new Error(`${name} did not start: ${error.message}`);
  });
  return { name, child: server.child, base: server.base };
}

function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

const PAGES = ["/tools", "/us-en/tools", "/fr/tools", "/about", "/zh-CN/about", "/trends", "/de/trends", "/"];
let counter = 0;
async function burst(server) {
  let next = 0;
  const worker = async () => {
    while (next < perBurst) {
      const i = next++;
      const page = PAGES[i % PAGES.length];
      const response = await fetch(`${server.base}${page}${page.includes("?") ? "&" : "?"}bench=${++counter}`, {
        headers: { "user-agent": BROWSER, accept: "text/html", "sec-fetch-dest": "document" },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${server.name} ${page}: ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

// One database, copied, so both sides read the same catalogue; a fresh seeded one when none is given.
let source = values.database?.replace(/^file:/, "");
if (!source) {
  source = path.join(dir, "seed.db");
  const seeding = await start("seed", 4161, { DATABASE_URL: `file:${source}` });
  seeding.child.kill("SIGTERM");
  await new Promise((resolve) => seeding.child.once("exit", resolve));
}
for (const side of ["on", "off"]) for (const suffix of ["", "-wal", "-shm"]) if (fs.existsSync(source + suffix)) fs.copyFileSync(source + suffix, path.join(dir, `${side}.db${suffix}`));

const on = await start("recording", 4162, { DATABASE_URL: `file:${path.join(dir, "on.db")}`, SEED_ON_START: "false", ANALYTICS: "on" });
const off = await start("not recording", 4163, { DATABASE_URL: `file:${path.join(dir, "off.db")}`, SEED_ON_START: "false", ANALYTICS: "off" });
try {
  // Warm-up: code paths, caches and JIT on both sides.
  await burst(on);
  await burst(off);
  const used = { on: [], off: [] };
  for (let round = 0; round < rounds; round++) {
    for (const [key, server] of round % 2 ? [["off", off], ["on", on]] : [["on", on], ["off", off]]) {
      const before = cpuMs(server.child.pid);
      await burst(server);
      await new Promise((resolve) => setTimeout(resolve, FLUSH_MS * 2));
      used[key].push((cpuMs(server.child.pid) - before) / perBurst);
    }
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const perPage = { on: median(used.on), off: median(used.off) };
  console.log(`CPU per uncached page, recording:     ${used.on.map((v) => v.toFixed(3)).join(", ")} ms (median ${perPage.on.toFixed(3)})`);
  console.log(`CPU per uncached page, not recording: ${used.off.map((v) => v.toFixed(3)).join(", ")} ms (median ${perPage.off.toFixed(3)})`);
  console.log(`recording overhead: ${(((perPage.on - perPage.off) / perPage.off) * 100).toFixed(2)}% of an uncached page's CPU (medians)`);
  // Each round's two bursts ran back to back, so their ratio leaves out the machine's drift between rounds.
  const paired = used.on.map((value, i) => value / used.off[i]);
  const sum = (list) => list.reduce((total, value) => total + value, 0);
  console.log(`paired rounds (recording / not): median ${((median(paired) - 1) * 100).toFixed(2)}%, all rounds summed ${((sum(used.on) / sum(used.off) - 1) * 100).toFixed(2)}%`);
  const recorded = (await import("better-sqlite3")).default(path.join(dir, "on.db"), { readonly: true });
  console.log(`views recorded by the recording side: ${recorded.prepare("select count(*) as n from page_views").get().n} of ${(rounds + 1) * perBurst}`);
  recorded.close();
} finally {
  for (const server of [on, off]) server.child.kill("SIGTERM");
  await Promise.all([on, off].map((server) => new Promise((resolve) => (server.child.exitCode === null ? server.child.once("exit", resolve) : resolve()))));
  fs.rmSync(dir, { recursive: true, force: true });
}

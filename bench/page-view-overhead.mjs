#!/usr/bin/env node
// What recording page views costs an uncached page, as CPU time of the server process (A/B):
//
//   npm run build   (or BUILD_DIR=... with --build)
//   node bench/page-view-overhead.mjs [--database file:PATH] [--build DIR] [--blocks 6] [--rounds 8] [--requests 300]
//
// Starts two servers on copies of one SQLite database, one recording (ANALYTICS=on) and one not
// (ANALYTICS=off), and sends them the same uncached page requests (a new query string each time, so the
// page cache never answers) in alternating bursts, from a browser user agent so every request is recorded.
// After each burst it waits past a batch write, so the recording side's writes are counted. It reads each
// process's user+system CPU from /proc before and after its bursts and reports CPU per page for both.
//
// Two processes differ by a few per cent however alike they are (heap layout, JIT decisions), more than
// the 2% this bench must resolve. So the run is made of blocks: each block starts a new pair of servers
// (which side starts first and which port it gets alternate) and gives the median of its paired rounds;
// the result is the mean of the blocks' medians with a 95% confidence interval (Student's t).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    build: { type: "string", default: process.env.BUILD_DIR ?? "build" },
    blocks: { type: "string", default: "6" },
    rounds: { type: "string", default: "8" },
    requests: { type: "string", default: "300" },
    concurrency: { type: "string", default: "4" },
  },
});
const blocks = Number(values.blocks);
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

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const sum = (list) => list.reduce((total, value) => total + value, 0);
/** Two-sided 95% Student's t quantiles by degrees of freedom (1-10). */
const T95 = [NaN, 12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23];

/** One pair of fresh servers; the median over its paired rounds of recording / not recording, and CPU per page. */
async function runBlock(block) {
  const swap = block % 2 === 1;
  const ports = swap ? [4163, 4162] : [4162, 4163];
  const starts = [
    () => start("recording", ports[0], { DATABASE_URL: `file:${path.join(dir, "on.db")}`, SEED_ON_START: "false", ANALYTICS: "on" }),
    () => start("not recording", ports[1], { DATABASE_URL: `file:${path.join(dir, "off.db")}`, SEED_ON_START: "false", ANALYTICS: "off" }),
  ];
  let on, off;
  if (swap) {
    off = await starts[1]();
    on = await starts[0]();
  } else {
    on = await starts[0]();
    off = await starts[1]();
  }
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
    const paired = used.on.map((value, i) => value / used.off[i]);
    const result = { ratio: median(paired), on: median(used.on), off: median(used.off), summed: sum(used.on) / sum(used.off) };
    console.log(`block ${block + 1}: recording ${result.on.toFixed(3)} ms, not ${result.off.toFixed(3)} ms per page; paired median ${((result.ratio - 1) * 100).toFixed(2)}%`);
    return result;
  } finally {
    for (const server of [on, off]) server.child.kill("SIGTERM");
    await Promise.all([on, off].map((server) => new Promise((resolve) => (server.child.exitCode === null ? server.child.once("exit", resolve) : resolve()))));
  }
}

try {
  const results = [];
  for (let block = 0; block < blocks; block++) results.push(await runBlock(block));
  const overheads = results.map((r) => (r.ratio - 1) * 100);
  const mean = sum(overheads) / overheads.length;
  const sd = Math.sqrt(sum(overheads.map((v) => (v - mean) ** 2)) / Math.max(1, overheads.length - 1));
  const half = overheads.length > 1 ? (T95[Math.min(overheads.length - 1, 10)] * sd) / Math.sqrt(overheads.length) : NaN;
  console.log(`CPU per uncached page (medians of blocks): recording ${median(results.map((r) => r.on)).toFixed(3)} ms, not recording ${median(results.map((r) => r.off)).toFixed(3)} ms`);
  console.log(`recording overhead: ${mean.toFixed(2)}% (95% CI ${(mean - half).toFixed(2)}% to ${(mean + half).toFixed(2)}%, ${blocks} blocks of ${rounds} paired rounds)`);
  const recorded = (await import("better-sqlite3")).default(path.join(dir, "on.db"), { readonly: true });
  console.log(`views recorded by the recording side: ${recorded.prepare("select count(*) as n from page_views").get().n} of ${blocks * (rounds + 1) * perBurst}`);
  recorded.close();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

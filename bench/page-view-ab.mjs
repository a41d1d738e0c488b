#!/usr/bin/env node
// What recording page views costs an uncached page, A/B inside one server process:
//
//   node bench/page-view-ab.mjs [--database file:PATH] [--build DIR] [--rounds 30] [--requests 200]
//
// Two processes differ by a few per cent however alike they are (heap layout, JIT decisions), more than
// the 2% this must resolve (page-view-overhead.mjs, two servers, spreads -4% to +7% between pairs). So
// one server answers both sides: between bursts the bench switches its page-view hook on or off over IPC
// (bench/lib/analytics-switch.mjs), and reads the process's CPU time (microseconds) around each burst.
// Before each burst the server runs a full garbage collection (--expose-gc), outside the measured window, so a
// burst does not pay for the collection of the burst before it (without it the rounds spread by about 13%).
// A burst is uncached page requests from a browser user agent (a new query string each time), then a wait
// past a batch write so the recording side pays for its inserts. Rounds alternate which side goes first;
// the result is the mean of the rounds' paired differences with a 95% confidence interval.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { request } from "./lib/clients.mjs";
import { BENCH_SECRET, seedDatabase, startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    build: { type: "string", default: process.env.BUILD_DIR ?? "build" },
    rounds: { type: "string", default: "30" },
    requests: { type: "string", default: "200" },
    concurrency: { type: "string", default: "4" },
  },
});
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rounds = Number(values.rounds);
const perBurst = Number(values.requests);
const concurrency = Number(values.concurrency);
const FLUSH_MS = 500;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PAGES = ["/us-en/tools", "/fr/tools", "/ja/tools", "/us-en/about", "/zh-CN/about", "/us-en/trends", "/de/trends", "/us-en"];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-view-ab-"));
const database = path.join(dir, "ab.db");
const env = { UPLOAD_DIR: path.join(dir, "uploads"), TRENDS_REFRESH: "off", ANALYTICS: "on", ANALYTICS_FLUSH_INTERVAL_MS: String(FLUSH_MS), BETTER_AUTH_SECRET: BENCH_SECRET, DATABASE_URL: `file:${database}` };
const source = values.database?.replace(/^file:/, "");
if (source) {
  for (const suffix of ["", "-wal", "-shm"]) if (fs.existsSync(source + suffix)) fs.copyFileSync(source + suffix, database + suffix);
}
else await seedDatabase({ env, build: values.build });

const server = await startServer({
  build: values.build,
  env: { ...env, SEED_ON_START: "false" },
  nodeArgs: ["--expose-gc", "--import", path.join(ROOT, "bench/lib/analytics-switch.mjs")],
  ipc: true,
});
const { child, base } = server;

let nextId = 0;
/** Sends a message to the server and waits for its CPU reading. */
function control(message = {}) {
  const id = ++nextId;
  return new Promise((resolve) => {
    const onMessage = (answer) => {
      if (answer?.id !== id) return;
      child.off("message", onMessage);
      resolve(answer.cpuMicros);
    };
    child.on("message", onMessage);
    child.send({ ...message, id });
  });
}

let counter = 0;
async function burst() {
  let next = 0;
  const worker = async () => {
    while (next < perBurst) {
      const page = PAGES[next++ % PAGES.length];
      const answer = await request(base, "GET", `${page}?bench=${++counter}`, { headers: { "user-agent": BROWSER, accept: "text/html", "sec-fetch-dest": "document" } });
      if (answer.status !== 200) throw new Error(`${page}: ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** CPU per page (ms) of one burst with recording on or off, the batch write included. */
async function measure(side) {
  await control({ analytics: side });
  // A full collection before each burst: each side then pays for the garbage its own burst leaves, not for
  // the other side's (collections landing in one burst or the next were most of the rounds' spread).
  const before = await control({ gc: true });
  await burst();
  await new Promise((resolve) => setTimeout(resolve, FLUSH_MS * 2));
  return ((await control()) - before) / perBurst / 1000;
}

try {
  // Warm-up: code paths, caches and JIT, both ways.
  await measure("on");
  await measure("off");
  const on = [];
  const off = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2) {
      off.push(await measure("off"));
      on.push(await measure("on"));
    } else {
      on.push(await measure("on"));
      off.push(await measure("off"));
    }
  }
  const sum = (list) => list.reduce((total, value) => total + value, 0);
  const mean = (list) => sum(list) / list.length;
  const differences = on.map((value, i) => ((value - off[i]) / off[i]) * 100);
  const m = mean(differences);
  const sd = Math.sqrt(sum(differences.map((d) => (d - m) ** 2)) / (differences.length - 1));
  const half = (1.96 * sd) / Math.sqrt(differences.length);
  console.log(`CPU per uncached page: recording ${mean(on).toFixed(3)} ms, not recording ${mean(off).toFixed(3)} ms (${rounds} rounds of ${perBurst} pages each way)`);
  console.log(`recording overhead: ${m.toFixed(2)}% (95% CI ${(m - half).toFixed(2)}% to ${(m + half).toFixed(2)}%); pooled ${(((sum(on) - sum(off)) / sum(off)) * 100).toFixed(2)}%`);
  const recorded = (await import("better-sqlite3")).default(database, { readonly: true });
  console.log(`views recorded: ${recorded.prepare("select count(*) as n from page_views").get().n} (${(rounds + 1) * perBurst} requested with recording on)`);
  recorded.close();
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

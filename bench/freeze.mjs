// Does a catalogue change stop the site? Steady open-loop traffic (half /healthz, half uncached searches and
// list pages) while one new tool is imported into a large catalogue by another process, as `catalog:import`
// or a second instance does. Prints the latency (from each request's scheduled start) before and after the
// change, and the longest event-loop delay the server reports on its metrics listener, second by second.
//
//   npm run build
//   npm run catalog:synth -- --tools 100000 --database file:data/bench-100k.db
//   node bench/freeze.mjs --database file:data/bench-100k.db [--rate 50] [--duration 30] [--change-at 8]
//   node bench/freeze.mjs --database postgres://postgres@127.0.0.1:5432/test --schema bench_100k
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openLoop, openLoopSummary } from "./lib/open-loop.mjs";
import { freePort, loadAverage, sleep, startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    schema: { type: "string" },
    rate: { type: "string", default: "50" },
    duration: { type: "string", default: "30" },
    "change-at": { type: "string", default: "8" },
    build: { type: "string", default: process.env.BUILD_DIR ?? "build" },
    out: { type: "string" },
  },
});
if (!values.database) {
  console.error("usage: node bench/freeze.mjs --database URL [--schema NAME] [--rate 50] [--duration 30] [--change-at 8] [--out FILE]");
  process.exit(2);
}
const rate = Number(values.rate);
const duration = Number(values.duration);
const changeAt = Number(values["change-at"]);
const databaseEnv = { DATABASE_URL: values.database, ...(values.schema ? { DATABASE_SCHEMA: values.schema } : {}) };

// Words a visitor searches for; each request a new page of results, so no cache answers it.
const WORDS = ["writing", "image", "video", "assistant", "code", "voice", "translate", "marketing", "chat", "design", "music", "seo", "data", "email", "photo"];
const pathOf = (i) => (i % 2 === 0 ? "/healthz" : `/us-en/tools?search=${WORDS[(i >> 1) % WORDS.length]}&page=${1 + ((i >> 1) % 7)}&freeze=${i}`);

const metricsPort = await freePort();
const server = await startServer({ build: values.build, env: { ...databaseEnv, SEED_ON_START: "false", TRENDS_REFRESH: "off", METRICS_PORT: String(metricsPort) }, timeoutMs: 600_000 });
console.log(`server ready on ${server.base} (${values.database}${values.schema ? `, schema ${values.schema}` : ""})`);

/** The longest event-loop delay since the last look (prom-client resets its histogram after each collect). */
async function loopDelayMax() {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith("nodejs_eventloop_lag_max_seconds "));
  return line ? Number(line.split(" ")[1]) * 1000 : NaN;
}

// Warm: the index, sort orders and pages of the catalogue as it is, before the measured run.
for (const word of WORDS) await fetch(`${server.base}/us-en/tools?search=${word}&warm=1`).then((r) => r.arrayBuffer());
await loopDelayMax();

const slug = `freeze-probe-${Date.now()}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "freeze-"));
const file = path.join(dir, "one-tool.csv");
fs.writeFileSync(
  file,
  `slug,website_url,pricing,categories,name,description,tags\n${slug},https://${slug}.example,free,text-generation-editing,Freeze Probe ${Date.now()},A writing assistant imported during the freeze benchmark.,writing|assistant\n`,
);

const loopDelays = [];
const sampler = setInterval(() => {
  const at = loopDelays.length + 1;
  loopDelayMax().then((ms) => loopDelays.push({ second: at, ms: Math.round(ms) }), () => undefined);
}, 1000);
let importedAt = NaN;
let importDoneAt = NaN;
const started = performance.now();
const change = sleep(changeAt * 1000).then(
  () =>
    new Promise((resolve, reject) => {
      importedAt = performance.now() - started;
      const child = spawn(process.execPath, ["--import", "tsx", "scripts/catalog-import.ts", file, "--database", values.database], {
        env: { ...process.env, ...databaseEnv, LOG_LEVEL: "error" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (c) => (output += c));
      child.stderr.on("data", (c) => (output += c));
      child.on("exit", (code) => {
        importDoneAt = performance.now() - started;
        if (code === 0) resolve();
        else reject(new Error(`import failed (${code}): ${output}`));
      });
    }),
);
const records = await openLoop({ base: server.base, rate, duration, pathOf });
await change;
clearInterval(sampler);

// Until the new tool is found, the change has not reached searches: that is how long readers wait or see the old catalogue.
let visibleAfterMs = NaN;
for (let i = 0; i < 120; i++) {
  const html = await (await fetch(`${server.base}/us-en/tools?search=${encodeURIComponent("Freeze Probe")}&probe=${i}`)).text();
  if (html.includes(slug)) {
    visibleAfterMs = Math.round(performance.now() - started - importDoneAt);
    break;
  }
  await sleep(500);
}
await server.stop();
fs.rmSync(dir, { recursive: true, force: true });

const before = records.filter((r) => r.scheduled < importedAt);
const after = records.filter((r) => r.scheduled >= importedAt);
const kinds = (list) => ({ health: openLoopSummary(list.filter((r) => r.path === "/healthz")), search: openLoopSummary(list.filter((r) => r.path !== "/healthz")) });
const result = {
  database: values.database.startsWith("postgres") ? "postgres" : "sqlite",
  rate,
  duration,
  importStartedMs: Math.round(importedAt),
  importDoneMs: Math.round(importDoneAt),
  newToolFoundAfterImportMs: visibleAfterMs,
  before: kinds(before),
  after: kinds(after),
  loopDelayMaxMs: Math.max(...loopDelays.map((d) => d.ms)),
  loopDelays,
  loadAverage: loadAverage(),
};
const row = (name, s) => `${name.padEnd(22)} n ${String(s.requests).padStart(5)}  p50 ${String(s.p50).padStart(7)} ms  p99 ${String(s.p99).padStart(7)} ms  max ${String(s.max).padStart(7)} ms  failed ${s.failed}`;
console.log(row("before: /healthz", result.before.health));
console.log(row("before: search", result.before.search));
console.log(row("after: /healthz", result.after.health));
console.log(row("after: search", result.after.search));
console.log(`import ran ${result.importStartedMs}-${result.importDoneMs} ms; the new tool was found ${visibleAfterMs} ms after it`);
console.log(`longest event-loop delay per second (ms): ${loopDelays.map((d) => d.ms).join(" ")}`);
console.log(`longest event-loop delay: ${result.loopDelayMaxMs} ms; load average ${result.loadAverage.join(" ")}`);
if (values.out) fs.writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);

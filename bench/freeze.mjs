// Does a catalogue change stop the site? Steady open-loop traffic (half /healthz, half uncached searches, list
// pages in the rating order, filtered lists, category pages and suggestions) while the catalogue changes: one
// new tool imported by another process (as `catalog:import` or a second instance does), submissions approved
// by an administrator, and ratings written by a signed-in user. Prints the latency (from each request's
// scheduled start) before and after the first change, and the longest event-loop delay the server reports on
// its metrics listener, second by second.
//
//   npm run build
//   npm run catalog:synth -- --tools 100000 --database file:data/bench-100k.db
//   node bench/freeze.mjs --database file:data/bench-100k.db [--rate 50] [--duration 30] [--change-at 8]
//   node bench/freeze.mjs --database postgres://postgres@127.0.0.1:5432/test --schema bench_100k
// `--cpu-prof DIR`: the server writes a V8 CPU profile and the stretches of 50 ms or more of main-thread CPU
// without a turn of the event loop there; `node bench/lib/cpu-stalls.mjs DIR/CPU*.cpuprofile DIR/stalls.json`
// names what ran in each.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { request, signIn, signUp } from "./lib/clients.mjs";
import { openLoop, openLoopSummary } from "./lib/open-loop.mjs";
import { freePort, loadAverage, markAddressesVerified, sleep, startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    schema: { type: "string" },
    rate: { type: "string", default: "50" },
    duration: { type: "string", default: "30" },
    "change-at": { type: "string", default: "8" },
    approvals: { type: "string", default: "3" },
    "ratings-per-second": { type: "string", default: "2" },
    /** Seconds between the two rounds of warming requests. */
    settle: { type: "string", default: "15" },
    /** A folder: the server writes a CPU profile and its long stretches without a turn of the event loop there. */
    "cpu-prof": { type: "string" },
    build: { type: "string", default: process.env.BUILD_DIR ?? "build" },
    out: { type: "string" },
  },
});
if (!values.database) {
  console.error("usage: node bench/freeze.mjs --database URL [--schema NAME] [--rate 50] [--duration 30] [--change-at 8] [--approvals 3] [--ratings-per-second 2] [--cpu-prof DIR] [--out FILE]");
  process.exit(2);
}
const rate = Number(values.rate);
const duration = Number(values.duration);
const changeAt = Number(values["change-at"]);
const approvals = Number(values.approvals);
const ratingsPerSecond = Number(values["ratings-per-second"]);
const databaseEnv = { DATABASE_URL: values.database, ...(values.schema ? { DATABASE_SCHEMA: values.schema } : {}) };
const runId = Date.now().toString(36);
const ADMIN_EMAIL = "freeze-admin@example.com";

// Words a visitor searches for; each request a new page of results, so no cache answers it.
const WORDS = ["writing", "image", "video", "assistant", "code", "voice", "translate", "marketing", "chat", "design", "music", "seo", "data", "email", "photo"];
const CATEGORIES = ["ai-writing-assistant", "ai-art", "code-programming-assistance", "ai-chatbot", "background-removal"];
function pathOf(i) {
  if (i % 2 === 0) return "/healthz";
  const n = i >> 1;
  const word = WORDS[n % WORDS.length];
  const page = 1 + (n % 7);
  switch (n % 6) {
    case 0:
    case 1:
      return `/us-en/tools?search=${word}&page=${page}&freeze=${i}`;
    case 2:
      return `/us-en/tools?sort=rating&page=${page}&freeze=${i}`;
    case 3:
      return `/us-en/tools?pricing=free&page=${page}&freeze=${i}`;
    case 4:
      return `/us-en/tools/${CATEGORIES[n % CATEGORIES.length]}?page=${page}&freeze=${i}`;
    default:
      return `/api/autocomplete?q=${word.slice(0, 3 + (n % 3))}&lang=us-en&freeze=${i}`;
  }
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const metricsPort = await freePort();
const profileDir = values["cpu-prof"] ? path.resolve(values["cpu-prof"]) : null;
if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
// The stall probe runs in every run: main-thread CPU without a turn of the event loop does not depend on how
// busy the machine is, the event-loop delay does.
const probeDir = profileDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "freeze-probe-"));
const stallsFile = path.join(probeDir, "stalls.json");
const nodeArgs = ["--import", path.resolve("bench/lib/stall-probe.mjs"), ...(profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [])];
const server = await startServer({
  port,
  build: values.build,
  nodeArgs,
  env: {
    ...databaseEnv,
    SEED_ON_START: "false",
    TRENDS_REFRESH: "off",
    METRICS_PORT: String(metricsPort),
    PUBLIC_URL: base,
    TRUST_PROXY: "loopback",
    ADMIN_EMAILS: ADMIN_EMAIL,
    USER_WRITES_PER_MINUTE: "100000",
    STALL_PROBE_OUT: stallsFile,
  },
  timeoutMs: 600_000,
});
console.log(`server ready on ${base} (${values.database}${values.schema ? `, schema ${values.schema}` : ""})`);

/** The longest event-loop delay since the last look (prom-client resets its histogram after each collect). */
async function loopDelayMax() {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith("nodejs_eventloop_lag_max_seconds "));
  return line ? Number(line.split(" ")[1]) * 1000 : NaN;
}

// An administrator and a user who has submitted the tools the administrator approves during the run.
const adminAddress = "10.250.0.1";
const userAddress = `10.251.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
let admin;
try {
  admin = await signIn(base, ADMIN_EMAIL, { address: adminAddress, password: "freeze admin password" });
} catch {
  await signUp(base, ADMIN_EMAIL, { address: adminAddress, password: "freeze admin password" });
  await markAddressesVerified(databaseEnv, [ADMIN_EMAIL]);
  admin = await signIn(base, ADMIN_EMAIL, { address: adminAddress, password: "freeze admin password" });
}
const user = await signUp(base, `freeze-${runId}@example.com`, { address: userAddress });
for (let n = 0; n < approvals; n++) {
  const form = {
    name: `Freeze Submitted ${runId} ${n}`,
    website_url: `https://freeze-${runId}-${n}.example`,
    description: "Drafts replies to support tickets in the customer's language.",
    category: "text-generation-editing",
    contact_email: `freeze-${runId}@example.com`,
    pricing: "freemium",
    tags: "Productivity,Customer Support",
    features: "Drafts replies\nKeeps the tone",
    use_cases: "Support desks",
  };
  const answer = await request(base, "POST", "/user/submit-tool.data", { cookie: user.cookie, address: userAddress, form });
  if (answer.status >= 400) throw new Error(`submission failed: ${answer.status} ${answer.text.slice(0, 300)}`);
}
const pending = await request(base, "GET", "/api/admin/submissions?status=pending&pageSize=50", { token: admin.token, address: adminAddress });
const submissionIds = (pending.json?.data ?? []).map((row) => row.id).slice(0, approvals);
if (submissionIds.length < approvals) throw new Error(`expected ${approvals} pending submissions: ${pending.status} ${pending.text.slice(0, 300)}`);
// Tools to rate: the suggestions' first answers for a few words.
const rateSlugs = [];
for (const word of WORDS.slice(0, 4)) rateSlugs.push(...((await request(base, "GET", `/api/autocomplete?q=${word}&lang=us-en`)).json?.items ?? []).map((item) => item.slug));
if (ratingsPerSecond && rateSlugs.length === 0) throw new Error("no tools to rate");

// Warm: the index, sort orders and pages of the catalogue as it is, before the measured run; twice, with a
// pause for what the first round started in the background (other sort orders, the suggestions).
for (const round of [1, 2]) {
  for (let i = 1; i < 24; i += 2) await fetch(`${base}${pathOf(i)}&warm=${round}`).then((r) => r.arrayBuffer());
  if (round === 1) await sleep(Number(values.settle) * 1000);
}
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
const windowStart = Date.now();
let importedAt = NaN;
let importDoneAt = NaN;
const writes = { approvals: [], ratings: [] };
const started = performance.now();
const importing = sleep(changeAt * 1000).then(
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
// Approvals spread over the rest of the run, after the import; ratings throughout, from the first change on.
const approving = (async () => {
  const span = (duration - changeAt) * 1000;
  for (let n = 0; n < submissionIds.length; n++) {
    await sleep(Math.max(0, changeAt * 1000 + ((n + 1) * span) / (submissionIds.length + 2) - (performance.now() - started)));
    const answer = await request(base, "PATCH", `/api/admin/submissions/${submissionIds[n]}`, { token: admin.token, address: adminAddress, body: { status: "approved", notes: null } });
    writes.approvals.push({ atMs: Math.round(performance.now() - started), status: answer.status, ms: Math.round(answer.ms) });
  }
})();
const rating = (async () => {
  if (!ratingsPerSecond) return;
  await sleep(changeAt * 1000);
  for (let n = 0; performance.now() - started < duration * 1000; n++) {
    const target = rateSlugs[n % rateSlugs.length];
    request(base, "PUT", "/api/ratings", { cookie: user.cookie, address: userAddress, body: { slug: target, rating: 1 + (n % 5) } }).then((answer) =>
      writes.ratings.push({ status: answer.status, ms: Math.round(answer.ms) }),
    );
    await sleep(1000 / ratingsPerSecond);
  }
})();
// Until the new tool is found, the change has not reached searches: that is how long readers wait or see the old
// catalogue. Looked for every 250 ms from the end of the import on, during the load (one uncached search each).
let visibleAfterMs = NaN;
const probing = importing.then(async () => {
  for (let i = 0; i < 480; i++) {
    const html = await (await fetch(`${base}/us-en/tools?search=${encodeURIComponent("Freeze Probe")}&probe=${i}`)).text();
    if (html.includes(slug)) {
      visibleAfterMs = Math.round(performance.now() - started - importDoneAt);
      return;
    }
    await sleep(250);
  }
});
const records = await openLoop({ base, rate, duration, pathOf });
await Promise.all([importing, approving, rating, probing]);
clearInterval(sampler);
const windowEnd = Date.now();
await server.stop();
fs.rmSync(dir, { recursive: true, force: true });
// Stretches of main-thread CPU without a turn of the event loop, after the first change (the probe writes them at exit).
const stalls = fs.existsSync(stallsFile) ? JSON.parse(fs.readFileSync(stallsFile, "utf8")) : [];
if (!profileDir) fs.rmSync(probeDir, { recursive: true, force: true });
const changedStalls = stalls.filter((s) => s.at >= windowStart + importedAt && s.at <= windowEnd).sort((a, b) => b.cpuMs - a.cpuMs);

const before = records.filter((r) => r.scheduled < importedAt);
const after = records.filter((r) => r.scheduled >= importedAt);
const kinds = (list) => ({
  health: openLoopSummary(list.filter((r) => r.path === "/healthz")),
  search: openLoopSummary(list.filter((r) => r.path.includes("search="))),
  lists: openLoopSummary(list.filter((r) => r.path !== "/healthz" && !r.path.includes("search=") && !r.path.startsWith("/api/"))),
  suggestions: openLoopSummary(list.filter((r) => r.path.startsWith("/api/autocomplete"))),
});
const statusCounts = (list) => list.reduce((counts, w) => ({ ...counts, [w.status]: (counts[w.status] ?? 0) + 1 }), {});
const result = {
  database: values.database.startsWith("postgres") ? "postgres" : "sqlite",
  rate,
  duration,
  importStartedMs: Math.round(importedAt),
  importDoneMs: Math.round(importDoneAt),
  newToolFoundAfterImportMs: visibleAfterMs,
  approvals: writes.approvals,
  ratings: { count: writes.ratings.length, statuses: statusCounts(writes.ratings), maxMs: Math.max(0, ...writes.ratings.map((w) => w.ms)) },
  before: kinds(before),
  after: kinds(after),
  loopDelayMaxMs: Math.max(...loopDelays.map((d) => d.ms)),
  cpuStallMaxMs: changedStalls[0]?.cpuMs ?? 0,
  cpuStallsOver50Ms: changedStalls.length,
  loopDelays,
  loadAverage: loadAverage(),
};
const row = (name, s) => `${name.padEnd(22)} n ${String(s.requests).padStart(5)}  p50 ${String(s.p50).padStart(7)} ms  p99 ${String(s.p99).padStart(7)} ms  max ${String(s.max).padStart(7)} ms  failed ${s.failed}${s.failed ? ` ${JSON.stringify(s.failedBy)}` : ""}`;
for (const [phase, summary] of [["before", result.before], ["after", result.after]]) {
  for (const kind of ["health", "search", "lists", "suggestions"]) console.log(row(`${phase}: ${kind}`, summary[kind]));
}
console.log(`import ran ${result.importStartedMs}-${result.importDoneMs} ms; the new tool was found ${visibleAfterMs} ms after it`);
console.log(`approvals (at ms, status, latency): ${writes.approvals.map((a) => `${a.atMs} ${a.status} ${a.ms} ms`).join("; ")}`);
console.log(`ratings: ${result.ratings.count} (${JSON.stringify(result.ratings.statuses)}), slowest ${result.ratings.maxMs} ms`);
console.log(`longest event-loop delay per second (ms): ${loopDelays.map((d) => d.ms).join(" ")}`);
console.log(`longest event-loop delay: ${result.loopDelayMaxMs} ms; load average ${result.loadAverage.join(" ")}`);
console.log(`after the first change: longest main-thread CPU without a turn of the event loop ${result.cpuStallMaxMs} ms; ${result.cpuStallsOver50Ms} stretches of 50 ms or more`);
if (values.out) fs.writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);

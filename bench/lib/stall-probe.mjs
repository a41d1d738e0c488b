// Loaded into the server under test (`node --import ./bench/lib/stall-probe.mjs server.js`, with STALL_PROBE_OUT
// set): a 1 ms timer that notes every gap between two of its turns in which the main thread itself ran for
// STALL_PROBE_MIN_MS (50) or more of CPU time. CPU time, read from the thread's scheduler statistics, not wall
// time: on a shared machine a gap in wall time may just be waiting for a core. The gaps (monotonic clock, µs,
// as a V8 CPU profile counts) are written at exit; `cpu-stalls.mjs` names what ran in them.
import fs from "node:fs";
import { isMainThread } from "node:worker_threads";

// Only the main thread: workers inherit the preload, and their reads are what keeps the main thread free.
const out = isMainThread ? process.env.STALL_PROBE_OUT : undefined;
const minMs = Number(process.env.STALL_PROBE_MIN_MS ?? 50);
const schedstat = `/proc/self/task/${process.pid}/schedstat`;
/** Nanoseconds the main thread has spent on a core. */
const threadCpuNs = () => Number(fs.readFileSync(schedstat, "utf8").split(" ")[0]);

if (out) {
  const stalls = [];
  let lastAt = process.hrtime.bigint();
  let lastCpu = threadCpuNs();
  const timer = setInterval(() => {
    const at = process.hrtime.bigint();
    const cpu = threadCpuNs();
    const cpuMs = (cpu - lastCpu) / 1e6;
    if (cpuMs >= minMs) stalls.push({ at: Date.now(), fromUs: Number(lastAt / 1000n), toUs: Number(at / 1000n), wallMs: Math.round(Number(at - lastAt) / 1e6), cpuMs: Math.round(cpuMs) });
    lastAt = at;
    lastCpu = cpu;
  }, 1);
  timer.unref();
  process.on("exit", () => fs.writeFileSync(out, JSON.stringify(stalls)));
}

// SQLite statements run on the main thread for STALL_PROBE_MIN_MS / 2 or more, with their SQL: better-sqlite3
// is synchronous, so each is a stretch without a turn of the event loop.
if (out) {
  const { createRequire } = await import("node:module");
  const slow = [];
  try {
    const Database = createRequire(`${process.cwd()}/package.json`)("better-sqlite3");
    const probe = new Database(":memory:");
    const Statement = Object.getPrototypeOf(probe.prepare("select 1"));
    probe.close();
    for (const method of ["all", "get", "run"]) {
      const original = Statement[method];
      Statement[method] = function (...args) {
        const started = performance.now();
        const result = original.apply(this, args);
        const ms = performance.now() - started;
        if (ms >= minMs / 2) slow.push({ ms: Math.round(ms), sql: this.source.slice(0, 300) });
        return result;
      };
    }
  } catch {
    // No SQLite driver here: nothing to watch.
  }
  process.on("exit", () => fs.writeFileSync(out.replace(/\.json$/, "-sql.json"), JSON.stringify(slow, null, 1)));
}

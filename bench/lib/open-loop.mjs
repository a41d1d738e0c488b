// Open-loop load: requests start on a fixed schedule whatever the server does, and each latency is counted
// from its scheduled start, so a server that stalls shows its stall instead of slowing the client down
// (a closed loop would just send less and hide it). A closed loop of the same requests measures capacity.
import http from "node:http";

/**
 * One request description: `{ path, method?, headers?, body? }` (a string is a GET of that path). `body`
 * (an object) is sent as JSON.
 */
function send(agent, url, spec, timeoutMs) {
  const { path, method = "GET", headers = {}, body } = typeof spec === "string" ? { path: spec } : spec;
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path, method, agent, timeout: timeoutMs, headers: payload ? { "content-type": "application/json", "content-length": payload.length, ...headers } : headers },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", () => resolve(0));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve(0));
    req.end(payload);
  });
}

/**
 * Sends `rate` requests a second for `duration` seconds to `base`; request i is `requestOf(i)` and starts at
 * `start + i / rate`. Returns one record per request: scheduled time (ms from the start), latency (ms, from
 * the scheduled start), status (0 for a failed connection) and its path.
 */
export async function openLoop({ base, rate, duration, requestOf, pathOf, timeoutMs = 30_000 }) {
  const make = requestOf ?? pathOf;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const url = new URL(base);
  const total = Math.round(rate * duration);
  const records = [];
  const pending = [];
  const start = performance.now();
  let next = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now() - start;
      while (next < total && (next * 1000) / rate <= now) {
        const scheduled = (next * 1000) / rate;
        const spec = make(next++);
        pending.push(send(agent, url, spec, timeoutMs).then((status) => records.push({ scheduled, latency: performance.now() - start - scheduled, status, path: typeof spec === "string" ? spec : spec.path })));
      }
      if (next >= total) return resolve();
      setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  return records.sort((a, b) => a.scheduled - b.scheduled);
}

/** Requests a second `concurrency` loops of `requestOf(i)` sustain for `duration` seconds (each sends its next when answered). */
export async function closedLoopRate({ base, concurrency, duration, requestOf, timeoutMs = 30_000 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const url = new URL(base);
  const deadline = performance.now() + duration * 1000;
  let i = 0;
  let answered = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const status = await send(agent, url, requestOf(i++), timeoutMs);
        if (status > 0 && status < 500) answered++;
      }
    }),
  );
  agent.destroy();
  return answered / duration;
}

/** p50, p99 and max of the records' latencies (ms, one decimal), and how many were not 2xx/3xx (and their statuses). */
export function openLoopSummary(records) {
  const sorted = records.map((r) => r.latency).sort((a, b) => a - b);
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0);
  const round = (v) => Math.round(v * 10) / 10;
  const failures = records.filter((r) => r.status === 0 || r.status >= 400);
  // By status (0: no answer: a refused, reset or timed-out connection), so a run says which kind of failure it saw.
  const failedBy = {};
  for (const r of failures) failedBy[r.status] = (failedBy[r.status] ?? 0) + 1;
  return { requests: records.length, p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted.at(-1) ?? 0), failed: failures.length, failedBy };
}

// Open-loop load: requests start on a fixed schedule whatever the server does, and each latency is counted
// from its scheduled start, so a server that stalls shows its stall instead of slowing the client down
// (a closed loop would just send less and hide it).
import http from "node:http";

/**
 * Sends `rate` requests a second for `duration` seconds to `base`; request i goes to `pathOf(i)` at
 * `start + i / rate`. Returns one record per request: scheduled time (ms from the start), latency (ms,
 * from the scheduled start), status (0 for a failed connection) and its path.
 */
export async function openLoop({ base, rate, duration, pathOf, timeoutMs = 30_000 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const url = new URL(base);
  const total = Math.round(rate * duration);
  const records = [];
  const pending = [];
  const start = performance.now();
  const send = (i) => {
    const scheduled = (i * 1000) / rate;
    const path = pathOf(i);
    pending.push(
      new Promise((resolve) => {
        const req = http.request({ host: url.hostname, port: url.port, path, agent, timeout: timeoutMs }, (res) => {
          res.resume();
          res.on("end", () => {
            records.push({ scheduled, latency: performance.now() - start - scheduled, status: res.statusCode ?? 0, path });
            resolve();
          });
        });
        req.on("timeout", () => req.destroy(new Error("timeout")));
        req.on("error", () => {
          records.push({ scheduled, latency: performance.now() - start - scheduled, status: 0, path });
          resolve();
        });
        req.end();
      }),
    );
  };
  let next = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now() - start;
      while (next < total && (next * 1000) / rate <= now) send(next++);
      if (next >= total) return resolve();
      setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  return records.sort((a, b) => a.scheduled - b.scheduled);
}

/** p50, p99 and max of the records' latencies (ms, one decimal), and how many were not 2xx/3xx. */
export function openLoopSummary(records) {
  const sorted = records.map((r) => r.latency).sort((a, b) => a - b);
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0);
  const round = (v) => Math.round(v * 10) / 10;
  return { requests: records.length, p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted.at(-1) ?? 0), failed: records.filter((r) => r.status === 0 || r.status >= 400).length };
}

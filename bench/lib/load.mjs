// Load at a fixed number of connections for a fixed time (autocannon), as the page benchmarks measure it.
import autocannon from "autocannon";

/**
 * Requests `paths` in turn from `base` for `duration` seconds over `connections` connections and prints one
 * line (`name`, padded to `labelWidth`). `bust`: a unique query parameter per request, so the rendered-page
 * cache never answers it. Returns requests per second, p95 (p97.5 where autocannon has no p95) and p99 in ms.
 */
export async function loadBurst({ base, connections, duration, name, paths, bust = false, labelWidth = 34 }) {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        setupRequest: (req) => {
          const n = i++;
          const path = paths[n % paths.length];
          return { ...req, path: bust ? `${path}${path.includes("?") ? "&" : "?"}bench=${n}` : path };
        },
      },
    ],
  });
  const row = { name, reqPerSec: Math.round(result.requests.average), p95ms: result.latency.p97_5 ?? result.latency.p99, p99ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
  console.log(`${name.padEnd(labelWidth)} ${String(row.reqPerSec).padStart(7)} req/s   p99 ${String(row.p99ms).padStart(5)} ms${row.non2xx ? `   non-2xx ${row.non2xx}` : ""}`);
  return row;
}

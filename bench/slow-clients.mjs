#!/usr/bin/env node
// Slow clients: idle and slowloris connections must not stop the site answering, and the server must
// drop them after its timeouts (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS in server.js).
//
//   NODE_ENV=production BUILD_DIR=$PWD/node_modules/.cache/rel-build npx react-router build
//   node bench/slow-clients.mjs [--connections 500] [--headers-timeout 15000] [--request-timeout 60000]
//                               [--interval 1000] [--engine sqlite] --build node_modules/.cache/rel-build
//
// Starts server.js (seeded, with the given timeouts: the defaults are the server's own), measures
// normal requests (health check, home, tool list, a rating; 4 at a time) for a few seconds, then
// opens `--connections` connections, a third each: idle (nothing sent), slowloris (a request line,
// then one header byte every `--interval` ms, never ending the headers) and slow body (complete
// headers, then one body byte per interval). While they are open it measures the same normal
// requests again, then waits for the server to close the slow ones. Fails (exit 1) when a normal
// request went unanswered, or a slow connection was still open past its timeout plus 5 s.
// Results: stdout and bench/results-slow-clients.json.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { reliabilityEnv } from "./lib/reliability.mjs";
import { createEngineDatabase, freePort, loadAverage, seedDatabase, startServer } from "./lib/server.mjs";
import { runSlowClients } from "./lib/slow-clients.mjs";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "sqlite" },
    database: { type: "string", default: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
    connections: { type: "string", default: "500" },
    "headers-timeout": { type: "string", default: "15000" },
    "request-timeout": { type: "string", default: "60000" },
    interval: { type: "string", default: "1000" },
    build: { type: "string", default: process.env.BUILD_DIR ?? "build" },
    out: { type: "string", default: "bench/results-slow-clients.json" },
  },
});
const headersTimeoutMs = Number(values["headers-timeout"]);
const requestTimeoutMs = Number(values["request-timeout"]);

const db = await createEngineDatabase(values.engine, { pgUrl: values.database, prefix: "bench-slow" });
const port = await freePort();
const env = {
  ...db.env,
  ...reliabilityEnv(`http://127.0.0.1:${port}`),
  HTTP_HEADERS_TIMEOUT_MS: String(headersTimeoutMs),
  HTTP_REQUEST_TIMEOUT_MS: String(requestTimeoutMs),
};
let server;
try {
  await seedDatabase({ env, build: values.build });
  server = await startServer({ port, env: { ...env, SEED_ON_START: "false" }, build: values.build });
  const load = loadAverage();
  console.log(`${values.connections} slow connections (idle, slowloris, slow body); headers timeout ${headersTimeoutMs} ms, request timeout ${requestTimeoutMs} ms; load average ${load.join(" ")}`);
  const report = await runSlowClients({ port, connections: Number(values.connections), byteIntervalMs: Number(values.interval), headersTimeoutMs, requestTimeoutMs });
  const line = (label, p) => console.log(`${label.padEnd(34)} ${String(p.requests).padStart(5)} requests, ${String(p.answered).padStart(5)} answered   p50 ${p.latencyMs.p50} ms   p95 ${p.latencyMs.p95} ms   p99 ${p.latencyMs.p99} ms`);
  line("normal requests before", report.baseline);
  line(`normal requests, ${report.openWhileProbing} slow open`, report.during);
  line("normal requests after", report.after);
  for (const [kind, k] of Object.entries(report.perKind)) {
    console.log(`${kind.padEnd(8)} opened ${k.opened}, dropped ${k.dropped} (408 sent to ${k.answered408}) after p50 ${k.droppedAfterMs.p50} ms / max ${k.droppedAfterMs.max} ms (timeout ${k.expectedAfterMs} ms), still open ${k.stillOpen}`);
  }
  if (!server.alive()) report.failures.push("the server process died");
  console.log(report.failures.length ? `FAIL\n  ${report.failures.join("\n  ")}` : "PASS");
  fs.writeFileSync(values.out, `${JSON.stringify({ date: new Date().toISOString(), loadAverage: load, headersTimeoutMs, requestTimeoutMs, ...report }, null, 2)}\n`);
  if (report.failures.length) process.exitCode = 1;
} finally {
  await server?.stop();
  await db.destroy();
}

#!/usr/bin/env node
// Crash: kill -9 the server mid-load and restart it on the same database, on SQLite and PostgreSQL.
//
//   NODE_ENV=production BUILD_DIR=$PWD/node_modules/.cache/rel-build npx react-router build
//   node bench/crash.mjs [--engines sqlite,postgres] [--cycles 3] [--users 50] [--kill-after 3-8]
//                        [--database postgres://postgres@127.0.0.1:5432/test] --build node_modules/.cache/rel-build
//
// Per engine: a production server on a fresh seeded database; then `--cycles` times: new users sign up
// and write (favourites, ratings, submissions, ad requests; administrators deciding) until the
// process gets SIGKILL at a random moment of the `--kill-after` range (seconds); SQLite's file is
// checked as the kill left it (PRAGMA integrity_check, foreign_key_check); the server restarts on the
// same database, and bench/lib/verify.mjs checks that every write answered 2xx before the kill is
// there (and nothing refused), aggregates equal their rows, no row dangles or is half-written, and
// the users' sessions survived. Exit 1 on any failure; results in bench/results-crash.json.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { crashCycle, reliabilityEnv } from "./lib/reliability.mjs";
import { createEngineDatabase, freePort, loadAverage, seedDatabase, startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    engines: { type: "string", default: "sqlite,postgres" },
    database: { type: "string", default: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
    cycles: { type: "string", default: "3" },
    users: { type: "string", default: "50" },
    "kill-after": { type: "string", default: "3-8" },
    build: { type: "string", default: process.env.BUILD_DIR ?? "build" },
    out: { type: "string", default: "bench/results-crash.json" },
  },
});
const [killMin, killMax = killMin] = values["kill-after"].split("-").map((s) => Number(s) * 1000);

const results = {};
let failed = false;
for (const engine of values.engines.split(",").map((e) => e.trim()).filter(Boolean)) {
  const db = await createEngineDatabase(engine, { pgUrl: values.database, prefix: "bench-crash" });
  const port = await freePort();
  const env = { ...db.env, ...reliabilityEnv(`http://127.0.0.1:${port}`) };
  // The restart reuses the port, so users' requests and cookies keep pointing at the same site.
  const start = () => startServer({ port, env: { ...env, SEED_ON_START: "false" }, build: values.build });
  let server;
  results[engine] = { loadAverage: loadAverage(), cycles: [] };
  try {
    await seedDatabase({ env, build: values.build });
    server = await start();
    for (let cycle = 1; cycle <= Number(values.cycles); cycle++) {
      const killAfterMs = Math.round(killMin + Math.random() * (killMax - killMin));
      const restartedAt = { ms: 0 };
      const outcome = await crashCycle({
        server,
        db,
        users: Number(values.users),
        killAfterMs,
        cycle,
        restart: async () => {
          const started = performance.now();
          const restarted = await start();
          restartedAt.ms = Math.round(performance.now() - started);
          return restarted;
        },
      });
      server = outcome.server;
      const { report } = outcome;
      report.restartMs = restartedAt.ms;
      results[engine].cycles.push(report);
      const v = report.verification;
      console.log(
        `${engine} cycle ${cycle}: killed after ${(killAfterMs / 1000).toFixed(1)} s; ${report.acknowledged} writes acknowledged, ${report.inFlightAtKill} in flight; ` +
          `restart ${report.restartMs} ms; integrity at kill ${report.integrityAtKill ? (report.integrityAtKill.ok ? "ok" : "FAILED") : "n/a"}, after restart ${v.integrity.ok ? "ok" : "FAILED"}; ` +
          `lost ${v.writes.lostWrites}, phantom ${v.writes.phantomWrites}, decisions lost ${v.decisions.lostDecisions}; sessions kept ${report.sessionsKept}` +
          (report.failures.length ? `\n  FAIL ${report.failures.join("\n  FAIL ")}` : "  PASS"),
      );
      failed ||= report.failures.length > 0;
    }
  } catch (error) {
    failed = true;
    results[engine].error = String(error?.stack ?? error);
    console.error(`${engine}: ${results[engine].error}`);
  } finally {
    await server?.stop();
    await db.destroy();
  }
}
fs.writeFileSync(values.out, `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`);
console.log(failed ? "FAIL" : "PASS");
process.exit(failed ? 1 : 0);

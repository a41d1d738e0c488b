#!/usr/bin/env node
// Concurrency: N signed-in users for D seconds mixing favourites, ratings, tool submissions and ad
// requests, while two administrators approve and reject what arrives (bearer-token admin API).
//
//   NODE_ENV=production BUILD_DIR=$PWD/node_modules/.cache/rel-build npx react-router build
//   node bench/concurrency.mjs --engine sqlite [--users 200] [--duration 60] [--admins 2] [--mix favorite=36,rating=34,review=6,vote=3,report=3,submit=11,ad=7] --build node_modules/.cache/rel-build
//   node bench/concurrency.mjs --engine postgres --database postgres://postgres@127.0.0.1:5432/test --build ...
//
// Starts server.js on a fresh database (SQLite file, or a new PostgreSQL schema) seeded with the seed
// catalogue, signs the users up over HTTP (each from its own forwarded address), runs the mix
// (bench/lib/workload.mjs), then checks from the database (bench/lib/verify.mjs): every acknowledged
// write is there and no refused one (429: the daily submission and ad-request limits), each
// acknowledged decision stuck and approvals are published tools, ratings, review counts and
// favourite counts equal their rows exactly, no dangling rows, and the API shows what the rows say.
// Fails (exit 1) on any of that, any 5xx or unanswered request. Per-kind p50/p95/p99 are printed and
// written, per engine, to bench/results-concurrency.json.
import fs from "node:fs";
import { runConcurrency, reliabilityEnv } from "./lib/reliability.mjs";
import { createEngineDatabase, engineBenchArgs, freePort, loadAverage, seedDatabase, startServer } from "./lib/server.mjs";

const values = engineBenchArgs({
  out: "bench/results-concurrency.json",
  options: {
    admins: { type: "string", default: "2" },
    // Relative weights of the users' writes, e.g. favorite=1,rating=1 for favourites and ratings only.
    mix: { type: "string", default: "favorite=36,rating=34,review=6,vote=3,report=3,submit=11,ad=7" },
  },
});

const db = await createEngineDatabase(values.engine, { pgUrl: values.database, prefix: "bench-concurrency" });
const port = await freePort();
const env = { ...db.env, ...reliabilityEnv(`http://127.0.0.1:${port}`) };
let server;
try {
  await seedDatabase({ env, build: values.build });
  server = await startServer({ port, env: { ...env, SEED_ON_START: "false" }, build: values.build });
  const loadBefore = loadAverage();
  console.log(`${values.engine}: ${values.users} users and ${values.admins} administrators for ${values.duration} s (load average ${loadBefore.join(" ")})`);
  const mix = Object.fromEntries(values.mix.split(",").map((part) => part.split("=")).map(([kind, weight]) => [kind.trim(), Number(weight)]));
  const result = await runConcurrency({ server, db, users: Number(values.users), admins: Number(values.admins), durationMs: Number(values.duration) * 1000, mix });
  const { verification } = result;
  console.log(`signed up in ${result.signUpSeconds.toFixed(1)} s; ${result.writes} writes (${result.writesPerSecond}/s), ${result.acknowledged} acknowledged, ${result.refusedAsExpected} refused as expected (429/409)`);
  console.log(`5xx ${result.server5xx}, unanswered ${result.unanswered}, unexpected refusals ${result.unexpectedRefusals}`);
  console.log(`lost writes ${verification.writes.lostWrites}, phantom writes ${verification.writes.phantomWrites} (${verification.writes.keys} keys checked)`);
  console.log(
    `decisions: ${verification.decisions.acknowledged} acknowledged, ${verification.decisions.approvedPublished} approvals published; ` +
      `lost ${verification.decisions.lostDecisions}, double ${verification.decisions.doubleDecisions}, unpublished ${verification.decisions.unpublishedApprovals}, phantom ${verification.decisions.phantomDecisions}`,
  );
  console.log(
    `aggregates: ${verification.aggregates.ratedTools} rated tools, ${verification.aggregates.ratings} ratings, ${verification.aggregates.favorites} favourites; ` +
      `inexact ${verification.aggregates.inexactAggregates}, wrong sums ${verification.aggregates.wrongRatingSums}, wrong favourite counts ${verification.aggregates.wrongFavoriteCounts}; ` +
      `API compared ${verification.served.compared}, differing ${verification.served.differentFromDatabase}`,
  );
  console.log(`integrity: ${verification.integrity.ok ? "ok" : verification.integrity.problems.join("; ")}`);
  console.log("\nkind                    count   p50 ms   p95 ms   p99 ms   statuses");
  for (const [kind, l] of Object.entries(result.latencyMs)) {
    console.log(`${kind.padEnd(22)} ${String(l.count).padStart(6)} ${String(l.p50).padStart(8)} ${String(l.p95).padStart(8)} ${String(l.p99).padStart(8)}   ${JSON.stringify(result.statuses[kind])}`);
  }
  const loadAfter = loadAverage();
  console.log(result.failures.length ? `\nFAIL\n  ${result.failures.join("\n  ")}` : "\nPASS");
  // One entry per engine, so the SQLite and PostgreSQL runs end up side by side.
  const previous = fs.existsSync(values.out) ? JSON.parse(fs.readFileSync(values.out, "utf8")) : {};
  const entry = { date: new Date().toISOString(), loadAverage: { before: loadBefore, after: loadAfter }, ...result };
  fs.writeFileSync(values.out, `${JSON.stringify({ ...previous, [values.engine]: entry }, null, 2)}\n`);
  if (result.failures.length) process.exitCode = 1;
} finally {
  await server?.stop();
  await db.destroy();
}

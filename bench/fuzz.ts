// Robustness fuzz against the production build, on SQLite and PostgreSQL.
//
//   NODE_ENV=production BUILD_DIR=build npx react-router build
//   npx tsx bench/fuzz.ts [--count 10000] [--engines sqlite,postgres] [--pg postgres://postgres@127.0.0.1:5432/test]
//                         [--build build] [--concurrency 8] [--seed 1] [--out bench/fuzz-results.json]
//
// For each engine it starts `node server.js` on a fresh database, replays the requests of the
// security findings (issue 17) and then `count` generated malformed requests spread over every
// route of app/routes.ts and every /api endpoint server/app.ts mounts (bench/fuzz/generator.ts).
// It passes when no answer is >= 500, every request is answered, the process stays up and its
// RSS stays under 400 MB. The exit code is 1 otherwise.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { runFuzz, type FuzzReport } from "./fuzz/run";
import { routePatterns } from "./fuzz/routes";

const RSS_LIMIT_MB = 400;

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "10000" },
    engines: { type: "string", default: "sqlite,postgres" },
    pg: { type: "string", default: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
    build: { type: "string", default: process.env.BUILD_DIR ?? "build" },
    concurrency: { type: "string", default: "8" },
    seed: { type: "string", default: "1" },
    out: { type: "string", default: "bench/fuzz-results.json" },
  },
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      BUILD_DIR: path.resolve(values.build),
      BETTER_AUTH_SECRET: "fuzz-secret-0123456789-0123456789-0123456789",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Only the tail is kept: the point is the process, not its logs.
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-200_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const poll = setInterval(() => {
      if (/listening on/.test(output)) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, port, output: () => output };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function engineEnv(engine: string): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (engine === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-fuzz-"));
    return {
      env: { DATABASE_URL: `file:${path.join(dir, "fuzz.db")}`, UPLOAD_DIR: path.join(dir, "uploads") },
      cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `fuzz_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: values.pg });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-fuzz-"));
  return {
    env: { DATABASE_URL: values.pg, DATABASE_SCHEMA: schema, UPLOAD_DIR: path.join(dir, "uploads") },
    cleanup: async () => {
      const client = new pg.Client({ connectionString: values.pg });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const patterns = routePatterns();
const results: Record<string, FuzzReport> = {};
let failed = false;
for (const engine of values.engines.split(",").map((e) => e.trim()).filter(Boolean)) {
  const { env, cleanup } = await engineEnv(engine);
  const server = await startServer(env);
  try {
    console.log(`${engine}: fuzzing ${patterns.length} route patterns with ${values.count} generated requests (+ the findings' requests)...`);
    const report = await runFuzz({ port: server.port, pid: server.child.pid!, patterns, count: Number(values.count), seed: Number(values.seed), concurrency: Number(values.concurrency) });
    results[engine] = report;
    const fiveHundreds = Object.entries(report.byStatus).filter(([status]) => Number(status) >= 500).reduce((sum, [, n]) => sum + n, 0);
    const ok = report.failures.length === 0 && report.alive && report.maxRssMb < RSS_LIMIT_MB;
    failed ||= !ok;
    console.log(
      `${engine}: ${ok ? "PASS" : "FAIL"}  sent ${report.sent} in ${report.seconds} s, >=500: ${fiveHundreds}, unanswered: ${report.byStatus[0] ?? 0}, ` +
        `process ${report.alive ? "up" : "DOWN"}, max RSS ${report.maxRssMb} MB`,
    );
    console.log(`${engine}: statuses ${JSON.stringify(report.byStatus)}`);
    for (const failure of report.failures.slice(0, 20)) console.log(`  ${failure.status} ${failure.label} ${failure.method} ${failure.target} ${failure.error ?? ""}`);
  } finally {
    await stopServer(server.child);
    await cleanup();
  }
}
fs.writeFileSync(values.out, `${JSON.stringify({ date: new Date().toISOString(), count: Number(values.count), patterns, results }, null, 2)}\n`);
console.log(`results: ${values.out}`);
process.exit(failed ? 1 : 0);

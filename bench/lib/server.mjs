// What the bench scripts (and the reliability slice of `npm test`) share to run the site under test:
// starting `node server.js` on the production build, a fresh database per engine, small statistics.
// Plain JavaScript so the scripts run under `node` without a build step; types in server.d.mts.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";

export const BENCH_SECRET = "bench-secret-0123456789-0123456789-0123";

/** The checkout: server.js reads the seed catalogue, the build and `public/` relative to it. */
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

/** `--build`: the production build a script starts, as `startServer` takes it. */
const BUILD_OPTION = { type: "string", default: process.env.BUILD_DIR ?? "build" };

/**
 * The command line of a script that loads one catalogue database over HTTP (`run.mjs`, `ecommerce.mjs`):
 * `--database`, `--port`, `--duration` (s), `--connections`, `--build`, `--out`, plus the script's own options.
 */
export function catalogueBenchArgs({ port, out, options = {} }) {
  return parseArgs({
    options: {
      database: { type: "string" },
      port: { type: "string", default: port },
      duration: { type: "string", default: "10" },
      connections: { type: "string", default: "50" },
      build: BUILD_OPTION,
      out: { type: "string", default: out },
      ...options,
    },
  }).values;
}

/**
 * The command line of a script that starts a fresh database per engine and signs users up
 * (`concurrency.mjs`, `favorites-ratings.mjs`): `--engine`, `--database` (the PostgreSQL server),
 * `--users`, `--duration` (s), `--build`, `--out`, plus the script's own options.
 */
export function engineBenchArgs({ out, options = {} }) {
  return parseArgs({
    options: {
      engine: { type: "string", default: "sqlite" },
      database: { type: "string", default: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
      users: { type: "string", default: "200" },
      duration: { type: "string", default: "60" },
      build: BUILD_OPTION,
      out: out === undefined ? { type: "string" } : { type: "string", default: out },
      ...options,
    },
  }).values;
}

/** A loopback port nobody listens on now. */
export async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts `node server.js` in production mode and resolves once its output matches `ready`.
 * Only the variables every script needs are set here; the rest (database, seeding, limits) comes in `env`.
 * The output's tail is kept for error messages (a whole run's request logs would fill memory).
 */
export async function startServer({ port, env = {}, build = process.env.BUILD_DIR ?? "build", logLevel = "error", ready = /listening on/, timeoutMs = 180_000, nodeArgs = [], ipc = false } = {}) {
  const listenPort = port === undefined ? await freePort() : Number(port);
  const child = spawn(process.execPath, [...nodeArgs, "server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(listenPort),
      HOST: "127.0.0.1",
      LOG_LEVEL: logLevel,
      BUILD_DIR: path.resolve(build),
      BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? BENCH_SECRET,
      ...env,
    },
    // `ipc`: a channel for child.send / "message" (a module loaded with --import answering the bench).
    stdio: ipc ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server not ready after ${timeoutMs} ms:\n${output.slice(-4000)}`));
    }, timeoutMs);
    const onData = (chunk) => {
      output = (output + chunk).slice(-200_000);
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code ?? signal}:\n${output.slice(-4000)}`));
    });
  });
  const stopWith = async (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    child,
    pid: child.pid,
    port: listenPort,
    base: `http://127.0.0.1:${listenPort}`,
    output: () => output,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    /** SIGTERM: finishes in-flight requests and flushes batches, as a deploy would. */
    stop: () => stopWith("SIGTERM"),
    /** SIGKILL (kill -9): no shutdown code runs. */
    kill: () => stopWith("SIGKILL"),
  };
}

/**
 * A fresh database for one engine: an SQLite file in a temporary folder, or a new schema in the
 * PostgreSQL database `pgUrl`. `env` points a server at it; `query` reads it from outside the server
 * (`?` placeholders on both engines); `destroy` removes it.
 */
export async function createEngineDatabase(engine, { pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test", prefix = "bench" } = {}) {
  if (engine !== "sqlite" && engine !== "postgres") throw new Error(`unknown engine ${engine}: sqlite or postgres`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const uploads = { UPLOAD_DIR: path.join(dir, "uploads") };
  if (engine === "sqlite") {
    const file = path.join(dir, "bench.db");
    return {
      engine,
      dir,
      sqliteFile: file,
      env: { DATABASE_URL: `file:${file}`, ...uploads },
      // A connection per call: it sees the file as it is now, also after the server was killed.
      async query(text, params = []) {
        const db = openSqlite(file);
        try {
          const statement = db.prepare(text);
          return statement.reader ? statement.all(...params) : (statement.run(...params), []);
        } finally {
          db.close();
        }
      },
      async close() {},
      async destroy() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `${prefix.replace(/[^a-z0-9_]/gi, "_")}_${crypto.randomBytes(5).toString("hex")}`.toLowerCase();
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  let client = null;
  return {
    engine,
    dir,
    schema,
    env: { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema, ...uploads },
    async query(text, params = []) {
      if (!client) {
        client = new pg.Client({ connectionString: pgUrl, options: `-c search_path=${schema}` });
        await client.connect();
      }
      let n = 0;
      return (await client.query(text.replace(/\?/g, () => `$${++n}`), params)).rows;
    },
    async close() {
      await client?.end();
      client = null;
    },
    async destroy() {
      await this.close();
      const dropper = new pg.Client({ connectionString: pgUrl });
      await dropper.connect();
      await dropper.query(`drop schema if exists ${schema} cascade`);
      await dropper.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Read-only when possible (never checkpoints under a running server); read-write when the WAL files are gone. */
function openSqlite(file) {
  try {
    return new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    return new Database(file, { fileMustExist: true });
  }
}

/** The first start seeds the catalogue and draws its pictures; waiting for them keeps that work out of a measured run. */
export async function seedDatabase({ env, build }) {
  const seeding = await startServer({ env: { ...env, SEED_ON_START: "true" }, build, logLevel: "info", ready: /catalog images drawn/ });
  await seeding.stop();
}

export const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

/** count, p50, p95, p99 and max of a list of milliseconds, rounded to 0.1 ms. */
export function latencySummary(list) {
  const sorted = [...list].sort((a, b) => a - b);
  const round = (v) => Math.round(v * 10) / 10;
  return { count: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0) };
}

/** The machine's 1, 5 and 15 minute load averages, for reports from a shared machine. */
export const loadAverage = () => os.loadavg().map((v) => Math.round(v * 100) / 100);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Marks addresses verified in the database behind `env` (DATABASE_URL, DATABASE_SCHEMA), as the links of
 * their verification mail would: an address in ADMIN_EMAILS grants admin rights only once verified, and the
 * servers under test send no mail.
 */
export async function markAddressesVerified(env, emails) {
  const list = emails.map((e) => e.toLowerCase());
  if (env.DATABASE_URL.startsWith("file:")) {
    const db = new Database(env.DATABASE_URL.slice("file:".length), { fileMustExist: true });
    try {
      const update = db.prepare(`update "user" set "emailVerified" = 1 where email = ?`);
      for (const email of list) update.run(email);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL, ...(env.DATABASE_SCHEMA ? { options: `-c search_path=${env.DATABASE_SCHEMA}` } : {}) });
  await client.connect();
  try {
    await client.query(`update "user" set "emailVerified" = true where email = any($1)`, [list]);
  } finally {
    await client.end();
  }
}

import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** DATABASE_URL (and DATABASE_SCHEMA on PostgreSQL) the server runs on, for tests that look inside. */
  databaseEnv: { DATABASE_URL: string; DATABASE_SCHEMA?: string };
  stop(): Promise<void>;
}

/**
 * Starts the production build (`node server.js`) on a free port with its
 * own temporary SQLite database unless `env.DATABASE_URL` says otherwise.
 * E2E_DELIVERY=stock runs it with DELIVERY=stock (`npm run test:e2e:stock`), unless `env.DELIVERY` says otherwise.
 */
export async function startServer(env: Record<string, string> = {}, { startTimeoutMs = 60_000 } = {}): Promise<RunningServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "directory-e2e-"));
  let output = "";
  const databaseUrl = env.DATABASE_URL ?? `file:${path.join(dir, "e2e.db")}`;
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: `file:${path.join(dir, "e2e.db")}`,
      UPLOAD_DIR: path.join(dir, "uploads"),
      BUILD_DIR: inject("buildDir"),
      BETTER_AUTH_SECRET: "e2e-secret-0123456789-0123456789-0123456789",
      DELIVERY: process.env.E2E_DELIVERY ?? "fast",
      // Background website screenshots only where a test asks for them (tests/e2e/website-screenshots.test.ts).
      SCREENSHOTS: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    process: child,
    output: () => output,
    databaseEnv: { DATABASE_URL: databaseUrl, ...(env.DATABASE_SCHEMA ? { DATABASE_SCHEMA: env.DATABASE_SCHEMA } : {}) },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A loopback port nobody listens on now (for a server whose PUBLIC_URL must be known before it starts). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

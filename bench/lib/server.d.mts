// Types of server.mjs for the TypeScript tests that run the bench code.
import type { ChildProcess } from "node:child_process";

export const BENCH_SECRET: string;

export interface BenchServer {
  child: ChildProcess;
  pid: number;
  port: number;
  base: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartOptions {
  port?: number;
  env?: Record<string, string>;
  build?: string;
  logLevel?: string;
  ready?: RegExp;
  timeoutMs?: number;
  nodeArgs?: string[];
  /** Opens an IPC channel to the server process (child.send, "message" events). */
  ipc?: boolean;
}

export interface EngineDatabase {
  engine: "sqlite" | "postgres";
  dir: string;
  sqliteFile?: string;
  schema?: string;
  env: Record<string, string>;
  query(text: string, params?: unknown[]): Promise<Array<Record<string, any>>>;
  close(): Promise<void>;
  destroy(): Promise<void>;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function freePort(): Promise<number>;
export function startServer(options?: StartOptions): Promise<BenchServer>;
export function createEngineDatabase(engine: string, options?: { pgUrl?: string; prefix?: string }): Promise<EngineDatabase>;
export function seedDatabase(options: { env: Record<string, string>; build?: string }): Promise<void>;
export function percentile(sorted: number[], p: number): number;
export function latencySummary(list: number[]): LatencySummary;
export function loadAverage(): number[];
export function sleep(ms: number): Promise<void>;
export function markAddressesVerified(env: Record<string, string>, emails: string[]): Promise<void>;

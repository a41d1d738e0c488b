// Types of slow-clients.mjs for the TypeScript tests that run the bench code.
import type { LatencySummary } from "./server.mjs";

export const SLOW_KINDS: Array<"idle" | "headers" | "body">;

export interface ProbeResult {
  requests: number;
  answered: number;
  statuses: Record<string, number>;
  latencyMs: LatencySummary;
}

export interface SlowClientsReport {
  connections: number;
  openWhileProbing: number;
  baseline: ProbeResult;
  during: ProbeResult;
  after: ProbeResult;
  perKind: Record<string, { opened: number; dropped: number; answered408: number; stillOpen: number; droppedAfterMs: LatencySummary; expectedAfterMs: number }>;
  failures: string[];
}

export function runSlowClients(options: {
  port: number;
  connections?: number;
  kinds?: string[];
  byteIntervalMs?: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  graceMs?: number;
  baselineMs?: number;
  probePaths?: string[];
  probeConcurrency?: number;
}): Promise<SlowClientsReport>;

// Types of reliability.mjs for the TypeScript tests that run the bench code.
import type { BenchServer, EngineDatabase, LatencySummary } from "./server.mjs";

export const ADMIN_EMAILS: string[];
export function reliabilityEnv(base: string): Record<string, string>;

export interface PreparedRun {
  users: Array<{ i: number; email: string; address: string; cookie: string; token: string | null }>;
  admins: Array<{ email: string; address: string; cookie: string; token: string | null }>;
  /** Published tools, in id order. */
  slugs: string[];
}

export function prepareRun(options: { base: string; db: EngineDatabase; users: number; admins?: number; prefix?: string; firstAddress?: number }): Promise<PreparedRun>;

export interface Verification {
  writes: { keys: number; lostWrites: number; phantomWrites: number; samples: string[] };
  decisions: { acknowledged: number; approvedPublished: number; lostDecisions: number; doubleDecisions: number; unpublishedApprovals: number; phantomDecisions: number; samples: string[] };
  integrity: { ok: boolean; problems: string[] };
  aggregates: { tools: number; ratedTools: number; ratings: number; favorites: number; wrongRatingSums: number; inexactAggregates: number; wrongFavoriteCounts: number };
  served: { compared: number; differentFromDatabase: number; approvalsServed: number; approvalsNotServed: number; samples: string[] };
  failures: string[];
}

export interface ConcurrencyResult {
  engine: string;
  signUpSeconds: number;
  seconds: number;
  users: number;
  admins: number;
  writes: number;
  acknowledged: number;
  writesPerSecond: number;
  server5xx: number;
  server5xxSamples: Array<{ kind: string; status: number; body: string }>;
  unanswered: number;
  refusedAsExpected: number;
  unexpectedRefusals: number;
  statuses: Record<string, Record<string, number>>;
  latencyMs: Record<string, LatencySummary>;
  verification: Verification;
  failures: string[];
}

export function runConcurrency(options: { server: BenchServer; db: EngineDatabase; users?: number; admins?: number; durationMs?: number; mix?: Record<string, number>; prefix?: string }): Promise<ConcurrencyResult>;

export interface CrashReport {
  engine: string;
  cycle: number;
  killAfterMs: number;
  writes: number;
  ackedBeforeKill: number;
  acknowledged: number;
  inFlightAtKill: number;
  sessionsKept: number;
  integrityAtKill: { ok: boolean; problems: string[] } | null;
  verification: Verification;
  failures: string[];
}

export function crashCycle(options: {
  server: BenchServer;
  db: EngineDatabase;
  restart: () => Promise<BenchServer>;
  users?: number;
  admins?: number;
  killAfterMs?: number;
  cycle?: number;
}): Promise<{ server: BenchServer; report: CrashReport }>;

export interface OutageReport<T> {
  engine: string;
  outageMs: number;
  /** What `outage()` returned (the test's own observations while the database was away). */
  during: T;
  writes: number;
  acknowledged: number;
  ackedBefore: number;
  /** Writes acknowledged after `outage()` resolved. */
  ackedAfter: number;
  /** Answers of the run by status. */
  byStatus: Record<string, number>;
  unanswered: number;
  verification: Verification;
  failures: string[];
}

export function outageCycle<T>(options: {
  server: BenchServer;
  db: EngineDatabase;
  outage: () => Promise<T>;
  users?: number;
  admins?: number;
  beforeMs?: number;
  afterMs?: number;
  prefix?: string;
}): Promise<OutageReport<T>>;

import fs from "node:fs";
import { findingRequests, generateRequests } from "./generator";
import { sendRaw, type RawRequest } from "./raw-http";
import { sessionsAlive, withSession, type FuzzSessions } from "./sessions";

export interface FuzzReport {
  sent: number;
  byStatus: Record<string, number>;
  /** Answers >= 500, and requests the server never answered (status 0), with what caused them. */
  failures: Array<{ label?: string; method: string; target: string; status: number; error?: string }>;
  maxRssMb: number;
  alive: boolean;
  seconds: number;
  /** With sessions: whether they still worked at the end (signed-in coverage held for the whole run). */
  sessionsAlive?: { user: boolean; admin: boolean };
}

function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Replays the findings' requests, then `count` generated ones, `concurrency` at a time, against a
 * running server (its pid is watched for memory and life). Only answers >= 500 and unanswered
 * requests count as failures: every refusal must be a 4xx. With `sessions`, generated requests take
 * turns as a visitor, a user and an administrator (sessions.ts).
 */
export async function runFuzz(options: { port: number; pid: number; patterns: string[]; count: number; seed?: number; concurrency?: number; sessions?: FuzzSessions }): Promise<FuzzReport> {
  const started = Date.now();
  const report: FuzzReport = { sent: 0, byStatus: {}, failures: [], maxRssMb: rssMb(options.pid), alive: true, seconds: 0 };
  const sampler = setInterval(() => (report.maxRssMb = Math.max(report.maxRssMb, rssMb(options.pid))), 200);
  const queue: Iterator<RawRequest> = (function* () {
    yield* findingRequests();
    let index = 0;
    for (const request of generateRequests(options.patterns, options.count, options.seed ?? 1)) yield withSession(request, index++, options.sessions);
  })();
  const worker = async () => {
    for (let next = queue.next(); !next.done; next = queue.next()) {
      const request = next.value;
      const response = await sendRaw(options.port, request);
      report.sent++;
      report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
      if (response.status >= 500 || response.status === 0) {
        report.failures.push({ label: request.label, method: request.method, target: request.target.slice(0, 120), status: response.status, error: response.error });
      }
      if (!isAlive(options.pid)) {
        report.alive = false;
        return;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  } finally {
    clearInterval(sampler);
  }
  report.maxRssMb = Math.round(Math.max(report.maxRssMb, rssMb(options.pid)));
  report.alive &&= isAlive(options.pid);
  report.seconds = Math.round((Date.now() - started) / 100) / 10;
  if (options.sessions && report.alive) report.sessionsAlive = await sessionsAlive(`http://127.0.0.1:${options.port}`, options.sessions);
  return report;
}

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's figures in Prometheus' text format (`/metrics`, server/metrics.ts): request durations by
 * route and status, event-loop delay and heap (prom-client's defaults), the database pool, page-cache hits and
 * misses, rebuild times of derived structures, background job runs and mails. One registry of our own, so
 * tests that start several servers in one process never share figures through prom-client's global one.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 10 });

const registers = [metricsRegistry];

export const httpRequestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by route (React Router route id or an edge name), method and status",
  labelNames: ["route", "method", "status"] as const,
  // Pages answer in milliseconds; the last buckets catch a request that waited on a rebuild or a slow database.
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const pageCacheLookups = new Counter({
  name: "page_cache_lookups_total",
  help: "Anonymous page requests looked up in the page cache, by result (hit or miss)",
  labelNames: ["result"] as const,
  registers,
});

export const derivedBuildDuration = new Histogram({
  name: "derived_structure_build_seconds",
  help: "Time to (re)build a structure derived from the catalog (search index, sort orders), by structure",
  labelNames: ["structure"] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers,
});

export const backgroundJobRuns = new Counter({
  name: "background_job_runs_total",
  help: "Runs of background work (trends refresh, page-view writes, rollups, ...), by job and outcome (ok or failed)",
  labelNames: ["job", "outcome"] as const,
  registers,
});

export const mailsSent = new Counter({
  name: "mails_sent_total",
  help: "Mails handed to SMTP (or the development outbox), by outcome (sent or failed)",
  labelNames: ["outcome"] as const,
  registers,
});

/** Database connections by state; PostgreSQL's pool only (SQLite has one connection and no queue). */
const databasePool = new Gauge({
  name: "database_pool_connections",
  help: "PostgreSQL pool connections by state: total, idle, in_use, and requests waiting for one",
  labelNames: ["state"] as const,
  registers,
  collect() {
    this.reset();
    for (const read of poolReaders) {
      const stats = read();
      if (!stats) {
        poolReaders.delete(read);
        continue;
      }
      this.inc({ state: "total" }, stats.total);
      this.inc({ state: "idle" }, stats.idle);
      this.inc({ state: "in_use" }, stats.total - stats.idle);
      this.inc({ state: "waiting" }, stats.waiting);
    }
  },
});
void databasePool;

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Each reader answers null once its pool has ended, and is dropped. */
const poolReaders = new Set<() => PoolStats | null>();

/** The data layer registers each pool it opens. */
export function watchPoolStats(read: () => PoolStats | null): void {
  poolReaders.add(read);
}

/** Times one build of a derived structure: the promise is passed through untouched. */
export function timeBuild<T>(structure: string, build: Promise<T>): Promise<T> {
  const end = derivedBuildDuration.startTimer({ structure });
  build.then(
    () => end(),
    () => undefined,
  );
  return build;
}

/** Counts one run of a background job, passing the run's promise through. */
export function countJobRun<T>(job: string, run: Promise<T>): Promise<T> {
  run.then(
    () => backgroundJobRuns.inc({ job, outcome: "ok" }),
    () => backgroundJobRuns.inc({ job, outcome: "failed" }),
  );
  return run;
}

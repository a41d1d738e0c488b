import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { crashCycle, reliabilityEnv, runConcurrency } from "../../bench/lib/reliability.mjs";
import { createEngineDatabase, freePort, startServer, type BenchServer, type EngineDatabase } from "../../bench/lib/server.mjs";
import { runSlowClients } from "../../bench/lib/slow-clients.mjs";
import { testDialects } from "../support/databases";

/**
 * A slice of the reliability suite in every test run, through the bench's own modules (bench/lib):
 * on each engine, 20 users and two administrators writing for 8 s (bench/concurrency.mjs runs 200
 * for 60 s), one kill -9 mid-load and restart (bench/crash.mjs runs three per engine), and on
 * SQLite 100 slow connections against a server with short timeouts (bench/slow-clients.mjs: 500).
 * PostgreSQL only with TEST_DATABASE_URL.
 */
describe.each(testDialects())("reliability slice on %s", (dialect) => {
  let db: EngineDatabase;
  let server: BenchServer;
  let env: Record<string, string>;
  const build = inject("buildDir");

  beforeAll(async () => {
    db = await createEngineDatabase(dialect, { prefix: "rel" });
    const port = await freePort();
    env = { ...db.env, ...reliabilityEnv(`http://127.0.0.1:${port}`) };
    server = await startServer({ port, env, build, logLevel: "warn" });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await db?.destroy();
  });

  it("20 users for 8 s: no lost or phantom write, no 5xx, exact aggregates, approvals published", { timeout: 120_000 }, async () => {
    const result = await runConcurrency({ server, db, users: 20, admins: 2, durationMs: 8000 });
    expect(result.failures).toEqual([]);
    expect(result.acknowledged).toBeGreaterThan(40);
    expect(result.verification.writes.keys).toBeGreaterThan(40);
    expect(result.verification.aggregates.ratedTools).toBeGreaterThan(0);
    expect(result.verification.decisions.approvedPublished).toBeGreaterThan(0);
  });

  it("kill -9 mid-load, restart: the database is consistent and every acknowledged write is there", { timeout: 120_000 }, async () => {
    const { server: restarted, report } = await crashCycle({
      server,
      db,
      users: 10,
      killAfterMs: 3000,
      restart: () => startServer({ port: server.port, env: { ...env, SEED_ON_START: "false" }, build, logLevel: "warn" }),
    });
    server = restarted;
    expect(report.failures).toEqual([]);
    expect(report.ackedBeforeKill).toBeGreaterThan(0);
    expect(report.sessionsKept).toBe(10);
    if (dialect === "sqlite") expect(report.integrityAtKill?.ok).toBe(true);
  });

  it.runIf(dialect === "sqlite")("100 idle and slowloris connections: the site answers and drops them after its timeouts", { timeout: 60_000 }, async () => {
    // A second instance on the same database, with short timeouts, so the wait is short.
    const port = await freePort();
    const slow = await startServer({
      port,
      env: { ...env, PUBLIC_URL: `http://127.0.0.1:${port}`, SEED_ON_START: "false", HTTP_HEADERS_TIMEOUT_MS: "2000", HTTP_REQUEST_TIMEOUT_MS: "4000" },
      build,
      logLevel: "warn",
    });
    try {
      const report = await runSlowClients({ port, connections: 100, headersTimeoutMs: 2000, requestTimeoutMs: 4000, graceMs: 3000, baselineMs: 1000 });
      expect(report.failures).toEqual([]);
      expect(report.during.requests).toBeGreaterThan(0);
      for (const kind of Object.values(report.perKind)) expect(kind.dropped).toBe(kind.opened);
    } finally {
      await slow.stop();
    }
  });
});

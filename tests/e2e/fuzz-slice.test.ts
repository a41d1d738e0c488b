import { afterAll, describe, expect, it } from "vitest";
import { runFuzz } from "../../bench/fuzz/run";
import { routePatterns } from "../../bench/fuzz/routes";
import { FUZZ_ADMIN_EMAIL, signInSessions } from "../../bench/fuzz/sessions";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { markAddressVerified } from "../support/verified-address";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * A slice of bench/fuzz.ts in every test run: the findings' requests plus a few hundred generated
 * malformed ones over every route (app/routes.ts, the /api endpoints, the static folders; pages,
 * `.data` loads, uploads), as a visitor, a user and an administrator, on each engine.
 * The full run (10,000 and more per engine) is `npx tsx bench/fuzz.ts`.
 */
const SLICE = 400;
const opened: Array<{ server: RunningServer; database: TestDatabase | null }> = [];
afterAll(async () => {
  for (const { server, database } of opened) {
    await server.stop();
    await database?.destroy();
  }
});

describe.each(testDialects())("fuzz slice on %s", (dialect) => {
  it(`answers ${SLICE} malformed requests below 500, stays up and under 400 MB`, { timeout: 420_000 }, async () => {
    // SQLite: the server's own temporary file; PostgreSQL: a schema of its own.
    const database = dialect === "postgres" ? await createTestDatabase(dialect) : null;
    const port = await freePort();
    const server = await startServer(
      { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ADMIN_EMAILS: FUZZ_ADMIN_EMAIL, ...(database ? { DATABASE_URL: database.url, ...database.env } : {}) },
      { startTimeoutMs: 180_000 },
    );
    opened.push({ server, database });
    const sessions = await signInSessions(server.url, (email) => markAddressVerified(server.databaseEnv, email));
    const report = await runFuzz({ port, pid: server.process.pid!, patterns: routePatterns(), count: SLICE, seed: 17, concurrency: 6, sessions });
    expect(report.failures).toEqual([]);
    expect(report.sessionsAlive).toEqual({ user: true, admin: true });
    expect(report.alive).toBe(true);
    expect(report.maxRssMb).toBeLessThan(400);
    expect(report.sent).toBeGreaterThanOrEqual(SLICE);
  });
});

import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { outageCycle, reliabilityEnv } from "../../bench/lib/reliability.mjs";
import { createEngineDatabase, freePort, sleep, startServer, type BenchServer, type EngineDatabase } from "../../bench/lib/server.mjs";
import { startTcpRelay, type TcpRelay } from "../support/tcp-relay";

/**
 * Issue 29, item 1 (decision 0021): a production server on PostgreSQL loses its database under load and
 * gets it back, without a restart. Its DATABASE_URL points at a TCP relay on loopback, so the test can
 * cut the network to the database and restore it; its connections carry an application name of their
 * own, so terminating them leaves every other session on the shared PostgreSQL alone.
 * Checked: the process stays alive, pages and APIs answer 503 with Retry-After while the database is
 * away (and /readyz says 503), the site answers again within seconds of the database, background work
 * carries on, page views noted before the cut are written after it, and every write acknowledged with
 * a 2xx is in the database (bench/lib/verify.mjs).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn("database-outage.test.ts skipped: set TEST_DATABASE_URL=postgres://... to take a PostgreSQL away from a running server");

const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

describe.skipIf(!pgUrl)("a PostgreSQL outage under a running server", () => {
  let db: EngineDatabase;
  let relay: TcpRelay;
  let server: BenchServer;
  let direct: pg.Client;
  let slug = "";
  const applicationName = `outage_${Date.now().toString(36)}`;
  const build = inject("buildDir");

  beforeAll(async () => {
    const target = new URL(pgUrl!);
    relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
    db = await createEngineDatabase("postgres", { prefix: "outage" });
    const viaRelay = new URL(pgUrl!);
    viaRelay.hostname = "127.0.0.1";
    viaRelay.port = String(relay.port);
    viaRelay.searchParams.set("application_name", applicationName);
    const port = await freePort();
    const env = {
      ...db.env,
      ...reliabilityEnv(`http://127.0.0.1:${port}`),
      DATABASE_URL: viaRelay.href,
      // Background work runs every second, so it meets the outage: page-view batches, rollups and trend
      // refreshes (whose sources refuse at once: nothing leaves the machine).
      ANALYTICS_FLUSH_INTERVAL_MS: "1000",
      ANALYTICS_ROLLUP_INTERVAL_MS: "1000",
      TRENDS_REFRESH: "on",
      TRENDS_REFRESH_INTERVAL_MS: "1000",
      TRENDS_FETCH_TIMEOUT_MS: "500",
      TRENDS_GITHUB_BASE: "http://127.0.0.1:9",
      TRENDS_PRODUCTHUNT_API_BASE: "http://127.0.0.1:9",
      TRENDS_PRODUCTHUNT_SITE_BASE: "http://127.0.0.1:9",
    };
    server = await startServer({ port, env, build, logLevel: "warn" });
    direct = new pg.Client({ connectionString: pgUrl });
    await direct.connect();
    slug = (await db.query("select slug from tools where status = 'published' order by id limit 1"))[0]!.slug as string;
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await direct?.end();
    await relay?.close();
    await db?.destroy();
  });

  const terminateServerConnections = async (): Promise<number> =>
    (await direct.query("select pg_terminate_backend(pid) as gone from pg_stat_activity where application_name = $1", [applicationName])).rowCount ?? 0;

  const page = (path: string) => fetch(server.base + path, { headers: { accept: "text/html", "user-agent": BROWSER_UA, "sec-fetch-dest": "document" } });
  const readyStatus = async () => (await fetch(`${server.base}/readyz`)).status;
  const viewsOfProbePage = async () => Number((await db.query("select count(*) as n from page_views where tool_slug = ? and language = 'vi'", [slug]))[0]!.n);

  async function until(check: () => Promise<boolean>, limitMs: number): Promise<number> {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
      await sleep(100);
    }
    return Date.now() - started;
  }

  it("survives its idle connections being terminated, and answers at once", { timeout: 30_000 }, async () => {
    expect((await page(`/us-en/tool/${slug}`)).status).toBe(200);
    // The pool keeps its connections (decision 0017): these are idle now.
    expect(await terminateServerConnections()).toBeGreaterThan(0);
    await sleep(2000);
    expect(server.alive()).toBe(true);
    expect(await readyStatus()).toBe(200);
    expect((await page(`/us-en/tool/${slug}`)).status).toBe(200);
    expect((await page("/us-en/tools")).status).toBe(200);
  });

  it("survives its connections being terminated mid-load: no acknowledged write lost, no 500", { timeout: 120_000 }, async () => {
    const report = await outageCycle({
      server,
      db,
      users: 10,
      prefix: "terminated",
      outage: async () => {
        let terminated = 0;
        for (let round = 0; round < 3; round++) {
          terminated += await terminateServerConnections();
          await sleep(400);
        }
        const backInMs = await until(async () => (await readyStatus()) === 200, 10_000);
        return { terminated, backInMs };
      },
    });
    console.log("terminated mid-load:", JSON.stringify({ ...report, verification: report.verification.writes }));
    expect(report.failures).toEqual([]);
    expect(report.during.terminated).toBeGreaterThan(0);
    expect(report.ackedBefore).toBeGreaterThan(0);
    expect(report.ackedAfter).toBeGreaterThan(0);
    expect(report.verification.writes.keys).toBeGreaterThan(20);
  });

  it("answers 503 with Retry-After while the database is unreachable for 10 s, keeps page views, and comes back by itself", { timeout: 150_000 }, async () => {
    const viewsBefore = await viewsOfProbePage();
    const report = await outageCycle({
      server,
      db,
      users: 10,
      prefix: "cut",
      outage: async () => {
        // Page views noted just before the cut: written in a batch that meets the outage.
        for (let i = 0; i < 5; i++) expect((await page(`/vi/tool/${slug}`)).status).toBe(200);
        await relay.cut();
        const cutAt = Date.now();
        const noticedInMs = await until(async () => (await readyStatus()) === 503, 8000);
        const pages: number[] = [];
        const apis: number[] = [];
        const ready: number[] = [];
        const retryAfter = new Set<string | null>();
        const languages = new Set<string>();
        while (Date.now() - cutAt < 10_000) {
          const [home, list, state, readyz] = await Promise.all([page("/de"), page("/us-en/tools"), fetch(`${server.base}/api/ratings?slug=${slug}`), fetch(`${server.base}/readyz`)]);
          for (const answer of [home, list]) pages.push(answer.status);
          apis.push(state.status);
          ready.push(readyz.status);
          for (const answer of [home, list, state, readyz]) retryAfter.add(answer.headers.get("retry-after"));
          languages.add(/<html lang="([^"]+)"/.exec(await home.text())?.[1] ?? "");
          expect(((await state.json()) as { error: { code: string } }).error.code).toBe("service_unavailable");
          await sleep(250);
        }
        await relay.open();
        const reopenedAt = Date.now();
        await until(async () => (await readyStatus()) === 200, 15_000);
        await until(async () => (await page("/us-en/tools")).status === 200, 5000);
        const backInMs = Date.now() - reopenedAt;
        const viewsWrittenInMs = await until(async () => (await viewsOfProbePage()) >= viewsBefore + 5, 15_000);
        // Background work carried on by itself: a trend refresh attempted after the outage, rollups that count the kept views.
        const reopenedIso = new Date(reopenedAt).toISOString();
        const trendsInMs = await until(async () => String((await db.query("select max(attempted_at) as at from trend_snapshots"))[0]?.at ?? "") > reopenedIso, 15_000);
        const rollupsInMs = await until(async () => {
          const [raw] = await db.query("select count(*) as n from page_views where tool_slug = ?", [slug]);
          const [rolled] = await db.query("select coalesce(sum(views), 0) as n from page_view_daily where dimension = 'tool' and value = ?", [slug]);
          return Number(raw!.n) >= viewsBefore + 5 && Number(rolled!.n) === Number(raw!.n);
        }, 15_000);
        return { noticedInMs, backInMs, viewsWrittenInMs, trendsInMs, rollupsInMs, pages, apis, ready, retryAfter: [...retryAfter], languages: [...languages] };
      },
    });
    const { during } = report;
    console.log("10 s cut:", JSON.stringify({ ...report, during: { ...during, pages: during.pages.length, apis: during.apis.length }, verification: report.verification.writes }));
    expect(report.failures).toEqual([]);
    expect(during.pages.length).toBeGreaterThan(10);
    expect(new Set([...during.pages, ...during.apis, ...during.ready])).toEqual(new Set([503]));
    expect(during.retryAfter).toEqual(["5"]);
    // The outage page is in the visitor's language.
    expect(during.languages).toEqual(["de"]);
    expect(during.backInMs).toBeLessThan(5000);
    expect(report.ackedAfter).toBeGreaterThan(0);
    expect(report.byStatus["503"]).toBeGreaterThan(0);
    expect(server.alive()).toBe(true);
    expect(server.output()).toContain("the database answers again");
  });
});

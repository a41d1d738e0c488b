import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "~/.server/catalog/seed";
import { runLinkRound, type CheckerOptions } from "~/.server/link-health/checker";
import { checkSite } from "~/.server/link-health/probe";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * Loopback websites answering as real ones do: 200, 404, 500, never, HEAD refused, moved for good to another
 * host, and redirecting to a forbidden address. `localhost` and `127.0.0.1` are two hosts to the checker.
 */
interface FakeSites {
  base: string;
  other: string;
  userAgents: string[];
  methods: string[];
  close: () => Promise<void>;
}

async function startFakeSites(): Promise<FakeSites> {
  const userAgents: string[] = [];
  const methods: string[] = [];
  const server = http.createServer((req, res) => {
    userAgents.push(String(req.headers["user-agent"]));
    methods.push(`${req.method} ${req.url}`);
    const port = (server.address() as AddressInfo).port;
    switch (req.url) {
      case "/ok":
        return res.writeHead(200, { "content-type": "text/html" }).end("<p>fine</p>");
      case "/gone":
        return res.writeHead(404).end();
      case "/broken":
        return res.writeHead(500).end();
      case "/slow":
        return; // never answers
      case "/no-head":
        return res.writeHead(req.method === "HEAD" ? 405 : 200).end();
      case "/moved":
        return res.writeHead(301, { location: `http://127.0.0.1:${port}/ok` }).end();
      case "/moved-for-now":
        return res.writeHead(302, { location: `http://127.0.0.1:${port}/ok` }).end();
      case "/sneaky":
        return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      default:
        return res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://localhost:${port}`,
    other: `http://127.0.0.1:${port}`,
    userAgents,
    methods,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const UA = "Mozilla/5.0 (compatible; directory.example link checker; +https://directory.example/; hello@directory.example)";

describe("the link checker's visits", () => {
  let sites: FakeSites;
  let allowHosts: string[];
  beforeAll(async () => {
    sites = await startFakeSites();
    allowHosts = [new URL(sites.base).host, new URL(sites.other).host];
  });
  afterAll(() => sites.close());
  const check = (p: string) => checkSite(`${sites.base}${p}`, { allowHosts, timeoutMs: 500, userAgent: UA });

  it("tells working, missing, broken, silent and HEAD-refusing sites apart, naming itself", async () => {
    expect(await check("/ok")).toMatchObject({ ok: true, status: 200, movedTo: null });
    expect(await check("/gone")).toMatchObject({ ok: false, status: 404, error: "status" });
    expect(await check("/broken")).toMatchObject({ ok: false, status: 500, error: "status" });
    expect(await check("/slow")).toMatchObject({ ok: false, status: null, error: "timeout" });
    expect(await check("/no-head")).toMatchObject({ ok: true, status: 200 });
    expect(sites.methods).toContain("HEAD /no-head");
    expect(sites.methods).toContain("GET /no-head");
    expect(sites.methods.filter((m) => m === "GET /ok")).toHaveLength(0);
    expect(new Set(sites.userAgents)).toEqual(new Set([UA]));
  });

  it("notices a permanent move to another host, not a temporary one, and refuses a forbidden address", async () => {
    expect(await check("/moved")).toMatchObject({ ok: true, movedTo: `${sites.other}/ok` });
    expect(await check("/moved-for-now")).toMatchObject({ ok: true, movedTo: null });
    expect(await check("/sneaky")).toMatchObject({ ok: false, error: "address" });
  });
});

describe.each(testDialects())("the link checker's rounds on %s", (dialect) => {
  let t: TestDatabase;
  let uploadDir: string;
  let sites: FakeSites;
  let clock = Date.parse("2026-11-01T08:00:00Z");
  const HOUR = 3_600_000;
  let options: CheckerOptions;

  beforeAll(async () => {
    sites = await startFakeSites();
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "link-health-"));
    t = await createTestDatabase(dialect);
    await seedCatalog(t.db, { dir: "tests/fixtures/catalog", uploadDir, deferImages: true, imageCacheDir: null });
    // Every listing points at a working fake site except the three under test.
    await t.db.updateTable("tools").set({ website_url: `${sites.base}/ok` }).execute();
    await t.db.updateTable("ecommerce_tools").set({ website_url: `${sites.base}/ok` }).execute();
    await t.db.updateTable("tools").set({ website_url: `${sites.base}/gone` }).where("slug", "=", "quillbot").execute();
    await t.db.updateTable("tools").set({ website_url: `${sites.base}/moved` }).where("slug", "=", "lavender").execute();
    await t.db.updateTable("ecommerce_tools").set({ website_url: `${sites.base}/broken` }).where("slug", "=", "shipbob").execute();
    options = { intervalMs: 24 * HOUR, tickMs: 60_000, timeoutMs: 500, userAgent: UA, allowHosts: [new URL(sites.base).host, new URL(sites.other).host], now: () => clock, limit: 1000 };
  });
  afterAll(async () => {
    await t?.destroy();
    await sites.close();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  const openReports = () => t.db.selectFrom("reports").select(["subject", "subject_id", "reason", "details", "reporter"]).where("status", "=", "open").execute();
  const idOf = async (table: "tools" | "ecommerce_tools", slug: string) => (await t.db.selectFrom(table).select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;

  it("files a dead website only after three failures spanning 48 hours, and a move at once, each once", async () => {
    const visited = await runLinkRound(t.db, options);
    expect(visited).toBeGreaterThan(3);
    // A second round the same hour finds nothing due.
    expect(await runLinkRound(t.db, options)).toBe(0);
    const reports = await openReports();
    expect(reports).toEqual([{ subject: "tool", subject_id: await idOf("tools", "lavender"), reason: "moved", details: `${sites.other}/ok`, reporter: "checker:moved" }]);

    clock += 24 * HOUR;
    await runLinkRound(t.db, options);
    expect((await openReports()).filter((r) => r.reason === "dead")).toHaveLength(0);
    // The third failure 47 hours after the first is not yet two days.
    clock += 23 * HOUR;
    await runLinkRound(t.db, { ...options, intervalMs: 20 * HOUR });
    expect((await openReports()).filter((r) => r.reason === "dead")).toHaveLength(0);
    // Failures at 24, 47 and 72 hours: three in a row over 48 hours.
    clock += 25 * HOUR;
    await runLinkRound(t.db, options);
    const dead = (await openReports()).filter((r) => r.reason === "dead");
    expect(dead.map((r) => [r.subject, r.subject_id]).sort()).toEqual([["ecommerce_tool", await idOf("ecommerce_tools", "shipbob")], ["tool", await idOf("tools", "quillbot")]].sort());
    expect(dead.find((r) => r.subject === "tool")!.details).toContain("HTTP 404");
    // Still failing the next day: the same open report, not a second one; the move is still one.
    clock += 24 * HOUR;
    await runLinkRound(t.db, options);
    const after = await openReports();
    expect(after.filter((r) => r.reason === "dead")).toHaveLength(2);
    expect(after.filter((r) => r.reason === "moved")).toHaveLength(1);
  });

  it("visits a slice per tick, the sites visited longest ago first, until every site had its visit", async () => {
    clock += 24 * HOUR;
    const total = Number((await t.db.selectFrom("tools").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "published").executeTakeFirstOrThrow()).n)
      + Number((await t.db.selectFrom("ecommerce_tools").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "published").executeTakeFirstOrThrow()).n);
    const lastVisits = async () => {
      const rows = await t.db.selectFrom("link_checks").select(["subject", "subject_id"]).select((eb) => eb.fn.max("checked_at").as("at")).groupBy(["subject", "subject_id"]).execute();
      return new Map(rows.map((row) => [`${row.subject}:${row.subject_id}`, String(row.at)]));
    };
    const before = await lastVisits();
    const oldest = [...before.values()].sort()[0]!;
    // One tick of three sites: three of the sites whose last visit is the oldest.
    clock += 60_000;
    expect(await runLinkRound(t.db, { ...options, limit: 3 })).toBe(3);
    const afterTick = await lastVisits();
    const visited = [...afterTick].filter(([key, at]) => before.get(key) !== at);
    expect(visited).toHaveLength(3);
    for (const [key] of visited) expect(before.get(key)).toBe(oldest);
    // Ticks of three go on until every site is visited once; then none is due.
    let rounds = 0;
    while ((await runLinkRound(t.db, { ...options, limit: 3 })) > 0) rounds++;
    expect(rounds).toBe(Math.ceil((total - 3) / 3));
    expect(await runLinkRound(t.db, { ...options, limit: 3 })).toBe(0);
  });

  it("keeps a short history per website", async () => {
    for (let day = 0; day < 12; day++) {
      clock += 24 * HOUR;
      await runLinkRound(t.db, options);
    }
    const rows = await t.db.selectFrom("link_checks").select(["ok", "status", "final_url", "duration_ms"]).where("subject", "=", "tool").where("subject_id", "=", await idOf("tools", "quillbot")).execute();
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => !r.ok && r.status === 404 && r.final_url === `${sites.base}/gone`)).toBe(true);
  });
});

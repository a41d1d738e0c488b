import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { prepareRun, reliabilityEnv, type PreparedRun } from "../../bench/lib/reliability.mjs";
import { createEngineDatabase, freePort, startServer, type BenchServer, type EngineDatabase } from "../../bench/lib/server.mjs";
import { MAX_MERGE_ENTRIES } from "~/lib/favorites";
import { testDialects } from "../support/databases";

/**
 * Issue 29, items 4 and 6, against the production server on each engine (PostgreSQL with TEST_DATABASE_URL):
 * - two users merging the same five ratings in opposite orders at the same moment, and two administrators
 *   saving the same eight tools' order in opposite orders, many times over: every answer is a 200 (on
 *   PostgreSQL these ended in "deadlock detected" 500s);
 * - a merge carries at most MAX_MERGE_ENTRIES entries (413 naming the cap) and counts every entry against
 *   the user's per-minute write limit.
 */
describe.each(testDialects())("opposing writes at the same moment on %s", (dialect) => {
  let db: EngineDatabase;
  let server: BenchServer;
  let limited: BenchServer;
  let run: PreparedRun;
  const build = inject("buildDir");

  beforeAll(async () => {
    db = await createEngineDatabase(dialect, { prefix: "races" });
    const port = await freePort();
    const env = { ...db.env, ...reliabilityEnv(`http://127.0.0.1:${port}`) };
    server = await startServer({ port, env, build, logLevel: "warn" });
    run = await prepareRun({ base: server.base, db, users: 3, admins: 2, prefix: "race" });
    // A second instance on the same database with the default per-user limit (120 writes a minute).
    const limitedPort = await freePort();
    limited = await startServer({ port: limitedPort, env: { ...env, PUBLIC_URL: `http://127.0.0.1:${limitedPort}`, USER_WRITES_PER_MINUTE: "120", SEED_ON_START: "false" }, build, logLevel: "warn" });
  }, 240_000);
  afterAll(async () => {
    await Promise.all([server?.stop(), limited?.stop()]);
    await db?.destroy();
  });

  async function send(target: BenchServer, method: string, path: string, who: { cookie?: string; token?: string | null; address: string }, body?: unknown) {
    const headers: Record<string, string> = { origin: target.base, "x-forwarded-for": who.address, accept: "application/json" };
    if (who.cookie) headers.cookie = who.cookie;
    if (who.token) headers.authorization = `Bearer ${who.token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(target.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, text, json: text.startsWith("{") ? (JSON.parse(text) as Record<string, any>) : null };
  }

  const statusCounts = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

  it("two users merging the same five ratings in opposite order at once: all 120 answers are 200, figures exact", { timeout: 120_000 }, async () => {
    const [a, b] = run.users;
    const picked = run.slugs.slice(0, 5);
    const statuses: number[] = [];
    for (let round = 0; round < 60; round++) {
      const merge = (user: typeof a, order: string[]) => send(server, "POST", "/api/me/state", user!, { favorites: [], ratings: order.map((slug, i) => ({ slug, rating: 1 + ((i + round) % 5) })) });
      const answers = await Promise.all([merge(a, picked), merge(b, [...picked].reverse())]);
      statuses.push(...answers.map((answer) => answer.status));
      // Both ratings of each tool go again, so the next round writes them anew.
      const removals = await Promise.all([a, b].flatMap((user) => picked.map((slug) => send(server, "DELETE", "/api/ratings", user!, { slug }))));
      expect(removals.every((answer) => answer.status === 200)).toBe(true);
    }
    expect(statusCounts(statuses)).toEqual({ 200: 120 });
    const tools = await db.query(`select t.review_count, t.base_review_count, (select count(*) from ratings r where r.tool_id = t.id) as own from tools t where t.slug in (${picked.map(() => "?").join(", ")})`, picked);
    for (const tool of tools) expect(Number(tool.review_count)).toBe(Number(tool.base_review_count) + Number(tool.own));
  });

  it("two administrators saving the same eight tools' order in opposite order at once: all 60 answers are 200", { timeout: 120_000 }, async () => {
    const [first, second] = run.admins;
    const ids = (await db.query("select id from tools where status = 'published' order by id limit 8")).map((row) => Number(row.id));
    const statuses: number[] = [];
    for (let round = 0; round < 30; round++) {
      const updates = (order: number[], offset: number) => order.map((id, i) => ({ id, pinned: (round + i) % 2 === 0, manual_priority: round * 100 + offset + i }));
      const answers = await Promise.all([
        send(server, "PATCH", "/api/admin/tools-order", first!, { updates: updates(ids, 0) }),
        send(server, "PATCH", "/api/admin/tools-order", second!, { updates: updates([...ids].reverse(), 50) }),
      ]);
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statusCounts(statuses)).toEqual({ 200: 60 });
  });

  it("refuses a merge past the cap with a 413 that names it, and writes none of it", async () => {
    const user = run.users[2]!;
    const favorites = run.slugs.slice(0, MAX_MERGE_ENTRIES).map((slug) => ({ type: "tool", slug }));
    const answer = await send(server, "POST", "/api/me/state", user, { favorites, ratings: [{ slug: run.slugs[0], rating: 3 }] });
    expect(answer.status).toBe(413);
    expect(answer.json?.error).toMatchObject({ code: "payload_too_large", reason: "too_many_entries", maxEntries: MAX_MERGE_ENTRIES, entries: MAX_MERGE_ENTRIES + 1 });
    expect(answer.json?.error.message).toContain(String(MAX_MERGE_ENTRIES));
    const state = await send(server, "GET", "/api/me/state", user);
    expect([state.json?.favorites, state.json?.ratings]).toEqual([[], {}]);
  });

  it("counts every merged entry against the per-user write limit", { timeout: 60_000 }, async () => {
    const user = run.users[2]!;
    const favorites = (from: number, count: number) => run.slugs.slice(from, from + count).map((slug) => ({ type: "tool", slug }));
    const full = await send(limited, "POST", "/api/me/state", user, { favorites: favorites(0, 60), ratings: run.slugs.slice(0, 40).map((slug) => ({ slug, rating: 4 })) });
    expect(full.status).toBe(200);
    expect(full.json?.merged).toEqual({ favorites: 60, ratings: 40 });
    // 100 of the minute's 120 writes used: 30 more entries are refused whole; 20 still fit.
    const tooMany = await send(limited, "POST", "/api/me/state", user, { favorites: favorites(60, 30), ratings: [] });
    expect(tooMany.status).toBe(429);
    const fits = await send(limited, "POST", "/api/me/state", user, { favorites: favorites(60, 20), ratings: [] });
    expect([fits.status, fits.json?.merged]).toEqual([200, { favorites: 20, ratings: 0 }]);
    const oneMore = await send(limited, "PUT", "/api/ratings", user, { slug: run.slugs[50], rating: 5 });
    expect(oneMore.status).toBe(429);
  });

  it("merges eight full local copies at once without a 5xx (times in the log)", { timeout: 120_000 }, async () => {
    const copies = await prepareRun({ base: server.base, db, users: 8, admins: 0, prefix: "merge-burst", firstAddress: 5000 });
    const half = MAX_MERGE_ENTRIES / 2;
    const timed = await Promise.all(
      copies.users.map(async (user, i) => {
        const started = performance.now();
        const answer = await send(server, "POST", "/api/me/state", user, {
          favorites: run.slugs.slice(i, i + half).map((slug) => ({ type: "tool", slug })),
          ratings: run.slugs.slice(half + i, half + i + half).map((slug, j) => ({ slug, rating: 1 + (j % 5) })),
        });
        return { status: answer.status, ms: performance.now() - started };
      }),
    );
    const ms = timed.map((t) => t.ms).sort((x, y) => x - y);
    console.log(`${dialect}: 8 merges of ${MAX_MERGE_ENTRIES} entries at once, median ${ms[3]!.toFixed(0)} ms, slowest ${ms[7]!.toFixed(0)} ms`);
    expect(timed.map((t) => t.status)).toEqual(Array(8).fill(200));
  });
});

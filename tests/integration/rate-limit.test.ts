import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumeRateLimit, resetRateLimit } from "~/.server/rate-limit";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

describe.each(testDialects())("rate limits on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("allows the limit within a window, refuses the next one, and starts over in the next window", async () => {
    const rule = { limit: 3, windowMs: 60_000 };
    const start = 1_800_000_000_000;
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await consumeRateLimit(t.db, "test:a", rule, start + i));
    expect(seen.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(seen[3]!.retryAfterSeconds).toBe(60);
    const other = await consumeRateLimit(t.db, "test:b", rule, start);
    expect(other).toMatchObject({ allowed: true, count: 1 });
    const later = await consumeRateLimit(t.db, "test:a", rule, start + 60_000);
    expect(later).toMatchObject({ allowed: true, count: 1 });
  });

  it("counts concurrent requests exactly", async () => {
    const rule = { limit: 10, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 25 }, () => consumeRateLimit(t.db, "test:burst", rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    await resetRateLimit(t.db, "test:burst");
    expect((await consumeRateLimit(t.db, "test:burst", rule)).count).toBe(1);
  });
});

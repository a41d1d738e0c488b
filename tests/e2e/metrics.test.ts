import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer, type RunningServer } from "../support/server";

/** What a Prometheus server scraping /metrics would store: one sample per line, comments left out. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const cut = line.lastIndexOf(" ");
    out.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return out;
}

function sum(all: Map<string, number>, prefix: string, ...parts: string[]): number {
  let total = 0;
  for (const [name, value] of all) if (name.startsWith(prefix) && parts.every((part) => name.includes(part))) total += value;
  return total;
}

const TOKEN = "metrics-token-for-the-scraper-1234";

describe("/metrics", () => {
  let server: RunningServer;
  let metricsPort: number;

  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startServer({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const scrape = async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return samples(await res.text());
  };

  it("refuses a scraper without the token, or with a wrong one", async () => {
    const none = await fetch(`${server.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: "Bearer metrics-token-for-the-scraper-1235" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("http_request_duration_seconds");
  });

  it("counts page requests by route and status, page-cache hits, event-loop delay and heap", async () => {
    const before = await scrape();
    // Read to the end, as a browser does: an answer is counted once it has been written out.
    const get = async (path: string) => {
      const res = await fetch(`${server.url}${path}`);
      await res.arrayBuffer();
      return res.status;
    };
    for (let i = 0; i < 3; i++) expect(await get("/us-en/tools")).toBe(200);
    expect(await get("/us-en/tool/no-such-tool-anywhere")).toBe(404);
    const after = await scrape();

    const listed = (all: Map<string, number>) => sum(all, "http_request_duration_seconds_count", 'route="tools"', 'status="200"', 'method="GET"');
    expect(listed(after) - listed(before)).toBe(3);
    const missing = (all: Map<string, number>) => sum(all, "http_request_duration_seconds_count", 'route="tool"', 'status="404"');
    expect(missing(after) - missing(before)).toBe(1);
    // The first request of a URL is only noted, the second is rendered and kept, the third is a hit.
    expect(sum(after, "page_cache_lookups_total", 'result="hit"') - sum(before, "page_cache_lookups_total", 'result="hit"')).toBeGreaterThanOrEqual(1);
    expect(sum(after, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThan(0);
    expect(sum(after, "nodejs_heap_size_used_bytes")).toBeGreaterThan(10_000_000);
    // The seed's first searches built the index at least once since start.
    expect(await get("/us-en/tools?search=image")).toBe(200);
    expect(sum(await scrape(), "derived_structure_build_seconds_count", 'structure="search_index"')).toBeGreaterThanOrEqual(1);
  });

  it("serves the separate listener without a token, and nothing else there", async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE background_job_runs_total counter");
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
  });
});

describe("/metrics without a token or port", () => {
  it("is an unknown page", async () => {
    const server = await startServer();
    try {
      const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("http_request_duration_seconds");
    } finally {
      await server.stop();
    }
  }, 120_000);
});

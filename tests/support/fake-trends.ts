import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * GitHub's trending page, Product Hunt's public feed and its GraphQL API as one loopback server, in the
 * markup and shapes those services use. `mode` picks how it behaves: good lists, a garbage answer, an
 * error status, or hanging (the request is held open until the client gives up or the fake stops).
 */
export type FakeTrendsMode = "good" | "garbage" | "error" | "hanging";

export interface FakeTrends {
  url: string;
  mode: FakeTrendsMode;
  /** `GET /trending`, `GET /feed`, `POST /v2/api/graphql` with the Authorization header seen. */
  requests: Array<{ path: string; authorization?: string }>;
  /** Requests held open right now by the hanging mode. */
  openHanging: number;
  /** Repositories and products served in good mode (the fixture has more than the page shows). */
  repoCount: number;
  stop(): Promise<void>;
}

export function githubTrendingHtml(count: number): string {
  const rows = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    // Row 2 has no language and no "stars today" (total stars shown); row 3 has neither count (0).
    const language = n === 2 ? "" : `<span itemprop="programmingLanguage">${n % 2 ? "TypeScript" : "Rust"}</span>`;
    const total = n === 3 ? "" : `<a class="Link--muted d-inline-block mr-3" href="/author${n}/repo${n}/stargazers"><svg></svg> ${(n * 1234).toLocaleString("en-US")}</a>`;
    const today = n === 2 || n === 3 ? "" : `<span class="d-inline-block float-sm-right"><svg></svg> ${100 - n} stars today</span>`;
    return `<article class="Box-row">
  <h2 class="h3 lh-condensed"><a href="/author${n}/repo${n}" data-view-component="true" class="Link"><span class="text-normal">author${n} /</span> repo${n}</a></h2>
  <p class="col-9 color-fg-muted my-1 pr-4">  Repository number ${n} &amp; friends  </p>
  <div class="f6 color-fg-muted mt-2">${language} ${total}
    <a class="Link--muted d-inline-block mr-3" href="/author${n}/repo${n}/forks">${n * 10}</a>
    ${today}
  </div>
</article>`;
  });
  return `<!DOCTYPE html><html><head><title>Trending repositories on GitHub today</title></head><body><main><div class="Box">${rows.join("\n")}</div></main></body></html>`;
}

export function productHuntFeedXml(count: number): string {
  const entries = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    return `<entry>
  <id>tag:www.producthunt.com,2005:Post/${1000 + n}</id>
  <published>2026-11-24T08:00:00-08:00</published>
  <updated>2026-11-24T08:00:00-08:00</updated>
  <link rel="alternate" type="text/html" href="https://www.producthunt.com/products/product-${n}"/>
  <title>Product ${n}</title>
  <content type="html">&lt;p&gt;
    Tagline of product ${n}
  &lt;/p&gt;
  &lt;p&gt;&lt;a href="https://www.producthunt.com/posts/product-${n}"&gt;Discussion&lt;/a&gt; | &lt;a href="https://www.producthunt.com/r/p/${n}"&gt;Link&lt;/a&gt;&lt;/p&gt;</content>
  <author><name>Maker ${n}</name></author>
</entry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><feed xml:lang="en-US" xmlns="http://www.w3.org/2005/Atom"><id>tag:www.producthunt.com,2005:/feed</id><title>Product Hunt — The best new products, every day</title>${entries.join("\n")}</feed>`;
}

function graphqlAnswer(count: number) {
  return {
    data: {
      posts: {
        edges: Array.from({ length: count }, (_, i) => ({
          node: { name: `Launch ${i + 1}`, tagline: `Tagline ${i + 1}`, url: `https://www.producthunt.com/posts/launch-${i + 1}`, website: null, votesCount: 500 - i * 7 },
        })),
      },
    },
  };
}

export async function startFakeTrends(mode: FakeTrendsMode = "good", repoCount = 25): Promise<FakeTrends> {
  const held = new Set<http.ServerResponse>();
  const fake: FakeTrends = { url: "", mode, requests: [], openHanging: 0, repoCount, stop: async () => undefined };
  const server = http.createServer((req, res) => {
    req.resume();
    const url = new URL(req.url ?? "/", "http://fake");
    fake.requests.push({ path: `${req.method} ${url.pathname}`, authorization: req.headers.authorization });
    if (fake.mode === "hanging") {
      held.add(res);
      fake.openHanging++;
      res.on("close", () => {
        held.delete(res);
        fake.openHanging--;
      });
      return;
    }
    if (fake.mode === "error") {
      res.writeHead(503, { "content-type": "text/plain" }).end("Service Unavailable");
      return;
    }
    if (fake.mode === "garbage") {
      res.writeHead(200, { "content-type": url.pathname === "/v2/api/graphql" ? "application/json" : "text/html" }).end("\u0000\u00ff<<not {what you expect");
      return;
    }
    if (url.pathname === "/trending" && url.searchParams.get("since") === "daily") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(githubTrendingHtml(fake.repoCount));
    } else if (url.pathname === "/feed") {
      res.writeHead(200, { "content-type": "application/atom+xml; charset=utf-8" }).end(productHuntFeedXml(fake.repoCount));
    } else if (url.pathname === "/v2/api/graphql" && req.method === "POST") {
      if (req.headers.authorization !== "Bearer fake-token") res.writeHead(401, { "content-type": "application/json" }).end('{"error":"invalid_token"}');
      else res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(graphqlAnswer(fake.repoCount)));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.stop = () =>
    new Promise((resolve) => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

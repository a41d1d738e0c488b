import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake tool website and a fake OpenAI-compatible chat API, as real HTTP
 * servers on loopback, for the submit form's AI generation.
 */
export interface FakeSite {
  url: string;
  port: number;
  requests: string[];
  stop(): Promise<void>;
}

export const SITE_PAGE = {
  title: "Quillmate - AI writing partner",
  description: "Quillmate drafts blog posts, emails and product copy in your brand voice.",
  headings: ["Draft in your brand voice", "Rewrite any paragraph", "Translate into 30 languages"],
};

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** `/` is the tool's home page; `/moved` redirects to it; `/to?url=` redirects anywhere (to test re-checks). */
export async function startFakeSite(): Promise<FakeSite> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(url.pathname);
    if (url.pathname === "/moved") return res.writeHead(301, { location: "/" }).end();
    if (url.pathname === "/to") return res.writeHead(302, { location: url.searchParams.get("url") ?? "/" }).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><title>${SITE_PAGE.title}</title>
<meta name="description" content="${SITE_PAGE.description}">
<meta name="keywords" content="writing, copywriting"></head>
<body><nav><a href="/pricing">Pricing</a></nav><main><h1>Quillmate</h1>
${SITE_PAGE.headings.map((h) => `<h2>${h}</h2><p>${h} with one click, for teams of every size and budget.</p>`).join("\n")}
<ul><li>Marketing teams writing weekly newsletters</li><li>Shops describing hundreds of products</li></ul>
</main><footer>© Quillmate</footer><script>var tracking = 1;</script></body></html>`);
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, port, requests, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface FakeLlm {
  /** Base URL as the SDK wants it (…/v1). */
  url: string;
  port: number;
  /** Bodies of the chat requests received. */
  requests: Array<{ model: string; messages: Array<{ role: string; content: string }>; authorization: string | undefined }>;
  /** The JSON object the model answers with. */
  answer: Record<string, unknown>;
  stop(): Promise<void>;
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const fake: FakeLlm = {
    url: "",
    port: 0,
    requests: [],
    answer: {
      description: "Quillmate is an AI writing partner that drafts blog posts, e-mails and product copy in your brand voice.",
      features: ["Drafts in your brand voice", "Rewrites any paragraph", "Translates into 30 languages"],
      use_cases: ["Weekly newsletters", "Product descriptions for online shops"],
      tags: ["AI Writing", "Marketing", "Copywriting"],
    },
    stop: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) return res.writeHead(404).end();
      const parsed = JSON.parse(body) as FakeLlm["requests"][number];
      fake.requests.push({ model: parsed.model, messages: parsed.messages, authorization: req.headers.authorization });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "chatcmpl-test",
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: parsed.model,
          choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "```json\n" + JSON.stringify(fake.answer) + "\n```" } }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  fake.port = await listen(server);
  fake.url = `http://127.0.0.1:${fake.port}/v1`;
  fake.stop = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

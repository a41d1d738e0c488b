import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateToolContent } from "~/.server/ai-generate";
import { FetchRefused, isPublicAddress, safeFetchPage } from "~/.server/ai-generate/safe-fetch";
import { parseConfig } from "~/.server/config";
import { startFakeLlm, startFakeSite, type FakeLlm, type FakeSite } from "../support/fake-ai";

/** The website fetcher behind AI generation: what the default config refuses, and the caps on what it allows. */
let site: FakeSite;
let llm: FakeLlm;
let slow: http.Server;
let slowUrl: string;

beforeAll(async () => {
  [site, llm] = await Promise.all([startFakeSite(), startFakeLlm()]);
  slow = http.createServer((req, res) => {
    if (req.url === "/big") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<html><head><title>Big</title></head><body>${"x".repeat(3 * 1024 * 1024)}</body></html>`);
    } else if (req.url === "/json") {
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    } else if (req.url?.startsWith("/loop")) {
      const n = Number(req.url.slice(5) || "0");
      res.writeHead(302, { location: `/loop${n + 1}` }).end();
    } else {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<html><head><title>Slow</title>");
      // Never finishes: the time cap has to end it.
    }
  });
  await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
  slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
});
afterAll(async () => {
  slow.closeAllConnections();
  await Promise.all([site.stop(), llm.stop(), new Promise((resolve) => slow.close(resolve))]);
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchRefused) return error.reason;
    throw error;
  }
  return "fetched";
}

describe("the SSRF-safe fetcher", () => {
  it("classifies addresses: only public unicast ones pass", () => {
    expect(["8.8.8.8", "2606:4700::1111"].map(isPublicAddress)).toEqual([true, true]);
    const blocked = ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "224.0.0.1"];
    expect(blocked.filter(isPublicAddress)).toEqual([]);
  });

  it("refuses loopback, private, link-local and metadata targets on the default config, before any request", async () => {
    const config = parseConfig({});
    expect(config.fetchAllowHosts).toEqual([]);
    const input = (websiteUrl: string) => generateToolContent({ name: "Probe", websiteUrl, description: "", language: "us-en" }, config);
    const targets = [site.url, `http://localhost:${site.port}/`, "http://127.0.0.1/", "http://10.0.0.8/", "http://192.168.0.1/", "http://169.254.169.254/latest/meta-data/", "http://[::1]/", "http://[::ffff:7f00:1]/", "http://0.0.0.0/"];
    const reasons = await Promise.all(targets.map((target) => refusal(input(target))));
    expect(reasons).toEqual(["port", "port", "address", "address", "address", "address", "address", "address", "address"]);
    expect(await refusal(input("http://localhost/"))).toBe("address");
    expect(await refusal(input("ftp://example.com/"))).toBe("scheme");
    expect(await refusal(input("file:///etc/passwd"))).toBe("scheme");
    expect(await refusal(input("http://user:pass@example.com/"))).toBe("scheme");
    expect(await refusal(input("https://example.com:8443/"))).toBe("port");
    expect(site.requests).toEqual([]);
  });

  it("re-checks every redirect: an allowed site cannot bounce the fetch into the private network", async () => {
    const allowHosts = [`127.0.0.1:${site.port}`];
    const page = await safeFetchPage(`${site.url}/moved`, { allowHosts });
    expect(page.url).toBe(`${site.url}/`);
    const bounce = `${site.url}/to?url=${encodeURIComponent(`http://127.0.0.1:${llm.port}/v1/models`)}`;
    expect(await refusal(safeFetchPage(bounce, { allowHosts }))).toBe("port");
    const metadata = `${site.url}/to?url=${encodeURIComponent("http://169.254.169.254/")}`;
    expect(await refusal(safeFetchPage(metadata, { allowHosts }))).toBe("address");
  });

  it("caps redirects, bytes and time, and reads only HTML", async () => {
    const allowHosts = [new URL(slowUrl).host];
    expect(await refusal(safeFetchPage(`${slowUrl}/loop`, { allowHosts }))).toBe("redirects");
    const big = await safeFetchPage(`${slowUrl}/big`, { allowHosts, maxBytes: 64 * 1024 });
    expect(big.html.length).toBe(64 * 1024);
    expect(await refusal(safeFetchPage(`${slowUrl}/json`, { allowHosts }))).toBe("notHtml");
    const started = Date.now();
    expect(await refusal(safeFetchPage(`${slowUrl}/hang`, { allowHosts, timeoutMs: 500 }))).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("AI generation", () => {
  it("fills the fields from the page itself when no LLM is configured", async () => {
    const config = parseConfig({ FETCH_ALLOW_HOSTS: `127.0.0.1:${site.port}` });
    const result = await generateToolContent({ name: "Quillmate", websiteUrl: site.url, description: "", language: "de" }, config);
    expect(result).toEqual({
      source: "page",
      description: "Quillmate drafts blog posts, emails and product copy in your brand voice.",
      features: ["Draft in your brand voice", "Rewrite any paragraph", "Translate into 30 languages"],
      use_cases: ["Marketing teams writing weekly newsletters", "Shops describing hundreds of products"],
      tags: ["AI Writing", "Voice", "Marketing", "writing", "copywriting"],
    });
  });

  it("asks the configured chat API in the form's language and cuts the description to 500 characters", async () => {
    const config = parseConfig({ FETCH_ALLOW_HOSTS: `127.0.0.1:${site.port}`, LLM_BASE_URL: llm.url, LLM_MODEL: "m" });
    llm.answer = { description: "长".repeat(700), features: ["一"], useCases: ["二"], tags: ["写作"] };
    const result = await generateToolContent({ name: "Quillmate", websiteUrl: site.url, description: "", language: "zh-CN" }, config);
    expect(result.source).toBe("llm");
    expect(result.description).toHaveLength(500);
    expect([result.features, result.use_cases, result.tags]).toEqual([["一"], ["二"], ["写作"]]);
    expect(llm.requests.at(-1)!.messages[0]!.content).toContain("Simplified Chinese");
    llm.answer = { text: "no description here" };
    await expect(generateToolContent({ name: "Quillmate", websiteUrl: site.url, description: "", language: "us-en" }, config)).rejects.toThrow(/wrong shape/);
  });
});

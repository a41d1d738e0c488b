#!/usr/bin/env node
// Signed-in pages of the user area against the production build: each page for a few seconds with
// autocannon (they are private, so no cache answers them), plus the duplicate check's cost on the
// catalogue in the database (a submission of an already listed website, refused before any write).
//
//   npm run build
//   node bench/user-area.mjs --database file:PATH [--port 4171] [--duration 3] [--connections 10]
import autocannon from "autocannon";
import { parseArgs } from "node:util";
import { signUp } from "./lib/clients.mjs";
import { startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    port: { type: "string", default: "4171" },
    duration: { type: "string", default: "3" },
    connections: { type: "string", default: "10" },
    build: { type: "string", default: process.env.BUILD_DIR ?? "build" },
  },
});
if (!values.database) {
  console.error("usage: node bench/user-area.mjs --database file:PATH [--port N] [--duration S] [--connections N]");
  process.exit(2);
}
const base = `http://127.0.0.1:${values.port}`;

// PUBLIC_URL: sign-in checks the Origin against it.
const server = await startServer({ port: values.port, build: values.build, env: { DATABASE_URL: values.database, PUBLIC_URL: base } });

try {
  const email = `bench-${Date.now()}@example.com`;
  // Sign-up opens no session: signUp signs in after it.
  const { cookie } = await signUp(base, email, { name: "Bench" });
  const index = await (await fetch(`${base}/autocomplete-index.json`)).json();
  const tool = index.entries?.[0];
  const pages = ["/user/dashboard", "/ja/user/my-tools", "/de/user/submit-tool", "/fr/user/advertise", "/user/orders", `/user/update-tool?slug=${tool?.slug ?? ""}`];
  console.log("page                                   req/s   p50 ms  p99 ms");
  for (const path of pages) {
    const result = await autocannon({ url: base + path, connections: Number(values.connections), duration: Number(values.duration), headers: { cookie } });
    if (result.non2xx) throw new Error(`${path}: ${result.non2xx} answers were not 2xx`);
    console.log(`${path.padEnd(38)} ${String(Math.round(result.requests.average)).padStart(6)} ${String(result.latency.p50).padStart(8)} ${String(result.latency.p99).padStart(7)}`);
  }
  // Duplicate check: the website of a listed tool, refused with 409 by the page action before anything is stored.
  const detail = await (await fetch(`${base}/data/multilingual/${tool.slug}.json`)).json().catch(() => null);
  const website = detail ? Object.values(detail.content ?? {})[0]?.websiteUrl : null;
  if (website) {
    const body = new URLSearchParams({ name: "Bench", website_url: website, description: "d", category: "others", contact_email: email }).toString();
    const times = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const response = await fetch(`${base}/user/submit-tool`, { method: "POST", headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" }, body });
      await response.text();
      if (response.status !== 409) throw new Error(`duplicate check answered ${response.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`duplicate check (listed website, 20 posts): median ${times[10].toFixed(1)} ms, max ${times[19].toFixed(1)} ms`);
  }
} finally {
  await server.stop();
}

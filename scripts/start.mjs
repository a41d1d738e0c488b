// `npm start`: build when the bundle is missing or older than the sources, then serve.
// Migrations and the starter seed run inside the server before it listens.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const BUILD = "build/server/index.js";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime("app"), newestMtime("server"), fs.statSync("package.json").mtimeMs);
const stale = !fs.existsSync(BUILD) || fs.statSync(BUILD).mtimeMs < sources;
if (stale) {
  console.log("Building the site (first start or sources changed)...");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
// A self-hosted start needs no setup: without BETTER_AUTH_SECRET, one random secret is
// created once under data/ (kept private) so sessions survive restarts.
if (!process.env.BETTER_AUTH_SECRET) {
  const secretFile = "data/.auth-secret";
  if (!fs.existsSync(secretFile)) {
    fs.mkdirSync("data", { recursive: true });
    fs.writeFileSync(secretFile, (await import("node:crypto")).randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  process.env.BETTER_AUTH_SECRET = fs.readFileSync(secretFile, "utf8").trim();
}
await import("../server.js");

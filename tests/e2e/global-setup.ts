import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

/** The one build of this run, shared by the browser projects (each project loads this module on its own). */
const shared = globalThis as typeof globalThis & { e2eBuild?: { dir: string; users: number } };

/**
 * Builds the production bundle once for the whole run (the e2e and e2e-load projects share it), into a
 * directory of its own (BUILD_DIR) so parallel runs never overwrite each other's build.
 */
export default function setup(project: TestProject) {
  // Vitest sets NODE_ENV=test; the bundle under test must be the production one (minified React).
  // Inside the project so the bundle resolves packages from node_modules.
  const parent = path.resolve("node_modules/.cache");
  if (!shared.e2eBuild) {
    fs.mkdirSync(parent, { recursive: true });
    const dir = process.env.BUILD_DIR ?? fs.mkdtempSync(path.join(parent, "e2e-build-"));
    if (process.env.E2E_SKIP_BUILD !== "1") {
      execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: dir, NODE_ENV: "production" } });
    }
    shared.e2eBuild = { dir, users: 0 };
  }
  const build = shared.e2eBuild;
  build.users++;
  project.provide("buildDir", build.dir);
  return () => {
    if (--build.users > 0) return;
    shared.e2eBuild = undefined;
    if (build.dir.startsWith(parent)) fs.rmSync(build.dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    buildDir: string;
  }
}

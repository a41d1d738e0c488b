import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

/**
 * Builds the production bundle once for the whole e2e run, into a directory
 * of its own (BUILD_DIR) so parallel runs never overwrite each other's build.
 */
export default function setup(project: TestProject) {
  // Vitest sets NODE_ENV=test; the bundle under test must be the production one (minified React).
  // Inside the project so the bundle resolves packages from node_modules.
  const parent = path.resolve("node_modules/.cache");
  fs.mkdirSync(parent, { recursive: true });
  const dir = process.env.BUILD_DIR ?? fs.mkdtempSync(path.join(parent, "e2e-build-"));
  project.provide("buildDir", dir);
  if (process.env.E2E_SKIP_BUILD !== "1") {
    execFileSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: dir, NODE_ENV: "production" } });
  }
  return () => {
    if (dir.startsWith(parent)) fs.rmSync(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    buildDir: string;
  }
}

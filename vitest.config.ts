import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/**
 * unit: pure functions. integration: the data layer and request handling on
 * real SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 * e2e: the production build in the system Chromium.
 *
 * Workers: the integration files mostly wait on databases, servers and timers, so they run three at a time
 * even on two cores (Vitest's default there is one). Each e2e file drives its own server and browser and
 * waits on them about as much; two at a time (E2E_WORKERS), after the others (groupOrder 1). The load files
 * (e2e-load) run one at a time after them.
 */
const WORKERS = Number(process.env.TEST_WORKERS ?? Math.max(3, os.availableParallelism()));
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
/** Browser-suite files that put a server under load and count what it got through: they run alone, last. */
const LOAD_FILES = ["tests/e2e/reliability-slice.test.ts", "tests/e2e/database-outage.test.ts", "tests/e2e/write-races.test.ts", "tests/e2e/fuzz-slice.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node", maxWorkers: WORKERS } },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          maxWorkers: WORKERS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // No background website screenshots from submissions and approvals; the screenshot tests turn them on.
          env: { SCREENSHOTS: "off" },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: LOAD_FILES,
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e-load",
          include: LOAD_FILES,
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});

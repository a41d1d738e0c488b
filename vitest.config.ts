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
 * waits on them about as much; two at a time (E2E_WORKERS), after the others (groupOrder 1).
 */
const WORKERS = Number(process.env.TEST_WORKERS ?? Math.max(3, os.availableParallelism()));
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

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
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

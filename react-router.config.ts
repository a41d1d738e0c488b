import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Tests build into their own directory so parallel runs never share one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The browser gets the whole route manifest as one static, immutable file (31 KB, 3 KB gzip, cached
  // once) instead of lazy discovery: that one describes each page's routes inline, and finding them
  // (a route match per parent path, each walking the whole table) was 6% of the server's CPU for every
  // page rendered (docs/decisions/0016).
  routeDiscovery: { mode: "initial" },
} satisfies Config;

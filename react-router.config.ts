import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Tests build into their own directory so parallel runs never share one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Lazy route discovery keeps the initial manifest small: the route table has
  // every page once per language prefix.
  routeDiscovery: { mode: "lazy" },
} satisfies Config;

import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Tests build into their own directory so parallel runs never share one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Lazy route discovery keeps the initial manifest small: a page's route
  // module is described to the browser when a link to it first appears.
  routeDiscovery: { mode: "lazy" },
} satisfies Config;

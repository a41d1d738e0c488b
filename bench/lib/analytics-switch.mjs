// Loaded into the server by bench/page-view-ab.mjs (node --import): answers the bench over IPC.
// { analytics: "on" | "off" } switches the page-view hook (it reads the configuration on every request);
// { gc: true } runs a full garbage collection first (the server runs with --expose-gc), so a burst starts
// from a clean heap instead of paying for the garbage of the burst before it.
// Every message is answered with the process's CPU time so far (process.cpuUsage, microseconds).
// The batch writer and the rollup timer keep running either way, as in production.
import path from "node:path";
import { pathToFileURL } from "node:url";

const serverModule = pathToFileURL(path.join(process.env.BUILD_DIR ?? "build", "server", "index.js")).href;

process.on("message", async (message) => {
  if (message?.analytics) {
    // The same module instance server.js imported, so the same parsed configuration.
    const mod = await import(serverModule);
    mod.getConfig().ANALYTICS = message.analytics;
  }
  if (message?.gc && typeof globalThis.gc === "function") globalThis.gc();
  const { user, system } = process.cpuUsage();
  process.send({ id: message?.id, cpuMicros: user + system });
});

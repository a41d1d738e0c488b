// Slow and idle clients against a running server (bench/slow-clients.mjs and the reliability slice):
// many connections that never finish a request, while normal requests measure whether the site still
// answers, then a wait for the server to drop the slow ones after its timeouts (server.js).
import net from "node:net";
import { latencySummary, sleep } from "./server.mjs";

/**
 * idle: connects and sends nothing. headers: sends a request line and then one byte of a header
 * every interval, never ending the headers (slowloris). body: sends complete headers announcing a
 * small JSON body, then one byte of it every interval (a slow POST).
 */
export const SLOW_KINDS = ["idle", "headers", "body"];

function openSlow(port, kind, byteIntervalMs) {
  const socket = net.connect(port, "127.0.0.1");
  const record = { kind, openedAt: 0, closedAt: 0, firstLine: "", connected: false, error: "" };
  let timer = null;
  const drip = (text) => {
    let at = 0;
    timer = setInterval(() => {
      if (socket.destroyed || !socket.writable) return;
      socket.write(text[at++ % text.length]);
    }, byteIntervalMs);
  };
  socket.on("connect", () => {
    record.connected = true;
    record.openedAt = performance.now();
    const host = `Host: 127.0.0.1:${port}\r\n`;
    if (kind === "headers") {
      socket.write(`GET /us-en HTTP/1.1\r\n${host}`);
      drip("X-Slow: abcdefghijklmnopqrstuvwxyz");
    } else if (kind === "body") {
      socket.write(`POST /api/favorites HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n`);
      drip("{\"type\":\"tool\",\"slug\":\"x\"}");
    }
  });
  socket.on("data", (chunk) => {
    if (!record.firstLine) record.firstLine = chunk.toString("latin1").split("\r\n")[0];
  });
  socket.on("error", (error) => (record.error ||= error.code ?? String(error)));
  socket.on("close", () => {
    clearInterval(timer);
    record.closedAt = performance.now();
  });
  return { socket, record, done: () => record.closedAt > 0 };
}

/** Normal requests, `concurrency` at a time, until `until()` is true: their latencies and statuses. */
async function probe(base, paths, concurrency, until) {
  const latencies = [];
  const statuses = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!until()) {
        const path = paths[next++ % paths.length];
        const started = performance.now();
        let status;
        try {
          const response = await fetch(base + path, { signal: AbortSignal.timeout(30_000) });
          await response.arrayBuffer();
          status = response.status;
        } catch {
          status = 0; // no answer
        }
        latencies.push(performance.now() - started);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const answered = Object.entries(statuses).filter(([s]) => Number(s) >= 200 && Number(s) < 400).reduce((n, [, c]) => n + c, 0);
  return { requests: latencies.length, answered, statuses, latencyMs: latencySummary(latencies) };
}

/**
 * Opens `connections` slow connections spread over `kinds`, probes the site for `baselineMs` before
 * and while they are open, and waits for the server to close them: idle and header-dripping ones
 * after `headersTimeoutMs`, body-dripping ones after `requestTimeoutMs` (plus `graceMs`, as the
 * server looks for expired connections once a second). Returns what it saw; `failures` lists what
 * should not have happened.
 */
export async function runSlowClients({ port, connections = 500, kinds = SLOW_KINDS, byteIntervalMs = 1000, headersTimeoutMs, requestTimeoutMs, graceMs = 5000, baselineMs = 3000, probePaths = ["/healthz", "/us-en", "/us-en/tools", "/api/ratings?slug=chatgpt"], probeConcurrency = 4 }) {
  const base = `http://127.0.0.1:${port}`;
  const baselineEnd = performance.now() + baselineMs;
  const baseline = await probe(base, probePaths, probeConcurrency, () => performance.now() > baselineEnd);

  const slow = [];
  for (let i = 0; i < connections; i += 50) {
    const batch = Array.from({ length: Math.min(50, connections - i) }, (_, j) => openSlow(port, kinds[(i + j) % kinds.length], byteIntervalMs));
    slow.push(...batch);
    await sleep(20); // past the listen backlog's pace, not a flood of SYNs
  }
  const started = performance.now();
  const timeoutOf = (kind) => (kind === "body" ? requestTimeoutMs : headersTimeoutMs);
  const deadline = started + Math.max(...kinds.map(timeoutOf)) + graceMs;
  const allClosed = () => slow.every((s) => s.done());
  // Probing while every slow connection is still open (up to the first timeout) is the figure that matters.
  const heldUntil = started + Math.min(...kinds.map(timeoutOf)) - 500;
  const during = await probe(base, probePaths, probeConcurrency, () => performance.now() > heldUntil);
  const openWhileProbing = slow.filter((s) => s.record.connected && !s.done()).length;
  while (!allClosed() && performance.now() < deadline) await sleep(200);
  const afterEnd = performance.now() + 1000;
  const after = await probe(base, probePaths, probeConcurrency, () => performance.now() > afterEnd);

  const perKind = {};
  for (const kind of kinds) {
    const mine = slow.filter((s) => s.record.kind === kind);
    const dropped = mine.filter((s) => s.done() && s.record.connected);
    perKind[kind] = {
      opened: mine.filter((s) => s.record.connected).length,
      dropped: dropped.length,
      answered408: mine.filter((s) => s.record.firstLine.startsWith("HTTP/1.1 408")).length,
      stillOpen: mine.filter((s) => !s.done()).length,
      droppedAfterMs: latencySummary(dropped.map((s) => s.record.closedAt - s.record.openedAt)),
      expectedAfterMs: timeoutOf(kind),
    };
  }
  for (const s of slow) s.socket.destroy();

  const failures = [];
  if (during.answered !== during.requests) failures.push(`${during.requests - during.answered} of ${during.requests} normal requests failed while the slow connections were open: ${JSON.stringify(during.statuses)}`);
  if (openWhileProbing < connections * 0.95) failures.push(`only ${openWhileProbing} of ${connections} slow connections were open while probing`);
  for (const [kind, k] of Object.entries(perKind)) {
    if (k.stillOpen) failures.push(`${k.stillOpen} ${kind} connections still open ${Math.round(timeoutOf(kind) + graceMs)} ms after connecting`);
    if (k.dropped && k.droppedAfterMs.p50 < timeoutOf(kind) * 0.9) failures.push(`${kind} connections dropped after ${k.droppedAfterMs.p50} ms, before the ${timeoutOf(kind)} ms timeout`);
  }
  return { connections, openWhileProbing, baseline, during, perKind, after, failures };
}

import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler as createRouterHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { wholeBodyOf } from "./whole-body.server";
import { failedForDatabase, sendOutage } from "../../server/database-outage";

/**
 * Express -> React Router, as `@react-router/express` does it (same request, same abort on a closed
 * connection, same headers and streaming for anything that streams), except that a page rendered whole
 * (whole-body.server.ts) leaves in one write instead of through its Response's web stream.
 */
export function routerHandler(options: { build: ServerBuild; getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext }) {
  const handle = createRouterHandler(options.build, process.env.NODE_ENV);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handle(toFetchRequest(req, res), options.getLoadContext(req, res));
      // React Router rendered its error page for a loader whose database connection broke: the outage answer instead.
      if (response.status >= 500 && failedForDatabase(res)) {
        await response.body?.cancel();
        await sendOutage(req, res);
        return;
      }
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

export function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // The host as @react-router/express builds it: a forwarded host only behind a trusted proxy, and never
  // more than a host name and port, whatever the header says.
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`).href;
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // Per-address limits (submissions, uploads) read the address Express resolved (trust proxy), never the client's claim.
  headers.set("x-client-ip", req.ip ?? req.socket.remoteAddress ?? "");
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // The edge has usually read the body already, within its byte cap (server/edge-guards.ts).
    if (req.bufferedBody) init.body = new Uint8Array(req.bufferedBody.bytes);
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(url, init);
}

export async function send(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  const whole = wholeBodyOf(response);
  if (whole) {
    res.end(whole);
    return;
  }
  // A JSON answer of known length (jsonEndpoint's) also leaves in one write, not through its web stream.
  if (response.body && response.headers.has("Content-Length")) {
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { data, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directRoutes } from "../../app/delivery/direct-routes.server";

/**
 * The favourite and rating endpoints under fast delivery are called without React Router: what a route
 * module answers must reach the client as React Router would send it, and a failure must reach the app's
 * error reporting (its handleError) as well as Express's error handler.
 */
describe("routes served directly", () => {
  let server: Server;
  let base = "";
  const reported: unknown[] = [];
  const answers: Record<string, () => unknown> = {
    "/response": () => Response.json({ ok: true }, { status: 201 }),
    "/thrown-response": () => {
      throw Response.json({ error: "not_found" }, { status: 404 });
    },
    "/object": () => ({ favorites: ["chatgpt"] }),
    "/data": () => data({ ok: true }, { status: 202 }),
    "/crash": () => {
      throw new Error("database gone");
    },
  };

  beforeAll(async () => {
    const routes = Object.fromEntries(Object.entries(answers).map(([path, answer]) => [`routes${path}`, { id: `routes${path}`, module: { loader: answer } }]));
    const build = { routes, entry: { module: { handleError: (error: unknown) => void reported.push(error) } } } as unknown as ServerBuild;
    const table = Object.fromEntries(Object.keys(answers).map((path) => [path, `routes${path}`]));
    const app = express();
    app.use(directRoutes(build, () => ({ cspNonce: "" }), table));
    app.use((_req: express.Request, res: express.Response) => void res.status(418).send("not served directly"));
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).json({ error: error.message }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends a returned or thrown Response as it is", async () => {
    const created = await fetch(`${base}/response`);
    expect([created.status, await created.json()]).toEqual([201, { ok: true }]);
    const missing = await fetch(`${base}/thrown-response`);
    expect([missing.status, await missing.json()]).toEqual([404, { error: "not_found" }]);
  });

  it("sends a plain object as JSON, as React Router does for a resource route", async () => {
    const response = await fetch(`${base}/object`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ favorites: ["chatgpt"] });
  });

  it("refuses a data() answer and a crash as errors the app reports, never a silent success", async () => {
    const before = reported.length;
    const refused = await fetch(`${base}/data`);
    expect(refused.status).toBe(500);
    expect((await refused.json()).error).toMatch(/routes\/data answered without a Response/);
    const crashed = await fetch(`${base}/crash`);
    expect([crashed.status, await crashed.json()]).toEqual([500, { error: "database gone" }]);
    expect(reported.slice(before).map((error) => (error as Error).message)).toEqual([expect.stringMatching(/routes\/data/), "database gone"]);
  });

  it("leaves paths it does not list to the next handler", async () => {
    expect((await fetch(`${base}/other`)).status).toBe(418);
  });
});

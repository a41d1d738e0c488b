import { z } from "zod";
import { getDb } from "../db";
import { jsonEndpoint, jsonError, jsonOk, parseOr400, readJson } from "../http/json-api";
import { listAdRequests, reviewAdRequest } from "./ads";
import { actorOf, requireAdminApi } from "./api-auth";
import { ADMIN_PAGE_SIZE, listSubmissions, reviewInput, reviewSubmission, STATUSES } from "./submissions";
import { listToolsOrder, saveToolsOrder, toolsOrderQuery, toolsOrderUpdate } from "./tools-order";

/**
 * The admin API of spec 7.1, answering `{ data, error }` (`{ data, total }`
 * for lists). Route modules under `app/routes/api.admin.*` only call these.
 */
const listQuery = z.object({
  status: z.enum(STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
});
const idParam = z.coerce.number().int().positive();

function queryOf(request: Request): Record<string, string> {
  const params = new URL(request.url).searchParams;
  const values: Record<string, string> = {};
  // An empty `status=` means every status (the admin page's "all" tab).
  for (const [key, value] of params) if (value !== "") values[key] = value;
  return values;
}

function onlyMethods(request: Request, allowed: string[]): void {
  if (!allowed.includes(request.method)) throw jsonError(405, "method_not_allowed", `Use ${allowed.join(" or ")}.`);
}

export const submissionsApi = (request: Request) =>
  jsonEndpoint(request, async () => {
    await requireAdminApi(request);
    const { data, total } = await listSubmissions(getDb(), parseOr400(listQuery, queryOf(request)));
    return jsonOk({ data, total, error: null });
  });

export const submissionApi = (request: Request, id: string | undefined) =>
  jsonEndpoint(request, async () => {
    onlyMethods(request, ["PATCH"]);
    const user = await requireAdminApi(request);
    const input = await readJson(request, reviewInput);
    const data = await reviewSubmission(getDb(), actorOf(user), parseOr400(idParam, id), input);
    return jsonOk({ data, error: null });
  });

export const adSubmissionsApi = (request: Request) =>
  jsonEndpoint(request, async () => {
    await requireAdminApi(request);
    const { data, total } = await listAdRequests(getDb(), parseOr400(listQuery, queryOf(request)));
    return jsonOk({ data, total, error: null });
  });

export const adSubmissionApi = (request: Request, id: string | undefined) =>
  jsonEndpoint(request, async () => {
    onlyMethods(request, ["PATCH"]);
    const user = await requireAdminApi(request);
    const input = await readJson(request, reviewInput);
    const data = await reviewAdRequest(getDb(), actorOf(user), parseOr400(idParam, id), input);
    return jsonOk({ data, error: null });
  });

/** Server time of the read or the save, for bench/tools-order.mjs (`Server-Timing: app;dur=`). */
const timing = (started: number) => ({ "Server-Timing": `app;dur=${(performance.now() - started).toFixed(2)}` });

export const toolsOrderApi = (request: Request) =>
  jsonEndpoint(request, async () => {
    const started = performance.now();
    if (request.method === "GET" || request.method === "HEAD") {
      await requireAdminApi(request);
      const { data, total } = await listToolsOrder(getDb(), parseOr400(toolsOrderQuery, queryOf(request)));
      return jsonOk({ data, total, error: null }, { headers: timing(started) });
    }
    onlyMethods(request, ["PATCH"]);
    const user = await requireAdminApi(request);
    const input = await readJson(request, toolsOrderUpdate);
    const data = await saveToolsOrder(getDb(), actorOf(user), input);
    return jsonOk({ data, error: null }, { headers: timing(started) });
  });

import { redirect } from "react-router";
import { z } from "zod";
import { STATUSES } from "./submissions";

/** `?status=&page=` of the admin list screens; bad values fall back to the defaults instead of failing. */
const listParams = z.object({
  status: z.enum([...STATUSES, "all"]).catch("pending"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function listParamsOf(request: Request, defaultStatus: "pending" | "all" = "pending") {
  const params = new URL(request.url).searchParams;
  const parsed = listParams.parse({ status: params.get("status") ?? defaultStatus, page: params.get("page") ?? 1 });
  return { filter: parsed.status, status: parsed.status === "all" ? undefined : parsed.status, page: parsed.page };
}

/**
 * A page past the end of a list (typed, or left behind when the list shrank) goes to the last page instead of
 * an empty table under "Page 99 of 9": throws the redirect, keeping the other parameters.
 */
export function lastPageRedirect(request: Request, page: number, total: number, pageSize: number): void {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (page <= last) return;
  const url = new URL(request.url);
  url.searchParams.set("page", String(last));
  throw redirect(`${url.pathname}?${url.searchParams.toString()}`);
}

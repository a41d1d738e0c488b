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

import { ADMIN_NO_STORE } from "~/.server/admin/language";
import { listToolsOrder, toolsOrderQuery } from "~/.server/admin/tools-order";
import { requireAdmin } from "~/.server/auth/guards";
import { getDb } from "~/.server/db";
import { ToolsOrderTable } from "~/components/admin/tools-order-table";
import { ORDER_SORT_FIELDS, TOOLS_ORDER_PAGE_SIZE } from "~/lib/admin";
import type { Route } from "./+types/admin.tools-order";

/** Tools order (spec 2.4, 4.9): 20 published tools a page, pin and move, save the page's order. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "page");
  const params = new URL(request.url).searchParams;
  const sortBy = (ORDER_SORT_FIELDS as readonly string[]).includes(params.get("sortBy") ?? "") ? params.get("sortBy") : undefined;
  const parsed = toolsOrderQuery.safeParse({ page: params.get("page") ?? undefined, sortBy, sortDir: params.get("sortDir") === "asc" ? "asc" : "desc" });
  const query = parsed.success ? { ...parsed.data, pageSize: TOOLS_ORDER_PAGE_SIZE } : { page: 1, pageSize: TOOLS_ORDER_PAGE_SIZE, sortDir: "desc" as const };
  const { data, total } = await listToolsOrder(getDb(), query);
  return { rows: data, total, page: query.page, sortBy: query.sortBy ?? "", sortDir: query.sortDir };
}

export const headers: Route.HeadersFunction = () => ADMIN_NO_STORE;

export const meta: Route.MetaFunction = () => [{ title: "Tools order · Admin" }, { name: "robots", content: "noindex" }];

export default function AdminToolsOrder({ loaderData }: Route.ComponentProps) {
  return <ToolsOrderTable {...loaderData} />;
}

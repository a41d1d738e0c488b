import { toolsOrderApi } from "~/.server/admin/api";
import type { Route } from "./+types/api.admin.tools-order";

/** GET /api/admin/tools-order?page&pageSize&sortBy&sortDir, PATCH {updates:[{id, pinned, manual_priority}]} (spec 7.1). */
export const loader = ({ request }: Route.LoaderArgs) => toolsOrderApi(request);
export const action = ({ request }: Route.ActionArgs) => toolsOrderApi(request);

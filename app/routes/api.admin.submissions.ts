import { submissionsApi } from "~/.server/admin/api";
import type { Route } from "./+types/api.admin.submissions";

/** GET /api/admin/submissions?status=&page=&pageSize= (spec 7.1). */
export const loader = ({ request }: Route.LoaderArgs) => submissionsApi(request);

import { adSubmissionsApi } from "~/.server/admin/api";
import type { Route } from "./+types/api.admin.ad-submissions";

/** GET /api/admin/ad-submissions?status= (spec 7.1). */
export const loader = ({ request }: Route.LoaderArgs) => adSubmissionsApi(request);

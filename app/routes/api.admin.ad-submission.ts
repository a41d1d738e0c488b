import { jsonError } from "~/.server/http/json-api";
import { adSubmissionApi } from "~/.server/admin/api";
import type { Route } from "./+types/api.admin.ad-submission";

/** PATCH /api/admin/ad-submissions/{id} with {status, notes} (spec 7.1). */
export const action = ({ request, params }: Route.ActionArgs) => adSubmissionApi(request, params.id);
export const loader = () => jsonError(405, "method_not_allowed", "Use PATCH.");

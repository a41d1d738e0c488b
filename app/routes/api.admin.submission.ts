import { jsonError } from "~/.server/http/json-api";
import { submissionApi } from "~/.server/admin/api";
import type { Route } from "./+types/api.admin.submission";

/** PATCH /api/admin/submissions/{id} with {status, notes} (spec 7.1). */
export const action = ({ request, params }: Route.ActionArgs) => submissionApi(request, params.id);
export const loader = () => jsonError(405, "method_not_allowed", "Use PATCH.");

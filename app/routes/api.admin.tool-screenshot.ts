import { jsonError } from "~/.server/http/json-api";
import { toolScreenshotApi } from "~/.server/screenshots/admin-api";
import type { Route } from "./+types/api.admin.tool-screenshot";

/** POST /api/admin/tools/{slug}/screenshot with {}: captures the tool's website now. */
export const action = ({ request, params }: Route.ActionArgs) => toolScreenshotApi(request, params.slug);
export const loader = () => jsonError(405, "method_not_allowed", "Use POST.");

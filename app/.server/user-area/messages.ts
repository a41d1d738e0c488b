import { DEFAULT_LANG, isLang } from "~/i18n/languages";
import { getFixedT } from "../i18n";
import { jsonEndpoint, jsonError } from "../http/json-api";

/** A JSON error whose message is the form's own text (`account` bundle, `submit.errors.<code>`) in the caller's language. */
export async function translatedError(status: number, code: string, language: unknown, vars: Record<string, string | number> = {}): Promise<Response> {
  const t = await getFixedT(isLang(language) ? language : DEFAULT_LANG, "account");
  return jsonError(status, code, t(`submit.errors.${code}`, vars), vars);
}

/** GET on a POST-only endpoint. */
export function postOnly(): Response {
  return jsonError(405, "method_not_allowed", "Use POST.");
}

/** A POST endpoint's body run through the shared JSON endpoint rules (origin check, JSON errors). */
export function postEndpoint(request: Request, body: () => Promise<Response>): Promise<Response> {
  return jsonEndpoint(request, async () => (request.method === "POST" ? body() : postOnly()));
}

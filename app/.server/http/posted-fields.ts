/**
 * The fields of a page's post: a form (the page itself), or a JSON object (scripts). Anything unreadable is an
 * empty set, which the caller's zod schema refuses with a 400 like any other missing field.
 */
export async function readPostedFields(request: Request): Promise<Record<string, unknown>> {
  try {
    if ((request.headers.get("content-type") ?? "").includes("application/json")) return (await request.json()) as Record<string, unknown>;
    return Object.fromEntries(await request.formData());
  } catch {
    return {};
  }
}

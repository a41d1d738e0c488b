import { data } from "react-router";
import { z } from "zod";
import { assertSameOrigin, requireAdmin } from "../auth/guards";
import { getDb } from "../db";
import { AppError } from "../errors";
import { getFixedT } from "../i18n";
import { reviewAdRequest } from "./ads";
import { actorOf } from "./api-auth";
import { adminLanguage } from "./language";
import { reviewInput, reviewSubmission } from "./submissions";

/**
 * The review form's post (submissions and advertise screens): the same
 * decision as the API, with errors translated for the page.
 */
const reviewForm = z.object({ kind: z.enum(["tool", "ad"]), id: z.coerce.number().int().positive() }).and(reviewInput);

/** The posted fields: a form (the page), or a JSON object (scripts); anything unreadable is an empty set (400). */
async function readFields(request: Request): Promise<Record<string, unknown>> {
  try {
    if ((request.headers.get("content-type") ?? "").includes("application/json")) return (await request.json()) as Record<string, unknown>;
    return Object.fromEntries(await request.formData());
  } catch {
    return {};
  }
}

export async function handleReviewPost(request: Request) {
  assertSameOrigin(request);
  const user = await requireAdmin(request, "page");
  const t = await getFixedT(adminLanguage(request), "admin");
  const parsed = reviewForm.safeParse(await readFields(request));
  if (!parsed.success) return data({ ok: false, error: t("review.invalid") }, { status: 400 });
  const { kind, id, ...input } = parsed.data;
  try {
    if (kind === "tool") await reviewSubmission(getDb(), actorOf(user), id, input);
    else await reviewAdRequest(getDb(), actorOf(user), id, input);
    return { ok: true, error: undefined };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const message = error.details?.reason === "reason_required" ? t("review.reasonRequired") : error.code === "conflict" ? t("review.conflict") : error.code === "not_found" ? t("review.notFound") : t("common.updateFailed");
    return data({ ok: false, error: message }, { status: error.status });
  }
}

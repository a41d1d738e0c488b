import { data } from "react-router";
import { readPostedFields } from "../http/posted-fields";
import { z } from "zod";
import { assertSameOrigin, requireAdmin } from "../auth/guards";
import { getDb } from "../db";
import { AppError } from "../errors";
import { reviewAdRequest } from "./ads";
import { actorOf } from "./api-auth";
import { reviewInput, reviewSubmission } from "./submissions";

/**
 * The review form's post (submissions and advertise screens): the same
 * decision as the API. Errors come back as keys of the `admin` bundle, which
 * the form translates in the admin's language like its other texts.
 */
const reviewForm = z.object({ kind: z.enum(["tool", "ad"]), id: z.coerce.number().int().positive() }).and(reviewInput);

export type ReviewErrorKey = "review.invalid" | "review.reasonRequired" | "review.conflict" | "review.notFound" | "common.updateFailed";

function reviewErrorKey(error: AppError): ReviewErrorKey {
  if (error.details?.reason === "reason_required") return "review.reasonRequired";
  if (error.code === "conflict") return "review.conflict";
  if (error.code === "not_found") return "review.notFound";
  return "common.updateFailed";
}

export async function handleReviewPost(request: Request) {
  assertSameOrigin(request);
  const user = await requireAdmin(request, "page");
  const parsed = reviewForm.safeParse(await readPostedFields(request));
  if (!parsed.success) return data({ ok: false, error: "review.invalid" satisfies ReviewErrorKey }, { status: 400 });
  const { kind, id, ...input } = parsed.data;
  try {
    if (kind === "tool") await reviewSubmission(getDb(), actorOf(user), id, input);
    else await reviewAdRequest(getDb(), actorOf(user), id, input);
    return { ok: true, error: undefined };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ ok: false, error: reviewErrorKey(error) }, { status: error.status });
  }
}

import { data } from "react-router";
import { actorOf } from "../admin/api-auth";
import { adminLanguage } from "../admin/language";
import { handleReviewPost } from "../admin/page-actions";
import { assertSameOrigin, requireAdmin } from "../auth/guards";
import { getDb } from "../db";
import { AppError } from "../errors";
import { getFixedT } from "../i18n";
import { readBodyText } from "../http/json-api";
import { decideClaim, decideClaimSchema } from "../makers/claims";
import { createPlacement, createPlacementSchema, placementActionSchema, updatePlacement } from "./placements";

/** A page form's fields (urlencoded, at most 16 KB), with repeated names (languages) as lists. */
async function formFields(request: Request): Promise<Record<string, unknown> | null> {
  if (!(request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded")) return null;
  const params = new URLSearchParams(await readBodyText(request, 16 * 1024));
  const fields: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) fields[key] = key === "languages" ? params.getAll(key) : params.get(key);
  return fields;
}

async function answerError(request: Request, error: unknown) {
  if (!(error instanceof AppError)) throw error;
  const t = await getFixedT(adminLanguage(request), "admin");
  const reason = typeof error.details?.reason === "string" ? error.details.reason : error.code;
  const key = `makers.errors.${reason}`;
  const message = t(key);
  return data({ ok: false, error: message === key ? t("common.updateFailed") : message }, { status: error.status });
}

/**
 * The advertise screen's posts: a placement made from an approved request, a placement cancelled or
 * marked paid; anything else is the review form's (handled as before).
 */
export async function handleAdvertisePost(request: Request) {
  const intent = new URL(request.url).searchParams.get("intent");
  if (intent !== "placement" && intent !== "placement-update") return handleReviewPost(request);
  assertSameOrigin(request);
  const user = await requireAdmin(request, "page");
  const t = await getFixedT(adminLanguage(request), "admin");
  const fields = await formFields(request);
  const parsed = intent === "placement" ? createPlacementSchema.safeParse(fields ?? {}) : placementActionSchema.safeParse(fields ?? {});
  if (!fields) return data({ ok: false, error: t("review.invalid") }, { status: 415 });
  if (!parsed.success) return data({ ok: false, error: t("makers.errors.invalid"), fields: parsed.error.issues.map((i) => i.path.join(".")) }, { status: 400 });
  try {
    if (intent === "placement") await createPlacement(getDb(), actorOf(user), createPlacementSchema.parse(fields));
    else {
      const { id, action } = placementActionSchema.parse(fields);
      await updatePlacement(getDb(), actorOf(user), id, action);
    }
    return { ok: true, error: undefined };
  } catch (error) {
    return answerError(request, error);
  }
}

/** The claims screen's posts: approve or reject a disputed claim, revoke a verified one. */
export async function handleClaimPost(request: Request) {
  assertSameOrigin(request);
  const user = await requireAdmin(request, "page");
  const t = await getFixedT(adminLanguage(request), "admin");
  const fields = await formFields(request);
  if (!fields) return data({ ok: false, error: t("review.invalid") }, { status: 415 });
  const parsed = decideClaimSchema.safeParse(fields);
  if (!parsed.success) return data({ ok: false, error: t("makers.errors.invalid") }, { status: 400 });
  try {
    await decideClaim(getDb(), actorOf(user), parsed.data.id, parsed.data.decision);
    return { ok: true, error: undefined };
  } catch (error) {
    return answerError(request, error);
  }
}

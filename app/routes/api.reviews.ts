import { getSessionUser } from "~/.server/auth/session";
import { apiWriter, userApi } from "~/.server/favorites/http";
import { jsonError, jsonOk, parseOr400, readJson } from "~/.server/http/json-api";
import { deleteReview, listReviews, subjectIdOf, writeReview } from "~/.server/reviews/queries";
import { reviewInput, reviewListQuery, reviewRemoval } from "~/.server/reviews/rules";
import type { Route } from "./+types/api.reviews";

const BODY_LIMIT = 16 * 1024;

/**
 * GET ?subject=&slug=&lang=&sort=&page=: one page of published reviews (page language first).
 * PUT (or POST) {subject, slug, rating, title, body, language}: writes or replaces the caller's review; answers
 * its status (`pending` while it waits for approval) and the subject's figures. DELETE {subject, slug}: removes it.
 */
export function loader({ request }: Route.LoaderArgs) {
  return userApi(request, {
    GET: async (db) => {
      const query = parseOr400(reviewListQuery, Object.fromEntries(new URL(request.url).searchParams));
      const subjectId = await subjectIdOf(db, query.subject, query.slug);
      if (subjectId === null) return jsonError(404, "not_found", "Nothing to review at this address.");
      const user = await getSessionUser(request);
      return jsonOk(await listReviews(db, query.subject, subjectId, { lang: query.lang, sort: query.sort, page: query.page, userId: user?.id ?? null }));
    },
  });
}

export function action({ request }: Route.ActionArgs) {
  const write = async (db: Parameters<typeof writeReview>[0]) => {
    const user = await apiWriter(request);
    const input = await readJson(request, reviewInput, { maxBytes: BODY_LIMIT });
    return jsonOk(await writeReview(db, user.id, input, { limit: user.limit }));
  };
  return userApi(request, {
    PUT: write,
    POST: write,
    DELETE: async (db) => {
      const user = await apiWriter(request);
      const { subject, slug } = await readJson(request, reviewRemoval, { maxBytes: BODY_LIMIT });
      return jsonOk(await deleteReview(db, user.id, subject, slug, { limit: user.limit }));
    },
  });
}

import { data } from "react-router";
import { readPostedFields } from "../http/posted-fields";
import { z } from "zod";
import { actorOf } from "../admin/api-auth";
import { adminLanguage } from "../admin/language";
import { assertSameOrigin, requireAdmin } from "../auth/guards";
import { getDb } from "../db";
import { AppError } from "../errors";
import { getFixedT } from "../i18n";
import { listPendingReviews, moderate } from "./moderation";
import { listQueue, openReportCounts, pendingReviewCount } from "./queries";
import { QUEUE_TABS } from "~/lib/reports";
import { moderationInput } from "./rules";

/** The `/admin/reports` screen's data and its one form post (every moderation action). */
const PAGE_SIZE = 20;

const params = z.object({ tab: z.enum(QUEUE_TABS).catch("tool"), page: z.coerce.number().int().min(1).max(100_000).catch(1) });

export async function loadQueue(request: Request) {
  await requireAdmin(request, "page");
  const db = getDb();
  const { tab, page } = params.parse({ tab: "tool", page: 1, ...Object.fromEntries(new URL(request.url).searchParams) });
  const [counts, pending] = await Promise.all([openReportCounts(db), pendingReviewCount(db)]);
  if (tab === "pending") return { tab, page, pageSize: PAGE_SIZE, counts, pending, reports: null, reviews: await listPendingReviews(db, { page, pageSize: PAGE_SIZE }) };
  return { tab, page, pageSize: PAGE_SIZE, counts, pending, reports: await listQueue(db, tab, { page, pageSize: PAGE_SIZE }), reviews: null };
}

export async function handleModerationPost(request: Request) {
  assertSameOrigin(request);
  const user = await requireAdmin(request, "page");
  const t = await getFixedT(adminLanguage(request), "admin");
  const parsed = moderationInput.safeParse(await readPostedFields(request));
  if (!parsed.success) return data({ ok: false, error: t("reports.invalid") }, { status: 400 });
  try {
    await moderate(getDb(), actorOf(user), parsed.data);
    return { ok: true, error: undefined };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ ok: false, error: error.code === "not_found" ? t("reports.notFound") : t("reports.invalid") }, { status: error.status });
  }
}

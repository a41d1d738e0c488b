import { Form, useNavigation } from "react-router";
import { formatAdminDate, useAdminText } from "~/components/admin/admin-text";
import type { PendingReview } from "~/.server/reports/moderation";
import type { QueueItem } from "~/.server/reports/queries";

const PATHS: Record<string, string> = { tool: "/tool/", ecommerce_tool: "/ecommerce/", case_study: "/case-study/" };
const button = "rounded-md border px-3 py-1.5 text-sm font-medium disabled:opacity-50";
const calm = `${button} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`;
const strong = `${button} border-red-300 bg-red-50 text-red-800 hover:bg-red-100`;

function ActionButton({ action, subject, subjectId, label, className }: { action: string; subject: string; subjectId: number; label: string; className: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="subject" value={subject} />
      <input type="hidden" name="subjectId" value={subjectId} />
      <button type="submit" className={className} disabled={busy} data-testid={`moderate-${action}`}>{label}</button>
    </Form>
  );
}

/** One reported subject: what, why (reasons with counts), how many reporters, first and last date, and the actions. */
export function ReportCard({ item }: { item: QueueItem }) {
  const { t, lang } = useAdminText();
  const listing = item.subject === "tool" || item.subject === "ecommerce_tool";
  const href = item.slug && PATHS[item.subject] ? `${PATHS[item.subject]}${item.slug}` : item.reviewOf ? `${PATHS[item.reviewOf.subject]}${item.reviewOf.slug}#reviews` : null;
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="report-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="break-words text-lg font-semibold text-slate-900">
          {href ? <a href={href} className="hover:underline" target="_blank" rel="noreferrer">{item.title}</a> : item.title}
        </h2>
        <p className="text-sm text-slate-600" data-testid="report-count">{t("reports.reporters", { count: item.count })}</p>
      </div>
      <ul className="mt-2 flex flex-wrap gap-2 text-sm">
        {Object.entries(item.reasons).map(([reason, n]) => (
          <li key={reason} className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-900">{t(`reports.reasons.${reason}`)} × {n}</li>
        ))}
        {item.discontinued ? <li className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{t("reports.discontinued")}</li> : null}
        {item.reviewStatus === "hidden" ? <li className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{t("reports.hidden")}</li> : null}
      </ul>
      <p className="mt-2 text-xs text-slate-500">{t("reports.dates", { first: formatAdminDate(item.firstAt, lang), last: formatAdminDate(item.lastAt, lang) })}</p>
      {item.details.length ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {item.details.map((text, i) => <li key={i} className="whitespace-pre-line break-words border-l-2 border-slate-200 pl-2">{text}</li>)}
        </ul>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <ActionButton action="dismiss" subject={item.subject} subjectId={item.subjectId} label={t("reports.actions.dismiss")} className={calm} />
        {item.subject === "review" ? <ActionButton action="hide_review" subject="review" subjectId={item.subjectId} label={t("reports.actions.hide")} className={strong} /> : null}
        {listing && item.slug ? <a href={`/admin/listings/${item.subject === "tool" ? "tool" : "ecommerce"}/${item.slug}`} className={calm} data-testid="moderate-edit">{t("reports.actions.edit")}</a> : null}
        {listing && !item.discontinued ? <ActionButton action="discontinue" subject={item.subject} subjectId={item.subjectId} label={t("reports.actions.discontinue")} className={calm} /> : null}
        {listing ? <ActionButton action="unpublish" subject={item.subject} subjectId={item.subjectId} label={t("reports.actions.unpublish")} className={strong} /> : null}
      </div>
    </article>
  );
}

/** A review waiting for approval: its words as plain text, and publish or hide. */
export function PendingReviewCard({ item }: { item: PendingReview }) {
  const { t, lang } = useAdminText();
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="pending-review">
      <p className="text-sm text-slate-600">
        <a href={`${PATHS[item.subject]}${item.slug}`} className="font-medium text-brand-700 hover:underline" target="_blank" rel="noreferrer">{item.slug}</a>
        {" · "}{"★".repeat(item.rating)}{" · "}{item.language}{" · "}{item.authorEmail}{" · "}{formatAdminDate(item.createdAt, lang)}
      </p>
      <h2 className="mt-1 break-words text-lg font-semibold text-slate-900">{item.title}</h2>
      <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{item.body}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <ActionButton action="publish_review" subject="review" subjectId={item.id} label={t("reports.actions.publish")} className={calm} />
        <ActionButton action="hide_review" subject="review" subjectId={item.id} label={t("reports.actions.hide")} className={strong} />
      </div>
    </article>
  );
}

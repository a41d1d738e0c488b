import type { SubmissionView } from "~/.server/admin/submissions";
import { DiffTable } from "./diff-table";
import { formatAdminDate, useAdminText } from "./admin-text";
import { ReviewForm } from "./review-form";
import { StatusBadge } from "./status-badge";
import { SiteScreenshotField } from "../look/site-screenshot-field";
import { useOffersSummary } from "./offers-summary";


function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-0.5 text-sm" data-testid={testId}>
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800">{children}</dd>
    </div>
  );
}

const list = (items: string[] | undefined) => (items && items.length ? items.join(" · ") : "—");


/**
 * One tool submission with everything the submitter sent, and the review controls while it is pending. An
 * update is titled with the tool it changes (its current name and image); categories show by name in the
 * admin's language (`categoryNames`, by slug).
 */
export function SubmissionCard({ item, categoryNames, offerStrings }: { item: SubmissionView; categoryNames: Record<string, string>; offerStrings?: Record<string, unknown> }) {
  const { t, lang } = useAdminText();
  const offersSummary = useOffersSummary(lang, offerStrings);
  const payload = item.submit;
  const update = item.update;
  const name = payload?.name ?? item.tool?.name ?? update?.tool_slug ?? item.slug;
  const image = payload ? (payload.image_webp_url ?? payload.image_url ?? null) : (item.tool?.imageUrl ?? null);
  const category = (slug: unknown) => (typeof slug === "string" ? (categoryNames[slug] ?? slug) : slug);
  // Category and pricing values read as the rest of the card does, not as stored codes.
  const shown = (field: string, value: unknown) =>
    field === "category"
      ? category(value)
      : field === "pricing" && typeof value === "string"
        ? t(`pricing.${value}`)
        : field === "offers"
          ? offersSummary(value as Parameters<typeof offersSummary>[0])
          : value;
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="submission-row" data-id={item.id} data-name={name}>
      <header className="flex flex-wrap items-center gap-3">
        {image ? <img src={image} alt="" data-testid="submission-image" width={48} height={48} className="h-12 w-12 rounded-md border border-slate-200 object-cover" /> : <div className="h-12 w-12 rounded-md bg-slate-100" aria-hidden />}
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold text-slate-900" data-testid="submission-title">{name}</h2>
          <p className="text-xs text-slate-500">
            {t(`type.${item.type}`)} · #{item.id} · {formatAdminDate(item.createdAt, lang)}
          </p>
        </div>
        {item.fromMaker ? <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200" data-testid="submission-from-maker">{t("makers.fromMaker")}</span> : null}
        <StatusBadge status={item.status} />
      </header>
      <dl className="mt-3">
        <SiteScreenshotField url={item.siteScreenshot} />
        {payload ? (
          <>
            <Field label={t("fields.website")}><a href={payload.website_url} rel="noopener noreferrer nofollow" target="_blank" className="text-brand-700 hover:underline">{payload.website_url}</a></Field>
            <Field label={t("fields.description")}>{payload.description}</Field>
            <Field label={t("fields.category")} testId="submission-category">{category(payload.category) as string}</Field>
            <Field label={t("fields.pricing")}>{t(`pricing.${payload.pricing}`)}</Field>
            <Field label={t("fields.tags")}>{list(payload.tags)}</Field>
            <Field label={t("fields.features")}>{list(payload.features)}</Field>
            <Field label={t("fields.useCases")}>{list(payload.use_cases)}</Field>
            <Field label={t("fields.offers")} testId="submission-offers">{offersSummary(payload.offers) || "—"}</Field>
            <Field label={t("fields.contact")}>{payload.contact_email || "—"}</Field>
            <Field label={t("fields.source")}>{payload.generated ? t("fields.generated") : t("fields.manual")}</Field>
            <Field label={t("fields.language")}>{payload.language}</Field>
          </>
        ) : null}
        {update ? (
          <>
            <Field label={t("fields.tool")}>{item.tool ? `${item.tool.name} (${item.toolSlug ?? update.tool_slug})` : (item.toolSlug ?? update.tool_slug)}</Field>
            <Field label={t("fields.contact")}>{update.contact_email || "—"}</Field>
            <Field label={t("fields.language")}>{update.language}</Field>
          </>
        ) : null}
        {!payload && !update ? <p className="text-sm text-rose-700" data-testid="invalid-payload">{t("review.invalidPayload")}</p> : null}
        <Field label={t("fields.submitter")}>{item.submitter.name}{item.submitter.email && item.submitter.email !== item.submitter.name ? ` <${item.submitter.email}>` : ""}</Field>
        {item.notes ? <Field label={item.status === "rejected" ? t("review.reasonLabel") : t("review.noteLabel")} testId="submission-notes">{item.notes}</Field> : null}
        {item.status === "approved" && item.toolSlug ? (
          <Field label={t("fields.published")}><a href={`/tool/${item.toolSlug}`} className="text-brand-700 hover:underline" data-testid="published-link">/tool/{item.toolSlug}</a></Field>
        ) : null}
      </dl>
      {item.diff ? (
        <div className="mt-3" data-testid="update-diff">
          <h3 className="text-sm font-semibold text-slate-800">{t("diff.title")}</h3>
          {item.diff.length === 0 ? (
            <p className="text-sm text-slate-600">{t("diff.none")}</p>
          ) : (
            <DiffTable
              rows={item.diff}
              title={t("diff.title")}
              headings={{ field: t("diff.field"), before: t("diff.current"), after: t("diff.proposed") }}
              label={(field) => t(`diffFields.${field}`)}
              shown={shown}
            />
          )}
        </div>
      ) : null}
      {item.status === "pending" ? <ReviewForm kind="tool" id={item.id} approveLabel={item.type === "update" ? t("review.applyChanges") : undefined} /> : null}
    </article>
  );
}

import { Form } from "react-router";
import { z } from "zod";
import { listAudit } from "~/.server/admin/audit";
import { ADMIN_PAGE_SIZE, AUDIT_ACTIONS, AUDIT_ENTITIES } from "~/lib/admin";
import { ADMIN_NO_STORE, adminLanguage } from "~/.server/admin/language";
import { lastPageRedirect } from "~/.server/admin/page-queries";
import { categoryNamesBySlug } from "~/.server/categories/queries";
import { requireAdmin } from "~/.server/auth/guards";
import { getDb } from "~/.server/db";
import { formatAdminDate, useAdminText } from "~/components/admin/admin-text";
import { AdminPager, usePageNavigation } from "~/components/admin/pager";
import { ScrollRegion } from "~/components/scroll-region";
import type { Route } from "./+types/admin.audit-log";

/** The audit log (read only): who did what to which entity and when, with each changed field before/after. */
const filters = z.object({
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  entityType: z.enum(AUDIT_ENTITIES).optional().catch(undefined),
  entityId: z.string().trim().max(40).optional().catch(undefined),
  actor: z.string().trim().max(254).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "page");
  const params = Object.fromEntries([...new URL(request.url).searchParams].filter(([, value]) => value !== ""));
  const filter = filters.parse({ page: 1, ...params });
  const [result, categoryNames] = await Promise.all([listAudit(getDb(), { ...filter, pageSize: ADMIN_PAGE_SIZE }), categoryNamesBySlug(getDb(), adminLanguage(request))]);
  lastPageRedirect(request, filter.page, result.total, ADMIN_PAGE_SIZE);
  return { ...result, filter, categoryNames: Object.fromEntries(categoryNames) };
}

export const headers: Route.HeadersFunction = () => ADMIN_NO_STORE;

export const meta: Route.MetaFunction = () => [{ title: "Audit log · Admin" }, { name: "robots", content: "noindex" }];

const show = (value: unknown) => (value === null || value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value));

export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useAdminText();
  const goTo = usePageNavigation();
  const { filter, categoryNames } = loaderData;
  // A category shows by its name in the admin's language (the log keeps the slug).
  const value = (field: string, v: unknown) => show(field === "category" && typeof v === "string" ? (categoryNames[v] ?? v) : v);
  // max-w-full: a select is as wide as its longest option (long French and German action names), never wider than the page.
  const input = "mt-1 block max-w-full rounded-md border border-slate-300 px-2 py-1 text-sm";
  return (
    <section>
      <h1 className="text-2xl font-semibold text-slate-900">{t("audit.title")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("audit.readOnly")}</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3 text-sm text-slate-700" data-testid="audit-filters">
        <label className="min-w-0 max-w-full">{t("audit.action")}
          <select name="action" defaultValue={filter.action ?? ""} className={input}>
            <option value="">{t("audit.any")}</option>
            {AUDIT_ACTIONS.map((action) => <option key={action} value={action}>{t(`audit.actions.${action.replace(".", "_")}`)}</option>)}
          </select>
        </label>
        <label className="min-w-0 max-w-full">{t("audit.entity")}
          <select name="entityType" defaultValue={filter.entityType ?? ""} className={input}>
            <option value="">{t("audit.any")}</option>
            {AUDIT_ENTITIES.map((entity) => <option key={entity} value={entity}>{t(`audit.entities.${entity}`)}</option>)}
          </select>
        </label>
        <label>{t("audit.entityId")}<input name="entityId" defaultValue={filter.entityId ?? ""} className={`${input} w-24`} /></label>
        <label>{t("audit.actor")}<input name="actor" defaultValue={filter.actor ?? ""} className={`${input} w-56`} /></label>
        <button type="submit" className="rounded-md bg-slate-900 px-3 py-1.5 font-medium text-white">{t("audit.apply")}</button>
      </Form>
      <ScrollRegion label={t("audit.title")} className="mt-4 rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="audit-table">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>{["when", "who", "action", "entity", "changes", "note"].map((c) => <th key={c} className="px-3 py-2">{t(`audit.columns.${c}`)}</th>)}</tr>
          </thead>
          <tbody>
            {loaderData.data.length === 0 ? <tr><td colSpan={6} className="px-3 py-6 text-center text-slate-500">{t("common.empty")}</td></tr> : null}
            {loaderData.data.map((entry) => (
              <tr key={entry.id} className="border-t border-slate-100 align-top" data-testid="audit-row" data-action={entry.action}>
                <td className="whitespace-nowrap px-3 py-2">{formatAdminDate(entry.createdAt, lang)}</td>
                <td className="px-3 py-2">{entry.actorEmail ?? entry.actorId}</td>
                <td className="px-3 py-2">{t(`audit.actions.${entry.action.replace(".", "_")}`)}</td>
                <td className="px-3 py-2">{t(`audit.entities.${entry.entityType}`)} #{entry.entityId}</td>
                <td className="px-3 py-2">
                  <ul className="space-y-0.5">
                    {Object.entries(entry.changes).map(([field, change]) => (
                      <li key={field}><span className="font-medium">{field}</span>: <span className="text-rose-700">{value(field, change.before)}</span> → <span className="text-emerald-800">{value(field, change.after)}</span></li>
                    ))}
                  </ul>
                </td>
                <td className="px-3 py-2">{entry.note ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <AdminPager page={filter.page} total={loaderData.total} pageSize={ADMIN_PAGE_SIZE} onPage={goTo} />
    </section>
  );
}

import { useFetcher } from "react-router";
import { ADMIN_NO_STORE } from "~/.server/admin/language";
import { requireAdmin } from "~/.server/auth/guards";
import { getDb } from "~/.server/db";
import { listClaimsForAdmin, type AdminClaimView } from "~/.server/makers/claims";
import { handleClaimPost } from "~/.server/sponsored/admin-actions";
import { formatAdminDate, useAdminText } from "~/components/admin/admin-text";
import type { Route } from "./+types/admin.claims";

/** Claims of tools: proven claims of tools someone else holds wait here for a decision; verified ones can be revoked. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "page");
  return { claims: await listClaimsForAdmin(getDb()) };
}

export const action = ({ request }: Route.ActionArgs) => handleClaimPost(request);

export const headers: Route.HeadersFunction = () => ADMIN_NO_STORE;

export const meta: Route.MetaFunction = () => [{ title: "Claims · Admin" }, { name: "robots", content: "noindex" }];

export default function AdminClaims({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminText();
  return (
    <section>
      <h1 className="text-2xl font-semibold text-slate-900">{t("makers.claims.title")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("makers.claims.intro")}</p>
      <div className="mt-4 space-y-3">
        {loaderData.claims.length === 0 ? <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600" data-testid="admin-empty">{t("common.empty")}</p> : null}
        {loaderData.claims.map((claim) => <ClaimRow key={claim.id} claim={claim} />)}
      </div>
    </section>
  );
}

function ClaimRow({ claim }: { claim: AdminClaimView }) {
  const { t, lang } = useAdminText();
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>();
  const decide = (decision: "approve" | "reject" | "revoke") => void fetcher.submit({ id: String(claim.id), decision }, { method: "post" });
  const busy = fetcher.state !== "idle";
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="claim-row" data-id={claim.id} data-status={claim.status}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold text-slate-900">{claim.toolSlug}</h2>
        <span className="text-sm text-slate-600">{claim.domain}</span>
        <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-700">{t(`makers.claimStatus.${claim.status}`)}</span>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {claim.claimant.email && claim.claimant.email !== claim.claimant.name ? `${claim.claimant.name} <${claim.claimant.email}>` : claim.claimant.name} · {t(`makers.methods.${claim.method}`)} · {formatAdminDate(claim.createdAt, lang)}
      </p>
      <div className="mt-2 flex gap-2">
        {claim.status === "disputed" ? (
          <>
            <button type="button" disabled={busy} onClick={() => decide("approve")} className="rounded-md bg-emerald-700 px-3 py-1 text-sm font-medium text-white disabled:opacity-50" data-testid="claim-approve">{t("makers.claims.approve")}</button>
            <button type="button" disabled={busy} onClick={() => decide("reject")} className="rounded-md bg-rose-600 px-3 py-1 text-sm font-medium text-white disabled:opacity-50" data-testid="claim-reject">{t("makers.claims.reject")}</button>
          </>
        ) : (
          <button type="button" disabled={busy} onClick={() => decide("revoke")} className="rounded-md border border-rose-300 px-3 py-1 text-sm font-medium text-rose-700 disabled:opacity-50" data-testid="claim-revoke">{t("makers.claims.revoke")}</button>
        )}
      </div>
      {fetcher.data?.error ? <p role="alert" className="mt-1 text-sm font-medium text-rose-700">{fetcher.data.error}</p> : null}
    </article>
  );
}

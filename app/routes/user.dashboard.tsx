import { Link } from "react-router";
import { getDb } from "~/.server/db";
import { countMyAdRequests, countMyFavorites, countMySubmissions } from "~/.server/submissions/queries";
import { areaContext, areaSeo } from "~/.server/user-area/context";
import { PageHeading } from "~/components/account/status-badge";
import { SignInPrompt } from "~/components/account/sign-in-prompt";
import { ApiKeysPanel } from "~/components/feeds/api-keys-panel";
import { useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import type { Route } from "./+types/user.dashboard";

/** The workbench: the signed-in user's counts with links; a sign-in prompt for visitors (spec 6). */
export async function loader({ request }: Route.LoaderArgs) {
  const { lang, user } = await areaContext(request);
  const seo = await areaSeo(lang, "dashboard");
  if (!user) return { seo, counts: null };
  const db = getDb();
  const [submissions, ads, favorites] = await Promise.all([countMySubmissions(db, user.id), countMyAdRequests(db, user.id), countMyFavorites(db, user.id)]);
  return { seo, counts: { submissions, ads, favorites } };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useT("account");
  const to = useLocalizedPath();
  const { counts } = loaderData;
  if (!counts) {
    return (
      <>
        <PageHeading title={t("dashboard.title")} />
        <SignInPrompt message={t("signIn.dashboard")} />
      </>
    );
  }
  const card = "rounded-2xl border border-slate-200 bg-white p-5 hover:border-brand-400";
  const figure = (label: string, value: number, testId: string) => (
    <div className="flex items-baseline justify-between gap-2 py-1 text-sm">
      <span className="text-slate-600">{label}</span>
      <span className="font-semibold text-slate-900" data-testid={testId}>{value}</span>
    </div>
  );
  return (
    <>
      <PageHeading title={t("dashboard.title")} intro={t("dashboard.intro")} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Link to={to("/user/my-tools")} className={card} data-testid="dashboard-submissions">
          <h2 className="font-semibold text-slate-900">{t("dashboard.submissions")}</h2>
          {figure(t("status.pending"), counts.submissions.pending, "count-pending")}
          {figure(t("status.approved"), counts.submissions.approved, "count-approved")}
          {figure(t("status.rejected"), counts.submissions.rejected, "count-rejected")}
        </Link>
        <Link to={to("/user/favorites")} className={card} data-testid="dashboard-favorites">
          <h2 className="font-semibold text-slate-900">{t("dashboard.favorites")}</h2>
          {figure(t("dashboard.saved"), counts.favorites, "count-favorites")}
        </Link>
        <Link to={to("/user/orders")} className={card} data-testid="dashboard-ads">
          <h2 className="font-semibold text-slate-900">{t("dashboard.adRequests")}</h2>
          {figure(t("status.pending"), counts.ads.pending, "count-ads-pending")}
          {figure(t("status.approved"), counts.ads.approved, "count-ads-approved")}
          {figure(t("status.rejected"), counts.ads.rejected, "count-ads-rejected")}
        </Link>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={to("/user/submit-tool")} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
          {t("nav.submitTool")}
        </Link>
        <Link to={to("/user/advertise")} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:border-brand-600">
          {t("nav.advertise")}
        </Link>
      </div>
      <ApiKeysPanel />
      <p className="mt-10 border-t border-slate-200 pt-4 text-sm">
        <Link to={to("/user/delete-account")} className="font-medium text-red-700 hover:underline" data-testid="delete-account-link">{t("deleteAccount.link")}</Link>
      </p>
    </>
  );
}

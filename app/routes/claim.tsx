import { data } from "react-router";
import { AppLink } from "~/delivery/app-link";
import { getDb } from "~/.server/db";
import { getFixedT, loadLaterTexts } from "~/.server/i18n";
import { confirmMailedClaim } from "~/.server/makers/claims";
import { useLocalizedPath, useRouteBundles } from "~/i18n/hooks";
import { splitLangPath } from "~/i18n/languages";
import { useT } from "~/i18n/translator";
import type { Route } from "./+types/claim";

/** The link mailed to an address at a tool's domain: opening it proves the mailbox and settles the claim. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const token = params.token.slice(0, 100);
  const [result, t, tc, texts] = await Promise.all([confirmMailedClaim(getDb(), token), getFixedT(lang, "makers"), getFixedT(lang, "common"), loadLaterTexts(lang, "makers", ["confirm"])]);
  const outcome = result?.status === "verified" ? "verified" : result?.status === "disputed" ? "disputed" : "invalid";
  return data(
    { outcome, slug: result?.slug ?? null, texts, seo: { title: `${t(`confirm.${outcome}.title`)} | ${tc("site.name")}`, description: t(`confirm.${outcome}.text`), noindex: true } },
    { status: outcome === "invalid" ? 404 : 200, headers: { "Cache-Control": "no-store" } },
  );
}

export default function ClaimConfirm({ loaderData }: Route.ComponentProps) {
  useRouteBundles(loaderData.texts);
  const t = useT("makers");
  const to = useLocalizedPath();
  const { outcome, slug } = loaderData;
  return (
    <section className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center" data-testid="claim-confirm" data-outcome={outcome}>
      <h1 className="text-2xl font-semibold text-slate-900">{t(`confirm.${outcome}.title`)}</h1>
      <p className="mt-3 text-slate-700">{t(`confirm.${outcome}.text`)}</p>
      {slug ? (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <AppLink to={to(`/tool/${slug}`)} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:border-brand-600">{t("confirm.viewTool")}</AppLink>
          {outcome === "verified" ? (
            <AppLink to={to(`/user/my-tools/${slug}/stats`)} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">{t("confirm.viewStats")}</AppLink>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

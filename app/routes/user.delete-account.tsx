import { Form, useNavigation } from "react-router";
import { handleDeletePost, loadDeletePage } from "~/.server/account/delete-page";
import { areaContext, areaSeo } from "~/.server/user-area/context";
import { PageHeading } from "~/components/account/status-badge";
import { useT } from "~/i18n/translator";
import type { Route } from "./+types/user.delete-account";

/** Deleting one's own account (decision 0035): what goes, what stays, and a confirmation before anything goes. */
export async function loader({ request }: Route.LoaderArgs) {
  const page = await loadDeletePage(request);
  return { ...page, seo: await areaSeo((await areaContext(request)).lang, "deleteAccount") };
}

export const action = ({ request }: Route.ActionArgs) => handleDeletePost(request);

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT("account");
  const busy = useNavigation().state !== "idle";
  const error = actionData && !actionData.ok ? actionData.error : null;
  if (loaderData.done) {
    return (
      <>
        <PageHeading title={t("deleteAccount.title")} />
        <p role="status" className="max-w-2xl rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900" data-testid="delete-account-done">{t("deleteAccount.done")}</p>
      </>
    );
  }
  const input = "mt-1 block w-full max-w-sm rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600";
  return (
    <>
      <PageHeading title={t("deleteAccount.title")} intro={t("deleteAccount.intro")} />
      <section className="max-w-2xl space-y-4 rounded-2xl border border-red-200 bg-white p-5" aria-labelledby="delete-what">
        <h2 id="delete-what" className="font-semibold text-slate-900">{t("deleteAccount.goes")}</h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t("deleteAccount.goesReviews")}</li>
          <li>{t("deleteAccount.goesFavorites")}</li>
          <li>{t("deleteAccount.goesSubmissions")}</li>
          <li>{t("deleteAccount.goesKeys")}</li>
        </ul>
        <p className="text-sm text-slate-600">{t("deleteAccount.stays")}</p>
        <Form method="post" className="space-y-4 border-t border-slate-200 pt-4" data-testid="delete-account-form">
          {error ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800" data-testid="delete-account-error">{t(`deleteAccount.errors.${error}`)}</p>
          ) : null}
          {loaderData.hasPassword ? (
            <label className="block text-sm font-medium text-slate-800">
              {t("deleteAccount.password")}
              <input type="password" name="password" autoComplete="current-password" required className={input} aria-invalid={error === "password" || undefined} data-testid="delete-account-password" />
            </label>
          ) : (
            <p className="text-sm text-slate-700">{t("deleteAccount.noPassword")}</p>
          )}
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" name="confirm" value="yes" required className="mt-0.5 size-4 shrink-0" aria-invalid={error === "confirm" || undefined} data-testid="delete-account-confirm" />
            <span>{t("deleteAccount.confirm")}</span>
          </label>
          <button type="submit" disabled={busy} className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-50" data-testid="delete-account-submit">
            {t("deleteAccount.submit")}
          </button>
        </Form>
      </section>
    </>
  );
}

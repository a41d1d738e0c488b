import { useEffect, useState } from "react";
import { data, Form, Link, useFetcher } from "react-router";
import { getDb } from "~/.server/db";
import { readSubmitForm, SubmitRefused } from "~/.server/submissions/submit";
import { loadEditableTool, proposeUpdate } from "~/.server/submissions/update";
import { listTools } from "~/.server/tools/queries";
import { areaSeo, clientAddress, readForm, refusal, requireAreaUser, submitterOf } from "~/.server/user-area/context";
import { PageHeading } from "~/components/account/status-badge";
import { ToolForm } from "~/components/account/tool-form";
import { offerFormValues } from "~/lib/offer-form";
import { useLocalizedPath } from "~/i18n/hooks";
import { useT } from "~/i18n/translator";
import type { Route } from "./+types/user.update-tool";

/**
 * Update a tool (`?slug=`): the tool's current fields pre-filled; the changes
 * are stored as a pending `update` submission. Without a slug, a search picks the tool.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { lang, user } = await requireAreaUser(request);
  const url = new URL(request.url);
  const slug = url.searchParams.get("slug")?.trim() ?? "";
  const query = url.searchParams.get("q")?.trim().slice(0, 100) ?? "";
  const seo = await areaSeo(lang, "update");
  const db = getDb();
  if (!slug) {
    const found = query ? (await listTools(db, { lang, search: query, sort: "popular", page: 1, pageSize: 12 })).tools : [];
    return { seo, tool: null, query, found: found.map((t) => ({ slug: t.slug, name: t.name })), email: user.email ?? "" };
  }
  const tool = await loadEditableTool(db, slug, lang);
  if (!tool) return data({ seo, tool: null, query: slug, found: [], email: "", missing: true }, { status: 404 });
  return { seo, tool, query: "", found: [], email: user.email ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const { lang, user } = await requireAreaUser(request);
  const form = await readForm(request);
  try {
    const ctx = { userId: user.id, submitter: submitterOf(user), clientAddress: clientAddress(request), language: lang };
    await proposeUpdate(getDb(), ctx, form.get("slug") ?? "", readSubmitForm(form));
    return { ok: true as const, error: null };
  } catch (error) {
    if (error instanceof SubmitRefused) return refusal(error);
    throw error;
  }
}

export default function UpdateTool({ loaderData }: Route.ComponentProps) {
  const t = useT("account");
  const to = useLocalizedPath();
  const fetcher = useFetcher<typeof action>();
  const [done, setDone] = useState(false);
  const result = fetcher.data;
  useEffect(() => {
    if (result?.ok) setDone(true);
  }, [result]);
  const { tool } = loaderData;

  if (!tool) {
    return (
      <>
        <PageHeading title={t("update.title")} intro={t("update.pickIntro")} />
        {"missing" in loaderData && loaderData.missing ? (
          <p role="alert" className="mb-4 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="update-missing">{t("submit.errors.toolNotFound")}</p>
        ) : null}
        <Form method="get" className="flex gap-2" role="search">
          <input name="q" defaultValue={loaderData.query} placeholder={t("update.searchPlaceholder")} aria-label={t("update.searchPlaceholder")}
            className="w-full max-w-md rounded-md border border-slate-300 px-3 py-2 text-sm" />
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">{t("update.search")}</button>
        </Form>
        {loaderData.query && loaderData.found.length === 0 && !("missing" in loaderData) ? <p className="mt-4 text-sm text-slate-600">{t("update.noResults")}</p> : null}
        <ul className="mt-4 space-y-2" data-testid="update-results">
          {loaderData.found.map((found) => (
            <li key={found.slug}>
              <Link to={`${to("/user/update-tool")}?slug=${encodeURIComponent(found.slug)}`} className="font-medium text-brand-700 hover:underline">{found.name}</Link>
              <span className="ml-2 text-xs text-slate-500">{found.slug}</span>
            </li>
          ))}
        </ul>
      </>
    );
  }

  if (done) {
    return (
      <>
        <PageHeading title={t("update.title")} />
        <section className="rounded-2xl border border-emerald-200 bg-emerald-50 p-8 text-center" data-testid="update-success">
          <h2 className="text-xl font-semibold text-emerald-900">{t("update.success.title")}</h2>
          <p className="mt-2 text-emerald-900">{t("update.success.text")}</p>
          <Link to={to("/user/my-tools")} className="mt-5 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">{t("nav.myTools")}</Link>
        </section>
      </>
    );
  }
  const v = tool.values;
  return (
    <>
      <PageHeading title={t("update.title")} intro={t("update.intro", { name: v.name })} />
      <p className="mb-4 text-sm">
        <Link to={to(`/tool/${tool.slug}`)} className="font-medium text-brand-700 hover:underline">{t("update.viewListing")} →</Link>
      </p>
      <ToolForm
        mode="update"
        initial={{ name: v.name, website_url: v.website_url, description: v.description, category: v.category, contact_email: loaderData.email, pricing: v.pricing, tags: v.tags, features: v.features.join("\n"), use_cases: v.use_cases.join("\n"), offers: offerFormValues(v.offers) }}
        currentImage={v.image_webp_url ?? v.image_url}
        hidden={{ slug: tool.slug }}
        serverError={result && !result.ok ? result.error : null}
        submitting={fetcher.state !== "idle"}
        onSubmit={(form) => void fetcher.submit(form, { method: "post" })}
      />
    </>
  );
}

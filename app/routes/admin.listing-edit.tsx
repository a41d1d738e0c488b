import { ADMIN_NO_STORE } from "~/.server/admin/language";
import { handleListingEdit, loadListingEditor } from "~/.server/admin/listing-editor-page";
import { useAdminText } from "~/components/admin/admin-text";
import { ListingEditorForm } from "~/components/admin/listing-editor-form";
import type { Route } from "./+types/admin.listing-edit";

/** An administrator edits a published listing (decision 0035): a tool or an e-commerce tool, one language's texts at a time. */
export const loader = ({ request, params }: Route.LoaderArgs) => loadListingEditor(request, params);
export const action = ({ request, params }: Route.ActionArgs) => handleListingEdit(request, params);
export const headers: Route.HeadersFunction = () => ADMIN_NO_STORE;
export const meta: Route.MetaFunction = () => [{ title: "Edit listing · Admin" }, { name: "robots", content: "noindex" }];

export default function AdminListingEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminText();
  const name = (loaderData.tool ?? loaderData.ecommerce)!.name;
  const publicPath = loaderData.kind === "tool" ? `/tool/${loaderData.slug}` : `/ecommerce/${loaderData.slug}`;
  return (
    <section className="max-w-4xl">
      <h1 className="break-words text-2xl font-semibold text-slate-900">{t("listingEditor.title", { name })}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {t(`listingEditor.kinds.${loaderData.kind}`)} ·{" "}
        <a href={publicPath} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline" data-testid="editor-public-link">{publicPath}</a>
      </p>
      <div className="mt-6">
        <ListingEditorForm key={`${loaderData.slug}-${loaderData.language}`} data={loaderData} result={actionData} />
      </div>
    </section>
  );
}

import { useT } from "~/i18n/translator";
import { data, redirect } from "react-router";
import { AppLink } from "~/delivery/app-link";
import { categoryPage, resolveCategoryFilter } from "~/.server/categories/queries";
import { getDb } from "~/.server/db";
import { pageCacheHeaders } from "~/.server/http-cache";
import { getFixedT } from "~/.server/i18n";
import { listTools } from "~/.server/tools/queries";
import { CategoryIcon } from "~/components/categories/category-icon";
import { ToolSection } from "~/components/tools/tool-section";
import { CARD_DESCRIPTION_KEY } from "~/components/tools/tool-card";
import { markupCarriedField } from "~/delivery/markup-data";
import { useLocalizedPath } from "~/i18n/hooks";
import { localizedPath, splitLangPath } from "~/i18n/languages";
import type { Route } from "./+types/category";

const RELATED_TOOLS = 12;

function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { lang } = splitLangPath(new URL(request.url).pathname);
  const db = getDb();
  // React Router has decoded the path once; a slug that still holds escapes is decoded again when it can be.
  const slug = decodeOnce(params.slug).trim();
  const [page, t, tc] = await Promise.all([categoryPage(db, lang, slug), getFixedT(lang, "categories"), getFixedT(lang, "common")]);
  if (!page) {
    // A subcategory has no page of its own: its tools are the filtered list.
    const sub = await resolveCategoryFilter(db, lang, slug);
    if (sub) throw redirect(`${localizedPath(lang, "/tools")}?category=${encodeURIComponent(sub.slug)}`);
    return data(
      { found: false as const, seo: { title: `${t("page.notFoundTitle")} | ${tc("site.name")}`, description: t("page.notFoundText"), noindex: true } },
      { status: 404 },
    );
  }
  const { category } = page;
  const related = await listTools(db, {
    lang,
    categoryIds: [category.id, ...category.subcategories.map((s) => s.id)],
    sort: "popular",
    page: 1,
    pageSize: RELATED_TOOLS,
  });
  return data(
    {
      found: true as const,
      ...page,
      // The cards' descriptions are in the page's markup; a document's loader data leaves them out.
      related: markupCarriedField(context, CARD_DESCRIPTION_KEY, related.tools, (tool) => tool.slug, "description"),
      seo: {
        title: `${category.name} | ${tc("site.name")}`,
        description: category.description ?? t("page.metaDescription", { count: category.toolCount, category: category.name }),
      },
    },
    { headers: pageCacheHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function CategoryRoute({ loaderData }: Route.ComponentProps) {
  const t = useT("categories");
  const to = useLocalizedPath();
  if (!loaderData.found) {
    return (
      <section className="mx-auto max-w-xl py-16 text-center">
        <p className="text-5xl font-bold text-brand-600">404</p>
        <h1 className="mt-4 text-2xl font-semibold">{t("page.notFoundTitle")}</h1>
        <p className="mt-2 text-slate-600">{t("page.notFoundText")}</p>
        <AppLink to={to("/tools")} className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700">
          {t("page.browseAll")}
        </AppLink>
      </section>
    );
  }
  const { category, others, related } = loaderData;
  const filterHref = (slug: string) => `${to("/tools")}?category=${encodeURIComponent(slug)}`;
  return (
    <div className="space-y-12">
      <header className="flex flex-col gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-100 sm:flex-row sm:items-center">
        <CategoryIcon label={category.name} iconName={category.iconName} color={category.color} size="lg" />
        <div className="flex-1">
          <h1 className="text-3xl font-bold tracking-tight">{category.name}</h1>
          {category.description ? <p className="mt-2 max-w-3xl text-slate-600">{category.description}</p> : null}
          <p className="mt-2 text-sm font-medium text-brand-700">{t("page.toolCount", { count: category.toolCount })}</p>
        </div>
        <AppLink to={filterHref(category.slug)} className="self-start rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 sm:self-center">
          {t("page.viewAll")}
        </AppLink>
      </header>

      {category.subcategories.length ? (
        <section aria-labelledby="subcategories-title">
          <h2 id="subcategories-title" className="text-2xl font-semibold">{t("page.subcategories")}</h2>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {category.subcategories.map((sub) => (
              <li key={sub.slug}>
                <AppLink
                  to={filterHref(sub.slug)}
                  data-testid="subcategory-tile"
                  className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-600 hover:shadow-sm"
                >
                  <span className="font-medium text-slate-900">{sub.name}</span>
                  <span className="mt-1 text-sm text-slate-500">{t("page.toolCount", { count: sub.toolCount })}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {related.length ? (
        <ToolSection id="related-title" title={t("page.relatedTools")} viewMoreHref={filterHref(category.slug)} tools={related} columns={4} />
      ) : null}

      {others.length ? (
        <section aria-labelledby="other-categories-title">
          <h2 id="other-categories-title" className="text-2xl font-semibold">{t("page.otherCategories")}</h2>
          <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {others.map((other) => (
              <li key={other.slug}>
                <AppLink to={to(`/category/${other.slug}`)} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-600">
                  <CategoryIcon label={other.name} iconName={other.iconName} color={other.color} />
                  <span className="font-medium">{other.name}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

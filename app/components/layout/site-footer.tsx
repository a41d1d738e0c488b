import { useT } from "~/i18n/translator";
import { AppLink } from "~/delivery/app-link";
import { displayCategoryName } from "~/lib/category-name";
import type { CategoryLink } from "~/.server/categories/queries";
import { useLocalizedPath } from "~/i18n/hooks";
import { NewsletterBox } from "~/components/feeds/newsletter-box";

/** The four "popular categories" footer links of the spec, to the list filtered by category. */
export const POPULAR_FOOTER_CATEGORIES = [
  "image-generation-editing",
  "text-generation-editing",
  "chatbot-virtual-companions",
  "code-programming-assistance",
] as const;

export function SiteFooter({ categories, year }: { categories: CategoryLink[]; year: number }) {
  const t = useT(["common", "categories"]);
  const to = useLocalizedPath();
  const heading = "mb-3 text-sm font-semibold text-slate-900";
  const item = "footer-link";
  // The catalogue's own names, as the sidebar and cards show them; the bundle's only when the list lacks one.
  const nameOf = new Map(categories.map((category) => [category.slug, category.name]));
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-1">
          <p className="font-semibold">{t("site.name")}</p>
          <p className="mt-2 text-sm text-slate-600">{t("footer.description")}</p>
          <NewsletterBox />
        </div>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className={heading}>{t("footer.categories")}</h2>
          <ul className="space-y-2">
            {categories.map((category) => (
              <li key={category.slug}>
                <AppLink className={item} to={to(`/category/${category.slug}`)}>{category.name}</AppLink>
              </li>
            ))}
            <li>
              <AppLink className={item} to={to("/tools")}>{t("footer.allTools")}</AppLink>
            </li>
            {/* Every page carries the footer: the trends page is reachable from anywhere, not only the sitemap. */}
            <li>
              <AppLink className={item} to={to("/trends")}>{t("footer.trends")}</AppLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-popular">
          <h2 id="footer-popular" className={heading}>{t("footer.popularCategories")}</h2>
          <ul className="space-y-2">
            {POPULAR_FOOTER_CATEGORIES.map((slug) => (
              <li key={slug}>
                <AppLink className={item} to={to(`/tools/${slug}`)}>{nameOf.get(slug) ?? displayCategoryName(t(`categories:names.${slug}`))}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className={heading}>{t("footer.company")}</h2>
          <ul className="space-y-2">
            <li><AppLink className={item} to={to("/about")}>{t("footer.about")}</AppLink></li>
            <li><AppLink className={item} to={to("/case-studies")}>{t("footer.caseStudies")}</AppLink></li>
            <li><AppLink className={item} to={to("/contact")}>{t("footer.contact")}</AppLink></li>
            <li><AppLink className={item} to={to("/careers")}>{t("footer.careers")}</AppLink></li>
            <li><AppLink className={item} to={to("/how-we-rank")}>{t("footer.howWeRank")}</AppLink></li>
            <li><AppLink className={item} to={to("/privacy-policy")}>{t("footer.privacy")}</AppLink></li>
            <li><AppLink className={item} to={to("/terms-of-service")}>{t("footer.terms")}</AppLink></li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-sitemaps">
          <h2 id="footer-sitemaps" className={heading}>{t("footer.sitemaps")}</h2>
          <ul className="space-y-2">
            <li><a className={item} href="/sitemap.xml">{t("footer.sitemap")}</a></li>
            <li><a className={item} href="/sitemap-ecommerce.xml">{t("footer.ecommerceSitemap")}</a></li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-100 py-6 text-center text-xs text-slate-500">{t("footer.rights", { year })}</p>
    </footer>
  );
}

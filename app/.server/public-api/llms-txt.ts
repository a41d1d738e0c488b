import { localizedPath, LANGUAGES, LANGUAGE_NAMES } from "~/i18n/languages";
import { absoluteUrl } from "~/lib/seo";
import { feedPath } from "~/lib/feeds";
import type { DB } from "../db";
import { listTopCategories } from "../categories/queries";
import { getFixedT } from "../i18n";

/**
 * `/llms.txt` (llmstxt.org): what the site is, its main pages, its categories, and where the machine-readable
 * ways in are (the API with its OpenAPI document, the feeds, the sitemaps), in English.
 */
export async function llmsTxt(db: DB, publicUrl: string): Promise<string> {
  const [common, categories] = await Promise.all([getFixedT("us-en", "common"), listTopCategories(db, "us-en")]);
  const url = (path: string) => absoluteUrl(publicUrl, path);
  const page = (path: string) => url(localizedPath("us-en", path));
  const lines = [
    `# ${common("site.name")}`,
    "",
    `> ${common("footer.description")} Every page exists in ${LANGUAGES.length} languages (${LANGUAGES.map((l) => `${l}: ${LANGUAGE_NAMES[l]}`).join(", ")}); replace \`us-en\` in an address with another code.`,
    "",
    "## Main pages",
    "",
    `- [Home](${page("/")}): featured and latest AI tools`,
    `- [AI tools](${page("/tools")}): every AI tool, searchable, by category, sortable`,
    `- [Categories](${page("/categories")}): the AI tool categories and their subcategories`,
    `- [Cross-border e-commerce tools](${page("/ecommerce")}): e-commerce tools with filters by category, feature and platform`,
    `- [Case studies](${page("/case-studies")}): how companies use the tools`,
    `- [Trends](${page("/trends")}): trending repositories, launches and tools`,
    `- [Submit a tool](${page("/submit-tool")})`,
    `- [About](${page("/about")})`,
    "",
    "## Categories",
    "",
    ...categories.map((c) => `- [${c.name}](${page(`/category/${c.slug}`)})`),
    "",
    "## API",
    "",
    `- [Developers](${page("/developers")}): the public read API v1, its limits and API keys`,
    `- [OpenAPI 3.1 document](${url("/api/v1/openapi.json")})`,
    `- [Tools](${url("/api/v1/tools?lang=us-en")}): search, category filter, sort, cursor paging`,
    `- [Categories](${url("/api/v1/categories?lang=us-en")})`,
    `- [E-commerce tools](${url("/api/v1/ecommerce-tools?lang=us-en")}): with facets`,
    "",
    "## Feeds",
    "",
    `- [New AI tools (RSS)](${url(feedPath("us-en", "tools", "rss"))}), also [Atom](${url(feedPath("us-en", "tools", "atom"))}) and [JSON Feed](${url(feedPath("us-en", "tools", "json"))})`,
    `- [New e-commerce tools (RSS)](${url(feedPath("us-en", "ecommerce", "rss"))})`,
    `- [Case studies (RSS)](${url(feedPath("us-en", "case-studies", "rss"))})`,
    "",
    "## Optional",
    "",
    `- [Sitemap](${url("/sitemap.xml")})`,
    `- [E-commerce sitemap](${url("/sitemap-ecommerce.xml")})`,
    "",
  ];
  return lines.join("\n");
}

import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { LANGUAGES } from "./i18n/languages";

/**
 * Every public page, declared once. The table below mounts it unprefixed
 * (us-en) and under each of the ten language prefixes; `idPrefix` keeps the
 * route ids unique. Add new pages here.
 */
function pages(idPrefix: string) {
  const id = (name: string) => ({ id: `${idPrefix}${name}` });
  return [
    index("routes/home.tsx", id("home")),
    route("about", "routes/about.tsx", id("about")),
    route("contact", "routes/contact.tsx", id("contact")),
    route("careers", "routes/careers.tsx", id("careers")),
    route("privacy-policy", "routes/privacy-policy.tsx", id("privacy-policy")),
    route("terms-of-service", "routes/terms-of-service.tsx", id("terms-of-service")),
    route("tool/:slug", "routes/tool.tsx", id("tool")),
    route("case-study/:slug", "routes/case-study.tsx", id("case-study")),
    route("case-studies", "routes/case-studies.tsx", id("case-studies")),
    route("tools", "routes/tools.tsx", id("tools")),
    route("tools/:category", "routes/tools.tsx", id("tools-category")),
    route("categories", "routes/categories.tsx", id("categories")),
    route("category/:slug", "routes/category.tsx", id("category")),
  ];
}

export default [
  ...pages(""),
  ...LANGUAGES.flatMap((lang) => prefix(lang, pages(`${lang}/`))),
  route("sitemap.xml", "routes/sitemap.ts", { id: "sitemap" }),
  route("sitemap/:part", "routes/sitemap.ts", { id: "sitemap-part" }),
  route("sitemap-ecommerce.xml", "routes/sitemap.ts", { id: "sitemap-ecommerce" }),
  route("sitemap-ecommerce/:part", "routes/sitemap.ts", { id: "sitemap-ecommerce-part" }),
  route("robots.txt", "routes/robots.ts"),
  route("autocomplete-index.json", "routes/autocomplete-index.ts"),
  route("data/multilingual/:file", "routes/tool-data.ts", { id: "data-multilingual" }),
  route("data/:file", "routes/tool-data.ts", { id: "data-tool" }),
  route("auth/wechat/callback", "routes/auth.wechat-callback.tsx"),
  route("auth/douyin/callback", "routes/auth.douyin-callback.tsx"),
  route("admin/login", "routes/admin.login.tsx"),
  route("admin", "routes/admin.tsx", { id: "admin" }, [index("routes/admin._index.tsx")]),
  route("dev/mailbox", "routes/dev.mailbox.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

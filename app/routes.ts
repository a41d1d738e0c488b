import { index, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * Every public page, declared once under an optional language segment:
 * `/tools` (us-en) and `/fr/tools` are the same route. One entry per page
 * instead of one per page and prefix keeps the table React Router matches on
 * every request small (it was 150 routes). `routes/language.tsx` answers 404
 * for a first segment that is no language (`/xx/tools`). Add new pages here.
 */
const pages = [
  // Pages with a parameter come first: `/tools/about` could also be read as the about page under a
  // language named "tools" (refused), and between equally specific paths the earlier route wins.
  route("tools/:category", "routes/tools.tsx", { id: "tools-category" }),
  route("tool/:slug", "routes/tool.tsx", { id: "tool" }),
  route("case-study/:slug", "routes/case-study.tsx", { id: "case-study" }),
  route("category/:slug", "routes/category.tsx", { id: "category" }),
  route("ecommerce/:slug", "routes/ecommerce-detail.tsx", { id: "ecommerce-detail" }),
  index("routes/home.tsx", { id: "home" }),
  route("about", "routes/about.tsx", { id: "about" }),
  route("contact", "routes/contact.tsx", { id: "contact" }),
  route("careers", "routes/careers.tsx", { id: "careers" }),
  route("privacy-policy", "routes/privacy-policy.tsx", { id: "privacy-policy" }),
  route("terms-of-service", "routes/terms-of-service.tsx", { id: "terms-of-service" }),
  route("case-studies", "routes/case-studies.tsx", { id: "case-studies" }),
  route("tools", "routes/tools.tsx", { id: "tools" }),
  route("categories", "routes/categories.tsx", { id: "categories" }),
  route("submit-tool", "routes/submit-tool.tsx", { id: "submit-tool" }),
  // The signed-in user's area: one layout (sidebar, private caching, noindex) around its pages.
  route("user", "routes/user.tsx", { id: "user" }, [
    index("routes/user._index.tsx", { id: "user-index" }),
    route("dashboard", "routes/user.dashboard.tsx", { id: "user-dashboard" }),
    route("business", "routes/user.business.tsx", { id: "user-business" }),
    route("my-tools", "routes/user.my-tools.tsx", { id: "user-my-tools" }),
    route("advertise", "routes/user.advertise.tsx", { id: "user-advertise" }),
    route("advertise/review", "routes/user.advertise.review.tsx", { id: "user-advertise-review" }),
    route("submit-tool", "routes/user.submit-tool.tsx", { id: "user-submit-tool" }),
    route("update-tool", "routes/user.update-tool.tsx", { id: "user-update-tool" }),
    route("orders", "routes/user.orders.tsx", { id: "user-orders" }),
    route("favorites", "routes/user.favorites.tsx", { id: "user-favorites" }),
  ]),
  route("ecommerce", "routes/ecommerce.tsx", { id: "ecommerce" }),
  route("trends", "routes/trends.tsx", { id: "trends" }),
];

export default [
  route(":lang?", "routes/language.tsx", { id: "language" }, pages),
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
  route("admin", "routes/admin.tsx", { id: "admin" }, [
    index("routes/admin._index.tsx"),
    route("submissions", "routes/admin.submissions.tsx"),
    route("tools-order", "routes/admin.tools-order.tsx"),
    route("advertise", "routes/admin.advertise.tsx"),
    route("audit-log", "routes/admin.audit-log.tsx"),
    route("analytics", "routes/admin.analytics.tsx"),
  ]),
  route("api/admin/submissions", "routes/api.admin.submissions.ts"),
  route("api/admin/submissions/:id", "routes/api.admin.submission.ts"),
  route("api/admin/ad-submissions", "routes/api.admin.ad-submissions.ts"),
  route("api/admin/ad-submissions/:id", "routes/api.admin.ad-submission.ts"),
  route("api/admin/tools-order", "routes/api.admin.tools-order.ts"),
  route("api/admin/tools/:slug/screenshot", "routes/api.admin.tool-screenshot.ts"),
  route("dev/mailbox", "routes/dev.mailbox.tsx"),
  route("api/favorites", "routes/api.favorites.ts"),
  route("api/favorites/clear", "routes/api.favorites.clear.ts"),
  route("api/ratings", "routes/api.ratings.ts"),
  route("api/me/state", "routes/api.me.state.ts"),
  route("api/generate/tool-content", "routes/api.generate.tool-content.ts"),
  route("api/upload/tool-image", "routes/api.upload.tool-image.ts"),
  route("api/ad/notify", "routes/api.ad.notify.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

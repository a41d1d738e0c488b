import type { RoleMatrixEntry } from "./types";

/** Public pages and files: the same answer for everyone. */
const everyone = (route: string, path: string, status: number | readonly number[]): RoleMatrixEntry => ({ route, method: "GET", path, visitor: status, user: status, admin: status });

export default [
  everyone("routes/language.tsx", "/xx/tools", 404),
  everyone("routes/home.tsx", "/us-en", 200),
  everyone("routes/tools.tsx", "/us-en/tools?search=writing", 200),
  everyone("routes/tools.tsx", "/us-en/tools/text-generation-editing", 200),
  everyone("routes/tools.tsx", "/fr/tools/no-such-category", 404),
  // The browser's router loads a page's data from its `.data` address.
  everyone("routes/tool.tsx", "/us-en/tool/grammarly.data", 200),
  everyone("routes/tool.tsx", "/us-en/tool/grammarly", 200),
  everyone("routes/case-study.tsx", "/us-en/case-study/jasper-agency-ad-variants", 200),
  everyone("routes/category.tsx", "/us-en/category/text-generation-editing", 200),
  everyone("routes/about.tsx", "/us-en/about", 200),
  everyone("routes/contact.tsx", "/fr/contact", 200),
  everyone("routes/careers.tsx", "/us-en/careers", 200),
  everyone("routes/privacy-policy.tsx", "/us-en/privacy-policy", 200),
  everyone("routes/terms-of-service.tsx", "/us-en/terms-of-service", 200),
  everyone("routes/case-studies.tsx", "/us-en/case-studies", 200),
  everyone("routes/categories.tsx", "/us-en/categories", [301, 302]),
  everyone("routes/sitemap.ts", "/sitemap.xml", 200),
  everyone("routes/sitemap.ts", "/sitemap-ecommerce.xml", 200),
  // Numbered parts exist only past 50,000 addresses.
  everyone("routes/sitemap.ts", "/sitemap/1.xml", 404),
  everyone("routes/sitemap.ts", "/sitemap-ecommerce/1.xml", 404),
  everyone("routes/robots.ts", "/robots.txt", 200),
  everyone("routes/autocomplete-index.ts", "/autocomplete-index.json", 200),
  everyone("routes/tool-data.ts", "/data/grammarly.json", 200),
  everyone("routes/tool-data.ts", "/data/multilingual/grammarly.json", 200),
  // One segment would be read as a language (refused by routes/language.tsx); two reach the splat route.
  everyone("routes/not-found.tsx", "/no-such/page", 404),
  everyone("routes/dev.mailbox.tsx", "/dev/mailbox", 404),
  everyone("/healthz", "/healthz", 200),
  everyone("/readyz", "/readyz", 200),
  // Only METRICS_TOKEN opens it (the matrix's server sets one): no session, an administrator's neither.
  everyone("/metrics", "/metrics", 401),
  everyone("/api/autocomplete", "/api/autocomplete?q=gram", 200),
  // The texts pages preload (decision 0042): an address of older texts gets the current ones, not to be kept.
  everyone("/texts/*", "/texts/us-en.0123456789abcdef.json", 200),
  everyone("/texts/*", "/texts/no-such-language.0123456789abcdef.json", 404),
  everyone("/uploads/*", "/uploads/no-such-image.png", 404),
  everyone("/assets/*", "/assets/no-such-chunk.js", 404),
] satisfies RoleMatrixEntry[];

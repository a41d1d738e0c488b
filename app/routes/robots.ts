import { getConfig } from "~/.server/config";
import { robotsTxt } from "~/.server/seo/sitemap";

/** /robots.txt, naming both sitemaps with absolute URLs. */
export function loader() {
  return new Response(robotsTxt(getConfig().publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

import { getConfig } from "~/.server/config";
import { getDb } from "~/.server/db";
import { directoryPages, ecommercePages, sitemapDocument, sitemapPart } from "~/.server/seo/sitemap";
import type { Route } from "./+types/sitemap";

const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/**
 * /sitemap.xml and /sitemap-ecommerce.xml, and their numbered parts
 * (/sitemap/{n}.xml, /sitemap-ecommerce/{n}.xml) once they exceed the
 * protocol's 50,000 URLs.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const ecommerce = pathname.startsWith("/sitemap-ecommerce");
  const base = ecommerce ? "/sitemap-ecommerce" : "/sitemap";
  const pages = await (ecommerce ? ecommercePages(getDb()) : directoryPages(getDb()));
  const publicUrl = getConfig().publicUrl;
  if (!params.part) return new Response(sitemapDocument(publicUrl, pages, base), { headers: XML_HEADERS });
  const match = /^(\d{1,6})\.xml$/.exec(params.part);
  const body = match ? sitemapPart(publicUrl, pages, Number(match[1])) : null;
  if (!body) throw new Response("Not Found", { status: 404 });
  return new Response(body, { headers: XML_HEADERS });
}

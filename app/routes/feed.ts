// Served directly: app/delivery/direct-routes.server.ts (its contract: answer with a Response; the path is read by `feedRoute` there).
import { getConfig } from "~/.server/config";
import { getDb } from "~/.server/db";
import { feedResponse, feedRouteOf } from "~/.server/feeds/http";
import type { Route } from "./+types/feed";

/**
 * RSS 2.0, Atom and JSON Feed 1.1 of the newest tools (`/{lang}/feed.xml|atom|json`), of one category
 * (`/{lang}/category/{slug}/feed.*`), of e-commerce tools and of case studies. The route id names the
 * kind and the format (routes.ts).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const route = feedRouteOf(request, params);
  if (!route) throw new Response("Not Found", { status: 404 });
  return feedResponse(getDb(), request, route, getConfig().publicUrl);
}

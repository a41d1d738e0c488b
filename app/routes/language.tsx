import { data } from "react-router";
import { isLang } from "~/i18n/languages";
import type { Route } from "./+types/language";

/**
 * The optional language segment in front of every page (see app/routes.ts). A first segment that is
 * no interface language (`/xx/tools`) is not a page: 404, rendered by the root's not-found screen.
 * No component: the page renders straight in its place.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLang(params.lang)) throw data("Not Found", { status: 404 });
  return null;
}

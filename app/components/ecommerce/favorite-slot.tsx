import { FavoriteButton } from "~/components/favorites/favorite-button";

/**
 * The favourite heart of e-commerce cards and product pages: the shared
 * favourites module (local for visitors, `ecommerce_favorites` for signed-in
 * users, clear-all on the favourites page) with entry type `ecommerce_tool`.
 */
export function EcommerceFavoriteSlot({ id, slug, title, variant = "detail" }: { id: number; slug: string; title: string; variant?: "card" | "detail" }) {
  return <FavoriteButton entry={{ id, type: "ecommerce_tool", slug, title }} variant={variant} />;
}

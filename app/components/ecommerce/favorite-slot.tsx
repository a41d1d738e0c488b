/**
 * The one place the e-commerce cards and detail page show the favourite heart.
 *
 * Favourites (local for visitors, `ecommerce_favorites` for signed-in users,
 * clear-all) belong to the shared favourites module, `FavoriteButton` in
 * `app/components/favorites/`, with `{ id, type: "ecommerce_tool", slug, title }`.
 * FAVOURITES: render `<FavoriteButton id={id} type="ecommerce_tool" slug={slug} title={title} />`
 * here once that module is on this branch; nothing else in the directory changes.
 */
export function EcommerceFavoriteSlot(_props: { id: number; slug: string; title: string }) {
  return null;
}

/**
 * Filter slug of a (sub)category: English name lower-cased, runs of
 * non-alphanumerics turned into hyphens, edge hyphens trimmed.
 */
export function filterSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

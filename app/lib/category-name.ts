/**
 * A category name as pages show it. German names shorten compounds with a suspended hyphen
 * ("Texterstellung & -bearbeitung"); browsers may break a line right after that hyphen, which leaves
 * "-" at the end of one line and "bearbeitung" on the next. A word joiner after such a hyphen keeps it
 * with its word, so the line breaks before "-bearbeitung" instead.
 */
const SUSPENDED_HYPHEN = /(^|\s)-(?=\p{L})/gu;
const WORD_JOINER = "\u2060";

export function displayCategoryName(name: string): string {
  return name.replace(SUSPENDED_HYPHEN, `$1-${WORD_JOINER}`);
}

/** The name as written, without the joiners added for display (for searching with it). */
export function plainCategoryName(name: string): string {
  return name.replaceAll(WORD_JOINER, "");
}

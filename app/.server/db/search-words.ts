/**
 * Word splitting and LIKE patterns for the SQL-side searches (the e-commerce
 * directory). Words shorter than MIN_TRIGRAM_LENGTH cannot use trigram indexes.
 */
export const MIN_TRIGRAM_LENGTH = 3;
const MAX_WORDS = 5;

/** Splits a search term into the words that must all match (at most five, deduplicated). */
export function searchWords(term: string): string[] {
  const words = term.toLowerCase().normalize("NFKC").split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** A LIKE pattern that matches `word` anywhere, with LIKE's own wildcards escaped. */
export function likeContains(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

import { textPieces } from "~/lib/search-text";
import { Matcher, SYNONYM } from "./matcher";
import { findTerm } from "./term-lookup";
import type { SearchView } from "./view";

/**
 * Compounds of words the synonym list knows, as German and Dutch write them: "Bilderzeugung" is "Bild" +
 * "Erzeugung", and means what "image generation", "Bildgenerierung" or "Bildgenerator" mean. Such a word
 * also matches (as a synonym) the tools that have both parts or their synonyms, and every compound of those
 * synonyms the catalogue writes as one word, so all of them find the same tools.
 */
const MIN_HEAD = 3;
const MIN_TAIL = 4;
/** Letters German puts between the parts (Rechnung-s-erstellung, Seite-n-zahl). */
const JOINTS = ["", "s", "es", "n", "en", "e"];
/** Endings a first part drops (Programmier-assistent from programmieren). */
const DROPPED_ENDINGS = ["", "en", "n", "e"];

/** The synonym-list word a first part stands for, or null. */
function knownHead(part: string, synonyms: ReadonlyMap<string, string[]>): string | null {
  for (const ending of DROPPED_ENDINGS) if (synonyms.has(part + ending)) return part + ending;
  return null;
}

/** Ways to read `word` as two synonym-list words, first part first. */
export function compoundSplits(word: string, synonyms: ReadonlyMap<string, string[]>): Array<[string, string]> {
  const splits: Array<[string, string]> = [];
  for (let i = MIN_HEAD; i + MIN_TAIL <= word.length; i++) {
    const head = knownHead(word.slice(0, i), synonyms);
    if (!head) continue;
    for (const joint of JOINTS) {
      const tail = word.slice(i + joint.length);
      if (word.startsWith(joint, i) && tail.length >= MIN_TAIL && synonyms.has(tail)) splits.push([head, tail]);
    }
  }
  return splits;
}

/** A word and its synonyms, spaced-script ones only (a compound is not made of CJK words). */
function withSynonyms(index: SearchView, word: string): string[] {
  return [word, ...(index.synonyms.get(word) ?? [])].filter((w) => !textPieces(w, false).some((piece) => piece.cjk));
}

/** Matches query word `i` (`word`) as the compounds it is made of: see above. */
export function matchCompound(matcher: Matcher, i: number, word: string): void {
  const { index } = matcher;
  for (const [head, tail] of compoundSplits(word, index.synonyms)) {
    // Tools with both parts (each as written or a synonym, in any field): ranked by the weaker part's field.
    const parts = new Matcher(index, [
      { text: head, cjk: false },
      { text: tail, cjk: false },
    ]);
    const heads = withSynonyms(index, head);
    const tails = withSynonyms(index, tail);
    heads.forEach((w) => parts.term(0, findTerm(index.terms, w), 0, SYNONYM));
    tails.forEach((w) => parts.term(1, findTerm(index.terms, w), 0, SYNONYM));
    const [first, second] = parts.states;
    for (const tool of parts.touched) {
      if (parts.mask[tool] !== 3) continue;
      const key = Math.max(first!.best[tool]!, second!.best[tool]!);
      matcher.assign(i, tool, key, first!.slot[tool]!);
    }
    // The same compound written with the parts' synonyms ("bildgenerierung" for "bilderzeugung").
    for (const a of heads) {
      for (const b of tails) {
        const id = a + b === word ? -1 : findTerm(index.terms, a + b);
        if (id >= 0) matcher.term(i, id, 0, SYNONYM);
      }
    }
  }
}

/**
 * How search reads text, shared by the list search index (server), the autocomplete index (server) and the
 * autocomplete ranking that runs in the browser for small catalogues, so all three agree on what a word is
 * and on what counts as a typo.
 *
 * - Text is compared folded: NFKC, lower case, accents of Latin letters dropped (é -> e, ß -> ss, đ -> d),
 *   as search engines do by default; kana voicing marks and Hangul are left alone.
 * - Latin, Cyrillic and other space-separated scripts are split into words at anything that is not a letter
 *   or digit. Chinese, Japanese and Korean runs are not split on the text side (they are indexed by
 *   characters and character pairs); a query's runs are split into words by `Intl.Segmenter`.
 * - Typos: one for words of 5+ characters, two for 9+ (insertions, deletions, substitutions and swaps of
 *   neighbours: optimal string alignment distance).
 */

/** Han, kana (with the long-vowel mark) and Hangul: scripts written without spaces between words (Korean between phrases only). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005]/u;
const RUN = /[\p{L}\p{N}]+/gu;
const CJK_SPLIT = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005]+)/u;
const LATIN_MARKS = /(\p{Script=Latin})\p{M}+/gu;

export function isCjk(char: string): boolean {
  return CJK.test(char);
}

/** Folded form of any text: what the index stores and the query is compared in. */
export function foldText(text: string): string {
  const lower = text.normalize("NFKC").toLowerCase();
  // Fast path: printable ASCII needs no accent folding.
  if (!/[^ -~]/.test(lower)) return lower;
  return lower.normalize("NFD").replace(LATIN_MARKS, "$1").normalize("NFC").replace(/ß/g, "ss").replace(/đ/g, "d");
}

/** A piece of folded text: a word of a spaced script, or a run of CJK characters. */
export interface TextPiece {
  text: string;
  cjk: boolean;
}

/**
 * The words and CJK runs of folded text, in order. Words joined by a hyphen or dot ("e-commerce",
 * "copy.ai", "gpt-4o") also yield their joined form (with `joins`), so "ecommerce" finds "e-commerce".
 */
export function textPieces(folded: string, joins = true): TextPiece[] {
  const pieces: TextPiece[] = [];
  forEachPiece(folded, joins, (text, cjk) => pieces.push({ text, cjk }));
  return pieces;
}

const ASCII_WORD = /[a-z0-9]+/g;

/** `textPieces` without the array: what the index builder walks for every text of the catalogue. */
export function forEachPiece(folded: string, joins: boolean, visit: (text: string, cjk: boolean) => void): void {
  // Printable ASCII (most text): words only, no script checks.
  const ascii = !/[^ -~]/.test(folded);
  let previousEnd = -2;
  let joined = "";
  let joinedParts = 0;
  for (const match of folded.matchAll(ascii ? ASCII_WORD : RUN)) {
    const start = match.index;
    const linked = start === previousEnd + 1 && (folded[previousEnd] === "-" || folded[previousEnd] === ".");
    previousEnd = start + match[0].length;
    const parts = ascii ? [match[0]] : match[0].split(CJK_SPLIT);
    for (const part of parts) {
      if (!part) continue;
      const cjk = !ascii && isCjk(part[0]!);
      visit(part, cjk);
      if (cjk) {
        joinedParts = 0;
        continue;
      }
      if (!joins) continue;
      if (linked && joinedParts > 0) {
        joined += part;
        joinedParts++;
        visit(joined, false);
      } else {
        joined = part;
        joinedParts = 1;
      }
    }
  }
}

/** How many typos a query word of this length may carry. */
export function typoBudget(word: string): number {
  const length = word.length;
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * Optimal string alignment distance between `a` and the closest prefix of `b` (`prefix`) or `b` itself,
 * or -1 when it exceeds `max`. Rows stop early once every cell is past `max`.
 */
export function typoDistance(a: string, b: string, max: number, prefix = false): number {
  const n = a.length;
  if (!prefix && Math.abs(n - b.length) > max) return -1;
  if (b.length === 0) return n <= max ? n : -1;
  let before = new Array<number>(n + 1);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let best = prefix ? previous[n]! : Infinity;
  for (let i = 1; i <= b.length; i++) {
    const row = new Array<number>(n + 1);
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[j - 1] === b[i - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[j - 1] === b[i - 2] && a[j - 2] === b[i - 1]) value = Math.min(value, before[j - 2]! + 1);
      row[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (prefix && row[n]! < best) best = row[n]!;
    if (rowMin > max) break;
    before = previous;
    previous = row;
    if (i === b.length && !prefix) best = row[n]!;
  }
  return best <= max ? best : -1;
}

const segmenters = new Map<string, Intl.Segmenter>();

/** Dictionary-based word segmentation of one CJK run (Japanese rules when it has kana, Chinese otherwise). */
export function segmentCjk(run: string): string[] {
  const locale = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(run) ? "ja" : /\p{Script=Hangul}/u.test(run) ? "ko" : "zh";
  let segmenter = segmenters.get(locale);
  if (!segmenter) segmenters.set(locale, (segmenter = new Intl.Segmenter(locale, { granularity: "word" })));
  const words: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(run)) if (isWordLike) words.push(segment);
  return words.length ? words : [run];
}

/** Folded texts at which a name's words start ("github copilot", "copilot"): what a typed prefix is matched against. */
export function wordStarts(folded: string): string[] {
  const starts: string[] = [];
  for (const match of folded.matchAll(RUN)) starts.push(folded.slice(match.index));
  return starts;
}

import type { Analysis, Piece } from "./analyze";

/**
 * Which class names get a short name, and which one (decision 0044). A name is shortened when it appears
 * whole in a class text (see `analyze.ts`) and nowhere else: not in any other text of the app, the server,
 * the browser tests or the benchmarks (a selector, a comparison, data), not as the start or end of a name
 * the app builds at run time (`grid-cols-${n}`) or a selector outside it does (`.tool-card-${n}`), and not
 * in a class text the code holds with escapes. The most used names get the
 * shortest names. Short names start with a capital letter, which no stylesheet class here uses, and never
 * equal a word found anywhere in those texts.
 */
export type ShortNames = ReadonlyMap<string, string>;

/** A word inside a class text: `open` when it touches a template expression or a concatenation. */
export type Word = { text: string; start: number; end: number; open: boolean };

export function wordsOf(piece: Piece): Word[] {
  const words: Word[] = [];
  const pattern = /\S+/g;
  for (let match = pattern.exec(piece.text); match; match = pattern.exec(piece.text)) {
    const start = match.index;
    const end = start + match[0].length;
    const open = (piece.openStart && start === 0) || (piece.openEnd && end === piece.text.length);
    words.push({ text: match[0], start: piece.start + start, end: piece.start + end, open });
  }
  return words;
}

/** Characters a class name's neighbours must not be for a text to contain it as a name. */
const NAME_CHARACTER = /[A-Za-z0-9_-]/;

/** Does `text` hold `name` with no name character on either side (and not as a test id: `[data-testid=name]`)? */
export function mentions(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (/data-testid=["']?$/.test(text.slice(Math.max(0, at - 13), at))) continue;
    const before = at > 0 ? text[at - 1]! : "";
    const after = text[at + name.length] ?? "";
    if (!NAME_CHARACTER.test(before) && !NAME_CHARACTER.test(after)) return true;
  }
  return false;
}

/**
 * `classModules`: the analyses of the modules that render (their class texts may be shortened);
 * `otherModules`: analyses of code outside the app that serves or reads pages (all its strings are other texts);
 * `library`: class names libraries put on elements themselves (React Router's NavLink: `active`).
 */
export function planShortNames(classModules: Analysis[], otherModules: Analysis[], library: readonly string[] = []): ShortNames {
  const uses = new Map<string, number>();
  const otherTexts: string[] = [...library];
  const prefixes = new Set<string>();
  const suffixes = new Set<string>();
  // A selector in code may escape a name (".lg\\:hidden"): its mentions count unescaped too.
  const pushText = (text: string) => otherTexts.push(text, ...(text.includes("\\") ? [text.replace(/\\(.)/g, "$1")] : []));
  const addOther = (piece: Piece) => {
    pushText(piece.text);
    // The name characters touching the open end: `tone-${tone}` starts names with "tone-".
    if (piece.openEnd) prefixes.add(/[\w:/[\]-]*$/.exec(piece.text)![0]);
    if (piece.openStart) suffixes.add(/^[\w:/[\]-]*/.exec(piece.text)![0]);
  };
  // Outside the app a name built at run time would be a selector's: `.tool-card-${slug}`.
  const addOutside = (piece: Piece) => {
    pushText(piece.text);
    if (piece.openEnd) prefixes.add(/\.([\w:/[\]-]*)$/.exec(piece.text)?.[1] ?? "");
  };
  for (const analysis of classModules) {
    for (const piece of analysis.classPieces) {
      if (!piece.exact) {
        addOther({ ...piece, openStart: true, openEnd: true });
        continue;
      }
      for (const word of wordsOf(piece)) {
        if (word.open) {
          if (piece.openEnd && word.end === piece.start + piece.text.length) prefixes.add(word.text);
          if (piece.openStart && word.start === piece.start) suffixes.add(word.text);
        } else uses.set(word.text, (uses.get(word.text) ?? 0) + 1);
      }
    }
    for (const piece of analysis.otherPieces) addOther(piece);
  }
  for (const analysis of otherModules) for (const piece of [...analysis.classPieces, ...analysis.otherPieces]) addOutside(piece);

  const others = otherTexts.join("\n");
  // A piece of a name has a separator (`grid-cols-`, `-500`, `lg:`); `${count}s` builds no class name.
  const part = (text: string) => text.length >= 2 && /[-:/[\]]/.test(text);
  const starts = [...prefixes].filter(part);
  const ends = [...suffixes].filter(part);
  const safe = [...uses.keys()].filter((name) => !mentions(others, name) && !starts.some((start) => name.startsWith(start)) && !ends.some((end) => name.endsWith(end)));
  safe.sort((a, b) => uses.get(b)! - uses.get(a)! || (a < b ? -1 : a > b ? 1 : 0));

  const taken = new Set<string>([...uses.keys(), ...others.split(/[^A-Za-z0-9_-]+/)]);
  const names = new Map<string, string>();
  let index = 0;
  for (const name of safe) {
    let short: string;
    do short = shortName(index++);
    while (taken.has(short));
    // Only worth it when shorter.
    if (short.length < name.length) names.set(name, short);
  }
  return names;
}

const FIRST = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const REST = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** 0 -> "A", 25 -> "Z", 26 -> "AA", ... : a capital letter, then letters and digits. */
export function shortName(index: number): string {
  if (index < FIRST.length) return FIRST[index]!;
  let rest = index - FIRST.length;
  let length = 1;
  let count = FIRST.length * REST.length;
  while (rest >= count) {
    rest -= count;
    length++;
    count *= REST.length;
  }
  let tail = "";
  for (let i = 0; i < length; i++) {
    tail = REST[rest % REST.length]! + tail;
    rest = Math.floor(rest / REST.length);
  }
  return FIRST[rest]! + tail;
}

import postcss, { type AtRule } from "postcss";
import type { ShortNames } from "./plan";

/** The stylesheet with its selectors' class names shortened (keyframe steps and declarations untouched). */
export function shortenCss(css: string, names: ShortNames): string {
  if (names.size === 0) return css;
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/.test((rule.parent as AtRule).name)) return;
    rule.selector = shortenSelector(rule.selector, names);
  });
  return root.toString();
}

/** Replaces each `.name` (escapes read) that has a short name; attribute selectors and strings are copied. */
export function shortenSelector(selector: string, names: ShortNames): string {
  let out = "";
  for (let i = 0; i < selector.length; ) {
    const c = selector[i]!;
    if (c === "\\") {
      out += selector.slice(i, i + 2);
      i += 2;
    } else if (c === "[") {
      const end = closingBracket(selector, i);
      out += selector.slice(i, end + 1);
      i = end + 1;
    } else if (c === '"' || c === "'") {
      const end = closingQuote(selector, i);
      out += selector.slice(i, end + 1);
      i = end + 1;
    } else if (c === "." && i + 1 < selector.length && (/[A-Za-z_\\-]/.test(selector[i + 1]!) || selector.charCodeAt(i + 1) > 127)) {
      const { name, end } = readIdentifier(selector, i + 1);
      const short = names.get(name);
      out += short ? `.${short}` : selector.slice(i, end);
      i = end;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** A CSS identifier from `start`: its value with escapes resolved, and where it ends. */
export function readIdentifier(text: string, start: number): { name: string; end: number } {
  let name = "";
  let i = start;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\\") {
      const hex = /^[0-9a-fA-F]{1,6}/.exec(text.slice(i + 1, i + 7));
      if (hex) {
        name += String.fromCodePoint(parseInt(hex[0], 16));
        i += 1 + hex[0].length;
        if (text[i] === " " || text[i] === "\t" || text[i] === "\n") i++;
      } else {
        name += text[i + 1] ?? "";
        i += 2;
      }
    } else if (/[A-Za-z0-9_-]/.test(c) || c.charCodeAt(0) > 127) {
      name += c;
      i++;
    } else break;
  }
  return { name, end: i };
}

function closingBracket(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"' || text[i] === "'") i = closingQuote(text, i);
    else if (text[i] === "]") return i;
  }
  return text.length - 1;
}

function closingQuote(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === text[start]) return i;
  }
  return text.length - 1;
}

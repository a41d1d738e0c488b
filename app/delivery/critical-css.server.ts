import postcss, { type AtRule, type ChildNode, type Container } from "postcss";
import { rememberBounded } from "~/lib/bounded-map";

/**
 * The part of the stylesheet a rendered page uses, for inlining (decision 0038). The built stylesheet holds
 * the rules of every page, menu and dialog (75 KB); a page's own markup uses under half. The whole file
 * loads beside it without blocking the first paint, and the browser entry waits for it before hydrating,
 * so anything that appears later (menus, dialogs, the next page) finds its rules there.
 *
 * A rule is kept when, for one of its selectors, every class the selector requires is in the page's class
 * attributes; element, attribute and state parts are not checked, so hover, focus and open states and both
 * the phone and the desktop layout of what is on the page stay. Blocks that only define custom properties
 * (the theme's values, Tailwind's `--tw-*` defaults) and `@property` registrations keep what a kept rule
 * or a style attribute of the page reads.
 */
export type CriticalCss = (page: Buffer) => string;

/** A page kind renders a handful of class sets; a bounded number of subsets serve a whole site. */
const SUBSETS_MAX = 256;

/** The stylesheet as text pieces, parsed once, so a subset is a walk that joins strings. */
type Piece =
  | { kind: "rule"; text: string; alternatives: string[][]; reads: string[] }
  | { kind: "definitions"; open: string; definitions: { name: string; text: string; reads: string[] }[] }
  | { kind: "property"; name: string; text: string }
  | { kind: "block"; open: string; children: Piece[] }
  | { kind: "always"; text: string };

export function criticalCssOf(css: string): CriticalCss {
  const pieces = piecesOf(postcss.parse(css));
  const subsets = new Map<string, string>();
  return (page) => {
    // Read as Latin-1 (a fraction of UTF-8 decoding's cost); the few values with other characters are decoded again.
    const html = page.toString("latin1");
    const classes = classesInMarkup(html);
    const properties = propertiesInMarkup(html);
    // Insertion order is the markup's order: the same page kind gives the same key.
    const key = `${[...classes].join(" ")}|${[...properties].join(" ")}`;
    return rememberBounded(subsets, key, SUBSETS_MAX, () => subset(pieces, classes, properties));
  };
}

function piecesOf(container: Container): Piece[] {
  return (container.nodes ?? []).map(pieceOf);
}

function pieceOf(node: ChildNode): Piece {
  if (node.type === "rule") {
    const decls = node.nodes.filter((child) => child.type === "decl");
    if (decls.length > 0 && decls.length === node.nodes.length && decls.every((decl) => decl.prop.startsWith("--"))) {
      return {
        kind: "definitions",
        open: openingOf(node),
        definitions: decls.map((decl) => ({ name: decl.prop, text: decl.toString(), reads: varsIn(decl.value) })),
      };
    }
    const text = node.toString();
    const alternatives = insideKeyframes(node) ? [[]] : splitTopLevel(node.selector).map(requiredClasses);
    return { kind: "rule", text, alternatives, reads: varsIn(text) };
  }
  if (node.type === "atrule" && node.name === "property") return { kind: "property", name: node.params.trim(), text: node.toString() };
  if (node.type === "atrule" && node.nodes) return { kind: "block", open: openingOf(node), children: piecesOf(node) };
  return { kind: "always", text: node.type === "comment" ? "" : node.toString() };
}

/** A block's text up to and including its `{`. */
function openingOf(node: Container & ChildNode): string {
  const empty = node.clone({ nodes: [] }).toString();
  return empty.slice(0, empty.lastIndexOf("}"));
}

function insideKeyframes(node: ChildNode) {
  return node.parent?.type === "atrule" && /keyframes$/.test((node.parent as AtRule).name);
}

function subset(pieces: Piece[], classes: Set<string>, fromMarkup: Set<string>): string {
  const kept = new Set<Piece>();
  const reads = new Set(fromMarkup);
  const keepRules = (list: Piece[]) => {
    for (const piece of list) {
      if (piece.kind === "block") keepRules(piece.children);
      else if (piece.kind === "rule" && piece.alternatives.some((needs) => needs.every((name) => classes.has(name)))) {
        kept.add(piece);
        for (const name of piece.reads) reads.add(name);
      }
    }
  };
  keepRules(pieces);
  // A theme value can read another (`--default-font-family: var(--font-sans)`): follow them.
  const definitions = new Map<string, string[]>();
  const collect = (list: Piece[]) => {
    for (const piece of list) {
      if (piece.kind === "block") collect(piece.children);
      else if (piece.kind === "definitions") for (const { name, reads: next } of piece.definitions) definitions.set(name, [...(definitions.get(name) ?? []), ...next]);
    }
  };
  collect(pieces);
  const pending = [...reads];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const next of definitions.get(name) ?? []) {
      if (reads.has(next)) continue;
      reads.add(next);
      pending.push(next);
    }
  }
  return render(pieces, kept, reads);
}

function render(pieces: Piece[], kept: Set<Piece>, reads: Set<string>): string {
  let text = "";
  for (const piece of pieces) {
    if (piece.kind === "always") text += piece.text;
    else if (piece.kind === "rule") text += kept.has(piece) ? piece.text : "";
    else if (piece.kind === "property") text += reads.has(piece.name) ? piece.text : "";
    else if (piece.kind === "definitions") {
      const used = piece.definitions.filter((definition) => reads.has(definition.name));
      if (used.length > 0) text += `${piece.open}${used.map((definition) => definition.text).join(";")}}`;
    } else {
      const inner = render(piece.children, kept, reads);
      if (inner) text += `${piece.open}${inner}}`;
    }
  }
  return text;
}

function varsIn(value: string): string[] {
  return [...value.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]!);
}

/** Class names a selector requires: those outside brackets, and inside `:is()` / `:where()` of one selector. */
export function requiredClasses(selector: string): string[] {
  const names: string[] = [];
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") {
      i++;
    } else if (c === "[") {
      i = closing(selector, i, "[", "]");
    } else if (c === "(") {
      const end = closing(selector, i, "(", ")");
      const inner = selector.slice(i + 1, end);
      if (/:(is|where)$/.test(selector.slice(0, i)) && splitTopLevel(inner).length === 1) names.push(...requiredClasses(inner));
      i = end;
    } else if (c === ".") {
      let name = "";
      let j = i + 1;
      for (; j < selector.length && (/[\w-]/.test(selector[j]!) || selector[j] === "\\" || selector.charCodeAt(j) > 127); j++) {
        if (selector[j] === "\\") j++;
        name += selector[j];
      }
      if (name) names.push(name);
      i = j - 1;
    }
  }
  return names;
}

/** Index of the bracket closing the one at `start` (or the end of the text). */
function closing(text: string, start: number, open: string, close: string): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === open) depth++;
    else if (text[i] === close && --depth === 0) return i;
  }
  return text.length;
}

/** A selector list's selectors (commas inside brackets belong to their selector). */
export function splitTopLevel(selectorList: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selectorList.length; i++) {
    const c = selectorList[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      parts.push(selectorList.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selectorList.slice(start));
  return parts;
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">" };

/** The distinct values of one attribute in the page (Latin-1 text), as UTF-8 text with entities decoded. */
function attributeValues(html: string, name: string): Set<string> {
  const values = new Set<string>();
  const opening = ` ${name}="`;
  for (let at = html.indexOf(opening); at >= 0; at = html.indexOf(opening, at)) {
    const end = html.indexOf('"', at + opening.length);
    if (end < 0) break;
    values.add(html.slice(at + opening.length, end));
    at = end;
  }
  const decoded = new Set<string>();
  for (const raw of values) {
    // eslint-disable-next-line no-control-regex -- any character outside ASCII is part of a multi-byte one
    const text = /[^\x00-\x7f]/.test(raw) ? Buffer.from(raw, "latin1").toString("utf8") : raw;
    decoded.add(text.includes("&") ? text.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity]!) : text);
  }
  return decoded;
}

/** Every class in the page's class attributes, in order of appearance (React escapes `&"'<>` in values). */
export function classesInMarkup(html: string): Set<string> {
  const classes = new Set<string>();
  for (const value of attributeValues(html, "class")) for (const name of value.split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/** Custom properties the page's style attributes read. */
function propertiesInMarkup(html: string): Set<string> {
  const names = new Set<string>();
  for (const value of attributeValues(html, "style")) for (const name of varsIn(value)) names.add(name);
  return names;
}

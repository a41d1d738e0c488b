import { parse } from "@babel/parser";
import type * as t from "@babel/types";

/**
 * Where a module's string literals go, for shortening class names at build time (decision 0044).
 *
 * A string is a *class text* when its value can only end up in a `className` (or a prop named like one):
 * the attribute's value itself, a branch of a conditional or `||` / `??` / `&&` there, a piece of a template
 * there, an element of an array joined there, a constant (declared once in the module) whose every use is
 * one of these, a property of such an object constant read there, the return value of such a function, a
 * property or default value named like a class prop. Strings in attributes that never carry classes (ids,
 * `data-*`, `aria-*`, addresses, texts), import paths and types are *neutral*. Every other string is an
 * *other text*: a class name found in one (a selector, a comparison, data) is never shortened anywhere.
 */
export type Piece = {
  /** Offsets of the text in the module's code (inside the quotes or between template expressions). */
  start: number;
  end: number;
  text: string;
  /** A template piece touching an expression on that side: its first or last word is part of a runtime name. */
  openStart: boolean;
  openEnd: boolean;
  /** The code holds the text as it is (no escapes or entities), so it can be rewritten in place. */
  exact: boolean;
};

export type Analysis = { classPieces: Piece[]; otherPieces: Piece[] };

type Node = t.Node;

const CLASS_PROP = /^(class(Name)?|[A-Za-z]*(Class|ClassName|Classes))$/;
const NEUTRAL_ATTRIBUTE = /^(id|key|htmlFor|name|type|role|href|to|src|srcSet|sizes|alt|title|placeholder|lang|hrefLang|rel|method|action|target|autoComplete|inputMode|enterKeyHint|form|value|defaultValue|accept|pattern|(aria|data)-[\w-]+)$/;
const CALLS_THAT_JOIN = new Set(["join"]);
const PASS_THROUGH = new Set(["TSAsExpression", "TSSatisfiesExpression", "TSNonNullExpression", "ParenthesizedExpression", "TSTypeAssertion"]);

export function analyzeModule(code: string, filename: string): Analysis {
  const ast = parse(code, {
    sourceType: "module",
    sourceFilename: filename,
    plugins: filename.endsWith(".tsx") || filename.endsWith(".jsx") ? ["typescript", "jsx"] : ["typescript"],
    errorRecovery: false,
  });
  const parents = new Map<Node, Node>();
  const strings: (t.StringLiteral | t.TemplateLiteral)[] = [];
  const regexps: t.RegExpLiteral[] = [];
  const declarations = new Map<string, Node[]>();
  const references = new Map<string, t.Identifier[]>();

  const visit = (node: Node, parent: Node | null) => {
    if (parent) parents.set(node, parent);
    if (node.type === "StringLiteral" || node.type === "TemplateLiteral") strings.push(node);
    if (node.type === "RegExpLiteral") regexps.push(node);
    if (node.type === "Identifier" && parent) {
      if (isDeclaration(node, parent)) push(declarations, node.name, parent);
      else if (isReference(node, parent)) push(references, node.name, node);
    }
    for (const key of Object.keys(node) as (keyof typeof node)[]) {
      if (key === "loc" || key === "leadingComments" || key === "trailingComments" || key === "innerComments" || key === "extra") continue;
      const value = node[key] as unknown;
      if (Array.isArray(value)) {
        for (const child of value) if (isNode(child)) visit(child, node);
      } else if (isNode(value)) visit(value, node);
    }
  };
  visit(ast.program, null);

  const memo = new Map<Node, boolean>();
  const classValued = (node: Node): boolean => {
    const known = memo.get(node);
    if (known !== undefined) return known;
    memo.set(node, false); // a cycle counts as not proven
    const result = classValuedUncached(node);
    memo.set(node, result);
    return result;
  };

  /** Every use of a constant declared once in this module is class-valued (per `use`). */
  const usesAll = (name: string, use: (reference: t.Identifier) => boolean): boolean => {
    if ((declarations.get(name) ?? []).length !== 1) return false;
    const uses = references.get(name) ?? [];
    return uses.length > 0 && uses.every(use);
  };

  const classValuedUncached = (node: Node): boolean => {
    const parent = parents.get(node);
    if (!parent) return false;
    if (PASS_THROUGH.has(parent.type)) return classValued(parent);
    switch (parent.type) {
      case "JSXAttribute":
        return parent.value === node && attributeName(parent) !== null && CLASS_PROP.test(attributeName(parent)!);
      case "JSXExpressionContainer":
        return classValued(parent);
      case "ConditionalExpression":
        return parent.test !== node && classValued(parent);
      case "LogicalExpression":
        return (parent.right === node || parent.operator !== "&&") && classValued(parent);
      case "TemplateLiteral":
        return classValued(parent);
      case "ArrayExpression": {
        // [...].join(" ") or [...].filter(Boolean).join(" ")
        let array: Node = parent;
        for (;;) {
          const member = parents.get(array);
          const call = member && parents.get(member);
          if (member?.type !== "MemberExpression" || member.object !== array || call?.type !== "CallExpression" || call.callee !== member) return false;
          const method = member.property.type === "Identifier" && !member.computed ? member.property.name : null;
          if (method === null) return false;
          if (CALLS_THAT_JOIN.has(method)) return classValued(call);
          if (method !== "filter") return false;
          array = call;
        }
      }
      case "VariableDeclarator":
        return parent.init === node && parent.id.type === "Identifier" && declaredAsConstant(parent) && (CLASS_PROP.test(parent.id.name) || (!exported(parents.get(parent)!) && usesAll(parent.id.name, classValuedReference)));
      case "ObjectProperty": {
        if (parent.value !== node) return false;
        const key = propertyKey(parent);
        if (key !== null && CLASS_PROP.test(key)) return true;
        let object = parents.get(parent);
        while (object && PASS_THROUGH.has(parents.get(object)?.type ?? "")) object = parents.get(object);
        const declarator = object && parents.get(object);
        return declarator?.type === "VariableDeclarator" && declarator.init === object && declarator.id.type === "Identifier" && declaredAsConstant(declarator) && !exported(parents.get(declarator)!) && usesAll(declarator.id.name, (reference) => {
          const member = parents.get(reference);
          return member?.type === "MemberExpression" && member.object === reference && classValued(member);
        });
      }
      case "AssignmentPattern": {
        if (parent.right !== node) return false;
        if (parent.left.type === "Identifier" && CLASS_PROP.test(parent.left.name)) return true;
        const property = parents.get(parent);
        return property?.type === "ObjectProperty" && propertyKey(property) !== null && CLASS_PROP.test(propertyKey(property)!);
      }
      case "ReturnStatement":
        return functionReturnsClass(enclosingFunction(parent));
      case "ArrowFunctionExpression":
        return parent.body === node && functionReturnsClass(parent);
      default:
        return false;
    }
  };

  /** A reference (or a member read of it) in a class-valued place, or called there if it is a function. */
  const classValuedReference = (reference: t.Identifier): boolean => classValued(reference);

  const functionReturnsClass = (fn: Node | null): boolean => {
    if (!fn) return false;
    const parent = parents.get(fn);
    // className={({ isActive }) => ...}
    if (parent?.type === "JSXExpressionContainer") {
      const attribute = parents.get(parent);
      return attribute?.type === "JSXAttribute" && CLASS_PROP.test(attributeName(attribute) ?? "");
    }
    let name: string | null = null;
    let isExported = false;
    if (fn.type === "FunctionDeclaration" && fn.id) {
      name = fn.id.name;
      isExported = exported(fn);
    } else if (parent?.type === "VariableDeclarator" && parent.init === fn && parent.id.type === "Identifier" && declaredAsConstant(parent)) {
      name = parent.id.name;
      isExported = exported(parents.get(parent)!);
    }
    if (name === null) return false;
    if (CLASS_PROP.test(name)) return true;
    return !isExported && usesAll(name, (reference) => {
      const call = parents.get(reference);
      return (call?.type === "CallExpression" && call.callee === reference && classValued(call)) || functionPassedAsClass(reference);
    });
  };

  /** className={linkClass} where linkClass is a function (NavLink). */
  const functionPassedAsClass = (reference: t.Identifier): boolean => {
    const container = parents.get(reference);
    const attribute = container && parents.get(container);
    return container?.type === "JSXExpressionContainer" && attribute?.type === "JSXAttribute" && CLASS_PROP.test(attributeName(attribute) ?? "");
  };

  /** An export's uses in other modules are not seen here. */
  const exported = (node: Node) => {
    const parent = parents.get(node);
    return parent?.type === "ExportNamedDeclaration" || parent?.type === "ExportDefaultDeclaration";
  };

  const enclosingFunction = (node: Node): Node | null => {
    for (let at = parents.get(node); at; at = parents.get(at)) {
      if (at.type === "FunctionDeclaration" || at.type === "FunctionExpression" || at.type === "ArrowFunctionExpression") return at;
    }
    return null;
  };

  const declaredAsConstant = (declarator: t.VariableDeclarator): boolean => {
    const declaration = parents.get(declarator);
    return declaration?.type === "VariableDeclaration" && declaration.kind === "const";
  };

  const neutral = (node: Node): boolean => {
    const parent = parents.get(node);
    if (!parent) return false;
    if (PASS_THROUGH.has(parent.type)) return neutral(parent);
    switch (parent.type) {
      case "ImportDeclaration":
      case "ExportNamedDeclaration":
      case "ExportAllDeclaration":
      case "ImportExpression":
      case "TSLiteralType":
      case "TSImportType":
      case "TSExternalModuleReference":
      case "TSModuleDeclaration":
      case "Directive":
        return true;
      case "CallExpression":
        return parent.callee.type === "Import";
      case "JSXAttribute":
        return parent.value === node && NEUTRAL_ATTRIBUTE.test(attributeName(parent) ?? "");
      case "JSXExpressionContainer": {
        const attribute = parents.get(parent);
        return attribute?.type === "JSXAttribute" && NEUTRAL_ATTRIBUTE.test(attributeName(attribute) ?? "");
      }
      default:
        return false;
    }
  };

  const classPieces: Piece[] = [];
  const otherPieces: Piece[] = [];
  for (const node of strings) {
    // A template's expressions are visited on their own; a tagged template is not a class text.
    if (node.type === "TemplateLiteral" && parents.get(node)?.type === "TaggedTemplateExpression") {
      otherPieces.push(...piecesOf(node));
      continue;
    }
    if (neutral(node)) continue;
    const pieces = piecesOf(node);
    // String concatenation builds names at run time: the words touching the other operand are open.
    const parent = parents.get(node);
    if (parent?.type === "BinaryExpression" && parent.operator === "+") {
      if (parent.left === node) pieces[pieces.length - 1]!.openEnd = true;
      else pieces[0]!.openStart = true;
    }
    (classValued(node) ? classPieces : otherPieces).push(...pieces);
  }
  // A pattern's text counts as other text (a name in it keeps its name); its ends are not name pieces.
  for (const node of regexps) otherPieces.push({ start: node.start!, end: node.end!, text: node.pattern, openStart: false, openEnd: false, exact: false });
  return { classPieces, otherPieces };
}

function piecesOf(node: t.StringLiteral | t.TemplateLiteral): Piece[] {
  if (node.type === "StringLiteral") {
    const raw = (node.extra?.raw as string | undefined) ?? JSON.stringify(node.value);
    // JSX attribute strings have no quotes' escapes; a JS string with escapes is kept as it is (not rewritten).
    return [{ start: node.start! + 1, end: node.end! - 1, text: node.value, openStart: false, openEnd: false, exact: raw.slice(1, -1) === node.value }];
  }
  return node.quasis.map((quasi, i) => ({
    start: quasi.start!,
    end: quasi.end!,
    text: quasi.value.cooked ?? quasi.value.raw,
    openStart: i > 0,
    openEnd: i < node.quasis.length - 1,
    exact: quasi.value.cooked === quasi.value.raw,
  }));
}

function push<V>(map: Map<string, V[]>, key: string, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

function attributeName(attribute: t.JSXAttribute): string | null {
  return attribute.name.type === "JSXIdentifier" ? attribute.name.name : null;
}

function propertyKey(property: t.ObjectProperty): string | null {
  if (property.computed) return null;
  if (property.key.type === "Identifier") return property.key.name;
  if (property.key.type === "StringLiteral") return property.key.value;
  return null;
}

function isDeclaration(node: t.Identifier, parent: Node): boolean {
  return (
    (parent.type === "VariableDeclarator" && parent.id === node) ||
    ((parent.type === "FunctionDeclaration" || parent.type === "ClassDeclaration") && parent.id === node) ||
    ((parent.type === "ImportSpecifier" || parent.type === "ImportDefaultSpecifier" || parent.type === "ImportNamespaceSpecifier") && parent.local === node) ||
    ((parent.type === "FunctionDeclaration" || parent.type === "FunctionExpression" || parent.type === "ArrowFunctionExpression") && parent.params.includes(node)) ||
    (parent.type === "CatchClause" && parent.param === node)
  );
}

/** An identifier read as a value (not a property name, a key, a label, a type or a declaration). */
function isReference(node: t.Identifier, parent: Node): boolean {
  if ((parent.type === "MemberExpression" || parent.type === "OptionalMemberExpression") && parent.property === node && !parent.computed) return false;
  if ((parent.type === "ObjectProperty" || parent.type === "ObjectMethod" || parent.type === "ClassProperty" || parent.type === "ClassMethod") && parent.key === node && !parent.computed) {
    // { name } shorthand reads `name`
    return parent.type === "ObjectProperty" && parent.shorthand && parent.value === node;
  }
  if (parent.type.startsWith("TS") && parent.type !== "TSAsExpression" && parent.type !== "TSSatisfiesExpression" && parent.type !== "TSNonNullExpression") return false;
  if (parent.type === "LabeledStatement" || parent.type === "BreakStatement" || parent.type === "ContinueStatement") return false;
  if (parent.type === "ExportSpecifier") return true; // exported: used elsewhere
  if (parent.type === "ImportSpecifier" || parent.type === "ImportDefaultSpecifier" || parent.type === "ImportNamespaceSpecifier") return false;
  return true;
}

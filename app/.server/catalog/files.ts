import { parse as parseCsv } from "csv-parse/sync";
import { stringify as stringifyCsv } from "csv-stringify/sync";
import fs from "node:fs";
import path from "node:path";
import { LANGUAGES } from "~/i18n/languages";

/**
 * Reading and writing tool files for `catalog:import` / `catalog:export`:
 * a JSON array in the seed format, or CSV with one column per field and
 * `field.<lang>` columns for translations. Every row keeps the line it
 * starts on, so errors can point at it.
 */

export interface RowsWithLines {
  rows: unknown[];
  lines: (number | undefined)[];
}

export class FileFormatError extends Error {}

/**
 * Line on which each value at depth 1 and 2 starts, keyed by path:
 * `/3` for the fourth element of a top-level array, `/tools/3` for the
 * fourth element of `tools` in a top-level object. Assumes valid JSON.
 */
export function jsonValueLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  type Frame = { kind: "array"; index: number; path: string } | { kind: "object"; key: string | null; path: string; expectKey: boolean };
  const stack: Frame[] = [];
  let line = 1;
  const valueStarts = () => {
    const top = stack[stack.length - 1];
    if (!top || stack.length > 2) return;
    const valuePath = top.kind === "array" ? `${top.path}/${top.index}` : `${top.path}/${top.key}`;
    if (!lines.has(valuePath)) lines.set(valuePath, line);
  };
  const childPath = () => {
    const top = stack[stack.length - 1];
    if (!top) return "";
    return top.kind === "array" ? `${top.path}/${top.index}` : `${top.path}/${top.key}`;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\n") {
      line++;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r" || c === ":") continue;
    const top = stack[stack.length - 1];
    if (c === ",") {
      if (top?.kind === "array") top.index++;
      else if (top?.kind === "object") top.expectKey = true;
      continue;
    }
    if (c === "]" || c === "}") {
      stack.pop();
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let value = "";
      while (j < text.length && text[j] !== '"') {
        if (text[j] === "\\") j++;
        else if (text[j] === "\n") line++;
        value += text[j];
        j++;
      }
      if (top?.kind === "object" && top.expectKey) {
        top.key = value;
        top.expectKey = false;
      } else valueStarts();
      i = j;
      continue;
    }
    valueStarts();
    if (c === "[") stack.push({ kind: "array", index: 0, path: childPath() });
    else if (c === "{") stack.push({ kind: "object", key: null, path: childPath(), expectKey: true });
    else {
      // number, true, false, null: skip to the end of the token
      while (i + 1 < text.length && /[^\s,\]}]/.test(text[i + 1]!)) i++;
    }
  }
  return lines;
}

/** Parses JSON, turning a syntax error into a message with its line. */
export function parseJsonFile(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message)?.[1];
    const line = position ? text.slice(0, Number(position)).split("\n").length : undefined;
    throw new FileFormatError(`${file}${line ? ` line ${line}` : ""}: not valid JSON (${message})`);
  }
}

/** A JSON array of rows with the line each starts on. */
export function readJsonRows(file: string): RowsWithLines {
  const text = fs.readFileSync(file, "utf8");
  const data = parseJsonFile(text, file);
  if (!Array.isArray(data)) throw new FileFormatError(`${file}: expected a JSON array of tools`);
  const lines = jsonValueLines(text);
  return { rows: data, lines: data.map((_, i) => lines.get(`/${i}`)) };
}

// ---------- CSV ----------

const SCALAR_COLUMNS = [
  "slug", "website_url", "brand_color", "pricing", "rating", "review_count", "is_featured", "is_popular", "is_new",
  "verified", "pinned", "manual_priority", "created_at", "categories", "subcategories", "offers",
] as const;
const TEXT_FIELDS = ["name", "subtitle", "description", "features", "use_cases", "faq", "tags"] as const;
const LIST_COLUMNS = new Set(["categories", "subcategories", "features", "use_cases", "tags"]);
const NUMBER_COLUMNS = new Set(["rating", "review_count", "manual_priority"]);
const FLAG_COLUMNS = new Set(["is_featured", "is_popular", "is_new", "verified", "pinned"]);

/** Header of an exported CSV: English text columns unsuffixed, other languages as `name.zh-CN`. */
export function csvHeader(): string[] {
  return [
    ...SCALAR_COLUMNS,
    ...LANGUAGES.flatMap((lang) => TEXT_FIELDS.map((field) => (lang === "us-en" ? field : `${field}.${lang}`))),
  ];
}

/** A list cell: a JSON array, or items separated by `|`. */
function parseListCell(cell: string): unknown {
  const trimmed = cell.trim();
  if (trimmed === "") return [];
  if (trimmed.startsWith("[")) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return trimmed; // left as text: the row fails validation with "expected array"
    }
  }
  return trimmed.split("|").map((item) => item.trim()).filter(Boolean);
}

/** FAQ cell: a JSON array of {question, answer}, or `question :: answer | question :: answer`. */
function parseFaqCell(cell: string): unknown {
  const trimmed = cell.trim();
  if (trimmed === "") return [];
  if (trimmed.startsWith("[")) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return trimmed;
    }
  }
  return trimmed.split("|").map((pair) => {
    const [question = "", ...answer] = pair.split("::");
    return { question: question.trim(), answer: answer.join("::").trim() };
  });
}

function parseScalar(column: string, cell: string): unknown {
  const trimmed = cell.trim();
  if (LIST_COLUMNS.has(column)) return parseListCell(cell);
  // What the tool offers: one JSON object (`{"free_plan":true,"platforms":["web","ios"]}`).
  if (column === "offers") {
    if (trimmed === "") return undefined;
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return trimmed; // fails validation as "expected object"
    }
  }
  if (FLAG_COLUMNS.has(column)) {
    if (/^(1|true|yes|y)$/i.test(trimmed)) return true;
    if (trimmed === "" || /^(0|false|no|n)$/i.test(trimmed)) return false;
    return trimmed; // fails validation as "expected boolean"
  }
  if (NUMBER_COLUMNS.has(column)) {
    if (trimmed === "") return column === "manual_priority" ? null : undefined;
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : trimmed;
  }
  return trimmed === "" ? undefined : trimmed;
}

/** CSV rows turned into tool objects of the JSON shape, with the line each record starts on. */
export function readCsvRows(file: string): RowsWithLines {
  const text = fs.readFileSync(file, "utf8");
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parseCsv(text, { columns: true, bom: true, skip_empty_lines: true, info: true, relax_column_count: false });
  } catch (error) {
    throw new FileFormatError(`${file}: not valid CSV (${error instanceof Error ? error.message : String(error)})`);
  }
  const header = records[0] ? Object.keys(records[0].record) : [];
  const known = new Set([...csvHeader(), ...TEXT_FIELDS.map((f) => `${f}.us-en`)]);
  const unknown = header.filter((column) => !known.has(column));
  if (unknown.length) throw new FileFormatError(`${file} line 1: unknown column(s) ${unknown.join(", ")}; see docs/catalog-import.md`);
  const rows = records.map(({ record }) => {
    const tool: Record<string, unknown> = {};
    const translations: Record<string, Record<string, unknown>> = {};
    for (const [column, cell] of Object.entries(record)) {
      const [field, lang = "us-en"] = column.split(/\.(.+)/) as [string, string?];
      if ((TEXT_FIELDS as readonly string[]).includes(field)) {
        if (cell.trim() === "") continue;
        const value = field === "faq" ? parseFaqCell(cell) : LIST_COLUMNS.has(field) ? parseListCell(cell) : cell.trim();
        (translations[lang] ??= {})[field] = value;
      } else {
        const value = parseScalar(column, cell);
        if (value !== undefined) tool[column] = value;
      }
    }
    tool.translations = translations;
    return tool;
  });
  return { rows, lines: records.map((r) => r.info.lines) };
}

/** Reads a tool file by extension (.json or .csv). */
export function readToolRows(file: string): RowsWithLines {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new FileFormatError(`${file}: no such file`);
  const ext = path.extname(file).toLowerCase();
  if (ext === ".json") return readJsonRows(file);
  if (ext === ".csv") return readCsvRows(file);
  throw new FileFormatError(`${file}: use a .json or .csv file`);
}

/** One exported tool (the JSON shape) as a CSV record. */
function toCsvRecord(tool: Record<string, unknown>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const column of SCALAR_COLUMNS) {
    const value = tool[column];
    if (value === undefined || value === null) record[column] = "";
    else if (Array.isArray(value)) record[column] = value.join("|");
    else if (typeof value === "object") record[column] = JSON.stringify(value);
    else record[column] = String(value);
  }
  const translations = (tool.translations ?? {}) as Record<string, Record<string, unknown>>;
  for (const lang of LANGUAGES) {
    for (const field of TEXT_FIELDS) {
      const value = translations[lang]?.[field];
      const column = lang === "us-en" ? field : `${field}.${lang}`;
      // Lists as JSON: items may themselves contain "|".
      record[column] = value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
    }
  }
  return record;
}

export function writeToolFile(file: string, tools: Record<string, unknown>[]): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const ext = path.extname(file).toLowerCase();
  if (ext === ".json") fs.writeFileSync(file, JSON.stringify(tools, null, 2) + "\n");
  else if (ext === ".csv") fs.writeFileSync(file, stringifyCsv(tools.map(toCsvRecord), { header: true, columns: csvHeader() }));
  else throw new FileFormatError(`${file}: use a .json or .csv file`);
}

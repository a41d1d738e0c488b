// First-load JavaScript of pages, per file and per source module, as `tests/e2e/foundation-http.test.ts`
// counts it: every /assets/*.js the HTML references by src/href or a static import, gzip level 9.
//
//   node bench/js-weight.mjs http://127.0.0.1:4170 [/us-en /us-en/tools ...]
//   MODULES=1 node bench/js-weight.mjs http://127.0.0.1:4170 /us-en     # attribute each file to its sources
//   MODULES=1 DETAIL=react-router TOP=80 node bench/js-weight.mjs ...   # and a package by declaration
//
// With MODULES=1 the build needs client source maps (`CLIENT_SOURCEMAP=1 npx react-router build`, see
// vite.config.ts); each `.js.map` is fetched beside its file. For every source module (and every npm package,
// summed) it prints the minified bytes it contributes and its marginal gzip bytes: how much smaller the file's
// gzip gets without that module's bytes (what cutting it would save; the marginals do not add up to the total,
// since shared strings compress against each other).
import { gzipSync } from "node:zlib";

const [base, ...pages] = process.argv.slice(2);
if (!base) throw new Error("usage: js-weight.mjs BASE_URL [paths...]");
const PATHS = pages.length > 0 ? pages : ["/us-en", "/us-en/tools", "/us-en/tool/chatgpt", "/us-en/ecommerce", "/us-en/compare/chatgpt-vs-claude"];
const MODULES = process.env.MODULES === "1";
const TOP = Number(process.env.TOP ?? 40);
// DETAIL=react-router: split the modules whose path contains it by top-level declaration.
const DETAIL = process.env.DETAIL;

const gz = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;
const kib = (bytes) => (bytes / 1024).toFixed(1);

async function firstLoadScripts(pagePath) {
  const html = await (await fetch(base + pagePath)).text();
  const urls = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  for (const m of html.matchAll(/import\s*(?:[\w{}\s,*]+from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]);
  return [...urls];
}

const BASE64 = new Map([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]));

/** Decodes a source map's mappings into, per generated line, [column, sourceIndex | -1, originalLine] triples. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  let originalLine = 0;
  for (const line of mappings.split(";")) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.get(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) {
        source += values[1];
        originalLine += values[2];
      }
      // The remaining fields (original column, name) are relative too, but not needed here.
      segments.push([column, values.length > 1 ? source : -1, originalLine]);
    }
    lines.push(segments);
  }
  return lines;
}

/** A module's name (an npm package's path inside it, or the app's path) and its group (the package, or "app"). */
const groupOf = new Map([["(unmapped)", "(unmapped)"]]);
function moduleName(source) {
  const path = source.replace(/^(\.\.\/)+/, "").replace(/\?.*$/, "");
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  const app = /(?:^|\/)(app\/.*)$/.exec(path);
  const module = pkg ? `${pkg[1]}/${pkg[2]}` : (app?.[1] ?? path);
  groupOf.set(module, pkg ? pkg[1] : "app");
  return module;
}

/** The top-level declaration (and, in a bundled package file, the `// lib/...` section) each original line is in. */
function declarationsOf(text) {
  let section = "";
  let declaration = "(top)";
  return text.split("\n").map((line) => {
    const file = /^\/\/ (\S+\.[jt]sx?)$/.exec(line);
    if (file) section = file[1];
    const named = /^(?:export )?(?:default )?(?:async )?(?:function\*? ?|var |let |const |class )([\w$]+)/.exec(line);
    if (named) declaration = named[1];
    return section ? `${section} ${declaration}` : declaration;
  });
}

/** Per module of one file (or per declaration of the modules DETAIL names): its character ranges in the minified code. */
function rangesBySource(code, map) {
  const detail = new Map();
  if (DETAIL) {
    map.sources.forEach((source, index) => {
      if (source.includes(DETAIL) && map.sourcesContent?.[index]) detail.set(index, declarationsOf(map.sourcesContent[index]));
    });
  }
  const lines = code.split("\n");
  const decoded = decodeMappings(map.mappings);
  const ranges = new Map();
  let offset = 0;
  lines.forEach((text, index) => {
    const segments = decoded[index] ?? [];
    const add = (name, from, to) => {
      if (to <= from) return;
      if (!ranges.has(name)) ranges.set(name, []);
      ranges.get(name).push([offset + from, offset + to]);
    };
    add("(unmapped)", 0, segments[0]?.[0] ?? text.length);
    segments.forEach(([column, source, originalLine], i) => {
      let name = source < 0 ? "(unmapped)" : moduleName(map.sources[source]);
      if (detail.has(source)) name += ` ${detail.get(source)[originalLine] ?? "?"}`;
      add(name, column, segments[i + 1]?.[0] ?? text.length);
    });
    offset += text.length + 1;
  });
  return ranges;
}

function without(code, spans) {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  let out = "";
  let at = 0;
  for (const [from, to] of sorted) {
    out += code.slice(at, from);
    at = Math.max(at, to);
  }
  return out + code.slice(at);
}

const seen = new Map();
for (const pagePath of PATHS) {
  const urls = await firstLoadScripts(pagePath);
  let total = 0;
  const rows = [];
  for (const url of urls) {
    // A build with source maps ends each file with a comment naming its map; production builds have none.
    if (!seen.has(url)) seen.set(url, (await (await fetch(base + url)).text()).replace(/\n\/\/# sourceMappingURL=\S+\s*$/, ""));
    const size = gz(seen.get(url));
    total += size;
    rows.push([url, size, seen.get(url).length]);
  }
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`\n${pagePath}: ${kib(total)} KiB gzip in ${urls.length} files`);
  for (const [url, size, raw] of rows) console.log(`  ${kib(size).padStart(6)} KiB  ${kib(raw).padStart(6)} KiB raw  ${url}`);
}

if (MODULES) {
  const groups = new Map();
  for (const [url, code] of seen) {
    const res = await fetch(`${base}${url}.map`);
    if (!res.ok) {
      console.log(`\n${url}: no source map`);
      continue;
    }
    const ranges = rangesBySource(code, await res.json());
    const whole = gz(code);
    const rows = [];
    const packages = new Map();
    for (const [name, spans] of ranges) {
      const raw = spans.reduce((sum, [from, to]) => sum + to - from, 0);
      const group = groupOf.get(name.split(" ")[0]) ?? "?";
      if (!packages.has(group)) packages.set(group, []);
      packages.get(group).push(...spans);
      if (raw >= 200) rows.push([name, raw, whole - gz(without(code, spans))]);
    }
    console.log(`\n${url}: ${kib(whole)} KiB gzip, ${kib(code.length)} KiB raw`);
    console.log("  by package (raw, marginal gzip):");
    for (const [group, spans] of [...packages].sort((a, b) => b[1].length - a[1].length)) {
      const raw = spans.reduce((sum, [from, to]) => sum + to - from, 0);
      const marginal = whole - gz(without(code, spans));
      groups.set(group, (groups.get(group) ?? 0) + marginal);
      console.log(`    ${kib(raw).padStart(6)} KiB  ${kib(marginal).padStart(6)} KiB  ${group}`);
    }
    console.log(`  top ${TOP} modules (raw, marginal gzip):`);
    for (const [name, raw, marginal] of rows.sort((a, b) => b[2] - a[2]).slice(0, TOP)) {
      console.log(`    ${kib(raw).padStart(6)} KiB  ${kib(marginal).padStart(6)} KiB  ${name}`);
    }
  }
}

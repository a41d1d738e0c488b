import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { NAMESPACES } from "~/i18n/languages";

/**
 * One voice per language. German speaks to the reader as "Sie" everywhere (account pages, mails and sign-in
 * included), and the product's English (us-en) is American English, in the bundles and in text written in
 * code (mails, errors, logs).
 */

/** Informal German: the du pronouns and the du imperatives the site's sentences would use. */
const INFORMAL_GERMAN = new RegExp(
  [
    // "Du-Form" names the form itself (a translator's setting), as in "Wahl zwischen Sie- und Du-Form".
    String.raw`\b(du(?!-)|dich|dir|dein|deine|deinem|deinen|deiner|deines|euch|euer|eure\w*)\b`,
    // Imperatives of the second person singular ("Klicke", "Gib ... ein", "Versuche es"); nouns that look
    // alike ("Versuche", "Teile") are matched only with what follows them in a request.
    String.raw`\b(klicke|gib|wähle|bestätige|warte|prüfe|fülle|scanne|schalte|fordere|kontaktiere|setze|bewahre|stell|schlage|such|zeig|sprich|schreib|melde|öffne|nutze|sieh|lies|schau|füge|speichere|entdecke|vergleiche|probiere|kehre|behalte|registriere|nimm|trage)\b`,
    String.raw`\b(versuche es|lade (es|sie|die|das|ein)\b)`,
  ].join("|"),
  "i",
);

/**
 * British spellings. A word ending in -ise, -ised, -ises, -ising or -isation is British unless its stem is one
 * of the English words that end alike ("advertis(ing)", "otherwis(e)", "promis(e)", the brand Moises).
 */
const ISE_FORM = /\b(\w*?is)(e|ed|es|ing|ation|ations)\b/gi;
const ENGLISH_STEMS_IN_IS = new Set(
  `advertis enterpris precis otherwis aris rais nois premis exercis revis promis surpris expertis concis franchis merchandis disguis ris wis
  likewis clockwis paradis supervis televis devis compris compromis improvis repris demis cruis prais apprais pois guis treatis advis mois
  chastis circumcis excis incis despis bruis vis surmis turquois porpois tortois mortis anis valis`.split(/\s+/),
);
const OTHER_BRITISH =
  /\b(\w*(?:colour|favour|behaviour)\w*|\w*centr(?:e|es|ed)|judgement|programmes?|practis(?:e|ed|es|ing)|(?:model|label|travel|cancel)l(?:ed|ing)|licences?|catalogues?|defence|offence|grey\w*|analys(?:e|ed|ing))\b/gi;

function britishWords(text: string): string[] {
  const ise = [...text.matchAll(ISE_FORM)].filter((m) => m[1]!.length >= 4 && !ENGLISH_STEMS_IN_IS.has(m[1]!.toLowerCase())).map((m) => m[0]);
  return [...ise, ...[...text.matchAll(OTHER_BRITISH)].map((m) => m[0])];
}

function stringsOf(node: unknown, at = ""): { key: string; text: string }[] {
  if (typeof node === "string") return [{ key: at, text: node }];
  if (Array.isArray(node)) return node.flatMap((value, i) => stringsOf(value, `${at}[${i}]`));
  if (node && typeof node === "object") return Object.entries(node).flatMap(([key, value]) => stringsOf(value, at ? `${at}.${key}` : key));
  return [];
}

function bundle(folder: string, ns: string): { key: string; text: string }[] {
  return stringsOf(JSON.parse(fs.readFileSync(path.join("public/locales", folder, `${ns}.json`), "utf8")));
}

/** Sentences written in code: string literals, template texts and JSX text with a space in them, comments left out. */
function sentencesInCode(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  // Parsing is the slow part: only files with a British-looking word anywhere are parsed.
  if (britishWords(text).length === 0) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
      if (/[A-Za-z]+ [A-Za-z]+/.test(node.text)) found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")).map((name) => path.join(dir, name));
}

/** The catalogue's text in one language: its translations, and for English the e-commerce tools' own fields. */
function catalogText(lang: "us-en" | "de"): { where: string; text: string }[] {
  const files = ["seed/catalog/categories.json", "seed/catalog/case-studies.json", "seed/catalog/ecommerce.json", ...fs.readdirSync("seed/catalog/tools").map((name) => path.join("seed/catalog/tools", name))];
  return files.flatMap((file) => {
    const found: { where: string; text: string }[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) node.forEach((value, i) => walk(value, `${at}[${i}]`));
      else if (node && typeof node === "object")
        for (const [key, value] of Object.entries(node)) {
          if (key === lang) found.push(...stringsOf(value, `${at}.${key}`).map(({ key: where, text }) => ({ where: `${file} ${where}`, text })));
          else walk(value, at ? `${at}.${key}` : key);
        }
    };
    const data = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
    walk(data, "");
    if (lang === "us-en" && file.endsWith("ecommerce.json")) {
      const tools = (data as { tools: Record<string, unknown>[] }).tools;
      for (const tool of tools) for (const field of ["description", "features", "pros", "cons"]) found.push(...stringsOf(tool[field], `${String(tool.slug)}.${field}`).map(({ key, text }) => ({ where: `${file} ${key}`, text })));
    }
    return found;
  });
}

describe("German speaks as Sie", () => {
  for (const ns of NAMESPACES) {
    it(`de/${ns} has no du forms`, () => {
      const informal = bundle("de", ns).filter(({ text }) => INFORMAL_GERMAN.test(text));
      expect(informal.map(({ key, text }) => `${key}: ${text}`)).toEqual([]);
    });
  }

  it("so does the catalogue's German", () => {
    const informal = catalogText("de").filter(({ text }) => INFORMAL_GERMAN.test(text));
    expect(informal.map(({ where, text }) => `${where}: ${text.slice(0, 80)}`)).toEqual([]);
  });

  it("the pattern knows the forms the account pages used", () => {
    for (const text of ["Melde dich an, um Tools einzureichen", "Danke, wir haben dein Tool erhalten", "Bitte gib den Namen des Tools ein", "bitte versuche es später noch einmal", "Klicke auf einen Stern"]) {
      expect(INFORMAL_GERMAN.test(text), text).toBe(true);
    }
    for (const text of ["Melden Sie sich an", "Wahl zwischen Sie- und Du-Form", "Zu viele Versuche.", "Ihre Werbeanfragen und ihr Stand.", "Bitte warten..."]) {
      expect(INFORMAL_GERMAN.test(text), text).toBe(false);
    }
  });
});

describe("us-en is American English", () => {
  for (const ns of NAMESPACES) {
    it(`en/${ns} has no British spellings`, () => {
      const british = bundle("en", ns).flatMap(({ key, text }) => britishWords(text).map((word) => `${key}: ${word}`));
      expect(british).toEqual([]);
    });
  }

  // Reads every source file: seconds when other test files share the cores.
  it("so is the English written in code (mails, errors, logs)", { timeout: 30_000 }, () => {
    // app/data holds category names in every language ("analyse" is French there).
    const files = [...codeFiles("app"), ...codeFiles("server")].filter((file) => !file.startsWith(path.join("app", "data")));
    const british = files.flatMap((file) => sentencesInCode(file).flatMap((text) => britishWords(text).map((word) => `${file}: ${word} in "${text.trim().slice(0, 80)}"`)));
    expect(british).toEqual([]);
  });

  it("so is the catalogue's English (tool, case-study, category and e-commerce texts)", () => {
    const british = catalogText("us-en").flatMap(({ where, text }) => britishWords(text).map((word) => `${where}: ${word} in "${text.slice(0, 80)}"`));
    expect(british).toEqual([]);
  });

  it("the pattern knows British forms and leaves American ones", () => {
    expect(britishWords("Favourites, optimisation, the licence, our catalogue, colour, centre, was cancelled, localised, modelling, judgement")).toHaveLength(10);
    expect(britishWords("Favorites, optimization, the license, our catalog, advertise, enterprise, otherwise, a precise promise, Moises advises, analyses")).toEqual([]);
  });
});

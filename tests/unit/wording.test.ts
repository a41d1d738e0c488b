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
    String.raw`\b(du|dich|dir|dein|deine|deinem|deinen|deiner|deines|euch|euer|eure\w*)\b`,
    // Imperatives of the second person singular ("Klicke", "Gib ... ein", "Versuche es"); nouns that look
    // alike ("Versuche", "Teile") are matched only with what follows them in a request.
    String.raw`\b(klicke|gib|wähle|bestätige|warte|prüfe|fülle|scanne|schalte|fordere|kontaktiere|setze|bewahre|stell|schlage|such|zeig|sprich|schreib|melde|öffne|nutze|sieh|lies|schau|füge|speichere|entdecke|vergleiche|probiere|kehre|behalte|registriere|nimm|trage)\b`,
    String.raw`\b(versuche es|lade (es|sie|die|das|ein)\b)`,
  ].join("|"),
  "i",
);

/** British spellings (the -ise verbs are listed as their stems, with the English words that end alike allowed). */
const BRITISH = /\b(\w+(?:isation|isations|ised|ises|ising|ise)|favour\w*|licence\w*|colour\w*|centre\w*|catalogue\w*|behaviour\w*|analys(?:e|ed|ing)|cancell(?:ed|ing)|travell(?:ed|ing|er)|labell(?:ed|ing)|modell(?:ed|ing)|judgement|defence|offence|grey|programme)\b/gi;
const ENGLISH_ENDING_IN_ISE = new Set(
  `advertise advertised advertises advertising enterprise enterprises precise otherwise arise arises arising raise raised raises raising
  noise noises premise premises exercise exercised exercises revise revised revises revising promise promised promises surprise surprised
  surprises expertise concise franchise merchandise disguise rise rises rising wise likewise clockwise paradise supervise supervised
  televise devise devised comprise comprised comprises improvise reprise demise cruise praise praised appraise poise guise treatise`.split(/\s+/),
);

function britishWords(text: string): string[] {
  return [...text.matchAll(BRITISH)].map((m) => m[0]).filter((word) => !ENGLISH_ENDING_IN_ISE.has(word.toLowerCase()));
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

describe("German speaks as Sie", () => {
  for (const ns of NAMESPACES) {
    it(`de/${ns} has no du forms`, () => {
      const informal = bundle("de", ns).filter(({ text }) => INFORMAL_GERMAN.test(text));
      expect(informal.map(({ key, text }) => `${key}: ${text}`)).toEqual([]);
    });
  }

  it("the pattern knows the forms the account pages used", () => {
    for (const text of ["Melde dich an, um Tools einzureichen", "Danke, wir haben dein Tool erhalten", "Bitte gib den Namen des Tools ein", "bitte versuche es später noch einmal", "Klicke auf einen Stern"]) {
      expect(INFORMAL_GERMAN.test(text), text).toBe(true);
    }
    for (const text of ["Melden Sie sich an", "Zu viele Versuche.", "Ihre Werbeanfragen und ihr Stand.", "Bitte warten..."]) {
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

  it("so is the English written in code (mails, errors, logs)", () => {
    // app/data holds category names in every language ("analyse" is French there).
    const files = [...codeFiles("app"), ...codeFiles("server")].filter((file) => !file.startsWith(path.join("app", "data")));
    const british = files.flatMap((file) => sentencesInCode(file).flatMap((text) => britishWords(text).map((word) => `${file}: ${word} in "${text.trim().slice(0, 80)}"`)));
    expect(british).toEqual([]);
  });

  it("the pattern knows British forms and leaves American ones", () => {
    expect(britishWords("Favourites, optimisation, the licence, our catalogue, colour, centre, was cancelled")).toHaveLength(7);
    expect(britishWords("Favorites, optimization, the license, our catalog, advertise, enterprise, otherwise, a precise promise")).toEqual([]);
  });
});

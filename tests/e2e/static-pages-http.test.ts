import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleFolder, htmlLang, LANGUAGES, type Lang } from "~/i18n/languages";
import { startServer, type RunningServer } from "../support/server";

/** A value no default could produce, so the contact page must really read the setting. */
const CONTACT_EMAIL = "desk-7f3c@static-pages.test";
const YEAR = new Date().getUTCFullYear();
const PAGES = ["contact", "careers", "privacy-policy", "terms-of-service"] as const;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ CONTACT_EMAIL });
});
afterAll(async () => {
  await server?.stop();
});

async function page(pathname: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${server.url}${pathname}`, { redirect: "manual" });
  return { status: res.status, html: await res.text() };
}

type Strings = Record<string, any>;
function bundle(lang: Lang): Strings {
  return JSON.parse(fs.readFileSync(path.join("public/locales", bundleFolder(lang), "about.json"), "utf8")) as Strings;
}

function decode(text: string): string {
  return text
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Headings of the numbered sections, in page order, as a reader sees them. */
function sectionHeadings(html: string): { anchor: string; text: string }[] {
  const found = [...html.matchAll(/<section aria-labelledby="([^"]+)"[^>]*><h2 id="([^"]+)"[^>]*>([^<]*)<\/h2>/g)];
  return found.filter((m) => m[1] === m[2]).map((m) => ({ anchor: m[1]!, text: decode(m[3]!) }));
}

function tocAnchors(html: string): string[] {
  const nav = /<nav aria-labelledby="(?:privacy|terms)-contents"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
  return [...nav.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]!);
}

function expectNumberedSections(html: string, lang: Lang, doc: "privacy" | "terms", count: number) {
  const sections = bundle(lang)[doc].sections as Record<string, { title: string }>;
  const english = bundle("us-en")[doc].sections as Record<string, { title: string }>;
  const expected = Object.values(sections).map((s, i) => `${i + 1}. ${s.title}`);
  const headings = sectionHeadings(html);
  expect(headings).toHaveLength(count);
  expect(headings.map((h) => h.text)).toEqual(expected);
  // Translated, not the English text (a loanword such as "Cookies" or French "Contact" may coincide).
  const englishTitles = new Set(Object.values(english).map((s) => s.title));
  const untranslated = headings.filter((h) => englishTitles.has(h.text.replace(/^\d+\. /, "")));
  if (lang !== "us-en") expect(untranslated.length, `${lang}/${doc} titles equal to English`).toBeLessThanOrEqual(2);
  // The table of contents links to every section, in order.
  expect(tocAnchors(html)).toEqual(headings.map((h) => h.anchor));
}

describe("legal pages", () => {
  it("shows /de/privacy-policy as 10 numbered sections in German with a table of contents", async () => {
    const { status, html } = await page("/de/privacy-policy");
    expect(status).toBe(200);
    expect(html).toContain('<html lang="de"');
    expect(html).toContain("<title>Datenschutzerklärung | ");
    expectNumberedSections(html, "de", "privacy", 10);
    expect(decode(html)).toContain("1. Welche Daten wir erheben");
    expect(decode(html)).toContain("10. Kontakt");
  });

  it("shows /ja/terms-of-service as 13 numbered sections in Japanese", async () => {
    const { status, html } = await page("/ja/terms-of-service");
    expect(status).toBe(200);
    expect(html).toContain('<html lang="ja"');
    expect(html).toContain("<title>利用規約 | ");
    expectNumberedSections(html, "ja", "terms", 13);
    expect(decode(html)).toContain("13. お問い合わせ");
  });

  it("numbers the sections identically in every language", async () => {
    for (const lang of LANGUAGES) {
      expectNumberedSections((await page(`/${lang}/privacy-policy`)).html, lang, "privacy", 10);
      expectNumberedSections((await page(`/${lang}/terms-of-service`)).html, lang, "terms", 13);
    }
  });

  it("takes effect on 1 January of the current year, written in the page language", async () => {
    const written: Record<string, string> = {
      "us-en": `January 1, ${YEAR}`,
      de: `1. Januar ${YEAR}`,
      fr: `1 janvier ${YEAR}`,
      ja: `${YEAR}年1月1日`,
      "zh-CN": `${YEAR}年1月1日`,
    };
    for (const lang of LANGUAGES) {
      for (const doc of ["privacy-policy", "terms-of-service"]) {
        const { html } = await page(`/${lang}/${doc}`);
        const time = new RegExp(`<time dateTime="${YEAR}-01-01"[^>]*>([^<]+)</time>`, "i").exec(html);
        expect(time, `${lang}/${doc}`).not.toBeNull();
        const locale = lang === "us-en" ? "en-US" : lang;
        const label = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(Date.UTC(YEAR, 0, 1)));
        expect(decode(time![1]!)).toBe(label);
        if (written[lang]) expect(decode(time![1]!)).toBe(written[lang]);
        expect(decode(html)).toContain(bundle(lang).legal.effective);
      }
    }
  });

  it("shows the configured address in the contact section of both documents", async () => {
    for (const doc of ["privacy-policy", "terms-of-service"]) {
      expect((await page(`/fr/${doc}`)).html).toContain(`href="mailto:${CONTACT_EMAIL}"`);
    }
  });
});

describe("contact page", () => {
  it("shows the configured e-mail, the 2-business-day reply time and what to include", async () => {
    const { status, html } = await page("/us-en/contact");
    expect(status).toBe(200);
    const text = decode(html);
    expect(html).toContain(`href="mailto:${CONTACT_EMAIL}"`);
    expect(text).toContain(`>${CONTACT_EMAIL}</a>`);
    expect(text).toContain("We typically reply within 2 business days.");
    expect(text).toMatch(/tool's name/);
    expect(text).toMatch(/URL of the tool's page/);
    expect(html).not.toContain("hello@aitools.example");
  });

  it("says the same in each language", async () => {
    for (const lang of LANGUAGES) {
      const text = decode((await page(`/${lang}/contact`)).html);
      const strings = bundle(lang).contact;
      expect(text, lang).toContain(strings.responseTime);
      expect(text, lang).toContain(strings.includeItems[0]);
      expect(text, lang).toContain(CONTACT_EMAIL);
    }
    expect(decode((await page("/de/contact")).html)).toContain("innerhalb von 2 Werktagen");
  });
});

describe("careers page", () => {
  it("lists the open roles with an e-mail application to the contact address", async () => {
    const { status, html } = await page("/us-en/careers");
    expect(status).toBe(200);
    const text = decode(html);
    expect(text).toContain("Content editor, Asian markets");
    expect(text).toContain("Full-stack engineer");
    expect(html).toContain(`href="mailto:${CONTACT_EMAIL}?subject=Application%3A%20Full-stack%20engineer"`);
    expect(text).toContain("How to apply");
  });
});

describe("every static page in every language", () => {
  it("answers 200 with the right <html lang>, a localized title and description", async () => {
    for (const lang of LANGUAGES) {
      const strings = bundle(lang);
      for (const name of PAGES) {
        const { status, html } = await page(`/${lang}/${name}`);
        expect(status, `${lang}/${name}`).toBe(200);
        expect(html, `${lang}/${name}`).toContain(`<html lang="${htmlLang(lang)}"`);
        const key = { contact: "contact", careers: "careers", "privacy-policy": "privacy", "terms-of-service": "terms" }[name];
        const meta = strings[key].meta as { title: string; description: string };
        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
        expect(decode(title ?? ""), `${lang}/${name}`).toMatch(new RegExp(`^${meta.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\| `));
        const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
        expect(decode(description ?? ""), `${lang}/${name}`).toBe(meta.description);
      }
    }
  });

  it("serves the unprefixed us-en pages too", async () => {
    for (const name of PAGES) {
      const { status, html } = await page(`/${name}`);
      expect(status, name).toBe(200);
      expect(html).toContain('<html lang="en"');
    }
  });

  it("links the about page to the contact address and the other static pages", async () => {
    const { html } = await page("/vi/about");
    expect(html).toContain(`href="mailto:${CONTACT_EMAIL}"`);
    for (const name of PAGES) expect(html).toContain(`href="/vi/${name}"`);
    expect(decode(html)).toContain(bundle("vi").listingTitle);
  });
});

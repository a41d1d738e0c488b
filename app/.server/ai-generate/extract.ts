import * as cheerio from "cheerio";
import { DESCRIPTION_MAX, LINE_MAX, PRESET_TAGS, TAGS_MAX } from "~/lib/submissions";

/** What a page says about itself, read with cheerio: the input for the LLM and for the fallback without one. */
export interface PageFacts {
  title: string;
  description: string;
  headings: string[];
  listItems: string[];
  keywords: string[];
  /** Visible text, whitespace collapsed, capped. */
  text: string;
}

export interface GeneratedContent {
  description: string;
  features: string[];
  use_cases: string[];
  tags: string[];
}

const TEXT_MAX = 6000;
const clean = (value: string | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
const unique = (values: string[]) => [...new Map(values.map((v) => [v.toLowerCase(), v])).values()];

export function extractPageFacts(html: string): PageFacts {
  const $ = cheerio.load(html);
  const meta = (selector: string) => clean($(selector).first().attr("content"));
  const title = meta('meta[property="og:title"]') || clean($("title").first().text()) || meta('meta[name="twitter:title"]');
  const description =
    meta('meta[name="description"]') || meta('meta[property="og:description"]') || meta('meta[name="twitter:description"]');
  const keywords = meta('meta[name="keywords"]')
    .split(/[,，、]/)
    .map((k) => clean(k))
    .filter((k) => k.length > 1 && k.length <= 40);
  $("script, style, noscript, svg, template, iframe").remove();
  // Navigation and footers repeat on every page and say nothing about the tool.
  $("nav, footer, [role=navigation], [aria-hidden=true]").remove();
  const headings = unique(
    $("h1, h2, h3")
      .map((_, el) => clean($(el).text()))
      .get()
      .filter((h) => h.length >= 3 && h.length <= LINE_MAX),
  ).slice(0, 20);
  const listItems = unique(
    $("main li, article li, section li, body > div li")
      .filter((_, el) => $(el).find("a").length === 0 || clean($(el).text()).length > 30)
      .map((_, el) => clean($(el).text()))
      .get()
      .filter((item) => item.length >= 8 && item.length <= LINE_MAX),
  ).slice(0, 20);
  const firstParagraph = $("main p, article p, p")
    .map((_, el) => clean($(el).text()))
    .get()
    .find((p) => p.length >= 40);
  const text = clean($("body").text()).slice(0, TEXT_MAX);
  return { title, description: description || firstParagraph || "", headings, listItems, keywords, text };
}

/** Preset tags the page mentions by name (case-insensitive, whole words), then the page's own keywords. */
function tagsFrom(facts: PageFacts): string[] {
  const haystack = ` ${[facts.title, facts.description, facts.headings.join(" "), facts.text].join(" ").toLowerCase()} `;
  const presets = PRESET_TAGS.filter((tag) => new RegExp(`[^\\p{L}\\p{N}]${tag.toLowerCase().replace(/[-\s]/g, "[-\\s]?")}[^\\p{L}\\p{N}]`, "u").test(haystack));
  return unique([...presets, ...facts.keywords]).slice(0, TAGS_MAX);
}

/** The listing filled from the page alone: used when no LLM is configured. */
export function contentFromPage(facts: PageFacts, name: string): GeneratedContent {
  const nameLower = name.trim().toLowerCase();
  const headings = facts.headings.filter((h) => h.toLowerCase() !== nameLower && h !== facts.title);
  return {
    description: cut(facts.description || headings[0] || facts.title, DESCRIPTION_MAX),
    features: headings.slice(0, 6),
    use_cases: facts.listItems.filter((item) => !headings.includes(item)).slice(0, 5),
    tags: tagsFrom(facts),
  };
}

/** Cuts to `max` UTF-16 units (what the form's length rule counts) without leaving half a surrogate pair. */
export function cut(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  let end = max;
  if (/[\uD800-\uDBFF]/.test(trimmed[end - 1] ?? "")) end -= 1;
  return trimmed.slice(0, end).trimEnd();
}

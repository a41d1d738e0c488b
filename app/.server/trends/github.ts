import * as cheerio from "cheerio";
import { TREND_ROWS, type TrendingRepo } from "~/lib/trends";
import { fetchText } from "./fetch";

/**
 * GitHub has no trending API, so its public page is read with an HTML parser: each repository is an
 * `article.Box-row` with the name in `h2 a` (older markup `h1 a` / `.h3 a`), the description in `p`,
 * the language in `[itemprop=programmingLanguage]`, the total stars on the `/stargazers` link and
 * "N stars today" in the right-floated span.
 */
export async function fetchGithubTrending(baseUrl: string, timeoutMs: number): Promise<TrendingRepo[]> {
  const url = new URL("/trending?since=daily", baseUrl);
  const html = await fetchText(url, { timeoutMs, headers: { accept: "text/html", "cache-control": "no-cache" } });
  const repos = parseGithubTrending(html, baseUrl);
  // A page without a single repository is a changed or broken page, not an empty day: keep the last list.
  if (repos.length === 0) throw new Error("no repositories found on the trending page");
  return repos;
}

/** A count written "1,234" or "1.2k"; null when the text has none. */
function count(text: string | undefined): number | null {
  const match = /([\d.,]+)\s*([kK])?/.exec(text ?? "");
  if (!match) return null;
  const value = match[2] ? Number.parseFloat(match[1]!.replace(/,/g, "")) * 1000 : Number.parseInt(match[1]!.replace(/[.,]/g, ""), 10);
  return Number.isFinite(value) ? Math.round(value) : null;
}

export function parseGithubTrending(html: string, baseUrl: string): TrendingRepo[] {
  const $ = cheerio.load(html);
  const repos: TrendingRepo[] = [];
  $("article.Box-row").each((_, element) => {
    if (repos.length >= TREND_ROWS) return false;
    const row = $(element);
    const link = row.find("h2 a, h1 a, .h3 a").first();
    const href = link.attr("href")?.trim() ?? "";
    const [author, name] = href.replace(/^\/+/, "").split("/");
    if (!author || !name) return undefined;
    const totalStars = count(row.find('a[href$="/stargazers"]').first().text());
    const todayStars = count(row.find("span.float-sm-right, span.d-inline-block.float-sm-right").filter((_, s) => /star/i.test($(s).text())).first().text());
    const language = row.find('[itemprop="programmingLanguage"]').first().text().trim();
    repos.push({
      author,
      name,
      url: new URL(`/${author}/${name}`, baseUrl).href,
      description: row.find("p").first().text().replace(/\s+/g, " ").trim(),
      language: language || null,
      stars: todayStars ?? totalStars ?? 0,
    });
    return undefined;
  });
  return repos;
}

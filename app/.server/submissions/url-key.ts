/**
 * The form of a website URL two listings are compared by: scheme, `www.`,
 * default port, trailing slash, fragment and tracking parameters do not
 * tell two sites apart (`https://www.Acme.ai/?utm_source=x` is `http://acme.ai`).
 */
const TRACKING = /^(utm_\w+|gclid|gbraid|wbraid|fbclid|msclkid|yclid|dclid|twclid|igshid|mc_cid|mc_eid|_ga|_gl|ref|ref_src|referrer|source|via|aff|affiliate|spm)$/i;

export function websiteKey(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "").replace(/\.$/, "");
  const params = [...url.searchParams].filter(([name]) => !TRACKING.test(name)).sort(([a], [b]) => a.localeCompare(b));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : "";
  const path = url.pathname.replace(/\/+$/, "").replace(/\/index\.html?$/i, "");
  const port = url.port && url.port !== "80" && url.port !== "443" ? `:${url.port}` : "";
  return `${host}${port}${path}${query}`;
}

/** The bare host (no `www.`), for narrowing candidates in SQL before comparing keys. */
export function websiteHost(input: string): string | null {
  const key = websiteKey(input);
  return key ? key.split(/[/:?]/)[0]! : null;
}

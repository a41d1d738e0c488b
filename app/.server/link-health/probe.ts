import { FetchRefused, safeProbe, type ProbeResult, type SafeFetchOptions } from "../ai-generate/safe-fetch";

/** What one visit of a website found. */
export interface SiteCheck {
  ok: boolean;
  status: number | null;
  finalUrl: string | null;
  /** Why it failed: `status`, `timeout`, `network`, `address` (a forbidden target), `redirects`, ... */
  error: string | null;
  durationMs: number;
  /** Set when every redirect was permanent and the site answered from another domain. */
  movedTo: string | null;
}

/** Statuses that mean "HEAD is not welcome here", not "the site is down": asked again with GET. */
const HEAD_REFUSED = new Set([400, 403, 404, 405, 406, 429, 501]);
const PERMANENT = new Set([301, 308]);

/** The registrable part of a host, roughly: without `www.` (example.com and www.example.com are one site). */
function siteOf(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
}

function judge(url: string, result: ProbeResult, startedAt: number, now: () => number): SiteCheck {
  const ok = result.status >= 200 && result.status < 400;
  const permanent = result.hops.length > 0 && result.hops.every((hop) => PERMANENT.has(hop.status));
  const movedTo = ok && permanent && siteOf(result.finalUrl) !== siteOf(url) ? result.finalUrl : null;
  return { ok, status: result.status, finalUrl: result.finalUrl, error: ok ? null : "status", durationMs: Math.round(now() - startedAt), movedTo };
}

/**
 * Visits a website the way a polite checker does: HEAD first, GET when HEAD is refused or fails oddly; through the
 * SSRF-safe fetcher (public addresses only, every redirect checked, capped in number and time).
 */
export async function checkSite(url: string, options: Pick<SafeFetchOptions, "allowHosts" | "timeoutMs" | "maxRedirects"> & { userAgent: string; now?: () => number }): Promise<SiteCheck> {
  const now = options.now ?? (() => performance.now());
  const startedAt = now();
  try {
    const head = await safeProbe(url, { ...options, method: "HEAD" });
    if (!HEAD_REFUSED.has(head.status) && head.status < 500) return judge(url, head, startedAt, now);
    return judge(url, await safeProbe(url, { ...options, method: "GET" }), startedAt, now);
  } catch (error) {
    if (!(error instanceof FetchRefused)) throw error;
    // A network error on HEAD alone (some servers drop it) gets one GET before it counts.
    if (error.reason === "network") {
      try {
        return judge(url, await safeProbe(url, { ...options, method: "GET" }), startedAt, now);
      } catch (second) {
        if (!(second instanceof FetchRefused)) throw second;
        return { ok: false, status: null, finalUrl: null, error: second.reason, durationMs: Math.round(now() - startedAt), movedTo: null };
      }
    }
    return { ok: false, status: null, finalUrl: null, error: error.reason, durationMs: Math.round(now() - startedAt), movedTo: null };
  }
}

import { multipartBody } from "./multipart";
import type { RawRequest } from "./raw-http";
import { AUTH_ENDPOINTS } from "./routes";

/**
 * Malformed requests, generated from a seed (the same seed gives the same requests): every route
 * pattern with its parameters filled by good and hostile values, crossed with broken encodings,
 * NUL, traversal, over-long addresses, bad JSON, wrong content types, big bodies, bad cookies and
 * headers and odd methods, React Router's `.data` addresses, and malformed uploads. Each request names
 * its family, so a failure says what kind of input caused it.
 */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const repeat = (text: string, bytes: number) => text.repeat(Math.ceil(bytes / text.length)).slice(0, bytes);

const LANGS = ["", "fr", "zh-CN", "us-en", "xx", "en", "zh", "ZH-cn", "..", "%00", "%E0%A4%A"];
const SEGMENTS = [
  "chatgpt", "midjourney", "x", "", "%00", "%E0%A4%A", "%C0%AF", "%ZZ", "%", "..%2F..%2Fetc%2Fpasswd", "..", "%2e%2e",
  "..\\..\\windows", "a%09b", "%0D%0ASet-Cookie:%20x=1", "%F0%9F%98%80", "工具", "<script>alert(1)</script>",
  "' OR 1=1 --", "%27%3B%20drop%20table%20tools%3B--", "a.json", "1.xml", "-1", "99999999999999999999", "NaN", "null",
  "%u0000", "%%32%65", "//evil.example", "\\evil.example", "a/b/c/d/e/f", "tool.data", "_root.data",
];
const QUERIES = [
  "search=chat%00", "search=%E0%A4%A", "search=" + "%F0%9F%98%80".repeat(50), "category=%00", "category[]=x&category[]=y",
  "page=-1", "page=1e309", "page=0", "page=99999999", "sort=%3Bdrop", "sort=rating&sort=latest", "q=" + "a".repeat(900),
  "returnTo=//evil.example", "returnTo=%5C%5Cevil.example", "returnTo=javascript:alert(1)", "login=1&returnTo=/%0d%0a",
  "token=%00", "_data=root", "index", "%", "&&&==", "a=%uD800", "lang=xx", "callbackURL=https://evil.example",
];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE", "PROPFIND", "FOO", "M-SEARCH", "get"];
const CONTENT_TYPES = [
  "application/json", "application/json; charset=utf-16", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
  "multipart/form-data", "text/plain", "application/xml", "image/png", "application/vnd.api+json", "", "*/*", "application/json\u0000",
];
const JSON_BODIES = [
  "{", "[", "null", "\"\"", "0", "{\"email\":\"a\u0000@b.co\",\"password\":\"x\"}", "{\"email\":\"a\\u0000@b.co\",\"password\":\"password1\"}",
  "{\"email\":[],\"password\":{}}", "{\"email\":\"" + "a".repeat(5000) + "@b.co\",\"password\":\"" + "p".repeat(5000) + "\"}",
  "{\"__proto__\":{\"admin\":true}}", "{\"constructor\":{\"prototype\":{\"x\":1}}}", "{\"email\":\"x@y.co\",\"password\":\"        \",\"name\":\"" + "n".repeat(500) + "\"}",
  "{\"callbackURL\":\"//evil.example\",\"email\":\"x@y.co\"}", "{\"provider\":\"../../etc\",\"callbackURL\":\"javascript:1\"}",
  "{\"code\":\"%00\"}", "{\"token\":\"\\ud800\"}", "1e999999", "{\"a\":" + "[".repeat(5000) + "]".repeat(5000) + "}",
  "\uFEFF{\"email\":\"x@y.co\"}", "{\"email\":\"x@y.co\",\"email\":\"z@y.co\"}",
];
const COOKIES = [
  "preferred-language=%E0%A4%A", "preferred-language=xx", "preferred-language=" + "a".repeat(4000), "better-auth.session_token=garbage",
  "better-auth.session_token=%00", "__Secure-better-auth.session_token=a.b.c", "better-auth.two_factor=%E0%A4%A", "=;=;;;",
  "a=" + "b".repeat(7000), Array.from({ length: 200 }, (_, i) => `c${i}=${i}`).join("; "), "better-auth.session_data=" + "x".repeat(3000),
];
const BAD_HEADERS: Array<Array<[string, string]>> = [
  [["X-Forwarded-Host", "a b"]], [["X-Forwarded-Host", "[::1"]], [["X-Forwarded-Host", "a<b"]], [["X-Forwarded-Proto", "file"]],
  [["X-Forwarded-For", "1.2.3.4, not-an-ip, ::1"]], [["Forwarded", "for=\"[::1\";proto=gopher"]], [["Accept", "application/json"]],
  [["Accept-Language", "zz-ZZ;q=x, *;q=-1, " + "en,".repeat(500)]], [["Origin", "null"]], [["Origin", "https://evil.example"]],
  [["Referer", "%E0%A4%A"]], [["Range", "bytes=999999999-1"]], [["If-None-Match", "\"" + "x".repeat(2000) + "\""]],
  [["Content-Encoding", "gzip"]], [["Expect", "100-continue"]], [["X-Client-Ip", "1.1.1.1"]], [["Accept-Encoding", "br;q=2, gzip;q=nan"]],
];
const BAD_HOSTS = ["a b", "[::1", "a<b", "evil.example:99999", "..", "-", "a@b", "localhost:3000/x", ""];

function fillPattern(rand: Rand, pattern: string, hostile: boolean): string {
  let filled = pattern
    .replace(/\/:lang\?/, () => {
      const lang = hostile ? pick(rand, LANGS) : pick(rand, ["", "fr", "zh-CN", "ja"]);
      return lang ? `/${lang}` : "";
    })
    .replace(/:\w+\??/g, () => (hostile ? pick(rand, SEGMENTS) : pick(rand, ["chatgpt", "writing", "1", "chatgpt.json"])))
    .replace(/\*$/, () => (hostile ? pick(rand, SEGMENTS) : "no-such-page"));
  if (filled === "") filled = "/";
  if (pattern === "/api/auth/*") filled = pick(rand, AUTH_ENDPOINTS);
  return filled;
}

/** `_routes` values of `.data` requests: real route ids, unknown ones, hostile ones. */
const ROUTE_IDS = ["root", "language", "home", "tool", "tools", "routes/admin", "admin", "user", "user-dashboard", "../../etc/passwd", "a".repeat(600), ",,,", "%00", "root,root,root", "<x>"];

/**
 * The address React Router's client asks for a page's loader data or posts an action to:
 * `/fr/tool/x` -> `/fr/tool/x.data`, `/` -> `/_root.data`, with an optional `_routes` list.
 */
function dataTarget(rand: Rand, path: string): string {
  const [pathname, query] = path.split("?", 2) as [string, string | undefined];
  const trimmed = pathname.replace(/\/+$/, "");
  const params = [query, rand() < 0.5 ? `_routes=${encodeURIComponent(pick(rand, ROUTE_IDS))}` : "", rand() < 0.2 ? "index" : ""].filter(Boolean);
  return `${trimmed ? `${trimmed}.data` : "/_root.data"}${params.length ? `?${params.join("&")}` : ""}`;
}

function withQuery(rand: Rand, target: string): string {
  if (rand() < 0.5) return target;
  return `${target}?${pick(rand, QUERIES)}`;
}

/** One generated request for `pattern`, of a family chosen by the seed. */
function generateOne(rand: Rand, pattern: string): RawRequest {
  const family = Math.floor(rand() * 12);
  const target = withQuery(rand, fillPattern(rand, pattern, true));
  const writeMethod = pick(rand, ["POST", "PUT", "PATCH", "DELETE"]);
  switch (family) {
    case 0: // odd methods
      return { label: "method", method: pick(rand, METHODS), target, headers: [] };
    case 1: // long addresses
      return { label: "long-url", method: "GET", target: `${target}${target.includes("?") ? "&" : "?"}q=${repeat("%41", 3000 + Math.floor(rand() * 15_000))}`, headers: [] };
    case 2: // bad JSON, right and wrong content types; half from the site's own origin, so same-origin checks let them through
      return rand() < 0.5
        ? { label: "bad-json", method: writeMethod === "DELETE" ? "POST" : writeMethod, target, headers: [["Content-Type", pick(rand, CONTENT_TYPES)], ["Origin", "http://localhost"]], body: pick(rand, JSON_BODIES) }
        : { label: "bad-json", method: writeMethod === "DELETE" ? "POST" : writeMethod, target, headers: [["Content-Type", pick(rand, CONTENT_TYPES)]], body: pick(rand, JSON_BODIES), sameOrigin: true };
    case 3: // big bodies, declared or chunked
      return { label: "big-body", method: "POST", target, headers: [["Content-Type", pick(rand, CONTENT_TYPES)]], body: Buffer.alloc(70_000 + Math.floor(rand() * 400_000), 0x7b), chunked: rand() < 0.5 };
    case 4: // bad cookies
      return { label: "cookie", method: rand() < 0.8 ? "GET" : "POST", target, headers: [["Cookie", pick(rand, COOKIES)]] };
    case 5: // bad headers
      return { label: "header", method: rand() < 0.8 ? "GET" : "POST", target, headers: pick(rand, BAD_HEADERS) };
    case 6: // bad hosts, HTTP/1.0 without one
      return rand() < 0.3
        ? { label: "http10", method: "GET", target, headers: [], version: "HTTP/1.0", noHost: true }
        : { label: "host", method: "GET", target, headers: [["Host", pick(rand, BAD_HOSTS)]] };
    case 7: // raw bytes in the address (control characters, spaces, non-ASCII)
      return { label: "raw-target", method: "GET", target: `${target}${pick(rand, ["\t", "\u007f", "\u00ff", "%", "%%", "#frag", "?%00", ";jsessionid=x", "/.", "/..", "//"])}`, headers: [] };
    case 8: // form posts with hostile fields
      return {
        label: "form",
        method: writeMethod,
        target,
        headers: [["Content-Type", "application/x-www-form-urlencoded"], ["Origin", pick(rand, ["http://localhost", "null", "https://evil.example"])]],
        body: `returnTo=${pick(rand, QUERIES)}&email=%00&name=${repeat("n", Math.floor(rand() * 5000))}&_action=${pick(rand, SEGMENTS)}`,
      };
    case 10: { // `.data` loads and action posts, as the browser's router sends them
      const data = dataTarget(rand, withQuery(rand, fillPattern(rand, pattern, rand() < 0.5)));
      return rand() < 0.5
        ? { label: "data", method: pick(rand, ["GET", "GET", "HEAD", "OPTIONS"]), target: data, headers: [["Accept", "*/*"]] }
        : { label: "data-post", method: writeMethod, target: data, headers: [["Content-Type", pick(rand, CONTENT_TYPES)]], body: rand() < 0.5 ? pick(rand, JSON_BODIES) : `intent=${pick(rand, SEGMENTS)}&id=${pick(rand, SEGMENTS)}&status=approved`, sameOrigin: rand() < 0.7 };
    }
    case 11: { // malformed uploads, mostly to the upload endpoint
      const { contentType, body, variant } = multipartBody(rand);
      const uploadTarget = rand() < 0.6 ? "/api/upload/tool-image" : target;
      return { label: `multipart-${variant}`, method: "POST", target: uploadTarget, headers: [["Content-Type", contentType], ["Referer", `http://localhost/${pick(rand, LANGS)}/user/submit-tool`]], body, sameOrigin: true, chunked: rand() < 0.2 };
    }
    default: // plain traversal and encodings in the path, with Accept JSON or HTML
      return { label: "path", method: pick(rand, ["GET", "HEAD"]), target: fillPattern(rand, pattern, true) + `/${pick(rand, SEGMENTS)}`, headers: [["Accept", pick(rand, ["text/html", "application/json", "*/*"])]] };
  }
}

/** `count` requests spread evenly over the route patterns. */
export function* generateRequests(patterns: readonly string[], count: number, seed = 1): Generator<RawRequest> {
  const rand = random(seed);
  for (let i = 0; i < count; i++) yield generateOne(rand, patterns[i % patterns.length]!);
}

/** The requests of the security findings (issue 17), replayed as they were reported. */
export function findingRequests(): RawRequest[] {
  const json: Array<[string, string]> = [["Content-Type", "application/json"]];
  return [
    { label: "6 TRACE", method: "TRACE", target: "/", headers: [] },
    { label: "6 TRACE page", method: "TRACE", target: "/about", headers: [] },
    { label: "2 //", method: "GET", target: "/en//evil.example", headers: [] },
    { label: "2 backslash", method: "GET", target: "/en/\\evil.example", headers: [] },
    ...["/", "/about", "/about.data", "/admin/login", "/api/auth/get-session"].flatMap((target) => [
      { label: "6 host space", method: "GET", target, headers: [["Host", "a b"]] as Array<[string, string]> },
      { label: "6 xfh [::1", method: "GET", target, headers: [["X-Forwarded-Host", "[::1"]] as Array<[string, string]> },
      { label: "6 xfh a<b", method: "GET", target, headers: [["X-Forwarded-Host", "a<b"]] as Array<[string, string]> },
      { label: "6 xfp file", method: "GET", target, headers: [["X-Forwarded-Proto", "file"]] as Array<[string, string]> },
    ]),
    { label: "6 admin login json", method: "POST", target: "/admin/login", headers: json, body: "{}" },
    ...["DELETE", "PUT", "PATCH"].map((method) => ({ label: `6 admin login ${method}`, method, target: "/admin/login", headers: [] })),
    ...["/%09", "/%0A", "/%0D"].map((target) => ({ label: `6 ${target}`, method: "GET", target, headers: [] })),
    { label: "6 cookie", method: "GET", target: "/", headers: [["Cookie", "preferred-language=%E0%A4%A"]] },
    { label: "6 http/1.0", method: "GET", target: "/", headers: [], version: "HTTP/1.0", noHost: true },
    { label: "6 category", method: "GET", target: "/us-en/category/%E0%A4%A", headers: [] },
    { label: "6 magic link", method: "POST", target: "/api/auth/sign-in/magic-link", headers: json, body: "{\"email\":\"a@b.co\"}" },
    { label: "6 verification", method: "POST", target: "/api/auth/send-verification-email", headers: json, body: "{\"email\":\"a@b.co\"}" },
    { label: "6 search NUL", method: "GET", target: "/tools?search=chat%00", headers: [] },
    { label: "6 category NUL", method: "GET", target: "/tools?category=%00", headers: [] },
    { label: "6 tools NUL", method: "GET", target: "/tools/%00", headers: [] },
    { label: "5 200 KB auth", method: "POST", target: "/api/auth/sign-in/email", headers: json, body: Buffer.alloc(200_000, 0x7b) },
    { label: "5 2 MB chunked auth", method: "POST", target: "/api/auth/sign-up/email", headers: json, body: Buffer.alloc(2_000_000, 0x7b), chunked: true },
    { label: "10 12 KB URL", method: "GET", target: `/tools?search=${"a".repeat(12_000)}`, headers: [] },
    { label: "1 spoofed XFF", method: "POST", target: "/api/auth/sign-in/email", headers: [...json, ["X-Forwarded-For", "203.0.113.9"]], body: "{\"email\":\"nobody@example.com\",\"password\":\"wrong-password-1\"}" },
  ];
}

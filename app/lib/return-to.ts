/**
 * Where to send someone after signing in: only same-origin paths ("/x", not
 * "//host" or "/\host"), so a crafted link cannot bounce a visitor elsewhere.
 */
export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  return value;
}

/**
 * Picks which of the available content languages to show for a page
 * language (spec 4.7): exact code; for Chinese, zh-CN, zh, zh-TW; then the
 * base language; then English; then the first available.
 */
export function pickContentLanguage(available: readonly string[], lang: string): string | undefined {
  if (available.length === 0) return undefined;
  const has = (code: string) => available.find((a) => a.toLowerCase() === code.toLowerCase());
  const exact = has(lang);
  if (exact) return exact;
  const base = lang.split("-")[0]!.toLowerCase();
  if (base === "zh") {
    for (const code of ["zh-CN", "zh", "zh-TW"]) if (has(code)) return has(code);
  }
  const sameBase = available.find((a) => a.split("-")[0]!.toLowerCase() === base);
  if (sameBase) return sameBase;
  for (const code of ["us-en", "en"]) if (has(code)) return has(code);
  const english = available.find((a) => a.toLowerCase().startsWith("en"));
  return english ?? available[0];
}

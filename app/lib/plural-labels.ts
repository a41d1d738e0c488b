/**
 * A `count` label for many counts. i18next resolves the plural form and interpolates on every call, two
 * calls per card, which was a visible share of rendering a page of cards; here each plural form is
 * translated once and kept as the text around the number. When the number is not found exactly once in
 * that text (a template that also holds those digits), every count of the form is translated.
 * `format` writes the number as the page language does (`2.310` in German), where i18next would not.
 */
export function perPluralForm(
  rules: Intl.PluralRules,
  translate: (count: number) => string,
  format: (count: number) => string = String,
): (count: number) => string {
  const templates = new Map<string, [before: string, after: string] | null>();
  return (count) => {
    // 0 may have its own `_zero` text in i18next even where the language's rules call it "other".
    const form = count === 0 ? "zero" : rules.select(count);
    const template = templates.get(form);
    if (template) return template[0] + format(count) + template[1];
    const text = translate(count);
    if (template === undefined) {
      const digits = String(count);
      const at = text.indexOf(digits);
      const once = at >= 0 && text.indexOf(digits, at + 1) < 0;
      const made: [string, string] | null = once ? [text.slice(0, at), text.slice(at + digits.length)] : null;
      templates.set(form, made);
      if (made) return made[0] + format(count) + made[1];
    }
    return text;
  };
}

/**
 * A translated count text with the count written as the page language writes numbers (`2.950` in German):
 * i18next interpolates the bare digits. Left as it is when the digits are not found exactly once.
 */
export function withCountFormatted(text: string, count: number, format: (count: number) => string): string {
  const digits = String(count);
  const at = text.indexOf(digits);
  if (at < 0 || text.indexOf(digits, at + 1) >= 0) return text;
  return text.slice(0, at) + format(count) + text.slice(at + digits.length);
}

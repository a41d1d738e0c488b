/** `Jungle Scout` -> `JS`, `ChatGPT` -> `C`, `10Web` -> `10`, `店小秘` -> `店`: the letters of a tool's initials tile. */
export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0) return "?";
  if (words.length >= 2 && /^\p{L}/u.test(words[1]!)) return (first(words[0]!) + first(words[1]!)).toUpperCase();
  const digits = /^\p{N}{1,2}/u.exec(words[0]!);
  return digits ? digits[0] : first(words[0]!).toUpperCase();
}
const first = (word: string) => Array.from(word)[0] ?? "";

/**
 * Category badge: the category's initials on its colour. Icons are stored
 * as names; drawing initials needs no icon library or emoji font.
 */
export function CategoryIcon({ label, color, size = "md" }: { label: string; color: string | null; size?: "md" | "lg" }) {
  const box = size === "lg" ? "h-16 w-16 text-2xl" : "h-10 w-10 text-base";
  const initials = label
    .split(/[\s&,/·・与和]+/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join("");
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-xl font-bold text-white ${box}`}
      style={{ backgroundColor: color ?? "#4f46e5" }}
    >
      {initials}
    </span>
  );
}

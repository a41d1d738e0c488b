import {
  Briefcase,
  ChartLine,
  Clapperboard,
  ClipboardList,
  Code,
  HeartPulse,
  House,
  Image,
  Languages,
  LayoutGrid,
  Megaphone,
  MessageCircle,
  Mic,
  Microscope,
  Music,
  Palette,
  PenLine,
  Scale,
  ScanEye,
  Share2,
  ShieldCheck,
  Sofa,
  type LucideIcon,
} from "lucide-react";

/**
 * Icons by the names stored in `categories.icon_name` (Lucide names). Only these are bundled;
 * a category with another name shows its initials on its colour instead.
 */
const ICONS: Record<string, LucideIcon> = {
  briefcase: Briefcase,
  "chart-line": ChartLine,
  clapperboard: Clapperboard,
  "clipboard-list": ClipboardList,
  code: Code,
  "heart-pulse": HeartPulse,
  house: House,
  image: Image,
  languages: Languages,
  "layout-grid": LayoutGrid,
  megaphone: Megaphone,
  "message-circle": MessageCircle,
  mic: Mic,
  microscope: Microscope,
  music: Music,
  palette: Palette,
  "pen-line": PenLine,
  scale: Scale,
  "scan-eye": ScanEye,
  "share-2": Share2,
  "shield-check": ShieldCheck,
  sofa: Sofa,
};

function initials(label: string): string {
  return label
    .split(/[\s&,/·・与和]+/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join("");
}

/** Category badge: the category's icon on its colour (decorative: the name is always shown beside it). */
export function CategoryIcon({ label, iconName, color, size = "md" }: { label: string; iconName: string | null; color: string | null; size?: "md" | "lg" }) {
  const box = size === "lg" ? "h-16 w-16 text-2xl" : "h-10 w-10 text-base";
  const Icon = iconName ? ICONS[iconName] : undefined;
  return (
    <span
      aria-hidden="true"
      data-icon={Icon ? iconName : undefined}
      className={`inline-flex shrink-0 items-center justify-center rounded-xl font-bold text-white ${box}`}
      style={{ backgroundColor: color ?? "#4f46e5" }}
    >
      {Icon ? <Icon className={size === "lg" ? "h-8 w-8" : "h-5 w-5"} strokeWidth={2} /> : initials(label)}
    </span>
  );
}

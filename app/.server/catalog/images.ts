import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { initialsOf } from "~/lib/initials";
import { keyOfUploadsPath, localStorage, type FileStorage } from "../storage";
import { brandMark, type BrandIcon, type BrandMark } from "./brand-icons";
import { categoryGlyph } from "./category-glyph";

/**
 * Logos and previews drawn at import time, so the site never hot-links a
 * vendor image and looks complete offline. Files land in the configured
 * storage (UPLOAD_DIR or a bucket) like ordinary uploads; each name carries a
 * hash of what was drawn, so an unchanged entry is never redrawn and the
 * files can be cached forever.
 */

/** Bump when a drawing changes, so those images are redrawn once. */
const DRAWING_VERSION = { logo: 2, preview: 2, cover: 4 } as const;
export const LOGO_SIZE = 256;
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
const FALLBACK_COLOR = "#475569";

export type ImageFolder = "tools" | "case-studies" | "ecommerce";

export interface ImagePair {
  png: string;
  webp: string;
}

export interface DrawSubject {
  folder: ImageFolder;
  slug: string;
  name: string;
  subtitle?: string;
  /** A case study's category (its Lucide icon and colour), the badge on its cover. */
  category?: { icon: string; color: string };
  color?: string | null;
  websiteUrl?: string | null;
  /** A brand mark from an icon package, drawn instead of the initials when the package has it. */
  brandIcon?: BrandIcon;
  /** Deferred drawing does higher first (tools the home page shows), so a first start looks right sooner. */
  drawPriority?: number;
}

/** Keys of drawn files, e.g. `tools/chatgpt/logo-3f9a0c1b2d.png`; anything else in storage is a real upload. */
const GENERATED_KEY = /^(tools|case-studies|ecommerce)\/[a-z0-9-]+\/(logo|preview|cover)-[0-9a-f]{10}\.(png|webp)$/;
/** True for no image or a drawn one (which an import may redraw); false for an upload or any other address. */
export function isGeneratedImage(url: string | null | undefined, storage?: FileStorage): boolean {
  if (!url) return true;
  const key = storage?.keyOf(url) ?? keyOfUploadsPath(url);
  return key !== null && GENERATED_KEY.test(key);
}

export { initialsOf };

const escapeXml = (value: string) =>
  value.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

function rgb(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1] ?? FALLBACK_COLOR.slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Dark text on light brand colours, white on dark ones (WCAG relative luminance). */
function inkFor(color: string): string {
  const [r, g, b] = rgb(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 ? "#0f172a" : "#ffffff";
}

function darken(color: string, amount: number): string {
  return `#${rgb(color)
    .map((v) => Math.round(v * (1 - amount)).toString(16).padStart(2, "0"))
    .join("")}`;
}

/** Greedy word wrap by character budget; long titles end with an ellipsis. */
export function wrapText(value: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of value.split(/\s+/).filter(Boolean)) {
    if (current && (current + " " + word).length > perLine) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, perLine - 1).trimEnd()}…`;
  return kept;
}

const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

/**
 * A brand mark on a white tile with a hairline edge (marks are drawn for light backgrounds). The mark keeps
 * its own proportions inside the tile's safe area, so wide word marks and tall glyphs are never cut.
 */
function markTile(mark: BrandMark, x: number, y: number, size: number, radius: number): string {
  const pad = Math.round(size * 0.2);
  return `<rect x="${x + 1}" y="${y + 1}" width="${size - 2}" height="${size - 2}" rx="${radius}" fill="#ffffff" stroke="#0f172a" stroke-opacity="0.08" stroke-width="2"/>
<svg x="${x + pad}" y="${y + pad}" width="${size - 2 * pad}" height="${size - 2 * pad}" viewBox="${mark.viewBox}" preserveAspectRatio="xMidYMid meet" fill="${mark.color}">${mark.body}</svg>`;
}

/**
 * A tile for a tool without a mark: its initials set small and tight, like a word mark, on a soft
 * gradient of its brand colour, so a card reads as a logo rather than a poster of two letters.
 */
function initialsTile(name: string, color: string, x: number, y: number, size: number, radius: number, id: string): string {
  const initials = initialsOf(name);
  const fontSize = Math.round(size * (initials.length > 1 ? 0.34 : 0.42));
  const centre = x + size / 2;
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${darken(color, 0.22)}"/></linearGradient></defs>
<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${radius}" fill="url(#${id})"/>
<rect x="${x}" y="${y}" width="${size}" height="${size / 2}" rx="${radius}" fill="#ffffff" fill-opacity="0.07"/>
<text x="${centre}" y="${y + size / 2}" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${fontSize}" letter-spacing="${initials.length > 1 ? -Math.round(fontSize * 0.04) : 0}" fill="${inkFor(color)}">${escapeXml(initials)}</text>`;
}

export function logoSvg(name: string, color: string, mark?: BrandMark | null): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}" viewBox="0 0 256 256">
${mark ? markTile(mark, 0, 0, 256, 56) : initialsTile(name, color, 0, 0, 256, 56, "g")}
</svg>`;
}

/** A light tint of a brand colour: the calm background a mark sits on. */
export function tintOf(color: string, amount: number): string {
  return `#${rgb(color)
    .map((v) => Math.round(v * amount + 255 * (1 - amount)).toString(16).padStart(2, "0"))
    .join("")}`;
}

/** `cloud.google.com` -> `G`: the product's mark on a case-study cover, whose title is a sentence. */
export function hostInitial(url: string | null | undefined): string | null {
  const labels = (url ? safeHost(url) : "").split(".").filter(Boolean);
  const name = labels.length >= 2 ? labels[labels.length - 2]! : labels[0];
  return name ? initialsOf(name) : null;
}

/** A 1200x630 tool preview (the detail page's picture until a website screenshot exists): mark, name, subtitle, site. */
export function previewSvg(subject: Pick<DrawSubject, "name" | "subtitle" | "websiteUrl">, color: string, mark?: BrandMark | null): string {
  const ink = inkFor(color);
  const title = wrapText(subject.name, 18, 2);
  const subtitle = wrapText(subject.subtitle ?? "", 40, 3);
  const host = subject.websiteUrl ? safeHost(subject.websiteUrl) : "";
  const titleY = 250 - (title.length - 1) * 38;
  const titleLines = title
    .map((line, i) => `<text x="420" y="${titleY + i * 76}" font-family="${FONT}" font-weight="700" font-size="64" fill="${ink}">${escapeXml(line)}</text>`)
    .join("");
  const subtitleTop = titleY + (title.length - 1) * 76 + 64;
  const subtitleLines = subtitle
    .map((line, i) => `<text x="420" y="${subtitleTop + i * 44}" font-family="${FONT}" font-size="32" fill="${ink}" fill-opacity="0.85">${escapeXml(line)}</text>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 1200 630">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${darken(color, 0.35)}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#bg)"/>
<circle cx="1110" cy="80" r="220" fill="${ink}" fill-opacity="0.06"/>
<circle cx="1180" cy="600" r="160" fill="${ink}" fill-opacity="0.05"/>
${mark ? markTile(mark, 96, 171, 272, 60) : initialsTile(subject.name, darken(color, 0.12), 96, 171, 272, 60, "tile")}
${titleLines}${subtitleLines}
${host ? `<text x="96" y="570" font-family="${FONT}" font-size="28" fill="${ink}" fill-opacity="0.75">${escapeXml(host)}</text>` : ""}
</svg>`;
}

/**
 * A 1200x630 case-study cover: the product's mark (or its site's initial) whole in the middle of a calm tint
 * of the brand colour, with the study's category as a badge of its icon in its colour. No words: the cover
 * serves every page language, and the card prints the title beneath it.
 */
export function coverSvg(subject: Pick<DrawSubject, "name" | "websiteUrl" | "category">, color: string, mark?: BrandMark | null): string {
  const initialsSource = hostInitial(subject.websiteUrl) ? hostName(subject.websiteUrl) : subject.name;
  const glyph = subject.category ? categoryGlyph(subject.category.icon) : null;
  const badgeColor = subject.category?.color ?? darken(color, 0.2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 1200 630">
<defs><radialGradient id="bg" cx="0.5" cy="0.45" r="0.75"><stop offset="0" stop-color="${tintOf(color, 0.1)}"/><stop offset="1" stop-color="${tintOf(color, 0.26)}"/></radialGradient></defs>
<rect width="1200" height="630" fill="url(#bg)"/>
<circle cx="600" cy="315" r="220" fill="none" stroke="${color}" stroke-opacity="0.12" stroke-width="2"/>
<circle cx="600" cy="315" r="300" fill="none" stroke="${color}" stroke-opacity="0.07" stroke-width="2"/>
${mark ? markTile(mark, 460, 175, 280, 62) : initialsTile(initialsSource, color, 460, 175, 280, 62, "tile")}
${
  glyph
    ? `<circle cx="740" cy="455" r="62" fill="#ffffff"/><circle cx="740" cy="455" r="54" fill="${badgeColor}"/>
<svg x="708" y="423" width="64" height="64" viewBox="0 0 24 24" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${glyph}</svg>`
    : ""
}
</svg>`;
}

/** `https://cloud.google.com` -> `google`: the name a site's initial is taken from. */
function hostName(url: string | null | undefined): string {
  const labels = (url ? safeHost(url) : "").split(".").filter(Boolean);
  return (labels.length >= 2 ? labels[labels.length - 2] : labels[0]) ?? "";
}

function safeHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return "";
  }
}

function hashOf(kind: keyof typeof DRAWING_VERSION, ...parts: unknown[]): string {
  return crypto.createHash("sha1").update(JSON.stringify([DRAWING_VERSION[kind], kind, ...parts])).digest("hex").slice(0, 10);
}

/** Rasterises once, then encodes PNG and WebP. */
async function render(svg: string, width: number, height: number): Promise<{ png: Buffer; webp: Buffer }> {
  const { data, info } = await sharp(Buffer.from(svg)).resize(width, height).raw().toBuffer({ resolveWithObject: true });
  const raster = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [png, webp] = await Promise.all([raster().png({ compressionLevel: 6 }).toBuffer(), raster().webp({ quality: 82 }).toBuffer()]);
  return { png, webp };
}

// Unique per writer: two servers filling the same cache folder at once must not share a temp file.
const tempSuffix = () => `${process.pid}-${crypto.randomBytes(4).toString("hex")}.tmp`;

function writeCacheFile(file: string, body: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${tempSuffix()}`;
  fs.writeFileSync(tmp, body);
  fs.renameSync(tmp, file);
}

/** Drops earlier drawings of the same kind in the subject's folder (their hash no longer matches). */
async function removeStale(storage: FileStorage, folder: string, kind: string, keep: string): Promise<void> {
  for (const name of await storage.list(folder)) {
    if (name.startsWith(`${kind}-`) && !name.startsWith(`${keep}.`)) await storage.remove(`${folder}/${name}`);
  }
}

export interface ImageStore {
  /** Where the drawn files go: the configured storage (UPLOAD_DIR or a bucket), like uploads. */
  storage: FileStorage;
  /**
   * Drawn files are also kept on this machine by content hash, so another storage (a test server, a
   * second install, a bucket) gets a copy instead of a new drawing.
   */
  cacheDir: string | null;
  /** Record the drawing work instead of doing it; `finishImages` does it later (the server starts sooner). */
  deferred: boolean;
  /** Files rendered (0 when everything was up to date). */
  drawn: number;
  /** Files copied from the cache. */
  copied: number;
  pending: Array<{ priority: number; job: () => Promise<void> }>;
}

export const DEFAULT_IMAGE_CACHE = "node_modules/.cache/catalog-images";

/** A store drawing into `target`: a storage, or a local folder (commands and tests name one). */
export function createImageStore(target: FileStorage | string, options: { deferred?: boolean; cacheDir?: string | null } = {}): ImageStore {
  const storage = typeof target === "string" ? localStorage(path.resolve(target)) : target;
  const cacheDir = options.cacheDir === undefined ? path.resolve(DEFAULT_IMAGE_CACHE) : options.cacheDir;
  return { storage, cacheDir, deferred: options.deferred ?? false, drawn: 0, copied: 0, pending: [] };
}

async function bothStored(storage: FileStorage, keys: readonly [string, string]): Promise<boolean> {
  return (await storage.exists(keys[0])) && (await storage.exists(keys[1]));
}

/** Produces `<folder>/<base>.png|.webp` from the cache or by rendering; nothing when both are stored. */
async function produce(store: ImageStore, svg: () => string, folder: string, base: string, width: number, height: number, cacheable: boolean): Promise<boolean> {
  const keys = [`${folder}/${base}.png`, `${folder}/${base}.webp`] as const;
  if (await bothStored(store.storage, keys)) return false;
  const cached = cacheable && store.cacheDir ? [path.join(store.cacheDir, `${base}.png`), path.join(store.cacheDir, `${base}.webp`)] : null;
  if (cached && fs.existsSync(cached[0]!) && fs.existsSync(cached[1]!)) {
    await store.storage.put(keys[0], fs.readFileSync(cached[0]!), "image/png");
    await store.storage.put(keys[1], fs.readFileSync(cached[1]!), "image/webp");
    store.copied += 2;
    return true;
  }
  const { png, webp } = await render(svg(), width, height);
  await store.storage.put(keys[0], png, "image/png");
  await store.storage.put(keys[1], webp, "image/webp");
  store.drawn += 2;
  if (cached) {
    try {
      writeCacheFile(cached[0]!, png);
      writeCacheFile(cached[1]!, webp);
    } catch {
      // The cache is an optimisation; a read-only or missing cache directory is fine.
    }
  }
  return true;
}

async function draw(store: ImageStore, subject: DrawSubject, kind: "logo" | "preview" | "cover"): Promise<ImagePair> {
  const color = subject.color ?? FALLBACK_COLOR;
  const square = kind === "logo";
  const mark = subject.brandIcon ? brandMark(subject.brandIcon, color) : null;
  // The mark's markup is part of the hash: a package update that redraws an icon redraws the logo.
  const base = `${kind}-${hashOf(kind, subject.name, square ? "" : subject.subtitle ?? "", color, square ? "" : subject.websiteUrl ?? "", subject.category ?? null, ...(mark ? [mark] : []))}`;
  const folder = `${subject.folder}/${subject.slug}`;
  const keys = [`${folder}/${base}.png`, `${folder}/${base}.webp`] as const;
  const urls = { png: store.storage.urlOf(keys[0]), webp: store.storage.urlOf(keys[1]) };
  if (await bothStored(store.storage, keys)) return urls;
  const job = async () => {
    const svg = () => (square ? logoSvg(subject.name, color, mark) : kind === "cover" ? coverSvg(subject, color, mark) : previewSvg(subject, color, mark));
    if (await produce(store, svg, folder, base, square ? LOGO_SIZE : PREVIEW_WIDTH, square ? LOGO_SIZE : PREVIEW_HEIGHT, true)) await removeStale(store.storage, folder, kind, base);
  };
  if (store.deferred) store.pending.push({ priority: subject.drawPriority ?? 0, job });
  else await job();
  return urls;
}

/** Removes the recorded drawing work from the store, highest priority first (within one, the catalogue's order). */
export function takePending(store: ImageStore): Array<() => Promise<void>> {
  return store.pending.splice(0).sort((a, b) => b.priority - a.priority).map((entry) => entry.job);
}

/** Does the drawing a deferred store recorded; returns how many images it produced. */
export async function finishImages(store: ImageStore): Promise<number> {
  const jobs = takePending(store);
  let next = 0;
  const lanes = Array.from({ length: Math.min(2, jobs.length) }, async () => {
    while (next < jobs.length) await jobs[next++]!();
  });
  await Promise.all(lanes);
  return jobs.length;
}

export const drawLogo = (store: ImageStore, subject: DrawSubject) => draw(store, subject, "logo");
export const drawPreview = (store: ImageStore, subject: DrawSubject) => draw(store, subject, "preview");
export const drawCover = (store: ImageStore, subject: DrawSubject) => draw(store, subject, "cover");

/** The images shown for tools without one of their own (synthetic or newly submitted ones), under `defaults/`. */
export async function ensureDefaultImages(store: ImageStore): Promise<void> {
  const folder = "defaults";
  const glyph = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" rx="48" fill="#e2e8f0"/>
<path d="M128 64l14 36 36 14-36 14-14 36-14-36-36-14 36-14z" fill="#64748b"/>
<path d="M184 150l7 17 17 7-17 7-7 17-7-17-17-7 17-7z" fill="#94a3b8"/></svg>`;
  const banner = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#f1f5f9"/><rect x="464" y="151" width="272" height="272" rx="56" fill="#e2e8f0"/>
<path d="M600 215l20 52 52 20-52 20-20 52-20-52-52-20 52-20z" fill="#64748b"/></svg>`;
  await produce(store, () => glyph, folder, "logo", LOGO_SIZE, LOGO_SIZE, false);
  await produce(store, () => banner, folder, "preview", PREVIEW_WIDTH, PREVIEW_HEIGHT, false);
}

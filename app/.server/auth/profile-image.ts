/**
 * Which profile picture addresses are kept: https URLs, or images on the site's own storage
 * (`/uploads/...`, also as an absolute URL of PUBLIC_URL). Anything else (`javascript:`, `data:`,
 * plain http, other schemes) would end up in an <img src> on pages other people see.
 */
const MAX_IMAGE_URL = 2048;
const OWN_UPLOAD = /^\/uploads\/[A-Za-z0-9._~/-]+$/;

export function isAllowedProfileImage(value: unknown, publicUrl: string): boolean {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_IMAGE_URL) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false;
  if (OWN_UPLOAD.test(value)) return !value.split("/").includes("..");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || !url.hostname) return false;
  if (url.protocol === "https:") return true;
  const site = new URL(publicUrl);
  return url.origin === site.origin && OWN_UPLOAD.test(url.pathname) && !url.pathname.split("/").includes("..");
}

/** A provider's or a form's picture as stored: kept when allowed, otherwise dropped (null), never an error. */
export function keptProfileImage(value: unknown, publicUrl: string): string | null {
  return isAllowedProfileImage(value, publicUrl) ? (value as string) : null;
}

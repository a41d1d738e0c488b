/** Where sign-in works (PUBLIC_URL's origin, or the loopback names of the port on a local start). Public: the same for everyone. */
export interface SignInAddress {
  /** The address to open. */
  open: string;
  /** Origins sign-in works on. */
  accepted: string[];
}

/** The same page at the address sign-in works on, or null when this page already is there. */
export function addressToOpen(address: SignInAddress | undefined, location: Pick<Location, "origin" | "pathname" | "search">): string | null {
  if (!address || address.accepted.includes(location.origin)) return null;
  return `${address.open}${location.pathname}${location.search}`;
}

/** better-auth's answer to a request from an origin it does not trust. */
export function isOriginRefusal(result: { ok: boolean; status?: number; code?: string | null }): boolean {
  return !result.ok && result.status === 403 && result.code === "INVALID_ORIGIN";
}

/** Constants of claims, listing statistics, badges and sponsored places, shared by the browser and the server. */
export const CLAIM_METHODS = ["meta", "file", "email"] as const;
export type ClaimMethod = (typeof CLAIM_METHODS)[number];
export type ClaimStatus = "pending" | "verified" | "disputed" | "rejected" | "revoked";
/** The meta tag's name on the tool's home page: `<meta name="…" content="{token}">`. */
export const CLAIM_META_NAME = "aitools-directory-verification";
/** The token file on the tool's domain, holding the token alone. */
export const CLAIM_FILE_PATH = "/.well-known/aitools-directory-verification.txt";
export const CLAIM_TOKEN_DAYS = 7;

export const PLACEMENT_SLOTS = ["home", "category", "search"] as const;
export type PlacementSlot = (typeof PLACEMENT_SLOTS)[number];

export const STATS_RANGES = [7, 30, 90] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

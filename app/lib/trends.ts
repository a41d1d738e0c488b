/** Rows of the trends page's tables (spec 3: trending repository and product), shared by server and browser. */
export interface TrendingRepo {
  author: string;
  name: string;
  url: string;
  description: string;
  language: string | null;
  /** Stars gained today, else the total, else 0 (spec 2.4). */
  stars: number;
}

export interface TrendingProduct {
  name: string;
  tagline: string;
  url: string;
  /** Null when the source gives no votes (the public feed): shown as a dash. */
  votes: number | null;
}

export const TREND_SOURCES = ["github", "producthunt"] as const;
export type TrendSource = (typeof TREND_SOURCES)[number];

/** Rows shown per table (spec 9). */
export const TREND_ROWS = 20;

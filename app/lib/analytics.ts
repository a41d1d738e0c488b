/** Shapes of the admin analytics screen, shared by server and browser. */
export interface DailyPoint {
  day: string;
  views: number;
  visitors: number;
}

export interface Ranked {
  value: string;
  /** What the row shows instead of its value (a tool's name, a case study's title). */
  label?: string;
  views: number;
  visitors: number;
}

/** Ranges the dashboard offers (days, today included). */
export const DASHBOARD_RANGES = [30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

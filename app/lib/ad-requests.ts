/** Budget ranges of the advertising request form (shared by the page and the server's validation). */
export const AD_BUDGETS = ["under-100", "100-500", "500-2000", "2000-5000", "over-5000"] as const;
export type AdBudget = (typeof AD_BUDGETS)[number];

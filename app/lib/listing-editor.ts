/** What the listing editor's form and its server rules share (decision 0035). */
export const LISTING_KINDS = ["tool", "ecommerce"] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];
/** The e-commerce catalogue's pricing values (the tools' are the submit form's five). */
export const ECOMMERCE_PRICING = ["free", "freemium", "freeTrial", "trial", "paid", "subscription", "contact"] as const;

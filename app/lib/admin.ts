/**
 * Constants of the admin screens and the arithmetic of the tools-order page,
 * shared by the browser (which computes a saved page's priorities) and the server.
 */
export const TOOLS_ORDER_PAGE_SIZE = 20;
export const ORDER_SORT_FIELDS = ["id", "rating", "review_count", "manual_priority", "pinned", "created_at"] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

/**
 * The priorities a saved page gets, top row first: `n..1` on the last page
 * (spec 4.9's 1..n, highest first because the listing sorts manual_priority
 * descending), shifted above every later page's numbers on earlier pages, so
 * saving one page never lets it overtake or fall behind the pages around it.
 */
export function pagePriorities(rows: number, page: number, pageSize: number, total: number): number[] {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const base = Math.max(0, pages - page) * pageSize;
  return Array.from({ length: rows }, (_, i) => base + rows - i);
}

/** Rows per page of the admin lists (submissions, ad requests, audit log). */
export const ADMIN_PAGE_SIZE = 20;

/** What the audit log records, and about which kind of item. */
export const AUDIT_ACTIONS = [
  "submission.approve",
  "submission.reject",
  "ad.approve",
  "ad.reject",
  "tools.order",
  "tool.screenshot",
  // Makers and sponsored places (issue 35).
  "claim.start",
  "claim.verify",
  "claim.dispute",
  "claim.approve",
  "claim.reject",
  "claim.revoke",
  "placement.create",
  "placement.cancel",
  "placement.paid",
  // Reports and reviews (issue 34).
  "report.dismiss",
  "review.hide",
  "review.publish",
  "tool.discontinue",
  "tool.unpublish",
  // Listing edits, e-commerce moderation and account deletion (decision 0035).
  "tool.edit",
  "ecommerce_tool.edit",
  "ecommerce_tool.discontinue",
  "ecommerce_tool.unpublish",
  "account.delete",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ENTITIES = ["submission", "ad_submission", "tool", "ecommerce_tool", "case_study", "review", "tool_claim", "placement", "user"] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
